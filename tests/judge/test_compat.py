"""What clients written for the competition's judge rely on (docs/judge.md,
"Checked against public clients"): the paths they connect to, the handshake
they read, and answers that come late.

Each test states the fact it pins; none of the clients' code is here."""

import asyncio
import base64
import io
import json
import os
import socket
import time

import pytest

from guandan.judge.command import run_coroutine
from guandan.judge.server import JudgeOptions, JudgeServer

websockets = pytest.importorskip("websockets")

from websockets.asyncio.client import connect as ws_connect  # noqa: E402

# --- over sockets ------------------------------------------------------------

def _options(**changes):
    settings = dict(port=0, wait=10, matches=1, level="A", timeout=5)
    settings.update(changes)
    return JudgeOptions(**settings)


async def _judge(options, *clients):
    server = JudgeServer(options, out=io.StringIO())
    await server.start()
    base = f"ws://127.0.0.1:{server.port}"
    tasks = [asyncio.create_task(client(base)) for client in clients]
    run = await asyncio.wait_for(server.run(), 60)
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)
    return run, results


async def _answers_first(path, base, seen):
    """A client at ``path`` that answers index 0; the seats it was given."""
    async with ws_connect(base + path, proxy=None) as connection:
        async for raw in connection:
            message = json.loads(raw)
            if "myPos" in message:
                seen.add(message["myPos"])
            if message["type"] == "act":
                await connection.send(json.dumps({"actIndex": 0}))
    return connection.close_code


def test_named_paths_take_free_seats_and_numbered_ones_their_own():
    """The example clients connect to /game/client1 .. /game/client4, others
    to /game/gd/NAME; they learn their seat from myPos."""
    paths = ["/game/client1", "/game/client2", "/game/client3", "/game/client4"]
    seen = [set() for _ in paths]
    clients = [lambda base, p=p, s=s: _answers_first(p, base, s) for p, s in zip(paths, seen)]
    run, results = run_coroutine(_judge(_options(), *clients))
    assert results == [1000] * 4 and run.players == ["client"] * 4 and not run.fallbacks
    assert seen == [{1}, {2}, {3}, {0}]

    seen = [set() for _ in range(4)]
    names = ["/game/gd/0000002", "/game/gd/client3", "/game/gd/0000002", "/game/x.y-z_1"]
    clients = [lambda base, p=p, s=s: _answers_first(p, base, s) for p, s in zip(names, seen)]
    run, results = run_coroutine(_judge(_options(), *clients))
    assert results == [1000] * 4 and not run.fallbacks
    assert sorted(min(s) for s in seen) == [0, 1, 2, 3] and seen[1] == {3}


def test_a_fifth_client_is_refused():
    async def fifth(base):
        await asyncio.sleep(0.3)  # the four are in; the first message waits for the handshake grace
        async with ws_connect(base + "/game/late", proxy=None) as connection:
            await connection.wait_closed()
            return connection.close_code
    clients = [lambda base, s=s: _answers_first(f"/game/c{s}", base, set()) for s in range(4)]
    run, results = run_coroutine(_judge(_options(), *clients, fifth))
    assert results == [1000] * 4 + [1008]


def _raw_handshake(port, path):
    """Open a websocket as a client that reads the handshake's answer in
    128-byte chunks; what came after the answer in the same reads."""
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    time.sleep(0.2)  # a slow client: everything the judge sent so far is waiting
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = sock.recv(128)
        if not chunk:
            break
        response += chunk
    sock.close()
    return response.partition(b"\r\n\r\n")[2]


def test_nothing_is_sent_with_the_handshake_of_the_fourth_client():
    """The judge starts when the fourth client connects; its first message
    must not come in the same read as the handshake's answer."""
    clients = [lambda base, s=s: _answers_first(f"/game/client{s}", base, set()) for s in range(3)]

    async def fourth(base):
        port = int(base.rsplit(":", 1)[1])
        await asyncio.sleep(0.5)
        return await asyncio.to_thread(_raw_handshake, port, "/game/client3")
    run, results = run_coroutine(_judge(_options(wait=5), *clients, fourth))
    assert results[:3] == [1000] * 3
    assert results[3] == b""
    assert run.matches[0].is_over


def test_a_late_answer_is_not_taken_for_the_next_question():
    """A client slower than the timeout answers every question in turn: its
    late answers are voided, and each answer in time is played for its own question."""
    timeout = 0.3
    wrong = []

    async def slow_at_first(base):
        async with ws_connect(base + "/game/client1", proxy=None) as connection:
            plays, chosen = 0, None
            async for raw in connection:
                message = json.loads(raw)
                if message["type"] == "notify" and message["stage"] == "play" and message["curPos"] == 1:
                    if chosen is not None and message["curAction"] != chosen:
                        wrong.append((message["curAction"], chosen))
                    chosen = None
                if message["type"] == "act":
                    index = message["indexRange"]  # in time: the last choice
                    if message["stage"] == "play":
                        plays += 1
                        if plays <= 3:  # late: the first choice, after the timeout
                            await asyncio.sleep(timeout * 1.8)
                            index = 0
                        else:
                            chosen = message["actionList"][index]
                    await connection.send(json.dumps({"actIndex": index}))
        return connection.close_code
    clients = [lambda base, s=s: _answers_first(f"/game/client{s}", base, set()) for s in (0, 2, 3)]
    run, results = run_coroutine(_judge(_options(timeout=timeout, matches=2), slow_at_first, *clients))
    assert results == [1000] * 4
    assert [(f.participant, f.why) for f in run.fallbacks] == [(1, "timeout")] * 3
    assert not wrong
