"""Reading a selection: its legal readings equal the engine's legal moves of
exactly those cards, and a reason is given exactly when there is none."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guandan import Card, Deal
from guandan.gd.ruleset import PRESET_NAMES
from guandan.web.selection import Selection, read_selection


def _key(cards):
    return tuple(sorted(str(c) for c in cards))


def _random_action(deal, rng):
    if deal.phase in ("tribute", "return"):
        deal.give(rng.choice(deal.tribute_options()))
    elif deal.can_pass() and (not len(deal.legal_moves()) or rng.random() < 0.4):
        deal.pass_turn()
    else:
        deal.play(rng.choice(deal.legal_moves()))


@st.composite
def positions(draw):
    """A deal after a random number of random legal actions (some with a tribute phase)."""
    level = draw(st.sampled_from("23456789TJQKA"))
    ruleset = draw(st.sampled_from(PRESET_NAMES))
    seed = draw(st.integers(0, 2**32))
    previous = draw(st.one_of(st.none(), st.permutations([0, 1, 2, 3])))
    deal = Deal(seed=seed, level=level, ruleset=ruleset, previous_order=previous)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 120))):
        if deal.is_over:
            break
        _random_action(deal, rng)
    return deal


@st.composite
def selections(draw, deal):
    """A seat and cards: mostly the seat to act, often a legal move's cards
    (the interesting case), sometimes with a card added or taken away, and
    sometimes cards the seat does not hold."""
    seat = deal.turn if deal.turn is not None and draw(st.integers(0, 9)) else draw(st.integers(0, 3))
    hand = list(deal.hands[seat].cards)
    moves = deal.legal_moves() if deal.phase == "play" and deal.turn == seat else []
    how = draw(st.sampled_from(["move", "move+1", "move-1", "wild", "subset", "foreign", "empty"]))
    cards = []
    wild = [m for m in moves if m.wilds] if how == "wild" else []
    if wild:  # the cards of a move with wild hearts: often several readings
        cards = list(wild[draw(st.integers(0, len(wild) - 1))].cards)
    elif how.startswith("move") and len(moves):
        cards = list(moves[draw(st.integers(0, len(moves) - 1))].cards)
        spare = list((Counter(str(c) for c in hand) - Counter(str(c) for c in cards)).elements())
        if how == "move+1" and spare:
            cards.append(Card(draw(st.sampled_from(spare))))
        if how == "move-1" and len(cards) > 1:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
    elif how in ("subset", "move", "move+1", "move-1", "wild") and hand:
        cards = draw(st.lists(st.sampled_from(hand), max_size=min(10, len(hand))))
    elif how == "foreign":
        cards = [Card(draw(st.sampled_from(["As", "Kh", "5d", "2c", "SJ", "BJ", "Th"]))) for _ in range(draw(st.integers(1, 3)))]
    return seat, draw(st.permutations(cards))


@given(st.data())
def test_readings_are_exactly_the_legal_moves_of_those_cards(data):
    deal = data.draw(positions())
    seat, cards = data.draw(selections(deal))
    before = deal.to_text()
    selection = read_selection(deal, seat, cards)
    assert deal.to_text() == before, "reading a selection must not change the deal"

    if deal.phase == "play" and deal.turn == seat:
        expected = {m for m in deal.legal_moves() if _key(m.cards) == _key(cards)}
    else:
        expected = set()
    assert set(selection.moves) == expected
    assert len(selection.moves) == len(expected), "each reading once"
    assert len(selection.names) == len(selection.moves)
    legal_pass = not cards and deal.turn == seat and deal.can_pass()
    assert selection.is_pass == legal_pass
    assert (selection.reason is None) == bool(expected or legal_pass)
    if selection.reason is not None:
        assert set(selection.reason) == {"en", "zh"} and all(selection.reason.values())


@given(st.data())
def test_string_cards_read_like_cards(data):
    deal = data.draw(positions())
    seat, cards = data.draw(selections(deal))
    assert read_selection(deal, seat, [str(c) for c in cards]) == read_selection(deal, seat, cards)


def _following(table_hand, table_cards, follower_hand, level="2"):
    """Seat 0 plays ``table_cards``; seat 1 (``follower_hand``) is to act."""
    deal = Deal(hands=[table_hand, follower_hand, "5s", "6s"], leader=0, level=level)
    deal.play(table_cards)
    return deal


def test_leader_cannot_pass():
    deal = Deal(hands=["Ks Kd 3c", "As", "5s", "6s"], leader=0)
    assert read_selection(deal, 0, []).reason == {"en": "you lead: you cannot pass", "zh": "你是首家，不能不出"}


def test_follower_may_pass():
    deal = _following("Ks Kd 3c", "Ks Kd", "As Ad 4c")
    assert read_selection(deal, 1, []) == Selection(is_pass=True)


def test_not_your_turn():
    deal = Deal(hands=["Ks Kd 3c", "As", "5s", "6s"], leader=0)
    assert read_selection(deal, 2, ["5s"]).reason["en"] == "not your turn"


def test_cards_not_held_are_named():
    deal = Deal(hands=["Ks Kd 3c", "As", "5s", "6s"], leader=0)
    assert read_selection(deal, 0, ["Ks", "Kh"]).reason["en"] == "you do not hold Kh"
    # A card selected twice when the hand holds one copy.
    assert read_selection(deal, 0, ["Ks", "Ks"]).reason["en"] == "you hold only 1 × Ks"


def test_not_one_combination():
    deal = Deal(hands=["Ks Kd 3c", "As", "5s", "6s"], leader=0)
    assert read_selection(deal, 0, ["Ks", "3c"]).reason["en"] == "these cards are not one combination"


def test_too_low_names_the_table_move():
    deal = _following("Ks Kd 3c", "Ks Kd", "Qs Qd 4c")
    reason = read_selection(deal, 1, ["Qs", "Qd"]).reason
    assert reason == {"en": "does not beat the pair of Ks on the table", "zh": "压不过桌上的对K"}


def test_wrong_kind_names_both():
    deal = _following("Ks Kd 3c", "Ks Kd", "As Ad Ac 4c")
    reason = read_selection(deal, 1, ["As", "Ad", "Ac"]).reason
    assert reason["en"] == "a triple cannot follow the pair of Ks: play a higher pair or a bomb"
    assert reason["zh"] == "三张不能接对K：请出更大的对子或炸弹"


def test_smaller_bomb_does_not_beat_bigger_bomb():
    deal = _following("7s 7d 7c 7h 7s 3c", "7s 7d 7c 7h 7s", "As Ad Ac Ah 4c")
    assert read_selection(deal, 1, ["As", "Ad", "Ac", "Ah"]).reason["en"] == (
        "does not beat the bomb of five 7s on the table")


def test_bomb_beats_any_other_kind():
    deal = _following("3s 4s 5d 6c 7c 9c", "3s 4s 5d 6c 7c", "2s 2d 2c 2h 4c")
    selection = read_selection(deal, 1, ["2s", "2d", "2c", "2h"])
    assert [m.kind for m in selection.moves] == ["bomb"] and selection.reason is None
    assert selection.names == ({"en": "bomb of four 2s", "zh": "炸弹 四个2"},)


def test_wild_hearts_give_every_reading():
    # Level 5: the two 5h are wild. 9s 9d 9c 5h 5h is a full house of 9s
    # (wilds as a pair) or a bomb of five 9s: the player chooses.
    deal = Deal(hands=["9s 9d 9c 5h 5h 3c", "As", "6s", "7s"], leader=0, level="5")
    selection = read_selection(deal, 0, ["9s", "9d", "9c", "5h", "5h"])
    assert sorted(m.kind for m in selection.moves) == ["bomb", "full_house"]
    assert selection.reason is None and len(selection.names) == 2


def test_tribute_phase_is_no_play():
    deal = Deal(seed=3, previous_order=[0, 1, 2, 3])
    assert deal.phase == "tribute"
    assert read_selection(deal, deal.turn, []).reason == {
        "en": "no play now: the deal is in its tribute phase", "zh": "现在不能出牌：正在进贡阶段"}


@pytest.mark.parametrize("seat, cards, error", [
    (4, [], ValueError), (-1, [], ValueError), ("0", [], TypeError), (True, [], TypeError),
    (0, "Ks", TypeError), (0, ["Zz"], ValueError), (0, [3], TypeError), (0, None, TypeError),
])
def test_bad_arguments_raise(seat, cards, error):
    deal = Deal(hands=["Ks Kd 3c", "As", "5s", "6s"], leader=0)
    with pytest.raises(error):
        read_selection(deal, seat, cards)
