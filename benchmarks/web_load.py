"""Load test of the web server: many bot tables and scripted players at once.

Starts ``guandan.web`` on uvicorn in its own process with a fresh database in
a temporary folder, then, from this process, drives

- ``--tables`` tables against bots (``POST /api/tables/vs-bots``): one
  scripted player at seat 0 keeps each table going (bots play only while a
  person is present), three bots play the other seats;
- ``--players`` more scripted players, two to a table with friends (a host
  creates it, the friend joins by code, the host starts it; bots fill the
  empty seats);

every player a real websocket client (the ``websockets`` library) with its
own session cookie, the players arriving over ``--ramp-up`` seconds, asking
for views as deltas and rebuilding them, as the pages do (``--whole-views``:
whole views only). A scripted player plays the weakest legal move that has
a single reading (computed with the engine from its own hand and the trick
in its view), passes when it has none, pays and returns the first card it
is offered, and says ``next`` after each deal.

It measures, for every action a scripted player sends, the time until the
server's broadcast of it arrives (the first ``view`` with a higher ``seq``),
and reports the median and the 99th percentile (target: p99 <= 50 ms),
the errors (``error`` messages, failed requests, dropped connections) and the
lost actions (an action with no broadcast within ``--lost-after`` seconds, or
a gap in the ``seq`` numbers a connection receives). Both must be zero.

    python benchmarks/web_load.py --tables 200 --players 50 --seconds 60

Not a pytest module (pytest collects only ``test_*.py``): run it by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

import httpx
import websockets

from guandan import classify, legal_moves
from guandan.web.deltas import apply

COOKIE = "guandan_session"
SERVER = """
import sys, uvicorn
from guandan.web.app import create_app
db, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
uvicorn.run(create_app(db, bot_delay=delay), host="127.0.0.1", port=port, log_level="warning",
            ws_max_size=1 << 22)
"""


@dataclass
class Tally:
    """What every client saw, gathered in one place (one event loop: no locks)."""

    latencies: List[float] = field(default_factory=list)
    errors: List[str] = field(default_factory=list)
    lost: int = 0
    seq_gaps: int = 0
    views: int = 0
    actions: int = 0
    bytes: int = 0  # of views and patches received


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _choose(view: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The scripted player's message for this view, or None when it has nothing to do."""
    deal = view.get("deal")
    if not deal:
        return None
    me = view["me"]
    if deal["phase"] == "over":
        seat = me.get("seat")
        if view["match"].get("winner") is None and seat is not None and not view["seats"][seat]["ready"]:
            return {"type": "next"}
        return None
    if not deal.get("my_turn"):
        return None
    if deal.get("give"):
        return {"type": "give", "card": deal["give"]["options"][0]}
    if deal["phase"] != "play":
        return None
    level, ruleset = deal["level"], view["match"]["ruleset"]
    hand = " ".join(deal["hand"])
    trick = deal.get("trick")
    previous = None
    if trick is not None:
        previous = next(m for m in classify(" ".join(trick["cards"]), level, ruleset)
                        if m.kind == trick["kind"] and m.rank == trick["rank"]
                        and sorted(map(str, m.declared)) == sorted(trick["declared"]))
    moves = [m for m in legal_moves(hand, level, previous, ruleset) if not m.is_bomb]
    # One reading only, so the play needs no choice among readings.
    plain = [m for m in moves if len(classify(m.cards, level, ruleset)) == 1]
    if plain:
        move = min(plain, key=lambda m: (m.strength, -m.size))
        return {"type": "play", "cards": [str(c) for c in move.cards]}
    if deal.get("can_pass"):
        return {"type": "pass"}
    return {"type": "play", "cards": [deal["hand"][0]], "reading": 0}  # a single card is always a lead


class Player:
    """One scripted websocket player."""

    def __init__(self, base: str, token: str, code: str, tally: Tally, lost_after: float, deltas: bool) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/{code}" + ("?deltas=1" if deltas else "")
        self.view: Optional[Dict[str, Any]] = None  # the last whole view, rebuilt from patches
        self.token = token
        self.tally = tally
        self.lost_after = lost_after
        self.seq = -1
        self.pending: Optional[float] = None  # when the action awaiting its broadcast was sent
        self.pending_seq = -1
        self.sent_next_for: Optional[int] = None

    async def run(self, until: float, delay: float = 0.0) -> None:
        """Play until ``until``, connecting after ``delay`` seconds."""
        await asyncio.sleep(delay)
        headers = {"Cookie": f"{COOKIE}={self.token}"}
        try:
            async with websockets.connect(self.url, additional_headers=headers, max_size=1 << 22) as ws:
                while True:
                    now = time.monotonic()
                    if now >= until and self.pending is None:
                        return
                    if self.pending is not None and now - self.pending > self.lost_after:
                        self.tally.lost += 1
                        self.pending = None
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except asyncio.TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message.get("type") in ("view", "patch"):
                        self.tally.bytes += len(raw)
                    await self.on_message(ws, self.rebuilt(message), until)
        except websockets.ConnectionClosed as closed:
            self.tally.errors.append(f"connection closed: {closed}")
        except OSError as error:
            self.tally.errors.append(f"connection failed: {error}")

    def rebuilt(self, message: Dict[str, Any]) -> Dict[str, Any]:
        """A patch as the whole view it stands for, as the pages rebuild it."""
        if message.get("type") == "view":
            self.view = message
        elif message.get("type") == "patch":
            if self.view is None or message["base"] != self.view["version"]:
                self.tally.errors.append(f"patch on version {message['base']} without that view")
                return {"type": "lost"}
            self.view = {**apply(self.view, message["ops"]), "version": message["version"]}
            return self.view
        return message

    async def on_message(self, ws: Any, message: Dict[str, Any], until: float) -> None:
        kind = message.get("type")
        if kind == "error":
            self.tally.errors.append(f"error {message.get('code')}: {message.get('message', {}).get('en')}")
            self.pending = None
            return
        if kind != "view":
            return
        self.tally.views += 1
        seq = message["seq"]
        if self.seq >= 0 and seq > self.seq + 1:
            self.tally.seq_gaps += 1
        if seq < self.seq:
            self.tally.errors.append(f"view seq went back from {self.seq} to {seq}")
        self.seq = max(self.seq, seq)
        if self.pending is not None and seq > self.pending_seq:
            self.tally.latencies.append(time.monotonic() - self.pending)
            self.pending = None
        if self.pending is not None or time.monotonic() >= until:
            return
        action = _choose(message)
        if action is None:
            return
        if action["type"] == "next":
            number = message["deal"]["number"]
            if self.sent_next_for == number:
                return
            self.sent_next_for = number
            await ws.send(json.dumps(action))  # changes no seq until everyone is ready: not timed
            return
        self.pending, self.pending_seq = time.monotonic(), seq
        self.tally.actions += 1
        await ws.send(json.dumps(action))


async def _session(client: httpx.AsyncClient, name: str) -> str:
    """A new player's session token. Its own client: a shared one would keep
    the first cookie and rename that player instead."""
    async with httpx.AsyncClient(base_url=str(client.base_url), timeout=30) as own:
        reply = await own.post("/api/session", json={"name": name})
    reply.raise_for_status()
    return reply.cookies[COOKIE]


async def _post(client: httpx.AsyncClient, token: str, path: str, body: Dict[str, Any]) -> Dict[str, Any]:
    reply = await client.post(path, json=body, headers={"Cookie": f"{COOKIE}={token}"})
    if reply.status_code >= 400:
        raise RuntimeError(f"POST {path}: {reply.status_code} {reply.text}")
    return reply.json()


async def _set_up(base: str, tables: int, players: int, bots: str, tally: Tally, lost_after: float,
                  deltas: bool) -> List[Player]:
    """Sessions, tables and one Player per scripted seat (not yet connected)."""
    out: List[Player] = []
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        async def solo(i: int) -> None:
            token = await _session(client, f"solo{i}")
            table = await _post(client, token, "/api/tables/vs-bots", {"bots": bots})
            out.append(Player(base, token, table["table"]["code"], tally, lost_after, deltas))

        async def friends(i: int, size: int) -> None:
            host = await _session(client, f"host{i}")
            table = (await _post(client, host, "/api/tables", {"bots": bots, "public": False}))["table"]
            guests = [await _session(client, f"guest{i}_{k}") for k in range(size - 1)]
            for guest in guests:
                await _post(client, guest, f"/api/tables/{table['code']}/join", {})
            await _post(client, host, f"/api/tables/{table['code']}/start", {"anyway": True})
            out.extend(Player(base, token, table["code"], tally, lost_after, deltas) for token in [host, *guests])

        # Friends' tables of two (one of three when the count is odd).
        sizes = [2] * (players // 2)
        if players % 2 and sizes:
            sizes[-1] = 3
        jobs = [solo(i) for i in range(tables)] + [friends(i, size) for i, size in enumerate(sizes)]
        for start in range(0, len(jobs), 20):  # a few at a time: setting up is not what is measured
            await asyncio.gather(*jobs[start:start + 20])
    return out


def _percentile(values: List[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _drive(base: str, args: argparse.Namespace) -> Tally:
    tally = Tally()
    players = await _set_up(base, args.tables, args.players, args.bots, tally, args.lost_after, not args.whole_views)
    print(f"{len(players)} players at {args.tables + args.players // 2} tables; arriving over {args.ramp_up} s, "
          f"then playing {args.seconds} s ...",
          flush=True)
    # Players arrive over the ramp-up, not all in one instant: a herd of
    # hundreds of sockets opened at once measures the herd, not the tables.
    # The client's own collector stays off while it plays: its pauses would
    # read as the server's latency.
    gc.collect()
    gc.disable()
    until = time.monotonic() + args.ramp_up + args.seconds
    step = args.ramp_up / max(len(players), 1)
    try:
        await asyncio.gather(*(p.run(until, i * step) for i, p in enumerate(players)))
    finally:
        gc.enable()
    return tally


def _wait_for(base: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with status {server.returncode}")
        try:
            httpx.get(base + "/api/tables", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def _cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU time of a process (Linux /proc), or None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables against bots (one scripted player each)")
    parser.add_argument("--players", type=int, default=50, help="scripted players at tables with friends, two a table")
    parser.add_argument("--seconds", type=float, default=60, help="how long to play")
    parser.add_argument("--ramp-up", type=float, default=2, help="seconds over which the players connect")
    parser.add_argument("--bots", default="rule", help="bot strength: simple, rule or search")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's pause before a bot plays")
    parser.add_argument("--lost-after", type=float, default=10, help="seconds without a broadcast that make an action lost")
    parser.add_argument("--whole-views", action="store_true", help="ask for whole views only (the pages ask for deltas)")
    args = parser.parse_args(argv)
    if args.tables < 0 or args.players < 0 or args.tables + args.players == 0 or args.players == 1:
        parser.error("need some tables or players (and 0 or at least 2 players: they play in pairs)")
    if not math.isfinite(args.seconds) or args.seconds <= 0:
        parser.error("--seconds must be a positive number")
    if not math.isfinite(args.ramp_up) or args.ramp_up < 0:
        parser.error("--ramp-up must be a number of seconds, 0 or more")

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-c", SERVER, os.path.join(folder, "load.sqlite"), str(port),
                                   str(args.bot_delay)])
        try:
            _wait_for(base, server)
            started = time.monotonic()
            tally = asyncio.run(_drive(base, args))
            elapsed = time.monotonic() - started
            server_cpu = _cpu_seconds(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)

    lost = tally.lost + tally.seq_gaps
    print(f"actions timed: {len(tally.latencies)} of {tally.actions} sent; views received: {tally.views} "
          f"in {elapsed:.0f} s (setting up the tables included), {tally.bytes / max(tally.views, 1) / 1000:.2f} KB "
          f"a view on the wire ({'whole views' if args.whole_views else 'deltas'})")
    if tally.latencies:
        median = statistics.median(tally.latencies) * 1000
        p99 = _percentile(tally.latencies, 0.99) * 1000
        print(f"action to broadcast: median {median:.1f} ms, p99 {p99:.1f} ms (target p99 <= 50 ms), "
              f"max {max(tally.latencies) * 1000:.1f} ms")
    if server_cpu is not None:
        print(f"server CPU: {server_cpu:.1f} s in {elapsed:.0f} s ({100 * server_cpu / elapsed:.0f} % of one core)"
              f" on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"errors: {len(tally.errors)}; lost actions: {tally.lost}; seq gaps: {tally.seq_gaps}")
    for error in sorted(set(tally.errors))[:10]:
        print("  ", error)
    ok = not tally.errors and lost == 0 and tally.latencies and _percentile(tally.latencies, 0.99) <= 0.050
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
