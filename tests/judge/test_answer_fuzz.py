"""Arbitrary answers to the judge's questions: any JSON value, any text,
huge numbers, negative indexes, floats, NaN, extra keys, binary frames.
The judge never crashes or stalls, plays the documented fallback for
every answer that is not ``{"actIndex": i}`` with ``i`` in range, and the
match it logs is legal (the engine replays it)."""

import asyncio
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

websockets = pytest.importorskip("websockets")

from websockets.asyncio.client import connect as ws_connect  # noqa: E402

from guandan import Match  # noqa: E402
from guandan.gd.log import replay  # noqa: E402
from guandan.judge.command import run_coroutine  # noqa: E402
from guandan.judge.report import run_log  # noqa: E402
from guandan.judge.server import MAX_MESSAGE, JudgeOptions, JudgeServer, _Seat, too_deep  # noqa: E402
from guandan.judge.table import JudgeTable  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)
INDEX = (st.integers(-5, 60) | st.integers(min_value=2 ** 63 - 2, max_value=2 ** 70)
         | st.integers(min_value=-(2 ** 70), max_value=-(2 ** 63)) | st.floats(allow_nan=True)
         | st.sampled_from(["0", "1", True, False, None, [0], {"i": 0}, 0.0, 1.0]))


def _dumps(value):
    return json.dumps(value, allow_nan=True)  # NaN and Infinity as Python writes them


ANSWERS = st.one_of(
    st.builds(lambda i: _dumps({"actIndex": i}), INDEX),
    st.builds(lambda i, extra: _dumps({**extra, "actIndex": i}), st.integers(-2, 30),
              st.dictionaries(st.text(max_size=6).filter(lambda k: k != "actIndex"), JSON, max_size=3)),
    st.builds(_dumps, JSON),
    st.text(max_size=60),
    st.builds(lambda n: '{"actIndex": ' + "9" * n + "}", st.integers(1, 4000)),
    st.builds(lambda depth: "[" * depth + "]" * depth, st.integers(1, 2000)),
    st.binary(max_size=60),
    st.builds(lambda i: _dumps({"actIndex": i}).encode(), st.integers(-2, 30)),
).filter(lambda a: len(a.encode() if isinstance(a, str) else a) <= MAX_MESSAGE)


def expected(raw, choices):
    """What the docs say the judge does with ``raw``: the index it takes, or
    the reason it plays the fallback instead."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return "malformed JSON"
    if too_deep(raw):  # deeper than MAX_DEPTH: malformed, whatever the parser's stack
        return "malformed JSON"
    try:
        answer = json.loads(raw)
    except (ValueError, RecursionError):
        return "malformed JSON"
    index = answer.get("actIndex") if isinstance(answer, dict) else None
    if isinstance(index, bool) or not isinstance(index, int):
        return "no integer actIndex"
    if not 0 <= index < choices:
        return f"actIndex {index} out of range"
    return index


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=ANSWERS)
def test_an_answer_is_taken_or_gets_the_documented_fallback(raw):
    server = JudgeServer(JudgeOptions(port=0))
    table = JudgeTable(Match("standard", seed=3))
    table.start_deal()
    decision = table.decision()
    want = expected(raw, len(decision.options))
    index = server._check_answer(_Seat(0, "simple", 0), table, decision, raw)
    if isinstance(want, int):
        assert index == want and not server.fallbacks
    else:
        assert index == decision.fallback()
        assert [f.why for f in server.fallbacks] == [want]


async def _fuzzing_client(url, answers, sent):
    """Answers every question with the next of ``answers`` (text or binary frames), in a cycle."""
    async with ws_connect(url, proxy=None) as connection:
        async for raw in connection:
            message = json.loads(raw)
            if message["type"] == "act":
                answer = answers[len(sent) % len(answers)]
                sent.append((answer, len(message["actionList"])))
                await connection.send(answer)


async def _plain_client(url):
    async with ws_connect(url, proxy=None) as connection:
        async for raw in connection:
            if json.loads(raw)["type"] == "act":
                await connection.send('{"actIndex": 0}')


async def _match(answers, sent):
    options = JudgeOptions(port=0, wait=10, matches=1, level="A", seed=11, timeout=5)
    server = JudgeServer(options, out=io.StringIO())
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/game/client"
    tasks = [asyncio.create_task(_fuzzing_client(url + "1", answers, sent))]
    tasks += [asyncio.create_task(_plain_client(url + str(s))) for s in (0, 2, 3)]
    run = await asyncio.wait_for(server.run(), 60)  # a stall fails here
    await asyncio.wait_for(asyncio.gather(*tasks), 20)
    return run


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answers=st.lists(ANSWERS, min_size=1, max_size=30))
def test_a_client_sending_anything_never_breaks_the_match(answers):
    sent = []
    run = run_coroutine(_match(answers, sent))
    match = run.matches[0]
    assert match.is_over and sent
    # One fallback per answer that is not a valid index, with the documented reason, in order.
    wanted = [w for w in (expected(raw, n) for raw, n in sent) if not isinstance(w, int)]
    mine = [f for f in run.fallbacks if f.participant == 1]
    assert [f.why for f in mine] == wanted
    assert len(mine) == len(run.fallbacks)
    log = run_log(run)["matches"][0]["log"]
    assert replay(json.loads(json.dumps(log))).winner == match.winner
