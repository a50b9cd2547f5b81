"""``guandan judge``: a websocket judge speaking the competition's protocol.

Clients connect to ``ws://HOST:PORT/game/client{0..3}`` (one path per seat;
seats 0 and 2 are partners), or to ``/game/NAME`` or ``/game/gd/NAME`` as the
competition's clients do, which takes a free seat. The judge waits up to ``wait`` seconds for the
four seats, gives the seats nobody took to our bots, and plays ``matches``
matches, every action checked by the engine (:class:`.table.JudgeTable`).

A seat's client that answers an ``act`` with anything but
``{"actIndex": i}`` for a valid ``i`` (malformed JSON, another shape, an
index out of range) or nothing within ``timeout`` seconds gets the
fallback (:meth:`.table.Decision.fallback`: pass when it may, else its
weakest play; its first tribute card; its lowest card to give back),
recorded in the run's log. A client that disconnects gives its seat to a
bot until it connects again. Nothing a client sends can stop the table.

With ``duplicate``, every match is played twice from the same seed, the
second time with the clients moved one seat on (client0 plays seat 1, and
so on), so each team plays the other's cards.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, TextIO

from .._core import Card, Move
from ..gd.bots import Bot
from ..gd.players import bot_object
from ..gd.match import Match
from ..gd.ruleset import RulesetLike, as_ruleset
from . import messages
from .table import Decision, JudgeTable, participant_of

#: A client's path: ``/game/NAME`` or ``/game/gd/NAME``. The competition's
#: clients name themselves in it (``client1`` .. ``client4``, an account
#: number) and learn their seat from ``myPos``; ``client0`` .. ``client3`` are
#: that seat, any other name takes a free one (:meth:`JudgeServer._seat_for`).
PATH = re.compile(r"^/game/(?:gd/)?([A-Za-z0-9_.-]{1,64})/?$")
NUMBERED = re.compile(r"^client([0-3])$")
#: The longest message a client may send (an answer is a few bytes).
MAX_MESSAGE = 4096
#: An answer nested deeper than this (arrays and objects) is malformed: so
#: the verdict never depends on how deep the parser's own stack is.
MAX_DEPTH = 32
#: Seconds a send may wait on a client that does not read before it is dropped.
SEND_TIMEOUT = 10.0
#: Seconds after a client's handshake before the judge sends it anything.
#: Clients built on ws4py read the handshake's answer in 128-byte chunks and
#: break when a message comes in the same read (the handshake of the fourth
#: client, after which the judge starts at once).
HANDSHAKE_GRACE = 0.5
#: Deals after which a match is stopped (never reached in practice).
MAX_DEALS = 1000


def too_deep(text: str) -> bool:
    """Whether the JSON ``text`` nests arrays and objects deeper than ``MAX_DEPTH``."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


_CLOSED = object()


@dataclass
class JudgeOptions:
    """What ``guandan judge`` runs (its command-line options)."""

    host: str = "127.0.0.1"
    port: int = 23456
    matches: int = 1
    ruleset: RulesetLike = "standard"
    level: str = "2"
    seed: int = 0
    wait: float = 30.0
    timeout: float = 30.0
    bots: List[str] = field(default_factory=lambda: ["rule"] * 4)
    duplicate: bool = False


@dataclass
class Fallback:
    """A decision the judge made for a client: why, and what it played."""

    match: int
    deal: int
    participant: int
    seat: int
    stage: str
    why: str
    index: int

    def to_dict(self) -> Dict[str, Any]:
        return dict(self.__dict__)


class _Seat:
    """One path ``/game/client{n}``: its client, if any, and its bot."""

    def __init__(self, participant: int, bot_name: str, seed: int) -> None:
        self.participant = participant
        self.bot_name = bot_name
        self.bot: Bot = bot_object(bot_name, seed)
        self.connection: Any = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.ever_connected = False
        self.connected_at_start = False
        #: The path name of the client that holds (or last held) the seat.
        self.name: Optional[str] = None
        #: When the judge may first send to the connection (its handshake grace).
        self.ready_at = 0.0
        #: Questions the client timed out on: the answers it may still send to
        #: them are late, and are waited for and voided before it is asked again.
        self.owed = 0

    @property
    def live(self) -> bool:
        return self.connection is not None


@dataclass
class JudgeRun:
    """A finished run: the matches (with the rotation each was played at),
    the fallbacks, what played each path, and the judge's own cost per decision."""

    options: JudgeOptions
    matches: List[Match]
    rotations: List[int]
    players: List[str]
    fallbacks: List[Fallback]
    decision_seconds: List[float]
    seconds: float


class JudgeServer:
    """The judge: ``await server.start()`` binds (``server.port`` is the
    port, useful with port 0), ``await server.run()`` plays and returns the
    :class:`JudgeRun`."""

    def __init__(self, options: JudgeOptions, out: Optional[TextIO] = None) -> None:
        options.bots = check_bots(list(options.bots))
        self.options = options
        self.out = out if out is not None else sys.stdout
        self.port = options.port
        self._server: Any = None
        self._seats: List[_Seat] = []
        self._all_seated: Optional[asyncio.Event] = None
        self._over = False
        self.fallbacks: List[Fallback] = []
        self.decision_seconds: List[float] = []
        self._match_number = 0

    def _say(self, text: str) -> None:
        print(f"guandan judge: {text}", file=self.out, flush=True)

    # --- connections ------------------------------------------------------------
    async def start(self) -> None:
        from websockets.asyncio.server import serve

        self._seats = [_Seat(p, self.options.bots[p], self.options.seed * 4 + p) for p in range(4)]
        self._all_seated = asyncio.Event()
        self._server = await serve(self._handler, self.options.host, self.options.port, compression=None,
                                   max_size=MAX_MESSAGE, max_queue=64)
        sockets = self._server.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._say(f"listening on ws://{self.options.host}:{self.port}/game/client{{0..3}} "
                  "(or /game/NAME, /game/gd/NAME)")

    async def _handler(self, connection: Any) -> None:
        path = connection.request.path if connection.request is not None else ""
        found = PATH.match(path)
        if found is None:
            await connection.close(1008, "unknown path: use /game/client0 .. /game/client3 or /game/NAME")
            return
        name = found.group(1)
        if self._over:
            await connection.close(1001, "the run is over")
            return
        seat = self._seat_for(name)
        if seat is None:
            await connection.close(1008, "every seat is taken")
            return
        if seat.live:
            await connection.close(1008, f"seat {seat.participant} is taken")
            return
        seat.connection = connection
        seat.ever_connected = True
        seat.name = name
        seat.inbox = asyncio.Queue()  # nothing from an earlier connection is read as an answer
        seat.owed = 0
        seat.ready_at = asyncio.get_running_loop().time() + HANDSHAKE_GRACE
        named = "" if name == f"client{seat.participant}" else f" ({name})"
        self._say(f"client{seat.participant}{named} connected from {connection.remote_address}")
        if all(s.live for s in self._seats) and self._all_seated is not None:
            self._all_seated.set()
        inbox = seat.inbox
        try:
            async for message in connection:
                if inbox.qsize() < 64:  # a flooding client cannot fill the memory
                    inbox.put_nowait(message)
        except Exception:  # noqa: BLE001 - a broken connection is a dropped client
            pass
        finally:
            if seat.connection is connection:
                seat.connection = None
                inbox.put_nowait(_CLOSED)
                if not self._over:
                    self._say(f"client{seat.participant} disconnected; a {seat.bot_name} bot plays its seat")

    def _seat_for(self, name: str) -> Optional[_Seat]:
        """The seat of a client that connects as ``name``: ``client0`` ..
        ``client3`` are seats 0-3 (taken or not); any other name gets the seat
        it held before if that is free, else the lowest free seat no other
        client has held, else the lowest free seat; None when all are taken."""
        numbered = NUMBERED.match(name)
        if numbered is not None:
            return self._seats[int(numbered.group(1))]
        free = [s for s in self._seats if not s.live]
        for choice in ([s for s in free if s.name == name], [s for s in free if not s.ever_connected], free):
            if choice:
                return choice[0]
        return None

    async def _send(self, seat: _Seat, text: str) -> None:
        connection = seat.connection
        if connection is None:
            return
        wait = seat.ready_at - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
            if seat.connection is not connection:
                return
        try:
            await asyncio.wait_for(connection.send(text), SEND_TIMEOUT)
        except Exception:  # noqa: BLE001 - closed, or not reading: the seat goes to its bot
            if seat.connection is connection:
                seat.connection = None
                seat.inbox.put_nowait(_CLOSED)
                self._say(f"client{seat.participant} stopped reading; a {seat.bot_name} bot plays its seat")
            try:
                await asyncio.wait_for(connection.close(1011, "not reading"), 1.0)
            except Exception:  # noqa: BLE001
                pass

    # --- play -------------------------------------------------------------------
    async def _tell(self, addressed: List, rotation: int) -> None:
        shared: Dict[int, str] = {}
        for seat_number, message in addressed:
            if seat_number is None:
                text = shared.setdefault(id(message), json.dumps(message, separators=(",", ":")))
                for seat in self._seats:
                    await self._send(seat, text)
            else:
                seat = self._seats[participant_of(seat_number, rotation)]
                await self._send(seat, json.dumps(message, separators=(",", ":")))

    def _bot_index(self, seat: _Seat, table: JudgeTable, decision: Decision) -> int:
        match = table.match
        observation = match.deal.observation(decision.seat, match)
        if decision.stage != "play":
            cards = [c for c in decision.options if isinstance(c, Card)]
            return decision.options.index(seat.bot.choose_card(observation, cards))
        moves = [m for m in decision.options if isinstance(m, Move)]
        move = seat.bot.choose_move(observation, moves, decision.can_pass)
        return 0 if move is None else decision.options.index(move)

    async def _bot_decides(self, seat: _Seat, table: JudgeTable, decision: Decision) -> int:
        if seat.bot_name.startswith("search"):  # long decisions must not block the sockets
            return await asyncio.to_thread(self._bot_index, seat, table, decision)
        return self._bot_index(seat, table, decision)

    def _fallback(self, seat: _Seat, table: JudgeTable, decision: Decision, why: str) -> int:
        index = decision.fallback()
        self.fallbacks.append(Fallback(self._match_number, len(table.match.deals) - 1, seat.participant,
                                       decision.seat, decision.stage, why, index))
        return index

    async def _ask(self, seat: _Seat, table: JudgeTable, decision: Decision, text: str) -> int:
        if not seat.live:
            return await self._bot_decides(seat, table, decision)
        if seat.owed and await self._late_answers(seat) is _CLOSED:
            return await self._bot_decides(seat, table, decision)
        while not seat.inbox.empty():  # late answers to earlier questions are void
            if seat.inbox.get_nowait() is _CLOSED:
                return await self._bot_decides(seat, table, decision)
        await self._send(seat, text)
        try:
            raw = await asyncio.wait_for(seat.inbox.get(), self.options.timeout)
        except asyncio.TimeoutError:
            seat.owed += 1
            return self._fallback(seat, table, decision, "timeout")
        if raw is _CLOSED:
            return await self._bot_decides(seat, table, decision)
        return self._check_answer(seat, table, decision, raw)

    async def _late_answers(self, seat: _Seat) -> Any:
        """Before asking a seat that timed out again, wait up to ``timeout``
        seconds for the answers it still owes and void them: a slow client
        answers every question in turn, and its late answer must not be read
        as the answer to the next one. _CLOSED if the client went away."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.options.timeout
        try:
            while seat.owed > 0:
                try:
                    raw = await asyncio.wait_for(seat.inbox.get(), max(0.0, deadline - loop.time()))
                except asyncio.TimeoutError:
                    return None  # a client that skipped the question: nothing is owed
                if raw is _CLOSED:
                    return _CLOSED
                seat.owed -= 1
            return None
        finally:
            seat.owed = 0

    def _check_answer(self, seat: _Seat, table: JudgeTable, decision: Decision, raw: Any) -> int:
        if isinstance(raw, (bytes, bytearray)):  # a binary frame is read as its UTF-8 text
            try:
                raw = bytes(raw).decode("utf-8")
            except UnicodeDecodeError:
                return self._fallback(seat, table, decision, "malformed JSON")
        try:
            if isinstance(raw, str) and too_deep(raw):
                raise ValueError("nested too deep")
            answer = json.loads(raw)
        except (ValueError, TypeError, RecursionError):
            return self._fallback(seat, table, decision, "malformed JSON")
        index = answer.get("actIndex") if isinstance(answer, dict) else None
        if isinstance(index, bool) or not isinstance(index, int):
            return self._fallback(seat, table, decision, "no integer actIndex")
        if not 0 <= index < len(decision.options):
            return self._fallback(seat, table, decision, f"actIndex {index} out of range")
        return index

    async def _play_match(self, match: Match, rotation: int) -> None:
        table = JudgeTable(match)
        while True:
            await self._tell(table.start_deal(), rotation)
            while True:
                started = time.perf_counter()
                both = table.decisions()
                if not both:
                    break
                decision = both[0]
                if len(both) == 2:
                    self.decision_seconds.append(time.perf_counter() - started)
                    notices = await self._ask_both(table, both, rotation)
                    await self._tell(notices, rotation)
                    continue
                text = json.dumps(decision.message, separators=(",", ":"))
                seat = self._seats[participant_of(decision.seat, rotation)]
                self.decision_seconds.append(time.perf_counter() - started)
                index = await self._ask(seat, table, decision, text)
                started = time.perf_counter()
                _, notices = table.answer(index)
                self.decision_seconds[-1] += time.perf_counter() - started
                await self._tell(notices, rotation)
            await self._tell(table.end_deal(), rotation)
            if match.next_deal() is None or len(match.deals) > MAX_DEALS:
                return

    async def _ask_both(self, table: JudgeTable, both: List[Decision], rotation: int) -> List:
        """The two payers of a double tribute (or the two receivers giving
        back), asked at once: both questions go out, the answers are taken
        in any order, each with its own timeout and fallback. A seat played
        by a bot is asked in turn, as the engine orders them."""
        seats = [self._seats[participant_of(d.seat, rotation)] for d in both]
        if not all(seat.live for seat in seats):
            index = await self._ask(seats[0], table, both[0], json.dumps(both[0].message, separators=(",", ":")))
            _, notices = table.answer(index)
            return notices
        texts = [json.dumps(d.message, separators=(",", ":")) for d in both]
        first, second = await asyncio.gather(*(self._ask(s, table, d, t) for s, d, t in zip(seats, both, texts)))
        started = time.perf_counter()
        notices = table.answer_both(first, (both[1], second))
        self.decision_seconds[-1] += time.perf_counter() - started
        return notices

    async def run(self) -> JudgeRun:
        """Wait for the clients, play every match, close; the run."""
        if self._server is None:
            await self.start()
        assert self._all_seated is not None
        options = self.options
        if not all(s.live for s in self._seats) and options.wait > 0:
            self._say(f"waiting up to {options.wait:g} s for clients")
            try:
                await asyncio.wait_for(self._all_seated.wait(), options.wait)
            except asyncio.TimeoutError:
                pass
        for seat in self._seats:
            seat.connected_at_start = seat.live
        players = [("client" if s.live else s.bot_name) for s in self._seats]
        self._say("seats: " + ", ".join(f"client{i} {name}" for i, name in enumerate(players)))
        started = time.perf_counter()
        matches: List[Match] = []
        rotations: List[int] = []
        victories = [0, 0, 0, 0]
        draws = [0, 0, 0, 0]
        plays = [(i, r) for i in range(options.matches) for r in ((0, 1) if options.duplicate else (0,))]
        try:
            for number, (i, rotation) in enumerate(plays):
                self._match_number = number
                match = Match(options.ruleset, seed=_match_seed(options.seed, i), level=options.level)
                await self._play_match(match, rotation)
                matches.append(match)
                rotations.append(rotation)
                if match.winner is not None:
                    for won in (match.winner, match.winner + 2):
                        victories[participant_of(won, rotation)] += 1
                else:
                    draws = [d + 1 for d in draws]
                await self._tell([(None, messages.game_over(number + 1, len(plays), list(victories)))], 0)
            await self._tell([(None, messages.game_result(list(victories), list(draws)))], 0)
        finally:
            self._over = True
            await self.close()
        return JudgeRun(options, matches, rotations, players, self.fallbacks, self.decision_seconds,
                        time.perf_counter() - started)

    async def close(self) -> None:
        self._over = True
        for seat in self._seats:
            connection = seat.connection
            if connection is not None:
                try:
                    await asyncio.wait_for(connection.close(1000, "the run is over"), 2.0)
                except Exception:  # noqa: BLE001
                    pass
        if self._server is not None:
            self._server.close()
            try:
                await asyncio.wait_for(self._server.wait_closed(), 5.0)
            except Exception:  # noqa: BLE001
                pass


def _match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed`` (match 0 plays ``seed`` itself)."""
    return (seed + index) % (1 << 64)


def check_bots(names: List[str]) -> List[str]:
    """One bot for every seat, or four: names or specs (``search:think_ms=30``,
    ``mybots:Greedy``); ValueError naming an unknown one."""
    from ..gd.players import parse_bot

    if len(names) not in (1, 4):
        raise ValueError(f"--bots: give one bot or four, one per seat; got {len(names)}")
    for name in names:
        try:
            parse_bot(name)
        except (TypeError, ValueError) as error:
            raise ValueError(f"--bots: {error}") from None
    return names * 4 if len(names) == 1 else list(names)


def ruleset_name(ruleset: RulesetLike) -> str:
    return as_ruleset(ruleset).name
