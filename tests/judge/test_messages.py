"""The judge's messages, decisions and fallbacks, without sockets; and the
client's rebuilt view of its seat against the engine's."""

import json
import random

import pytest

from guandan import Match
from guandan.gd.bots import make_bot
from guandan.judge.client import ClientState, choose
from guandan.judge.table import JudgeTable

FIELDS = {
    ("notify", "beginning"): {"handCards", "myPos", "selfRank", "oppoRank", "curRank"},
    ("notify", "play"): {"curPos", "curAction", "greaterPos", "greaterAction"},
    ("notify", "tribute"): {"result"},
    ("notify", "back"): {"result"},
    ("notify", "anti-tribute"): {"antiNum", "antiNums", "antiPos"},
    ("notify", "episodeOver"): {"order", "curRank", "restCards"},
    ("act", "play"): {"myPos", "handCards", "publicInfo", "selfRank", "oppoRank", "curRank", "curPos", "curAction",
                      "greaterPos", "greaterAction", "actionList", "indexRange"},
}
FIELDS[("act", "tribute")] = FIELDS[("act", "back")] = FIELDS[("act", "play")]


def _check(message):
    key = (message["type"], message["stage"])
    assert set(message) == FIELDS[key] | {"type", "stage"}, key
    json.dumps(message)  # plain JSON values only
    if message["type"] == "act":
        actions = message["actionList"]
        assert message["indexRange"] == len(actions) - 1 >= 0
        assert [len(info) for info in message["publicInfo"]] == [2, 2, 2, 2]
        if message["stage"] == "play":
            leading = message["greaterPos"] == -1
            assert (actions[0] == ["PASS", "PASS", "PASS"]) != leading
            assert ["PASS", "PASS", "PASS"] not in actions[1:]
            if leading:
                assert message["curPos"] == -1 and message["curAction"] == message["greaterAction"] == [None, None, None]
        else:
            assert all(a[:2] == [message["stage"]] * 2 and len(a[2]) == 1 for a in actions)


def _play_match(seed, answer, ruleset="standard"):
    """A whole match through the table; every message checked; answer(decision) picks."""
    match = Match(ruleset, seed=seed)
    table = JudgeTable(match)
    stages = set()
    while True:
        for _, message in table.start_deal():
            _check(message)
            stages.add(message["stage"])
        while (decision := table.decision()) is not None:
            _check(decision.message)
            _, notices = table.answer(answer(decision))
            for _, message in notices:
                _check(message)
                stages.add(message["stage"])
        for _, message in table.end_deal():
            _check(message)
            stages.add(message["stage"])
        if match.next_deal() is None:
            return match, stages


@pytest.mark.parametrize("ruleset", ["standard", "app"])
def test_every_message_has_its_fields(ruleset):
    rng = random.Random(2)
    match, stages = _play_match(3, lambda d: rng.randrange(len(d.options)), ruleset)
    assert match.is_over and {"beginning", "play", "episodeOver"} <= stages


def test_fallbacks_pass_or_lead_the_weakest():
    def fallback(decision):
        index = decision.fallback()
        if decision.stage == "play":
            if decision.can_pass:
                assert index == 0
            else:
                moves = decision.options
                assert all(moves[index].strength <= m.strength for m in moves)
        return index
    match, stages = _play_match(1, fallback)
    assert match.is_over and {"tribute", "back"} <= stages


def test_an_answer_out_of_range_changes_nothing():
    table = JudgeTable(Match("standard", seed=2))
    table.start_deal()
    decision = table.decision()
    for bad in (-1, len(decision.options), True, "0", 1.0, None):
        with pytest.raises(ValueError):
            table.answer(bad)
    assert table.decision() is decision


def test_the_client_rebuilds_its_seat_exactly():
    """Fed only the messages of its seat, the client's observation agrees with
    the engine's on everything public, and the core accepts its view."""
    for seed in (11, 12):
        match = Match("standard", seed=seed)
        table = JudgeTable(match)
        states = [ClientState() for _ in range(4)]
        bots = [make_bot("rule", s) for s in range(4)]

        def tell(addressed):
            for seat, message in addressed:
                message = json.loads(json.dumps(message))
                for s in (range(4) if seat is None else [seat]):
                    states[s].update(message)
        while True:
            tell(table.start_deal())
            while (decision := table.decision()) is not None:
                message = json.loads(json.dumps(decision.message))
                state = states[decision.seat]
                state.update(message)
                if decision.stage == "play":
                    mine, real = state.observation("play"), match.deal.observation(decision.seat, match)
                    assert mine.view is not None
                    for name in ("hand", "card_counts", "played", "last_play", "last_player", "finishing_order",
                                 "first_out_last_play"):
                        assert getattr(mine, name) == getattr(real, name), name
                    assert list(mine.shown) == list(real.shown)
                tell(table.answer(choose(state, bots[decision.seat], message))[1])
            tell(table.end_deal())
            if match.next_deal() is None:
                break
