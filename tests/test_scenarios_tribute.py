"""Scenario tests of tribute, one per row of the ruleset table of docs/rules.md §9.1
that concerns it ("who pays", "tribute card", "double tribute", "tribute
cancelled", "return card", "who leads the deal").

Two layers: the pure functions (``guandan.tribute_plan``, ``tribute_cards``,
``return_cards``, ``tribute_leader``) on small fixed hands, and
``guandan.Deal(previous_order=...)`` driving the same steps one at a time.
Every expectation was worked out by hand from docs/rules.md §7; the reasoning is in
the comment next to it.

Conventions:

* Seats 0-3 play 0 -> 1 -> 2 -> 3 -> 0; team 0 = {0, 2}, team 1 = {1, 3}.
* ``previous_order`` lists the previous deal's four seats, first out to last.
  A 1-2 is ``[f, partner, ...]``, a 1-3 ``[f, x, partner, y]``, a 1-4
  ``[f, x, y, partner]``.
* ``L`` is the new deal's level; the two ``Lh`` are the wild cards. Level
  order: 2 < ... < A < L < SJ < BJ, with L taken out of its natural place.
* Card lists are compared as sets of canonical strings: two physical copies
  of one kind are indistinguishable.
"""

import pytest

import guandan

RULESETS = ("pagat", "standard", "app")
TEAM_OUT = ("pagat", "standard")


# ---------------------------------------------------------------- helpers


def names(cards):
    return {str(c) for c in cards}


def hands(*texts):
    return [guandan.Hand(t) for t in texts]


def plan_of(order, hand_texts, level, ruleset):
    return guandan.tribute_plan(list(order), hands(*hand_texts), level, ruleset)


def payments(plan):
    return [tuple(p) for p in plan.payments]


def triples(records):
    return [(a, b, str(c)) for (a, b, c) in records]


def hand_str(cards):
    return str(guandan.Hand(cards))


def snapshot(d):
    return (
        d.phase,
        d.turn,
        [str(h) for h in d.hands],
        triples(d.tribute.paid),
        triples(d.tribute.returned),
    )


def assert_rejected(d, action, *args):
    before = snapshot(d)
    with pytest.raises(ValueError):
        action(*args)
    assert snapshot(d) == before, "a rejected action changed the deal"


def tribute_deal(hand_texts, previous_order, level, ruleset):
    return guandan.Deal(seed=0, level=level, ruleset=ruleset, hands=list(hand_texts), previous_order=list(previous_order))


# ------------------------------------------------------------ tribute card


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tribute_card_is_the_highest_in_level_order(ruleset):
    # Level 2, no 2s: A is the highest; either physical ace may be paid.
    assert names(guandan.tribute_cards("3s Ks As Ad 9c", "2", ruleset)) == {"As", "Ad"}
    # Level 7: a natural level card (7s) ranks above A.
    assert names(guandan.tribute_cards("As 7s 3d", "7", ruleset)) == {"7s"}
    # Jokers rank above the level card; BJ above SJ.
    assert names(guandan.tribute_cards("As 7h SJ", "7", ruleset)) == {"SJ"}
    assert names(guandan.tribute_cards("SJ BJ BJ 7c", "7", ruleset)) == {"BJ"}
    # Level A: the aces are the level cards (Ah wild); a natural Ad is highest.
    assert names(guandan.tribute_cards("Ah Ad Ks", "A", ruleset)) == {"Ad"}
    # Level T: a natural ten ranks above A.
    assert names(guandan.tribute_cards("As Kd Tc", "T", ruleset)) == {"Tc"}


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_tribute_card_is_never_a_wild_pagat_standard(ruleset):
    # Level 7: 7h is wild, so the highest payable card is As.
    assert names(guandan.tribute_cards("As 7h 3d", "7", ruleset)) == {"As"}
    assert names(guandan.tribute_cards("7h 7h As Kd", "7", ruleset)) == {"As"}
    # Level 2: 2h is wild.
    assert names(guandan.tribute_cards("2h 2h As Kd", "2", ruleset)) == {"As"}
    # Level A: Ah is wild; the next highest is K.
    assert names(guandan.tribute_cards("Ah Ks Qd", "A", ruleset)) == {"Ks"}
    # A natural level card is still the highest.
    assert names(guandan.tribute_cards("As 7h 7c 3d", "7", ruleset)) == {"7c"}
    assert names(guandan.tribute_cards("As 7h 7c 7d", "7", ruleset)) == {"7c", "7d"}


def test_tribute_card_may_be_a_wild_under_app():
    # A wild counts as L, above A.
    assert names(guandan.tribute_cards("As 7h 3d", "7", "app")) == {"7h"}
    assert names(guandan.tribute_cards("7h 7h As Kd", "7", "app")) == {"7h"}
    assert names(guandan.tribute_cards("2h As Kd", "2", "app")) == {"2h"}
    assert names(guandan.tribute_cards("Ah Ks Qd", "A", "app")) == {"Ah"}
    # A non-wild copy of equal value (a natural L) is preferred to the wild.
    assert names(guandan.tribute_cards("As 7h 7c 3d", "7", "app")) == {"7c"}
    assert names(guandan.tribute_cards("As 7h 7c 7d", "7", "app")) == {"7c", "7d"}
    # Jokers are still above the wild.
    assert names(guandan.tribute_cards("As 7h SJ", "7", "app")) == {"SJ"}


# --------------------------------------------------------------- who pays


@pytest.mark.parametrize("ruleset", RULESETS)
def test_single_tribute_one_three_last_pays_first(ruleset):
    # 1-3 for team 0: 0 first, 1 second, 2 third, 3 last -> 3 pays 0.
    plan = plan_of([0, 1, 2, 3], ["3s 4s", "5d 6d", "7c 8c", "9h Kd"], "4", ruleset)
    assert not plan.cancelled
    assert payments(plan) == [(3, 0)]
    # 1-3 for team 1: 3 first, 0 second, 1 third, 2 last -> 2 pays 3.
    plan = plan_of([3, 0, 1, 2], ["3s 4s", "5d 6d", "7c 8c", "9h Kd"], "4", ruleset)
    assert payments(plan) == [(2, 3)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_single_tribute_one_four_partner_pays(ruleset):
    # 1-4 for team 0: the winner's partner, seat 2, is last and pays seat 0.
    # pagat/standard: "the last-place player (even the winner's partner)";
    # app: "only the last-out player, to the first-out player" is seat 2 too.
    plan = plan_of([0, 1, 3, 2], ["3s 4s", "5d 6d", "7c Kc", "9h Qd"], "3", ruleset)
    assert not plan.cancelled
    assert payments(plan) == [(2, 0)]
    # 1-4 for team 1: 1 first, partner 3 last.
    plan = plan_of([1, 2, 0, 3], ["3s 4s", "5d 6d", "7c Kc", "9h Qd"], "3", ruleset)
    assert payments(plan) == [(3, 1)]


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_double_tribute_after_one_two_higher_card_to_first(ruleset):
    # 1-2 for team 0 (0 first, 2 second): both losers pay.
    # Level 5. Seat 1's highest is BJ, seat 3's is As: BJ > As, so seat 1
    # pays 1st place (seat 0) and seat 3 pays 2nd place (seat 2).
    h = ["3s 4s", "BJ 6s", "6c 7c", "As 8d"]
    plan = plan_of([0, 2, 1, 3], h, "5", ruleset)
    assert not plan.cancelled
    assert payments(plan) == [(1, 0), (3, 2)]
    # The other way round: seat 3's SJ beats seat 1's As.
    h = ["3s 4s", "As 6s", "6c 7c", "SJ 8d"]
    plan = plan_of([0, 2, 1, 3], h, "5", ruleset)
    assert payments(plan) == [(3, 0), (1, 2)]
    # The order of 3rd and 4th does not matter in a double tribute.
    plan = plan_of([0, 2, 3, 1], h, "5", ruleset)
    assert payments(plan) == [(3, 0), (1, 2)]


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_double_tribute_compares_in_level_order(ruleset):
    # Level 7, 1-2 for team 0 with seat 2 first. Seat 1's 7c is a level card,
    # above seat 3's As: seat 1 pays 1st place (seat 2), seat 3 pays seat 0.
    plan = plan_of([2, 0, 1, 3], ["3s", "7c 3d", "4s", "As 4d"], "7", ruleset)
    assert payments(plan) == [(1, 2), (3, 0)]


@pytest.mark.parametrize(
    "order, hand_texts, expected",
    [
        # 1st = seat 0; losers 1 and 3 both pay a K; seat 0's next player in
        # turn order is seat 1: 1 pays 0, 3 pays 2.
        ([0, 2, 1, 3], ["3s", "Ks 5s", "4s", "Kd 8d"], [(1, 0), (3, 2)]),
        # 1st = seat 2: its next player is seat 3: 3 pays 2, 1 pays 0.
        ([2, 0, 1, 3], ["3s", "Ks 5s", "4s", "Kd 8d"], [(3, 2), (1, 0)]),
        # 1st = seat 1 (team 1 wins 1-2); losers 0 and 2 both pay a Q; seat
        # 1's next player is seat 2: 2 pays 1, 0 pays 3.
        ([1, 3, 0, 2], ["Qs 3s", "5d", "Qd 4d", "6c"], [(2, 1), (0, 3)]),
        # 1st = seat 3: its next player is seat 0: 0 pays 3, 2 pays 1.
        ([3, 1, 2, 0], ["Qs 3s", "5d", "Qd 4d", "6c"], [(0, 3), (2, 1)]),
    ],
)
@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_double_tribute_equal_cards_next_player_of_first_pays_first(ruleset, order, hand_texts, expected):
    plan = plan_of(order, hand_texts, "9", ruleset)
    assert not plan.cancelled
    assert payments(plan) == expected


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_double_tribute_equal_because_the_wild_is_not_paid(ruleset):
    # Level 7, 1st = seat 2. Seat 1 holds the wild 7h and As: the wild is never
    # paid, so seat 1 pays As; seat 3 pays Ad: equal. Seat 2's next player is
    # seat 3, which pays 1st place. (Counting the wild as 7 would wrongly make
    # seat 1 the higher payer.)
    plan = plan_of([2, 0, 1, 3], ["3s", "7h As 3d", "4s", "Ad 4d"], "7", ruleset)
    assert payments(plan) == [(3, 2), (1, 0)]


def test_app_no_double_tribute_only_last_pays_first():
    # 1-2 for team 0 under app: only the last-out player (seat 3) pays the
    # first-out player (seat 0), although seat 1 holds a higher card.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "BJ 6s", "6c 7c", "As 8d"], "5", "app")
    assert not plan.cancelled
    assert payments(plan) == [(3, 0)]
    plan = plan_of([0, 2, 3, 1], ["3s 4s", "BJ 6s", "6c 7c", "As 8d"], "5", "app")
    assert payments(plan) == [(1, 0)]
    # Team 1 1-2: 1 first, 3 second, 0 third, 2 last -> 2 pays 1.
    plan = plan_of([1, 3, 0, 2], ["Qs 3s", "5d", "Qd 4d", "6c"], "5", "app")
    assert payments(plan) == [(2, 1)]


# -------------------------------------------------------------- cancelled


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_single_tribute_cancelled_when_payer_holds_both_big_jokers(ruleset):
    plan = plan_of([0, 1, 2, 3], ["3s", "4s", "5s", "BJ BJ 6d"], "4", ruleset)
    assert plan.cancelled
    # All four jokers include both BJ: cancelled too.
    plan = plan_of([0, 1, 2, 3], ["3s", "4s", "5s", "SJ SJ BJ BJ"], "4", ruleset)
    assert plan.cancelled
    # 1-4: the paying partner holds both BJ: cancelled.
    plan = plan_of([0, 1, 3, 2], ["3s", "4s", "BJ BJ 5s", "6d"], "4", ruleset)
    assert plan.cancelled


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_single_tribute_not_cancelled_by_someone_elses_big_joker(ruleset):
    # The payer (seat 3) holds one BJ, its partner seat 1 the other: in a
    # single tribute only the payer's hand counts. Seat 3 pays its BJ.
    plan = plan_of([0, 1, 2, 3], ["3s", "BJ 4s", "5s", "BJ 6d"], "4", ruleset)
    assert not plan.cancelled
    assert payments(plan) == [(3, 0)]
    # The receiver holds the other BJ.
    plan = plan_of([0, 1, 2, 3], ["BJ 3s", "4s", "5s", "BJ 6d"], "4", ruleset)
    assert not plan.cancelled


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_double_tribute_cancelled_when_the_payers_hold_both_big_jokers(ruleset):
    # Split between the two payers.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "BJ 5s", "6c 7c", "BJ 8d"], "5", ruleset)
    assert plan.cancelled
    # One payer holds both.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "BJ BJ 5s", "6c 7c", "As 8d"], "5", ruleset)
    assert plan.cancelled
    plan = plan_of([1, 3, 0, 2], ["9s", "3d", "BJ BJ", "4c"], "5", ruleset)
    assert plan.cancelled
    # One BJ with the payers, the other with a receiver: not cancelled;
    # BJ > As, so seat 1 pays 1st place.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "BJ 5s", "BJ 7c", "As 8d"], "5", ruleset)
    assert not plan.cancelled
    assert payments(plan) == [(1, 0), (3, 2)]


def test_app_tribute_cancelled_only_by_all_four_jokers():
    # Two BJ are not enough under app: seat 3 pays a BJ.
    plan = plan_of([0, 1, 2, 3], ["3s", "4s", "5s", "BJ BJ 6d"], "4", "app")
    assert not plan.cancelled
    assert payments(plan) == [(3, 0)]
    # BJ BJ SJ with the last SJ elsewhere: not all four.
    plan = plan_of([0, 1, 2, 3], ["3s", "SJ 4s", "5s", "SJ BJ BJ 6d"], "4", "app")
    assert not plan.cancelled
    # All four jokers in the payer's hand: cancelled.
    plan = plan_of([0, 1, 2, 3], ["3s", "4s", "5s", "SJ SJ BJ BJ 6d"], "4", "app")
    assert plan.cancelled
    # After a 1-2 only the last-out player pays: the jokers must be in its hand.
    plan = plan_of([0, 2, 1, 3], ["3s", "4s", "5s", "SJ SJ BJ BJ"], "4", "app")
    assert plan.cancelled
    plan = plan_of([0, 2, 1, 3], ["3s", "SJ SJ BJ BJ", "5s", "As 6d"], "4", "app")
    assert not plan.cancelled
    assert payments(plan) == [(3, 0)]
    plan = plan_of([0, 2, 1, 3], ["3s", "BJ 4d", "5s", "BJ 6d"], "4", "app")
    assert not plan.cancelled


# ------------------------------------------------------------- return card


def test_pagat_return_any_card_but_one_of_the_kind_received():
    # Received As: no copy of As may go back (the receiver holds two), but Ad
    # is another kind and may.
    assert names(guandan.return_cards("3s As As Ad Kc", "As", "2", "pagat")) == {"3s", "Ad", "Kc"}
    # Any card includes high cards, level cards and the wild (level 7: 7h).
    assert names(guandan.return_cards("3s 7h 7d Qd BJ", "BJ", "7", "pagat")) == {"3s", "7h", "7d", "Qd"}
    assert names(guandan.return_cards("Kc Qd BJ BJ", "BJ", "2", "pagat")) == {"Kc", "Qd"}


@pytest.mark.parametrize("ruleset", ("standard", "app"))
def test_return_card_at_most_ten_in_level_order(ruleset):
    # Level 5: 3s 4h 9c Tc are at most 10; 5d is a level card (above A), Jd As
    # BJ are above 10.
    assert names(guandan.return_cards("3s 4h 5d 9c Tc Jd As BJ", "BJ", "5", ruleset)) == {"3s", "4h", "9c", "Tc"}
    # Level 5: the wild 5h is a level card too, never returned here.
    assert names(guandan.return_cards("5h 9s As SJ", "SJ", "5", ruleset)) == {"9s"}
    # Level T: the tens are level cards, so only the 9 qualifies.
    assert names(guandan.return_cards("9s Tc Td Jd BJ", "BJ", "T", ruleset)) == {"9s"}
    # Level A: 9s qualifies; the aces are level cards.
    assert names(guandan.return_cards("Ac Kd 9s BJ", "BJ", "A", ruleset)) == {"9s"}
    # Level 2 with no 2: both copies of rank 3 and the 10 qualify.
    assert names(guandan.return_cards("3s 3d Ts Js BJ", "BJ", "2", ruleset)) == {"3s", "3d", "Ts"}


@pytest.mark.parametrize("ruleset", ("standard", "app"))
def test_return_card_lowest_when_none_at_most_ten(ruleset):
    # Level 5: Jd Qs As 5d BJ have nothing at most 10 (5d is the level card):
    # the lowest card is Jd.
    assert names(guandan.return_cards("Jd Qs As 5d BJ", "BJ", "5", ruleset)) == {"Jd"}
    # Level 3: 3c is a level card, above A in level order, so the lowest card
    # is Ks, not 3c.
    assert names(guandan.return_cards("3c Ks BJ", "BJ", "3", ruleset)) == {"Ks"}
    # Two jacks tie for lowest: either may be returned.
    assert names(guandan.return_cards("Jd Js Qs BJ", "BJ", "2", ruleset)) == {"Jd", "Js"}


# ------------------------------------------------------------- who leads


def test_leader_after_single_tribute():
    h = ["3s 4s", "5d 6d", "7c 8c", "As 9h"]
    plan = plan_of([0, 1, 2, 3], h, "4", "standard")
    paid = [(3, 0, guandan.Card("As"))]
    # pagat/standard: the payer leads; app: 1st place leads.
    assert guandan.tribute_leader(plan, paid, "standard") == 3
    assert guandan.tribute_leader(plan_of([0, 1, 2, 3], h, "4", "pagat"), paid, "pagat") == 3
    assert guandan.tribute_leader(plan_of([0, 1, 2, 3], h, "4", "app"), paid, "app") == 0
    # 1-4: the partner pays and (pagat/standard) leads.
    h = ["3s 4s", "5d 6d", "Kc 8c", "7h 9h"]
    for ruleset, leader in (("pagat", 2), ("standard", 2), ("app", 0)):
        plan = plan_of([0, 1, 3, 2], h, "4", ruleset)
        assert guandan.tribute_leader(plan, [(2, 0, guandan.Card("Kc"))], ruleset) == leader


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_leader_after_double_tribute_is_the_payer_to_first_place(ruleset):
    # Seat 1 pays BJ to seat 0 (higher), seat 3 pays As to seat 2: seat 1 leads.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "BJ 6s", "6c 7c", "As 8d"], "5", ruleset)
    bj, ace = guandan.Card("BJ"), guandan.Card("As")
    assert guandan.tribute_leader(plan, [(1, 0, bj), (3, 2, ace)], ruleset) == 1
    assert guandan.tribute_leader(plan, [(3, 2, ace), (1, 0, bj)], ruleset) == 1
    # Seat 3 holds the higher card: seat 3 leads.
    plan = plan_of([0, 2, 1, 3], ["3s 4s", "As 6s", "6c 7c", "SJ 8d"], "5", ruleset)
    assert guandan.tribute_leader(plan, [(3, 0, guandan.Card("SJ")), (1, 2, ace)], ruleset) == 3
    # Equal cards, 1st = seat 2: seat 3 pays seat 2 and leads.
    plan = plan_of([2, 0, 1, 3], ["3s", "Ks 5s", "4s", "Kd 8d"], "9", ruleset)
    paid = [(3, 2, guandan.Card("Kd")), (1, 0, guandan.Card("Ks"))]
    assert guandan.tribute_leader(plan, paid, ruleset) == 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_leader_when_cancelled_is_first_place(ruleset):
    jokers = "SJ SJ BJ BJ"  # cancels under every ruleset (it holds both BJ)
    plan = plan_of([2, 1, 0, 3], ["3s", "4s", "5s", jokers], "4", ruleset)
    assert plan.cancelled
    assert guandan.tribute_leader(plan, [], ruleset) == 2
    plan = plan_of([1, 2, 0, 3], ["3s", "4s", "5s", jokers], "4", ruleset)
    assert plan.cancelled
    assert guandan.tribute_leader(plan, [], ruleset) == 1


# ------------------------------------------------ the tribute phase of a deal


@pytest.mark.parametrize("ruleset", RULESETS)
def test_deal_single_tribute_step_by_step(ruleset):
    # 1-3 for team 0 in the previous deal: seat 3 (last) pays seat 0 (first).
    # Level 4: seat 3's 4d is a natural level card, its highest (4d > Ad).
    h = ["3s 5d Kc", "6d 7d", "8c 9c", "Qs Ad 6s 4d"]
    d = tribute_deal(h, [0, 1, 2, 3], "4", ruleset)
    assert d.phase == "tribute"
    assert d.turn == 3
    assert not d.tribute.cancelled
    assert [tuple(p) for p in d.tribute.payments] == [(3, 0)]
    assert triples(d.tribute.paid) == [] and triples(d.tribute.returned) == []
    assert names(d.tribute_options()) == {"4d"}
    # No play and no pass before the tribute is done.
    assert_rejected(d, d.play, "4d")
    assert_rejected(d, d.pass_turn)
    assert_rejected(d, d.give, guandan.Card("Ad"))  # not its highest
    assert_rejected(d, d.give, guandan.Card("Kc"))  # not its card at all
    d.give(guandan.Card("4d"))
    assert d.phase == "return"
    assert d.turn == 0
    assert triples(d.tribute.paid) == [(3, 0, "4d")]
    assert str(d.hands[0]) == hand_str("3s 5d Kc 4d")
    assert str(d.hands[3]) == hand_str("Qs Ad 6s")
    # Seat 0 now holds 3s 4d 5d Kc.
    if ruleset == "pagat":
        # Any card but the kind received (4d).
        assert names(d.tribute_options()) == {"3s", "5d", "Kc"}
        assert_rejected(d, d.give, guandan.Card("4d"))
    else:
        # At most 10 in level order: 3s, 5d (4d is the level card; Kc > 10).
        assert names(d.tribute_options()) == {"3s", "5d"}
        assert_rejected(d, d.give, guandan.Card("Kc"))
        assert_rejected(d, d.give, guandan.Card("4d"))
    d.give(guandan.Card("5d"))
    assert d.phase == "play"
    assert triples(d.tribute.returned) == [(0, 3, "5d")]
    assert str(d.hands[0]) == hand_str("3s Kc 4d")
    assert str(d.hands[3]) == hand_str("Qs Ad 6s 5d")
    assert list(d.card_counts) == [3, 2, 2, 4]
    # The exchange is over: nothing more can be given.
    assert_rejected(d, d.give, guandan.Card("3s"))
    # pagat/standard: the payer leads; app: 1st place leads.
    assert d.turn == (0 if ruleset == "app" else 3)
    assert d.last_play is None
    # Tribute and return are public: every seat's record shows both cards.
    for seat in range(4):
        record = " / ".join(str(e) for e in d.observation(seat).history)
        assert "4d" in record and "5d" in record


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_deal_one_four_partner_pays_and_leads(ruleset):
    # 1-4 for team 0: seat 2 (the winner's partner) is last and pays seat 0.
    h = ["3s 4s", "5d 6d", "Kc 7c", "8h 9h"]
    d = tribute_deal(h, [0, 1, 3, 2], "3", ruleset)
    assert [tuple(p) for p in d.tribute.payments] == [(2, 0)]
    assert d.turn == 2
    d.give(guandan.Card("Kc"))
    assert d.turn == 0
    d.give(guandan.Card("4s"))  # 4 <= 10 and not the K received
    assert d.phase == "play"
    assert str(d.hands[2]) == hand_str("4s 7c")
    assert d.turn == 2


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_deal_double_tribute_step_by_step(ruleset):
    # 1-2 for team 0. Seat 1 holds BJ (highest), seat 3 holds As: seat 1 pays
    # seat 0, seat 3 pays seat 2. Level 5.
    h = ["3s 4s", "BJ 6s", "6c 7c", "As 8d"]
    d = tribute_deal(h, [0, 2, 1, 3], "5", ruleset)
    assert d.phase == "tribute"
    assert [tuple(p) for p in d.tribute.payments] == [(1, 0), (3, 2)]
    expected_card = {1: "BJ", 3: "As"}
    paid_by = set()
    for _ in range(2):
        seat = d.turn
        assert seat in expected_card and seat not in paid_by
        assert names(d.tribute_options()) == {expected_card[seat]}
        assert_rejected(d, d.give, guandan.Card("6s" if seat == 1 else "8d"))
        d.give(guandan.Card(expected_card[seat]))
        paid_by.add(seat)
    assert d.phase == "return"
    assert set(triples(d.tribute.paid)) == {(1, 0, "BJ"), (3, 2, "As")}
    returned = {0: "3s", 2: "7c"}
    options = {0: {"3s", "4s"}, 2: {"6c", "7c"}}  # both rules: <= 10 and not received
    for _ in range(2):
        seat = d.turn
        assert seat in returned
        assert names(d.tribute_options()) == options[seat]
        d.give(guandan.Card(returned.pop(seat)))
    assert d.phase == "play"
    assert set(triples(d.tribute.returned)) == {(0, 1, "3s"), (2, 3, "7c")}
    assert str(d.hands[0]) == hand_str("4s BJ")
    assert str(d.hands[1]) == hand_str("3s 6s")
    assert str(d.hands[2]) == hand_str("6c As")
    assert str(d.hands[3]) == hand_str("7c 8d")
    # The payer of the higher card (to 1st place) leads.
    assert d.turn == 1


@pytest.mark.parametrize("ruleset", TEAM_OUT)
def test_deal_double_tribute_equal_cards(ruleset):
    # 1-2 for team 0 with seat 2 first; both losers pay a K (level 9). Seat 2's
    # next player in turn order, seat 3, pays seat 2 and leads.
    d = tribute_deal(["3s 4s", "Ks 5s", "6c 7c", "Kd 8d"], [2, 0, 1, 3], "9", ruleset)
    assert [tuple(p) for p in d.tribute.payments] == [(3, 2), (1, 0)]
    while d.phase in ("tribute", "return"):
        d.give(d.tribute_options()[0])
    assert d.phase == "play"
    assert set(triples(d.tribute.paid)) == {(3, 2, "Kd"), (1, 0, "Ks")}
    assert d.turn == 3


def test_deal_app_one_two_only_last_pays_and_first_leads():
    h = ["3s 4s", "BJ 6s", "6c 7c", "As 8d"]
    d = tribute_deal(h, [0, 2, 1, 3], "5", "app")
    assert [tuple(p) for p in d.tribute.payments] == [(3, 0)]
    assert d.turn == 3
    assert names(d.tribute_options()) == {"As"}
    d.give(guandan.Card("As"))
    assert d.phase == "return" and d.turn == 0
    assert names(d.tribute_options()) == {"3s", "4s"}
    d.give(guandan.Card("4s"))
    assert d.phase == "play"
    assert str(d.hands[1]) == hand_str("BJ 6s")  # seat 1 pays nothing
    assert str(d.hands[3]) == hand_str("4s 8d")
    assert d.turn == 0  # app: 1st place leads


@pytest.mark.parametrize("ruleset", RULESETS)
def test_deal_wild_as_tribute(ruleset):
    # Level 7, 1-3 for team 0: seat 3 pays. Its hand 7h As 3d: pagat/standard
    # never pay the wild (As); app pays the wild, counting as 7, above A.
    d = tribute_deal(["3s", "4s", "5s", "7h As 3d"], [0, 1, 2, 3], "7", ruleset)
    if ruleset == "app":
        assert names(d.tribute_options()) == {"7h"}
        assert_rejected(d, d.give, guandan.Card("As"))
        d.give(guandan.Card("7h"))
        assert str(d.hands[0]) == hand_str("3s 7h")
    else:
        assert names(d.tribute_options()) == {"As"}
        assert_rejected(d, d.give, guandan.Card("7h"))
        d.give(guandan.Card("As"))
        assert str(d.hands[0]) == hand_str("3s As")
    assert d.phase == "return"


@pytest.mark.parametrize(
    "ruleset, order, hand_texts, first",
    [
        ("pagat", [0, 1, 2, 3], ["3s", "4s", "5s", "BJ BJ 6d"], 0),
        ("standard", [0, 1, 2, 3], ["3s", "4s", "5s", "BJ BJ 6d"], 0),
        ("standard", [2, 0, 1, 3], ["3s", "BJ 4s", "5s", "BJ 6d"], 2),
        ("pagat", [1, 3, 0, 2], ["BJ 3s", "4s", "BJ 5s", "6d"], 1),
        ("app", [3, 0, 1, 2], ["3s", "4s", "SJ SJ BJ BJ", "6d"], 3),
    ],
)
def test_deal_cancelled_tribute_goes_straight_to_play(ruleset, order, hand_texts, first):
    d = tribute_deal(hand_texts, order, "6", ruleset)
    assert d.tribute is not None and d.tribute.cancelled
    assert d.phase == "play"
    assert d.turn == first  # cancelled: 1st place leads
    assert [str(h) for h in d.hands] == [hand_str(t) for t in hand_texts]
    assert triples(d.tribute.paid) == [] and triples(d.tribute.returned) == []


def test_deal_app_two_big_jokers_do_not_cancel():
    d = tribute_deal(["3s", "4s", "5s", "BJ BJ 6d"], [0, 1, 2, 3], "6", "app")
    assert not d.tribute.cancelled
    assert d.phase == "tribute" and d.turn == 3
    assert names(d.tribute_options()) == {"BJ"}
