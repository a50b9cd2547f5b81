"""One live table's room: its open connections, and the one place where what
happens at the table is applied (``docs/web.md §4-6``).

A message's handler returns events (events.py); :meth:`Room.apply` applies
them in order: each action is stored, then applied to the table, then every
connection is sent its seat's view. The room also plays the bots' turns and
runs the turn clock, each again as events. Every change runs on the event
loop in one go (check, store, apply, queue the views), so two changes never
interleave. A bot's decision and a handler's ``Later`` work run in the
thread pool; when a bot's decision comes back the table is checked again
(has anything happened meanwhile?) before it is applied.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

from .bot_runner import BotRunner
from .deltas import ViewStream
from .errors import WebError
from .events import Ask, Broadcast, Commit, Event, Handlers, Later, Reply
from .protocol import ClientMessage, Ref
from .tables import Table
from .views import seat_view
from .web_games import WebGame, web_game

log = logging.getLogger("guandan.web")
QUEUE_LIMIT = 256  # views a connection may fall behind before it is dropped


def running_loop() -> Optional[asyncio.AbstractEventLoop]:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Connection:
    """One open websocket: its player and a queue of messages to send.

    The queue belongs to the event loop the connection was opened on. A
    message sent from any other thread or loop is handed to that loop
    (call_soon_threadsafe): put straight into an asyncio queue from outside,
    it would not wake the writer waiting on it. The server runs one loop, but
    a test client opens each person's socket on a loop of its own."""

    def __init__(self, player: str, deltas: bool = False) -> None:
        self.player = player
        self.views = ViewStream(deltas)  # whole views, or patches when the page asked for deltas
        # messages, or their JSON text when already encoded (views); None closes
        self.queue: "asyncio.Queue[Union[Dict[str, Any], str, None]]" = asyncio.Queue(QUEUE_LIMIT)
        self._loop = running_loop()

    def _on_own_loop(self, action: Callable[[], None]) -> None:
        loop = self._loop
        if loop is None or loop is running_loop():
            action()
            return
        try:
            loop.call_soon_threadsafe(action)
        except RuntimeError:  # that loop is closed: the socket is gone
            pass

    def send(self, message: Union[Dict[str, Any], str, None]) -> None:
        def put() -> None:
            try:
                self.queue.put_nowait(message)
            except asyncio.QueueFull:  # a reader this slow is dropped
                self._close_now()

        self._on_own_loop(put)

    def close(self) -> None:
        self._on_own_loop(self._close_now)

    def _close_now(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


@dataclass(frozen=True)
class RoomServices:
    """What every room shares, given by the server (rooms.Rooms): the
    players' names, the thread pool, the bots' pause and how a seat's bot
    is made, and what to do when a table ends (mark it in the store)."""
    names: Mapping[str, str]
    runner: BotRunner
    bot_delay: float
    new_bot: Callable[[Table, int], Any]
    ended: Callable[[Table], None]


class Room:
    """The live side of one table: who is connected, the bots, the clock."""

    def __init__(self, table: Table, services: RoomServices, room_handlers: Handlers) -> None:
        self.table = table
        self.services = services
        self.game: WebGame = web_game(table.GAME)
        self.connections: List[Connection] = []
        # The room's messages first, then the game's: one handler per class.
        self.handlers: Dict[type, Any] = {**room_handlers, **self.game.handlers}
        self._bots: Dict[int, Any] = {}
        self._driving = False
        self._tasks: Set["asyncio.Task[None]"] = set()
        # The running turn clock: (what it waits for, deadline, timer).
        self._clock: Optional[Tuple[Tuple[int, Optional[int]], float, asyncio.TimerHandle]] = None

    # --- messages ----------------------------------------------------------------
    def ask(self, player: str) -> Ask:
        return Ask(self.table, player, self.table.seat_of(player), self.services.names.get(player, ""))

    def answer(self, player: str, message: ClientMessage) -> List[Event]:
        """The events of ``message`` from ``player``, from its handler; the
        table is not changed (WebError when the message is refused)."""
        if self.table.status == "ended":
            raise WebError("no_table")
        return self.handlers[type(message)](self.ask(player), message)

    async def handle(self, player: str, message: ClientMessage, connection: Optional[Connection] = None,
                     ref: Ref = None) -> Optional[Dict[str, Any]]:
        """Answer one checked message and apply its events. Replies go to
        ``connection`` with ``ref``; without one (an HTTP request) the
        reply is returned instead."""
        return await self.apply(self.answer(player, message), connection, ref)

    async def apply(self, events: Sequence[Event], connection: Optional[Connection] = None,
                    ref: Ref = None) -> Optional[Dict[str, Any]]:
        """Apply ``events`` in order (docs/web.md §4): store and apply each
        action, then send the views once; send the replies and broadcasts;
        then run the ``Later`` work and send what it answers."""
        reply: Optional[Dict[str, Any]] = None
        changed = False
        later: List[Later] = []

        def answer(message: Dict[str, Any]) -> None:
            nonlocal reply
            if connection is None:
                reply = message
            else:
                connection.send({**message, "ref": ref})

        for event in events:
            if isinstance(event, Commit):
                self.table.commit(event.action)
                changed = changed or not event.quiet
            elif isinstance(event, Reply):
                answer(event.message)
            elif isinstance(event, Broadcast):
                self.broadcast(event.message(self.table))
            elif isinstance(event, Later):
                later.append(event)
        if changed:
            self.changed()
        for work in later:
            found = await self.services.runner.run(work.work)
            if found is not None:
                answer(found)
        return reply

    def commit(self, events: Sequence[Event]) -> None:
        """Apply events that have no replies and no Later work (a bot's
        action, the clock's, the server's), at once."""
        changed = False
        for event in events:
            if not isinstance(event, Commit):
                raise TypeError(f"only actions are committed here, not {event!r}")
            self.table.commit(event.action)
            changed = changed or not event.quiet
        if changed:
            self.changed()

    # --- views ---------------------------------------------------------------------
    def present(self) -> Set[str]:
        return {c.player for c in self.connections}

    def changed(self) -> None:
        """Send the views (the change is stored already), then let the bots
        and the next deal move."""
        table = self.table
        if table.status == "ended":
            self.services.ended(table)
        self._arm_clock()  # before the views, which show it
        present = self.present()
        clock = self.clock()
        for connection in list(self.connections):
            seat = table.seat_of(connection.player)
            view = seat_view(table, connection.player, self.services.names, present, seat in table.coached, clock)
            connection.send(connection.views.encoded(view)[1])  # encoded once, sent as is
            if table.status == "ended":
                connection.close()
        self._kick()

    def broadcast(self, message: Dict[str, Any]) -> None:
        for connection in self.connections:
            connection.send(message)

    # --- connections -----------------------------------------------------------------
    def connect(self, connection: Connection) -> None:
        self.connections.append(connection)
        self.changed()

    def disconnect(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        self.changed()

    # --- bots and the next deal ---------------------------------------------------------
    def _people_here(self) -> List[int]:
        """Seats whose person is connected and has not stepped away."""
        present = self.present()
        table = self.table
        return [s for s, p in enumerate(table.seats) if p is not None and p in present and s not in table.away]

    def _kick(self) -> None:
        table = self.table
        if table.status != "playing" or not self._people_here():
            return
        if table.deal_over:
            if all(s in table.ready for s in self._people_here()):
                self.commit([Commit(table.next_deal_action())])
            return
        if table.is_bot_turn() and not self._driving:
            self._driving = True
            task = asyncio.get_running_loop().create_task(self._drive())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def bot(self, seat: int) -> Any:
        if seat not in self._bots:
            self._bots[seat] = self.services.new_bot(self.table, seat)
        return self._bots[seat]

    async def _drive(self) -> None:
        """Play the bots' turns while a bot is to act and someone watches."""
        table, game = self.table, self.game
        try:
            while table.status == "playing" and table.is_bot_turn() and self._people_here():
                version = table.actions
                if self.services.bot_delay:
                    await asyncio.sleep(self.services.bot_delay)
                    if table.actions != version or not table.is_bot_turn():
                        continue
                seat = table.turn
                if seat is None:  # is_bot_turn() says a seat is to act
                    break
                try:
                    decision = await self.services.runner.run(game.decide(table, seat, self.bot(seat)))
                except Exception:  # a broken bot must not stall the table
                    log.exception("table %s: the bot of seat %d failed; playing a default", table.code, seat)
                    decision = game.fallback(table, seat) if table.actions == version else None
                if table.actions != version or not table.is_bot_turn():
                    continue  # the table moved on (a person took the seat, ...)
                self.commit([Commit(game.bot_action(table, seat, decision))])
        finally:
            self._driving = False

    # --- the turn clock ------------------------------------------------------------------
    def _awaited(self) -> Optional[Tuple[int, Optional[int]]]:
        """What the clock waits for now: (action number, the seat to act, or
        None for the people's *next* after a deal); None when it waits for
        nobody (no clock, a bot's turn, nobody watching)."""
        table = self.table
        if table.clock <= 0 or table.status != "playing" or not self._people_here():
            return None
        if table.deal_over:
            people = {s for s, p in enumerate(table.seats) if p is not None}
            return (table.actions, None) if people - table.ready else None
        seat = table.awaited_person()
        return None if seat is None else (table.actions, seat)

    def _arm_clock(self) -> None:
        awaited = self._awaited()
        running = self._clock
        if running is not None and running[0] == awaited:
            return  # still waiting for the same thing: the deadline stands
        if running is not None:
            running[2].cancel()
            self._clock = None
        loop = running_loop()
        if awaited is None or loop is None:
            return
        seconds = self.table.clock
        handle = loop.call_later(seconds, self._clock_ran_out, awaited)
        self._clock = (awaited, time.time() + seconds, handle)

    def _clock_ran_out(self, awaited: Tuple[int, Optional[int]]) -> None:
        self._clock = None
        table = self.table
        if self._awaited() != awaited:
            return
        try:
            seat = awaited[1]
            if seat is None:  # the deal is over: the people not yet ready are
                events = [Commit(a) for s, player in enumerate(table.seats)
                          if player is not None and (a := table.ready_action(s)) is not None]
            else:
                events = [Commit(table.timeout_action(seat))]
        except WebError:  # the table moved on meanwhile
            return
        if events:
            self.commit(events)
        else:
            self.changed()

    def clock(self) -> Optional[Dict[str, Any]]:
        """The running clock as a view shows it: whom it waits for and how long is left."""
        if self._clock is None:
            return None
        (_, seat), deadline, _ = self._clock
        return {"seconds": self.table.clock, "seat": seat, "next": seat is None,
                "remaining_ms": max(0, int((deadline - time.time()) * 1000))}

    def close(self) -> None:
        if self._clock is not None:
            self._clock[2].cancel()
        for task in list(self._tasks):
            task.cancel()
        for connection in self.connections:
            connection.close()
