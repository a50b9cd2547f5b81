"""The judge and its clients over real websockets on 127.0.0.1."""

import asyncio
import io
import json
import os
import random
import subprocess
import sys

import pytest

websockets = pytest.importorskip("websockets")

from websockets.asyncio.client import connect as ws_connect  # noqa: E402

from guandan.gd.bots import make_bot  # noqa: E402
from guandan.judge.client import connect  # noqa: E402
from guandan.judge.command import run_coroutine  # noqa: E402
from guandan.gd.log import replay  # noqa: E402
from guandan.judge.report import run_log, summary  # noqa: E402

from .helpers import judge_options, run_judge  # noqa: E402


def _our_client(seat, bot="rule"):
    return lambda url: connect(url + str(seat), make_bot(bot, seat), out=io.StringIO(), retries=3)


def _replays(run):
    for match in run.matches:
        assert match.is_over
        log = run_log(run)["matches"][run.matches.index(match)]["log"]
        assert replay(json.loads(json.dumps(log))).winner == match.winner


def test_four_connect_clients_play_whole_matches():
    run, results = run_coroutine(run_judge(judge_options(matches=2), *[_our_client(s) for s in range(4)]))
    assert results == [0, 0, 0, 0]
    assert run.players == ["client"] * 4 and not run.fallbacks
    assert len(run.matches) == 2
    _replays(run)
    text = "\n".join(summary(run))
    assert "A wins deals" in text and "fallbacks: none" in text


def test_empty_seats_go_to_bots_and_duplicate_swaps_seats():
    run, results = run_coroutine(run_judge(judge_options(wait=1, duplicate=True, bots=["simple"]),
                                      _our_client(0), _our_client(2)))
    assert results == [0, 0]
    assert run.players == ["client", "simple", "client", "simple"]
    assert run.rotations == [0, 1]
    assert run.matches[0].deals[0].initial_hands == run.matches[1].deals[0].initial_hands
    _replays(run)


async def _plain(url, behave, seen):
    """A client written from the protocol alone: answers ``act`` messages with behave(message)."""
    async with ws_connect(url, proxy=None) as connection:
        async for raw in connection:
            message = json.loads(raw)
            seen.append(message["stage"])
            if message["type"] == "act":
                answer = behave(message)
                if answer is not None:
                    await connection.send(answer)


def test_bad_answers_get_the_fallback_and_the_match_finishes():
    rng = random.Random(5)
    seen = [[], [], [], []]
    silent = [0]

    def silent_at_first(message):  # says nothing to its first three questions: the timeout
        silent[0] += 1
        return None if silent[0] <= 3 else json.dumps({"actIndex": 0})

    behaviours = [
        lambda m: json.dumps({"actIndex": rng.randint(0, m["indexRange"])}),  # a plain, correct client
        lambda m: rng.choice(["{not json", "[]", '{"actIndex": "1"}', '{"actIndex": true}', "\x00" * 10]),
        lambda m: json.dumps({"actIndex": m["indexRange"] + 1 + rng.randrange(5)}),
        silent_at_first,
    ]
    clients = [lambda url, s=s: _plain(url + str(s), behaviours[s], seen[s]) for s in range(4)]
    run, results = run_coroutine(run_judge(judge_options(timeout=0.2), *clients))
    assert all(r is None for r in results)  # every plain client saw the judge close normally
    _replays(run)
    why = {(f.participant, f.why.split(" ")[0]) for f in run.fallbacks}
    assert not any(p == 0 for p, _ in why)
    assert {p for p, _ in why} == {1, 2, 3}
    assert (3, "timeout") in why and (2, "actIndex") in why
    assert all(s[-2:] == ["gameOver", "gameResult"] for s in seen)


def test_a_client_that_drops_mid_deal_is_replaced_by_a_bot():
    async def drops(url):
        async with ws_connect(url + "1", proxy=None) as connection:
            acts = 0
            async for raw in connection:
                message = json.loads(raw)
                if message["type"] == "act":
                    acts += 1
                    if acts == 3:
                        return "dropped"
                    await connection.send(json.dumps({"actIndex": 0}))
    run, results = run_coroutine(run_judge(judge_options(), _our_client(0), drops, _our_client(2), _our_client(3)))
    assert results == [0, "dropped", 0, 0]
    assert run.matches[0].is_over and not run.fallbacks
    _replays(run)


def test_a_taken_seat_and_an_unknown_path_are_refused():
    async def second(url):
        await asyncio.sleep(0.3)
        return await connect(url + "0", make_bot("simple"), out=io.StringIO(), retries=0)

    async def wrong(url):
        async with ws_connect(url.replace("/game/client", "/elsewhere"), proxy=None) as connection:
            await connection.wait_closed()
            return connection.close_code
    run, results = run_coroutine(run_judge(judge_options(wait=1), _our_client(0), second, wrong))
    assert results == [0, 1, 1008]


def test_the_commands_over_real_sockets(tmp_path):
    """`guandan judge` and four `guandan connect` processes."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    log = tmp_path / "run.json"
    judge = subprocess.Popen([sys.executable, "-m", "guandan.cli", "judge", "--port", "0", "--wait", "30",
                              "--level", "A", "--seed", "3", "--out", str(log)],
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        first = judge.stdout.readline()
        port = int(first.split("ws://127.0.0.1:")[1].split("/")[0])
        # Bots with options of their own, as `--bot NAME:KEY=VALUE,...` gives them.
        bots = ["rule", "search:think_ms=5,max_candidates=4,keep_margin=0.5", "rule", "simple:bomb_threshold=3"]
        clients = [subprocess.Popen([sys.executable, "-m", "guandan.cli", "connect",
                                     f"ws://127.0.0.1:{port}/game/client{s}", "--bot", bots[s], "--seed", str(s)],
                                    stdout=subprocess.DEVNULL, env=env) for s in range(4)]
        out, _ = judge.communicate(timeout=60)
        assert judge.returncode == 0
        assert [c.wait(timeout=20) for c in clients] == [0, 0, 0, 0]
    finally:
        judge.kill()
    assert "wins deals" in out and "fallbacks: none" in out
    stored = json.loads(log.read_text())
    assert stored["format"] == "guandan-judge-run" and stored["players"] == ["client"] * 4
    assert replay(stored["matches"][0]["log"]).is_over
