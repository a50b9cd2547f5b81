"""Shapes written by an open Python port of the competition's game core
(CyberBarbarian/Danzero-Predeal, guandan/env/game.py and engine.py; see
docs/judge.md, "Checked against an open port of the judge"), and that
`guandan connect` reads them. Each message here is written from the facts
the docs list; none of the port's code is here."""

import pytest

from guandan.judge.actions import move_of_action, tribute_action
from guandan.judge.cards import card_of_wire
from guandan.judge.client import ClientState, choose
from guandan.gd.bots import make_bot

NULL_ACTION = [None, None, None]
HAND = ["S2", "H3", "C3", "D4", "S5", "H6", "C7", "D7", "S8", "H9", "C9", "ST", "HT", "DJ", "SJ", "CQ", "DQ",
        "SK", "HK", "CA", "DA", "HA", "S6", "C6", "D9", "SB", "HR"]


def _beginning(level):
    # The port writes the beginning's ranks as numbers: 2 .. 14 (T = 10, A = 14).
    return {"type": "notify", "stage": "beginning", "handCards": HAND, "myPos": 1,
            "selfRank": level, "oppoRank": 2, "curRank": level}


def _act(stage, actions, rank="T", rest=None, hand=HAND):
    return {"type": "act", "stage": stage, "handCards": hand,
            "publicInfo": [{"rest": r} for r in (rest or [27, 27, 27, 27])],
            "selfRank": rank, "oppoRank": "2", "curRank": rank,
            "curPos": -1, "curAction": NULL_ACTION, "greaterPos": -1, "greaterAction": NULL_ACTION,
            "actionList": actions, "indexRange": len(actions) - 1}


@pytest.mark.parametrize("number, rank", [(2, "2"), (9, "9"), (10, "T"), (13, "K"), (14, "A")])
def test_a_beginning_with_numbered_ranks_sets_the_level(number, rank):
    state = ClientState()
    state.update(_beginning(number))
    assert state.level == rank and state.seat == 1 and len(state.hand) == 27


@pytest.mark.parametrize("value", ["1", "10", 1, 15, True, None, 10.0, "t"])
def test_a_rank_that_is_no_rank_keeps_level_2(value):
    state = ClientState()
    state.update(_beginning(value))
    assert state.level == "2"


def test_a_lead_with_null_triples_is_read_as_a_lead():
    # On a lead, in tribute and return questions, the port writes curPos and
    # greaterPos -1 and curAction / greaterAction [null, null, null].
    state = ClientState()
    state.update(_beginning(10))
    state.update({"type": "notify", "stage": "play", "curPos": 0, "curAction": ["Single", "4", ["S4"]],
                  "greaterPos": 0, "greaterAction": ["Single", "4", ["S4"]]})
    actions = [["Single", "2", ["S2"]], ["Pair", "3", ["H3", "C3"]], ["Single", "R", ["HR"]]]
    message = _act("play", actions)
    state.update(message)
    assert state.last_play is None and state.last_player == -1
    index = choose(state, make_bot("rule", 1), message)
    assert 0 <= index < len(actions)


def test_a_follow_after_a_pass_notice_reads_the_trick():
    state = ClientState()
    state.update(_beginning(10))
    # Seat 0 leads a pair of 4s; the notice of seat 3's pass names seat 0's pair as the trick's.
    for seat, action in ((0, ["Pair", "4", ["S4", "D4"]]), (3, ["PASS", "PASS", "PASS"])):
        state.update({"type": "notify", "stage": "play", "curPos": seat, "curAction": action,
                      "greaterPos": 0, "greaterAction": ["Pair", "4", ["S4", "D4"]]})
    actions = [["PASS", "PASS", "PASS"], ["Pair", "6", ["S6", "C6"]]]
    message = _act("play", actions)
    message.update(curPos=3, curAction=["PASS", "PASS", "PASS"], greaterPos=0,
                   greaterAction=["Pair", "4", ["S4", "D4"]])
    state.update(message)
    assert state.last_player == 0
    assert choose(state, make_bot("rule", 1), message) in (0, 1)


def test_tribute_and_return_questions_in_the_ports_shape():
    state = ClientState()
    state.update(_beginning(10))
    # A tribute question: every seat's rest is 27; one action per card it may pay.
    tribute = _act("tribute", [["tribute", "tribute", ["HR"]]])
    state.update(tribute)
    assert choose(state, make_bot("rule", 1), tribute) == 0
    # A return question: the receivers have 28, the payers 26; the cards in level order.
    hand = HAND + ["HR"]
    back = _act("back", [["back", "back", [c]] for c in ("S2", "H3", "C3", "D4", "S5", "H6", "S6", "C6")],
                rest=[26, 28, 27, 27], hand=hand)
    state.update(back)
    assert state.counts == [26, 28, 27, 27]
    assert 0 <= choose(state, make_bot("rule", 1), back) < 8


def test_our_tribute_and_return_actions_are_the_ports():
    card = card_of_wire("SA")
    assert tribute_action(card, "tribute") == ["tribute", "tribute", ["SA"]]
    assert tribute_action(card, "back") == ["back", "back", ["SA"]]


def test_the_ports_joker_bomb_and_jokers_read_back():
    # The port writes the small joker SB, the big one HR, and the joker
    # bomb as a Bomb of rank JOKER.
    bomb = move_of_action(["Bomb", "JOKER", ["SB", "SB", "HR", "HR"]], "T")
    assert (bomb.kind, bomb.rank, [str(c) for c in bomb.cards]) == ("joker_bomb", "BJ", ["SJ", "SJ", "BJ", "BJ"])
    single = move_of_action(["Single", "B", ["SB"]], "T")
    assert (single.kind, single.rank, [str(c) for c in single.cards]) == ("single", "SJ", ["SJ"])
    pair = move_of_action(["Pair", "R", ["HR", "HR"]], "T")
    assert (pair.kind, pair.rank, [str(c) for c in pair.cards]) == ("pair", "BJ", ["BJ", "BJ"])


def test_a_tribute_notice_that_cannot_be_true_does_not_cost_the_view():
    # The port's notices can name a card given that was not (it skips the
    # card numbered 0, the 2 of hearts, when it moves cards): the seat still
    # gets its view, without the cards the notices say others hold.
    state = ClientState()
    state.update(_beginning(10))
    hand = [c for c in HAND if c != "S2"] + ["HR"]
    state.update({"type": "notify", "stage": "tribute", "result": [[2, 0, "HR"]]})
    message = _act("play", [["Single", "3", ["H3"]]], hand=hand, rest=[28, 27, 26, 27])
    message["publicInfo"][1]["rest"] = 27
    state.update(message)
    assert state.observation("play").view is not None
