"""Scenario tests of a match, one per rule of docs/rules.md §8 ("End of a deal and
levels" and the rows "advance", "match win", "1-4 at A as declarers",
"failed attempts at A" and "all-Aces defeat" of the rulesets).

Most tests call the pure transition ``guandan.next_match_state`` on a chosen
``MatchState``; a few drive ``guandan.Match`` through whole seeded deals with a
simple deterministic policy whose outcome can be worked out by hand. Every
expectation was derived from docs/rules.md §8; the reasoning is in the comment next
to it.

Conventions:

* Seats 0-3, team of seat s = s % 2. ``levels`` are indexed by team.
* The level of a deal is the declarers' level (2 for the first deal).
* A finishing order is the deal's ``finishing_order``: the seats that went
  out, first first. Under ``team_out`` (pagat, standard) a 1-2 has two
  entries; under ``three_out`` (app) every deal has three.
"""

import pytest

import guandan

RULESETS = ("pagat", "standard", "app")
TEAM_OUT = ("pagat", "standard")
RANKS = "23456789TJQKA"

ADVANCE = {
    "pagat": {"1-2": 4, "1-3": 2, "1-4": 1},
    "standard": {"1-2": 3, "1-3": 2, "1-4": 1},
    "app": {"1-2": 3, "1-3": 2, "1-4": 1},
}


# ---------------------------------------------------------------- helpers


def state(levels=("2", "2"), declarers=None, failed=(0, 0), winner=None):
    return guandan.MatchState(levels=tuple(levels), declarers=declarers, failed_attempts=tuple(failed), winner=winner)


def deal_level(st):
    return "2" if st.declarers is None else st.levels[st.declarers]


def order(outcome, first, ruleset):
    """The finishing order of a deal won by seat `first` with `outcome`."""
    partner, nxt, prv = (first + 2) % 4, (first + 1) % 4, (first + 3) % 4
    if outcome == "1-2":
        return [first, partner] if ruleset in TEAM_OUT else [first, partner, nxt]
    if outcome == "1-3":
        return [first, nxt, partner]
    return [first, nxt, prv]  # 1-4: both opponents out before the partner


def move(cards, level, ruleset, kind=None):
    readings = [m for m in guandan.classify(cards, level, ruleset) if kind is None or m.kind == kind]
    assert len(readings) == 1, (cards, level, kind)
    return readings[0]


def after(st, outcome, first, ruleset, last_play=None):
    """next_match_state for a deal won by seat `first` with `outcome`; the
    first player out went out on `last_play` (default: a single 5, which is
    never natural Aces)."""
    level = deal_level(st)
    if last_play is None:
        last_play = move("5d", level, ruleset)
    elif isinstance(last_play, str):
        last_play = move(last_play, level, ruleset)
    return guandan.next_match_state(st, order(outcome, first, ruleset), last_play, ruleset)


def plus(level, n):
    """`level` advanced by n, capped at A."""
    return RANKS[min(RANKS.index(level) + n, len(RANKS) - 1)]


# ----------------------------------------------------------- advancement


def test_initial_state():
    assert guandan.MatchState() == state(("2", "2"), None, (0, 0), None)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("outcome", ["1-2", "1-3", "1-4"])
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_advance_from_the_first_deal(ruleset, outcome, first):
    # From 2: pagat 1-2/1-3/1-4 -> 6/4/3; standard and app -> 5/4/3.
    expected_level = {
        "pagat": {"1-2": "6", "1-3": "4", "1-4": "3"},
        "standard": {"1-2": "5", "1-3": "4", "1-4": "3"},
        "app": {"1-2": "5", "1-3": "4", "1-4": "3"},
    }[ruleset][outcome]
    team = first % 2
    new = after(state(), outcome, first, ruleset)
    assert new.levels[team] == expected_level
    assert new.levels[1 - team] == "2"
    assert new.declarers == team
    assert new.winner is None
    assert new.failed_attempts == (0, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_winners_advance_from_their_own_level(ruleset):
    # Team 1 declares at 9 (the deal is played at 9); team 0 at 5 wins 1-3:
    # 5 + 2 = 7 (its own level, not the deal's), and becomes the declarers.
    new = after(state(("5", "9"), 1), "1-3", 0, ruleset)
    assert new.levels == ("7", "9")
    assert new.declarers == 0
    # Team 1 wins 1-4 instead: 9 + 1 = T; team 0 stays at 5.
    new = after(state(("5", "9"), 1), "1-4", 3, ruleset)
    assert new.levels == ("5", "T")
    assert new.declarers == 1
    # 1-2 by team 1 at 9: pagat 9 + 4 = K; standard/app 9 + 3 = Q.
    new = after(state(("5", "9"), 1), "1-2", 1, ruleset)
    assert new.levels == ("5", "K" if ruleset == "pagat" else "Q")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("start", ["T", "J", "Q", "K"])
@pytest.mark.parametrize("outcome", ["1-2", "1-3", "1-4"])
def test_levels_stop_at_ace(ruleset, start, outcome):
    # Team 0 declares at `start` (below A) and wins: start + advance, never past
    # A (T + 4 = A exactly; J + 4, Q + 3, K + 2 ... stop at A). Reaching A is
    # not yet a match win under any ruleset: the team was not at A when the
    # deal was played.
    new = after(state((start, "4"), 0), outcome, 0, ruleset)
    expected = plus(start, ADVANCE[ruleset][outcome])
    assert new.levels == (expected, "4")
    assert new.declarers == 0
    assert new.winner is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_capping_examples(ruleset):
    # Spelled out: Q + 3 (or 4) -> A; K + 1 -> A; J + 2 -> K.
    assert after(state(("Q", "2"), 0), "1-2", 2, ruleset).levels == ("A", "2")
    assert after(state(("2", "K"), 1), "1-4", 1, ruleset).levels == ("2", "A")
    assert after(state(("J", "2"), 0), "1-3", 0, ruleset).levels == ("K", "2")


# ------------------------------------------------------------- match win


@pytest.mark.parametrize("ruleset", TEAM_OUT)
@pytest.mark.parametrize("outcome", ["1-2", "1-3"])
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_declarers_at_ace_winning_one_two_or_one_three_win_the_match(ruleset, outcome, first):
    team = first % 2
    levels = ("A", "5") if team == 0 else ("5", "A")
    new = after(state(levels, team), outcome, first, ruleset)
    assert new.winner == team


@pytest.mark.parametrize("ruleset", TEAM_OUT)
@pytest.mark.parametrize("first", [0, 2])
def test_one_four_at_ace_as_declarers_stays_at_ace(ruleset, first):
    new = after(state(("A", "5"), 0), "1-4", first, ruleset)
    assert new.winner is None
    assert new.levels == ("A", "5")
    assert new.declarers == 0
    if ruleset == "pagat":
        # A deal as declarers at A that does not end the match: a failed attempt.
        assert new.failed_attempts == (1, 0)


@pytest.mark.parametrize("ruleset", TEAM_OUT)
@pytest.mark.parametrize("outcome", ["1-2", "1-3", "1-4"])
def test_non_declarers_at_ace_who_win_become_declarers_at_ace(ruleset, outcome):
    # Team 1 declares at K (deal level K); team 0, at A, wins: not yet the
    # match (they were not the declarers), they become the declarers at A.
    new = after(state(("A", "K"), 1), outcome, 2, ruleset)
    assert new.winner is None
    assert new.levels == ("A", "K")
    assert new.declarers == 0
    # Team 0 was not declaring at A, team 1 was not at A: no failed attempt.
    assert new.failed_attempts == (0, 0)
    # The next deal is played at A; winning it 1-2 or 1-3 wins the match.
    if outcome != "1-4":
        assert after(new, outcome, 0, ruleset).winner == 0


@pytest.mark.parametrize("outcome", ["1-2", "1-3", "1-4"])
@pytest.mark.parametrize("first", [0, 2])
def test_app_team_at_ace_with_the_first_player_out_wins(outcome, first):
    # As declarers at A, any finish (a 1-4 too).
    assert after(state(("A", "5"), 0), outcome, first, "app").winner == 0
    # Not declaring (the deal is played at team 1's 7): still the match.
    assert after(state(("A", "7"), 1), outcome, first, "app").winner == 0


def test_app_team_at_ace_that_is_not_first_out_does_not_win():
    # Team 0 declares at A, team 1 (at 5) has the first player out (1-3):
    # team 1 goes to 7 and declares; team 0 stays at A (no limit, no reset).
    new = after(state(("A", "5"), 0), "1-3", 1, "app")
    assert new.winner is None
    assert new.levels == ("A", "7")
    assert new.declarers == 1
    # Reaching A is not winning: team 1 at J wins 1-2 -> A, no winner yet.
    new = after(state(("A", "J"), 1), "1-2", 3, "app")
    assert new.levels == ("A", "A") and new.winner is None and new.declarers == 1
    # Then whichever team has the first player out wins.
    assert after(new, "1-4", 0, "app").winner == 0
    assert after(new, "1-4", 1, "app").winner == 1


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_pagat_standard_team_at_ace_needs_to_declare(ruleset):
    # The app's rule does not apply: team 0 at A, not declaring, first out 1-2:
    # no winner (see the non-declarers test); and team 0 declaring at A, 1-4:
    # no winner either.
    assert after(state(("A", "7"), 1), "1-2", 0, ruleset).winner is None
    assert after(state(("A", "7"), 0), "1-4", 0, ruleset).winner is None


# --------------------------------------------------------- failed attempts


def test_pagat_third_failed_attempt_not_consecutive_sends_back_to_two():
    r = "pagat"
    st = state(("A", "5"), 0)
    # Deal at A: team 0 wins 1-4: stays at A declaring; failed attempt 1.
    st = after(st, "1-4", 0, r)
    assert (st.levels, st.declarers, st.failed_attempts) == (("A", "5"), 0, (1, 0))
    # Deal at A: team 1 wins 1-3 (5 + 2 = 7): failed attempt 2 for team 0.
    st = after(st, "1-3", 1, r)
    assert (st.levels, st.declarers, st.failed_attempts) == (("A", "7"), 1, (2, 0))
    # Deal at 7: team 0 (at A, not declaring) wins 1-4: declares at A again.
    # Not an attempt: team 0 did not declare this deal.
    st = after(st, "1-4", 2, r)
    assert (st.levels, st.declarers, st.failed_attempts) == (("A", "7"), 0, (2, 0))
    # Deal at A: team 1 wins 1-4 (7 + 1 = 8): team 0's third failed deal as
    # declarers at A (the attempts were not consecutive): back to 2. The
    # counter starts again from 0 (a careful reading: a team that climbs back
    # to A gets three new attempts).
    st = after(st, "1-4", 3, r)
    assert st.levels == ("2", "8")
    assert st.declarers == 1
    assert st.failed_attempts[0] == 0
    assert st.winner is None


def test_pagat_third_failed_attempt_on_a_one_four_win():
    # Team 0 declares at A with two failed attempts and wins 1-4: that deal
    # does not end the match, so it is the third failed attempt and sends the
    # team back to 2. docs/rules.md §8.6 says who declares then; team 0 won the
    # deal, so (careful reading) it stays the declarers, now at 2.
    st = after(state(("A", "5"), 0, (2, 0)), "1-4", 0, "pagat")
    assert st.levels == ("2", "5")
    assert st.declarers == 0
    assert st.failed_attempts[0] == 0
    assert st.winner is None


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_third_failed_attempt_counter_is_per_team(ruleset):
    # Team 1 declares at A with two failed attempts; team 0 has none. Team 1
    # loses again: pagat sends team 1 (not team 0) back to 2.
    st = after(state(("9", "A"), 1, (0, 2)), "1-3", 0, ruleset)
    assert st.levels == ("J", "2" if ruleset == "pagat" else "A")
    assert st.declarers == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_failed_attempts_limit(ruleset):
    # Team 0 declares at A with two failed attempts and loses (team 1 wins 1-3,
    # 5 + 2 = 7): pagat's third failure sends it back to 2; standard and app
    # have no limit, team 0 stays at A.
    st = after(state(("A", "5"), 0, (2, 0)), "1-3", 1, ruleset)
    assert st.levels == ("2" if ruleset == "pagat" else "A", "7")
    assert st.declarers == 1
    assert st.winner is None


def test_standard_many_one_four_wins_at_ace_never_send_back():
    st = state(("A", "5"), 0)
    for _ in range(6):
        st = after(st, "1-4", 0, "standard")
        assert (st.levels, st.declarers, st.winner) == (("A", "5"), 0, None)
    # And many losses as declarers at A interleaved with wins as non-declarers.
    for _ in range(4):
        st = after(st, "1-4", 1, "standard")  # team 1 wins (5 -> 6 -> ...)
        assert st.levels[0] == "A" and st.declarers == 1
        st = after(st, "1-4", 0, "standard")  # team 0 wins as non-declarers
        assert st.levels[0] == "A" and st.declarers == 0
    assert st.winner is None


def test_pagat_one_four_wins_at_ace_three_times_send_back():
    st = state(("A", "5"), 0)
    st = after(st, "1-4", 0, "pagat")
    st = after(st, "1-4", 2, "pagat")
    assert (st.levels, st.declarers, st.failed_attempts) == (("A", "5"), 0, (2, 0))
    st = after(st, "1-4", 0, "pagat")
    assert st.levels[0] == "2"


# --------------------------------------------------------- all-Aces defeat


NATURAL_ACES = [
    ("Ac", None),  # a single natural ace
    ("As Ad", None),  # a pair
    ("As As Ad", None),  # a triple
    ("As As Ad Ac", None),  # a four-of-a-kind bomb
]
NOT_NATURAL_ACES = [
    ("As Ah", None),  # level A: Ah is the wild, so this pair holds a wild
    ("Ah", None),  # the wild alone reads as a single A, but it is a wild
    ("Ah Ah", None),  # two wilds: a pair of A made of wilds
    ("Ts Jd Qc Ks Ad", "straight"),  # ends in an ace, with other cards
    ("As As Ad 5c 5d", "full_house"),  # aces and other cards
    ("Ks", None),
]


@pytest.mark.parametrize("cards, kind", NATURAL_ACES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_all_aces_defeat(ruleset, cards, kind):
    # Team 0 declares at A (the deal is played at A: Ah is the wild, the
    # natural aces are level cards). Team 1 wins 1-3 (5 + 2 = 7), its first
    # player out going out on natural aces only: pagat sends team 0 back to
    # 2; standard and app leave it at A.
    last = move(cards, "A", ruleset, kind)
    st = after(state(("A", "5"), 0), "1-3", 1, ruleset, last)
    assert st.levels == ("2" if ruleset == "pagat" else "A", "7")
    assert st.declarers == 1
    assert st.winner is None
    # Through seat 3 (team 1's other player) the same.
    st = after(state(("A", "5"), 0), "1-4", 3, ruleset, last)
    assert st.levels == ("2" if ruleset == "pagat" else "A", "6")


@pytest.mark.parametrize("cards, kind", NOT_NATURAL_ACES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_all_aces_defeat_with_a_wild_or_other_cards(ruleset, cards, kind):
    last = move(cards, "A", ruleset, kind)
    st = after(state(("A", "5"), 0), "1-3", 1, ruleset, last)
    # Team 0 stays at A (for pagat: one failed attempt).
    assert st.levels == ("A", "7")
    assert st.declarers == 1
    if ruleset == "pagat":
        assert st.failed_attempts == (1, 0)


def test_pagat_all_aces_needs_declarers_at_ace():
    # Team 0 at A but team 1 declares (deal at 5): team 1 wins on natural aces
    # (at level 5 aces are ordinary): team 0 was not declaring: stays at A.
    st = after(state(("A", "5"), 1), "1-3", 1, "pagat", move("As Ad", "5", "pagat"))
    assert st.levels == ("A", "7")
    # Team 0 declares at K and loses to aces: not at A, stays at K.
    st = after(state(("K", "5"), 0), "1-3", 1, "pagat", move("As Ad", "K", "pagat"))
    assert st.levels == ("K", "7")
    # The winners' own aces do not matter: team 0 declares at A and wins 1-4
    # going out on aces (failed attempt 1, stays at A).
    st = after(state(("A", "5"), 0), "1-4", 0, "pagat", move("As Ad", "A", "pagat"))
    assert st.levels == ("A", "5") and st.declarers == 0 and st.failed_attempts == (1, 0)


# ----------------------------------------------------------------- Match


def autoplay_lead_only(d, limit=5000):
    """Play a deal: whoever leads plays its longest legal move (the first of
    them), everyone else always passes; tribute and return: the first option.
    With this policy the first leader of the play goes out first and its
    partner second (jiefeng), so the leader's team wins 1-2."""
    for _ in range(limit):
        if d.is_over:
            return
        if d.phase in ("tribute", "return"):
            d.give(d.tribute_options()[0])
        elif d.last_play is None:
            moves = d.legal_moves()
            d.play(max(moves, key=lambda m: m.size))
        else:
            d.pass_turn()
    raise AssertionError("deal did not end")


def finish_tribute(d):
    while d.phase in ("tribute", "return"):
        d.give(d.tribute_options()[0])


def full_deck(hands):
    everything = guandan.Hand()
    for h in hands:
        everything = everything + h
    return len(everything) == 108 and all(everything.count(guandan.Card.from_index(k)) == 2 for k in range(54))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_match_starts_at_two_with_a_plain_first_deal(ruleset):
    m = guandan.Match(ruleset=ruleset, seed=3)
    assert m.state == guandan.MatchState()
    assert not m.is_over and m.winner is None
    d = m.deal
    assert d.level == "2"  # first deal: level 2
    assert d.tribute is None  # no tribute in the first deal
    assert d.phase == "play"
    assert list(d.card_counts) == [27, 27, 27, 27]
    assert full_deck(d.hands)
    # The deal is not over: no next deal yet.
    with pytest.raises(ValueError):
        m.next_deal()
    assert m.deal is d


def test_app_match_lead_only_is_won_in_five_deals():
    # Deal 1 (level 2): seat s leads (the cut), goes out first, its partner
    # second: 1-2, team s % 2 climbs 2 -> 5. From then on app's tribute has
    # 1st place (seat s) lead, so the same team wins 1-2 every deal:
    # 5 -> 8 -> J -> A (J + 3 = A); the fifth deal is played at A and seat s,
    # at A, is first out: team s % 2 wins the match.
    m = guandan.Match(ruleset="app", seed=5)
    s = m.deal.turn
    team = s % 2
    levels_seen = []
    for number in range(1, 6):
        d = m.deal
        finish_tribute(d)
        assert d.phase == "play"
        levels_seen.append(d.level)
        assert d.turn == s  # first deal: the cut; later: 1st place
        assert list(d.card_counts) == [27, 27, 27, 27]
        assert full_deck(d.hands)
        if number > 1:
            # Cancelled or not, 1st place (seat s) leads under app. If not
            # cancelled, only the last-out player pays, to seat s.
            if not d.tribute.cancelled:
                assert len(d.tribute.payments) == 1
                payer, receiver = d.tribute.payments[0]
                assert receiver == s and payer not in (s, (s + 2) % 4)
        autoplay_lead_only(d)
        assert d.outcome == "1-2" and d.winning_team == team
        assert len(d.finishing_order) == 3  # three_out
        assert list(d.finishing_order[:2]) == [s, (s + 2) % 4]
        m.next_deal()
        if number < 5:
            assert not m.is_over
            assert m.state.declarers == team
            assert m.state.levels[team] == ["5", "8", "J", "A"][number - 1]
            assert m.state.levels[1 - team] == "2"
            assert m.deal.level == m.state.levels[team]
            assert m.deal is not d
    assert levels_seen == ["2", "5", "8", "J", "A"]
    assert m.is_over and m.winner == team
    assert m.state.winner == team


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_match_follows_the_rules_deal_after_deal(ruleset):
    # Lead-only play: each deal is a 1-2 for the team of its first leader. The
    # first leader after a tribute is the payer to 1st place (a loser of the
    # previous deal), or 1st place if the tribute is cancelled.
    m = guandan.Match(ruleset=ruleset, seed=9)
    s = m.deal.turn
    autoplay_lead_only(m.deal)
    d = m.deal
    assert d.outcome == "1-2" and list(d.finishing_order) == [s, (s + 2) % 4]
    before = m.state
    previous = d
    m.next_deal()
    team = s % 2
    # 1-2 from 2: pagat 2 + 4 = 6; standard 2 + 3 = 5.
    assert m.state.levels[team] == ("6" if ruleset == "pagat" else "5")
    assert m.state.levels[1 - team] == "2"
    assert m.state.declarers == team
    assert m.state == guandan.next_match_state(before, d.finishing_order, d.first_out_last_play, ruleset)
    for _ in range(14):
        d = m.deal
        assert d.level == m.state.levels[m.state.declarers]  # the declarers' level
        plan = d.tribute
        assert plan is not None
        first = previous.finishing_order[0]
        if plan.cancelled:
            assert d.phase == "play"
            expected_leader = first
        else:
            # After a 1-2 both losers pay: the payment to 1st place first.
            assert d.phase == "tribute"
            pays = [tuple(p) for p in plan.payments]
            assert len(pays) == 2
            assert pays[0][1] == first and pays[1][1] == (first + 2) % 4
            assert {p for p, _ in pays} == {(first + 1) % 4, (first + 3) % 4}
            expected_leader = pays[0][0]
        finish_tribute(d)
        assert d.phase == "play"
        assert list(d.card_counts) == [27, 27, 27, 27]
        assert full_deck(d.hands)
        assert d.turn == expected_leader
        leader = d.turn
        autoplay_lead_only(d)
        assert list(d.finishing_order) == [leader, (leader + 2) % 4]
        before = m.state
        previous = d
        m.next_deal()
        assert m.state == guandan.next_match_state(before, d.finishing_order, d.first_out_last_play, ruleset)
        if m.is_over:
            assert m.winner == leader % 2
            break
