"""Scenario tests of the play of a deal, one per rule of docs/rules.md §6 ("Play of a
deal", "End of a deal and levels" and the "deal ends" row of the rulesets).

Every scenario uses small fixed hands (``guandan.Deal(hands=..., leader=...)``)
and every expectation was worked out by hand from docs/rules.md §6; the reasoning is
in the comment next to it.

Conventions:

* Seats 0-3 play 0 -> 1 -> 2 -> 3 -> 0; team 0 = seats {0, 2}, team 1 =
  seats {1, 3}.
* Unless stated, the level is 2, so ``2h`` is the only wild card; the hands
  below avoid the 2s so that every card is an ordinary card.
* A move is compared as ``(kind, rank, physical cards)`` with the cards as a
  sorted tuple of canonical strings.
"""

import pytest

import guandan

RULESETS = ("pagat", "standard", "app")
TEAM_OUT = ("pagat", "standard")


# ---------------------------------------------------------------- helpers


def cards_key(cards):
    return tuple(sorted(str(c) for c in cards))


def key(move):
    return None if move is None else (move.kind, move.rank, cards_key(move.cards))


def mv(kind, rank, cards):
    return (kind, rank, tuple(sorted(cards.split())))


def hand_str(cards):
    return str(guandan.Hand(cards))


def new_deal(hands, leader=0, ruleset="standard", level="2"):
    return guandan.Deal(seed=0, level=level, ruleset=ruleset, hands=hands, leader=leader)


def find(d, cards, kind=None):
    """The one legal move of the seat to act made of exactly `cards`."""
    want = tuple(sorted(str(c) for c in guandan.parse_cards(cards)))
    found = [m for m in d.legal_moves() if cards_key(m.cards) == want and (kind is None or m.kind == kind)]
    assert len(found) == 1, (cards, kind, [key(m) for m in d.legal_moves()])
    return found[0]


def play(d, cards, kind=None):
    d.play(find(d, cards, kind))


def snapshot(d):
    return (
        d.phase,
        d.turn,
        [str(h) for h in d.hands],
        key(d.last_play),
        d.last_player,
        list(d.finishing_order),
        list(d.card_counts),
        d.is_over,
        d.outcome,
    )


def assert_rejected(d, action, *args):
    before = snapshot(d)
    with pytest.raises(ValueError):
        action(*args)
    assert snapshot(d) == before, "a rejected action changed the deal"


# ---------------------------------------------------------- turn order


@pytest.mark.parametrize("ruleset", RULESETS)
def test_turn_order_last_play_and_trick_end(ruleset):
    # Three cards each, no two of a rank in one hand: only singles exist.
    d = new_deal(["3s 4s 5s", "6d 7d Kd", "9c Tc Jc", "Qd 8h 4h"], leader=0, ruleset=ruleset)
    assert d.phase == "play"
    assert d.level == "2"
    assert d.ruleset == guandan.Ruleset.preset(ruleset)
    assert d.tribute is None  # no previous_order: no tribute phase
    assert d.turn == 0
    assert d.last_play is None and d.last_player is None
    assert list(d.card_counts) == [3, 3, 3, 3]
    assert list(d.finishing_order) == []
    assert not d.is_over and d.outcome is None and d.winning_team is None
    assert d.first_out_last_play is None

    play(d, "3s")
    # 0 -> 1; seat 0 now holds 4s 5s.
    assert d.turn == 1
    assert key(d.last_play) == mv("single", "3", "3s")
    assert d.last_player == 0
    assert str(d.hands[0]) == hand_str("4s 5s")
    assert list(d.card_counts) == [2, 3, 3, 3]
    # Seat 1 may follow with any of its singles above 3: 6d, 7d, Kd = 3.
    assert {key(m) for m in d.legal_moves()} == {
        mv("single", "6", "6d"),
        mv("single", "7", "7d"),
        mv("single", "K", "Kd"),
    }

    play(d, "6d")
    assert (d.turn, d.last_player) == (2, 1)
    play(d, "9c")
    assert (d.turn, d.last_player) == (3, 2)
    play(d, "Qd")
    assert (d.turn, d.last_player) == (0, 3)
    # Seat 0 (4s 5s) cannot beat Q.
    assert d.legal_moves() == []
    d.pass_turn()
    assert d.turn == 1
    assert key(d.last_play) == mv("single", "Q", "Qd")  # a pass leaves the play to beat
    play(d, "Kd")  # seat 1 played earlier in this trick and may play again
    assert (d.turn, d.last_player) == (2, 1)
    d.pass_turn()  # 2
    d.pass_turn()  # 3
    assert d.turn == 0 and d.last_player == 1  # trick not over: seat 0 has not answered
    d.pass_turn()  # 0
    # Every other player still holding cards (2, 3, 0) passed since Kd:
    # the trick ends and seat 1 leads a new one.
    assert d.turn == 1
    assert d.last_play is None and d.last_player is None
    assert list(d.card_counts) == [2, 1, 2, 2]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pass_does_not_stop_playing_later_in_the_trick(ruleset):
    d = new_deal(["3s 4s", "6d Kd", "9c Tc", "5h 7h"], leader=0, ruleset=ruleset)
    play(d, "3s")
    d.pass_turn()  # seat 1 passes although 6d and Kd both beat 3s
    play(d, "9c")  # seat 2
    d.pass_turn()  # seat 3 (5h 7h < 9)
    d.pass_turn()  # seat 0 (4s < 9)
    assert d.turn == 1
    # Seat 1 passed earlier in this trick; it may still play: only Kd beats 9.
    assert {key(m) for m in d.legal_moves()} == {mv("single", "K", "Kd")}
    play(d, "Kd")
    assert d.last_player == 1 and d.turn == 2
    d.pass_turn()
    d.pass_turn()
    d.pass_turn()
    assert d.turn == 1 and d.last_play is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_leader_cannot_pass(ruleset):
    d = new_deal(["3s 4s", "6d Kd", "9c Tc", "5h 7h"], leader=2, ruleset=ruleset)
    assert d.turn == 2 and d.last_play is None
    # Leading the first trick: no pass (ValueError, deal unchanged).
    assert_rejected(d, d.pass_turn)
    play(d, "Tc")
    d.pass_turn()  # 3
    d.pass_turn()  # 0
    d.pass_turn()  # 1
    # Seat 2 leads the next trick: again no pass.
    assert d.turn == 2 and d.last_play is None
    assert_rejected(d, d.pass_turn)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_illegal_plays_raise_and_leave_the_deal_unchanged(ruleset):
    d = new_deal(["5s 9s", "3d 4d 6d 6c", "9c Tc", "5h 7h"], leader=0, ruleset=ruleset)
    # The leader plays a card it does not hold.
    assert_rejected(d, d.play, guandan.classify("Ad", "2", ruleset)[0])
    # The leader plays cards that are no combination (string form).
    assert_rejected(d, d.play, "5s 9s")
    play(d, "5s")
    assert d.turn == 1
    # Seat 1 (3d 4d 6d 6c) against a single 5:
    assert_rejected(d, d.play, "3d")  # lower single
    assert_rejected(d, d.play, "4d")  # lower single
    assert_rejected(d, d.play, "6d 6c")  # a pair does not answer a single
    assert_rejected(d, d.play, guandan.classify("6d 6c", "2", ruleset)[0])
    assert_rejected(d, d.play, "3d 4d")  # not a combination
    assert_rejected(d, d.play, "Ad")  # not in the hand
    assert_rejected(d, d.play, guandan.classify("9c", "2", ruleset)[0])  # seat 2's card
    # A legal answer is still accepted afterwards.
    d.play("6d")
    assert key(d.last_play) == mv("single", "6", "6d")
    assert d.turn == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_accepts_a_card_string_with_exactly_one_reading(ruleset):
    # Level 2: 9s 9d 9c 2h 2h reads as a full house of 9s or a five-of-a-kind
    # bomb of 9s: two readings, so the string alone is refused.
    d = new_deal(["9s 9d 9c 2h 2h 3s", "4d", "5c", "6h"], leader=0, ruleset=ruleset)
    assert_rejected(d, d.play, "9s 9d 9c 2h 2h")
    # A single card has one reading.
    d.play("3s")
    assert key(d.last_play) == mv("single", "3", "3s")
    assert d.turn == 1


# ------------------------------------------------ going out, skipping seats


@pytest.mark.parametrize("ruleset", RULESETS)
def test_players_out_are_skipped_and_need_not_pass(ruleset):
    d = new_deal(["3s Ks", "5d", "4c 6c", "7h 9h Jh"], leader=0, ruleset=ruleset)
    play(d, "3s")
    play(d, "5d")  # seat 1 plays its last card: out first
    assert list(d.finishing_order) == [1]
    assert list(d.card_counts) == [1, 0, 2, 3]
    assert key(d.first_out_last_play) == mv("single", "5", "5d")
    assert d.turn == 2 and d.last_player == 1
    play(d, "6c")
    play(d, "9h")
    assert d.turn == 0
    d.pass_turn()  # seat 0 may pass although Ks beats 9h
    # Seat 1 is out: the turn goes 0 -> 2.
    assert d.turn == 2
    d.pass_turn()
    # Everyone still holding cards other than seat 3 (seats 0 and 2) passed:
    # the trick ends after two passes and seat 3 leads.
    assert d.turn == 3 and d.last_play is None
    play(d, "7h")
    assert d.turn == 0
    play(d, "Ks")  # seat 0 goes out second
    assert list(d.finishing_order) == [1, 0]
    assert d.turn == 2  # next active player after 0 (1 is out)
    d.pass_turn()  # 2 (4c)
    d.pass_turn()  # 3 (Jh < K)
    # Ks stands and seat 0 is out: jiefeng, its partner seat 2 leads.
    assert d.turn == 2 and d.last_play is None
    play(d, "4c")  # seat 2's last card: team 0 has both players out
    # First out was seat 1 (team 1); its partner seat 3 still holds Jh, so it
    # is last: a 1-4 for team 1. The deal is over under every ruleset: team 0
    # is out (team_out) and three players are out (three_out).
    assert d.is_over and d.phase == "over" and d.turn is None
    assert list(d.finishing_order) == [1, 0, 2]
    assert d.outcome == "1-4"
    assert d.winning_team == 1
    assert key(d.first_out_last_play) == mv("single", "5", "5d")
    assert list(d.card_counts) == [0, 0, 0, 1]


# --------------------------------------------------------------- jiefeng


@pytest.mark.parametrize("ruleset", RULESETS)
def test_jiefeng_partner_leads_when_the_last_play_stands(ruleset):
    d = new_deal(["9s", "3d 4d", "5c 6c", "7h 8h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # seat 0 goes out
    assert list(d.finishing_order) == [0]
    assert key(d.first_out_last_play) == mv("single", "9", "9s")
    # The out player's play is still on the table to be beaten; turn 0 -> 1.
    assert d.turn == 1
    assert key(d.last_play) == mv("single", "9", "9s") and d.last_player == 0
    d.pass_turn()  # 1
    d.pass_turn()  # 2: the partner too must answer before the trick ends
    assert d.turn == 3 and d.last_player == 0
    d.pass_turn()  # 3
    # Everyone still holding cards passed; seat 0 is out: partner seat 2 leads.
    assert d.turn == 2
    assert d.last_play is None and d.last_player is None
    # Any combination: a lead from 5c 6c = 2 singles.
    assert {key(m) for m in d.legal_moves()} == {mv("single", "5", "5c"), mv("single", "6", "6c")}
    assert_rejected(d, d.pass_turn)  # the jiefeng leader leads: no pass
    assert not d.is_over


@pytest.mark.parametrize("ruleset", RULESETS)
def test_opponent_after_the_out_player_may_beat_before_jiefeng(ruleset):
    d = new_deal(["9s", "Kd 4d", "5c 6c", "7h 8h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # seat 0 out
    play(d, "Kd")  # seat 1 beats the out player's last play
    d.pass_turn()  # 2
    d.pass_turn()  # 3
    # Seat 1 made the last play and is still in: it leads, no jiefeng.
    assert d.turn == 1 and d.last_play is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_last_opponent_may_beat_after_the_others_passed(ruleset):
    d = new_deal(["9s", "3d 4d", "5c 6c", "Th 8h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # seat 0 out
    d.pass_turn()  # 1
    d.pass_turn()  # 2 (the partner)
    # Seat 3 has not answered yet: the trick is still open.
    assert d.turn == 3 and key(d.last_play) == mv("single", "9", "9s")
    play(d, "Th")
    d.pass_turn()  # 1
    d.pass_turn()  # 2
    # Seat 3's Th stands: seat 3 leads.
    assert d.turn == 3 and d.last_play is None


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_team_out_double_win_ends_the_deal(ruleset):
    d = new_deal(["9s", "3d 4d", "Ac", "7h 8h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # seat 0 out
    d.pass_turn()
    d.pass_turn()
    d.pass_turn()
    assert d.turn == 2  # jiefeng
    play(d, "Ac")  # seat 2 out: team 0 has both players out
    # team_out: the deal ends at once with two players out, a 1-2 for team 0.
    assert d.is_over and d.phase == "over" and d.turn is None
    assert list(d.finishing_order) == [0, 2]
    assert d.outcome == "1-2"
    assert d.winning_team == 0
    assert key(d.first_out_last_play) == mv("single", "9", "9s")
    assert list(d.card_counts) == [0, 2, 0, 2]
    # Nothing more can be done.
    assert_rejected(d, d.play, "3d")
    assert_rejected(d, d.pass_turn)


def test_app_deal_runs_until_three_are_out_and_partner_out_jiefeng():
    d = new_deal(["9s", "3d 4d", "Ac", "7h 8h"], leader=0, ruleset="app")
    play(d, "9s")
    d.pass_turn()
    d.pass_turn()
    d.pass_turn()
    assert d.turn == 2  # jiefeng: seat 0 out, partner 2 leads
    play(d, "Ac")  # seat 2 out: both of team 0 are out
    # three_out: the deal goes on (only two players are out).
    assert not d.is_over and d.phase == "play"
    assert d.outcome is None and d.winning_team is None
    assert list(d.finishing_order) == [0, 2]
    assert d.turn == 3  # next active player after seat 2
    d.pass_turn()  # 3
    d.pass_turn()  # 1
    # Ac stands; seat 2 is out and so is its partner seat 0: "the next active
    # player after them in turn order leads". "Them" (settled in docs/rules.md §6.5) could be read
    # as the player who went out or as the partner; we read it as the player
    # who made the last play (seat 2), as the turn passes on from that player
    # (the usual app rule: the out player's next player takes the lead). The
    # next active player after seat 2 is seat 3 (the other reading gives 1).
    assert d.turn == 3 and d.last_play is None
    play(d, "7h")
    d.pass_turn()  # seat 1 (3d 4d) is the only other player holding cards
    assert d.turn == 3 and d.last_play is None
    play(d, "8h")  # seat 3 out: three players are out
    assert d.is_over and d.phase == "over" and d.turn is None
    assert list(d.finishing_order) == [0, 2, 3]
    assert d.outcome == "1-2"  # seat 0's partner finished 2nd
    assert d.winning_team == 0
    assert list(d.card_counts) == [0, 2, 0, 0]


# ------------------------------------------------------ deal end: outcomes


@pytest.mark.parametrize("ruleset", RULESETS)
def test_outcome_one_three(ruleset):
    d = new_deal(["9s", "Kd", "5c", "3h 4h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # 0 out
    play(d, "Kd")  # 1 out
    assert list(d.finishing_order) == [0, 1]
    assert not d.is_over  # no team has both out; only two players out
    assert d.turn == 2
    d.pass_turn()  # 2 (5c < K)
    d.pass_turn()  # 3
    assert d.turn == 3 and d.last_play is None  # jiefeng for seat 1: partner 3
    play(d, "3h")
    assert d.turn == 2  # after 3 come 0 and 1, both out, then 2
    play(d, "5c")  # 2 out: team 0 complete, three players out
    # Over under both deal ends; seat 0's partner finished 3rd: 1-3.
    assert d.is_over and d.turn is None
    assert list(d.finishing_order) == [0, 1, 2]
    assert d.outcome == "1-3"
    assert d.winning_team == 0
    assert key(d.first_out_last_play) == mv("single", "9", "9s")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_outcome_one_four(ruleset):
    d = new_deal(["9s", "Kd", "5c 6c", "3h"], leader=0, ruleset=ruleset)
    play(d, "9s")  # 0 out
    play(d, "Kd")  # 1 out
    d.pass_turn()  # 2
    d.pass_turn()  # 3
    assert d.turn == 3  # jiefeng for seat 1
    play(d, "3h")  # 3 out: team 1 complete, three players out
    # Over under both deal ends; seat 0's partner (seat 2) is last: 1-4 for team 0.
    assert d.is_over
    assert list(d.finishing_order) == [0, 1, 3]
    assert d.outcome == "1-4"
    assert d.winning_team == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_team_one_double_win(ruleset):
    # Seat 3 leads and goes out with a pair, seat 1 follows through jiefeng.
    d = new_deal(["3s 4s", "Qd", "5c 6c", "8h 8d"], leader=3, ruleset=ruleset)
    play(d, "8h 8d", "pair")  # 3 out
    assert key(d.first_out_last_play) == mv("pair", "8", "8h 8d")
    assert d.turn == 0
    d.pass_turn()  # 0
    d.pass_turn()  # 1
    d.pass_turn()  # 2
    assert d.turn == 1  # jiefeng: partner of 3
    play(d, "Qd")  # 1 out: team 1 both out
    if ruleset == "app":
        # The deal continues until three are out; next after seat 1 is seat 2.
        assert not d.is_over and d.turn == 2
        d.pass_turn()  # 2 (5c 6c < Q)
        d.pass_turn()  # 0
        # Qd stands, seat 1 and its partner 3 are out: the next active player
        # after seat 1 (the player who went out, see the app test above) leads.
        assert d.turn == 2 and d.last_play is None
        play(d, "5c")
        d.pass_turn()  # 0 (3s 4s < 5)
        assert d.turn == 2 and d.last_play is None
        play(d, "6c")  # 2 out
        assert list(d.finishing_order) == [3, 1, 2]
    else:
        assert list(d.finishing_order) == [3, 1]
    assert d.is_over
    assert d.outcome == "1-2"
    assert d.winning_team == 1


# ------------------------------------------------------ observation, seed


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observation_shows_own_hand_and_public_state(ruleset):
    d = new_deal(["3s 4s 5s", "6d 7d Kd", "9c Tc Jc", "Qd 8h 4h"], leader=0, ruleset=ruleset)
    play(d, "3s")
    for seat in range(4):
        obs = d.observation(seat)
        assert obs.seat == seat
        assert str(obs.hand) == str(d.hands[seat])
        assert list(obs.card_counts) == [2, 3, 3, 3]
        assert key(obs.last_play) == mv("single", "3", "3s")
        assert len(obs.history) >= 1  # the play of 3s is public


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_deal_is_a_full_first_deal(ruleset):
    d = guandan.Deal(seed=11, ruleset=ruleset)
    assert d.phase == "play" and d.level == "2" and d.tribute is None
    assert list(d.card_counts) == [27, 27, 27, 27]
    assert d.turn in range(4) and d.last_play is None
    everything = guandan.Hand()
    for h in d.hands:
        everything = everything + h
    assert len(everything) == 108
    assert all(everything.count(guandan.Card.from_index(k)) == 2 for k in range(54))
    # Same seed, same deal and same leader (the face-up card of the cut).
    again = guandan.Deal(seed=11, ruleset=ruleset)
    assert [str(h) for h in again.hands] == [str(h) for h in d.hands]
    assert again.turn == d.turn


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_first_deal_leader_holds_the_face_up_card(ruleset):
    # "whoever is dealt it [the face-up card of the cut] leads the first trick".
    for seed in (0, 1, 2, 3, 4):
        d = guandan.Deal(seed=seed, ruleset=ruleset)
        assert d.hands[d.turn].count(d.face_up_card) >= 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_deal_plays_at_its_level_with_its_rulesets_moves(ruleset):
    # Level 7: 7h is wild; as a single it is a 7, above A.
    d = new_deal(["As 3s", "7h 4d", "5c", "6h"], leader=0, ruleset=ruleset, level="7")
    assert d.level == "7"
    play(d, "As")
    assert {key(m) for m in d.legal_moves()} == {mv("single", "7", "7h")}
    # Level 2: 9s 9d 2h SJ SJ is a full house of 9s (the wild as a third 9,
    # SJ SJ the pair) except under app, where a wild never joins a joker.
    d = new_deal(["9s 9d 2h SJ SJ", "3d", "4c", "5h"], leader=0, ruleset=ruleset)
    full_houses = {key(m) for m in d.legal_moves() if m.kind == "full_house"}
    if ruleset == "app":
        assert full_houses == set()
        assert_rejected(d, d.play, "9s 9d 2h SJ SJ")
    else:
        assert full_houses == {mv("full_house", "9", "9s 9d 2h SJ SJ")}
