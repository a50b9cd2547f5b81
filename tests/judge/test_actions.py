"""Protocol cards and actions against engine moves (docs/judge.md, "Actions")."""

import random

import pytest

import guandan
from guandan import Card, Deal, classify
from guandan.judge.actions import PASS_ACTION, move_of_action, wire_action
from guandan.judge.cards import card_of_wire, wire_card


def test_every_card_round_trips():
    cards = [Card(r + s) for r in "23456789TJQKA" for s in "shcd"] + [Card("SJ"), Card("BJ")]
    wires = [wire_card(c) for c in cards]
    assert len(set(wires)) == 54 and wire_card(Card("Td")) == "DT" and wires[-2:] == ["SB", "HR"]
    assert [card_of_wire(w) for w in wires] == cards


@pytest.mark.parametrize("text", ["", "s9", "9S", "X9", "H1", "H10", "BJ", "XR", None, 9])
def test_bad_cards_are_refused(text):
    with pytest.raises((ValueError, TypeError)):
        card_of_wire(text)


def _positions(ruleset, seeds, rng):
    """Positions met in random deals: (deal, its legal moves)."""
    for seed in seeds:
        deal = Deal(seed=seed, level=rng.choice(guandan.RANKS), ruleset=ruleset)
        while not deal.is_over:
            moves = deal.legal_moves()
            yield deal, moves
            if deal.can_pass() and (not moves or rng.random() < 0.4):
                deal.pass_turn()
            else:
                deal.play(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("ruleset", ["standard", "pagat", "app"])
def test_every_legal_move_round_trips(ruleset):
    """Engine Move -> protocol action -> Move, for every legal move (leads and
    follows) of every position of seeded random deals; distinct moves give
    distinct actions, so an index into the list names one move."""
    rng = random.Random(ruleset)
    checked = 0
    for deal, moves in _positions(ruleset, range(10), rng):
        actions = [wire_action(m) for m in moves]
        keys = {(a[0], a[1], tuple(sorted(a[2]))) for a in actions}
        assert len(keys) == len(moves)
        for move, action in zip(moves, actions):
            assert move_of_action(action, deal.level, ruleset, moves) == move
            checked += 1
    assert checked > 5_000


@pytest.mark.parametrize("cards, level, expected", [
    ("As 2s 3d 4s 5s", "9", ["Straight", "A", ["SA", "S2", "D3", "S4", "S5"]]),  # A low: rank A
    ("Ts Js Qd Ks As", "9", ["Straight", "T", ["ST", "SJ", "DQ", "SK", "SA"]]),
    ("5s 6s 7s 8s 2h", "2", ["StraightFlush", "5", ["S5", "S6", "S7", "S8", "H2"]]),  # the wild in its slot (9)
    ("As As 2d 2d 3c 3c", "9", ["ThreePair", "A", ["SA", "SA", "D2", "D2", "C3", "C3"]]),
    ("As As Ad 2d 2c 2c", "9", ["TwoTrips", "A", ["SA", "SA", "DA", "C2", "C2", "D2"]]),
    ("SJ", "2", ["Single", "B", ["SB"]]),
    ("BJ BJ", "2", ["Pair", "R", ["HR", "HR"]]),
    ("SJ SJ BJ BJ", "2", ["Bomb", "JOKER", ["SB", "SB", "HR", "HR"]]),
    ("9s 9d 9c SJ SJ", "2", ["ThreeWithTwo", "9", ["S9", "C9", "D9", "SB", "SB"]]),  # a joker pair in a full house
    ("7s 7s 7h 7h 7c 7c 7d 7d 3h", "3", ["Bomb", "7", ["S7", "S7", "H7", "H7", "C7", "C7", "D7", "D7", "H3"]]),
])
def test_documented_shapes(cards, level, expected):
    readings = [m for m in classify(cards, level) if wire_action(m)[0] == expected[0] and wire_action(m)[1] == expected[1]]
    assert [wire_action(m) for m in readings] == [expected]
    assert move_of_action(expected, level) == readings[0]


def test_ten_card_bomb_and_wild_readings():
    ten = classify("7s 7s 7h 7h 7c 7c 7d 7d 3h 3h", "3")
    assert ("Bomb", "7") in {tuple(wire_action(m)[:2]) for m in ten}
    # The same five cards: a full house of 9s and a five-of-a-kind of 9s, two actions.
    both = classify("9s 9d 9c 5h 5h", "5")
    assert sorted(wire_action(m)[0] for m in both) == ["Bomb", "ThreeWithTwo"]
    # Wild read as another suit: a plain straight beside the straight flushes.
    types = sorted({tuple(wire_action(m)[:2]) for m in classify("5s 6s 7s 8s 2h", "2")})
    assert types == [("Straight", "4"), ("Straight", "5"), ("StraightFlush", "4"), ("StraightFlush", "5")]


def test_pass():
    assert wire_action(None) == PASS_ACTION == ["PASS", "PASS", "PASS"]
    assert move_of_action(["PASS", "PASS", "PASS"], "2") is None


@pytest.mark.parametrize("action", [
    None, "Single", [], ["Single", "2"], ["Single", "2", []], ["Single", "2", ["S3"]], ["Triple", "2", ["S2"]],
    ["Single", 2, ["S2"]], ["Pair", "2", ["S2", "S3"]], ["Bomb", "2", ["S2", "S2", "S2", "S2"]],
    ["Straight", "5", ["SA", "S2", "D3", "S4", "S5"]],  # the rank of a sequence is its lowest card
])
def test_bad_actions_are_refused(action):
    with pytest.raises((ValueError, TypeError)):
        move_of_action(action, "9")


def test_an_action_that_is_not_legal_here_is_refused():
    deal = Deal(seed=3)
    moves = deal.legal_moves()
    other = classify("SJ SJ BJ BJ", deal.level)[0]
    if other not in moves:
        with pytest.raises(ValueError):
            move_of_action(wire_action(other), deal.level, moves=moves)
