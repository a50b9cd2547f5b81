"""The live tables: who is connected where, views sent after every change,
and the bots' turns (``docs/web.md §4-6``).

Every change to a table runs on the event loop in one go (check, apply,
store, queue the views), so two changes never interleave. A bot's decision
is awaited in the thread pool; when it comes back the table is checked again
(has anything happened meanwhile?) before the decision is applied.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, TypeVar

from .._core import Card
from ..bots import Bot
from . import coach
from .bot_runner import BotRunner
from .errors import WebError
from .i18n import move_name
from .protocol import Message, server_message
from .selection import read_selection
from .store import Store, TableRecord
from .tables import BOT_STRENGTHS, Table, check_options, move_record, new_code, normal_code
from .views import seat_view

log = logging.getLogger("guandan.web")
T = TypeVar("T")
QUEUE_LIMIT = 256  # views a connection may fall behind before it is dropped
#: Open table connections one session may hold at once (tabs, tables).
MAX_CONNECTIONS_PER_PLAYER = 8
HINT_MS = 200

BotFactory = Callable[[str], Bot]


def _running_loop() -> Optional[asyncio.AbstractEventLoop]:
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

    def __init__(self, player: str) -> None:
        self.player = player
        self.queue: "asyncio.Queue[Optional[Dict[str, Any]]]" = asyncio.Queue(QUEUE_LIMIT)
        self._loop = _running_loop()

    def _on_own_loop(self, action: Callable[[], None]) -> None:
        loop = self._loop
        if loop is None or loop is _running_loop():
            action()
            return
        try:
            loop.call_soon_threadsafe(action)
        except RuntimeError:  # that loop is closed: the socket is gone
            pass

    def send(self, message: Optional[Dict[str, Any]]) -> None:
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


def default_bot(strength: str) -> Bot:
    return BOT_STRENGTHS[strength](secrets.randbits(63))


class Rooms:
    def __init__(self, store: Store, runner: BotRunner, bot_delay: float = 0.6,
                 bot_factory: BotFactory = default_bot) -> None:
        self.store = store
        self.runner = runner
        self.bot_delay = bot_delay
        self.bot_factory = bot_factory
        self.names: Dict[str, str] = store.player_names()
        self.tables: Dict[str, Table] = {}
        self.connections: Dict[str, List[Connection]] = {}
        self.coach: Set[Tuple[str, int]] = set()
        self._bots: Dict[Tuple[str, int], Bot] = {}
        self._driving: Set[str] = set()
        self._tasks: Set["asyncio.Task[None]"] = set()
        for record in store.tables(live_only=True):
            table = self._rebuild(record)
            if table.status == "ended":  # ended before ends were marked
                store.mark_ended(record.code)
            else:
                self.tables[record.code] = table

    # --- tables ----------------------------------------------------------------
    def _new_table(self, record: TableRecord) -> Table:
        return Table(record.code, record.host, record.ruleset, record.bots, record.public, record.seed,
                     record.created, on_action=self.store.add_action)

    def _rebuild(self, record: TableRecord) -> Table:
        table = self._new_table(record)
        table.on_action = None
        for n, kind, data, at in self.store.actions(record.code):
            table.apply(kind, data, at)
        table.on_action = self.store.add_action
        return table

    def create(self, host: str, ruleset: Any, bots: Any, public: Any, solo: bool = False) -> Table:
        check_options(ruleset, bots)
        if type(public) is not bool:
            raise WebError("bad_request", detail="public must be true or false")
        code = new_code()
        while code in self.tables or self.store.table_exists(code):
            code = new_code()
        record = TableRecord(code, host, ruleset, bots, public, secrets.randbits(63), time.time())
        self.store.add_table(record)
        table = self._new_table(record)
        self.tables[code] = table
        table.join(host, 0)
        if solo:
            table.start(host, anyway=True, solo=True)
        return table

    def table(self, code: str) -> Table:
        table = self.tables.get(normal_code(code))
        if table is None or table.status == "ended":
            raise WebError("no_table")
        return table

    def finished_table(self, code: str) -> Table:
        """The table ``code`` whatever its status, for its log: a table that
        ended before this start is rebuilt from the store for the request
        (and not kept). ``no_table`` if there never was one."""
        code = normal_code(code)
        table = self.tables.get(code)
        if table is None:
            record = self.store.table_record(code)
            if record is None:
                raise WebError("no_table")
            table = self._rebuild(record)
        return table

    def open_tables(self) -> List[Table]:
        listed = [t for t in self.tables.values() if t.public and t.status in ("waiting", "playing")]
        return sorted(listed, key=lambda t: -t.created)[:50]

    def act(self, code: str, action: Callable[[Table], T]) -> T:
        """Run one table action, then send every seat its view."""
        table = self.table(code)
        result = action(table)
        self.changed(table)
        return result

    # --- views -----------------------------------------------------------------
    def present(self, table: Table) -> Set[str]:
        return {c.player for c in self.connections.get(table.code, [])}

    def view(self, table: Table, player: Optional[str]) -> Dict[str, Any]:
        seat = None if player is None else table.seat_of(player)
        return seat_view(table, player, self.names, self.present(table), (table.code, seat) in self.coach)

    def changed(self, table: Table) -> None:
        """Send the views (the change is stored already), then let the bots
        and the next deal move."""
        if table.status == "ended":
            self.store.mark_ended(table.code)
        present = self.present(table)
        for connection in self.connections.get(table.code, []):
            seat = table.seat_of(connection.player)
            connection.send(seat_view(table, connection.player, self.names, present, (table.code, seat) in self.coach))
            if table.status == "ended":
                connection.close()
        self._kick(table)

    def send_to(self, table: Table, player: str, message: Dict[str, Any]) -> None:
        for connection in self.connections.get(table.code, []):
            if connection.player == player:
                connection.send(message)

    def broadcast(self, table: Table, message: Dict[str, Any]) -> None:
        for connection in self.connections.get(table.code, []):
            connection.send(message)

    # --- connections -----------------------------------------------------------
    def connect(self, code: str, player: str) -> Tuple[Table, Connection]:
        table = self.table(code)
        # The message rate limit is per connection: without a cap on
        # connections one session could multiply it.
        open_now = sum(c.player == player for connections in self.connections.values() for c in connections)
        if open_now >= MAX_CONNECTIONS_PER_PLAYER:
            raise WebError("too_many_connections")
        connection = Connection(player)
        self.connections.setdefault(table.code, []).append(connection)
        connection.send(server_message("hello", player={"id": player, "name": self.names.get(player, "")},
                                       seat=table.seat_of(player), code=table.code))
        self.changed(table)
        return table, connection

    def disconnect(self, table: Table, connection: Connection) -> None:
        connections = self.connections.get(table.code, [])
        if connection in connections:
            connections.remove(connection)
        if not connections:
            self.connections.pop(table.code, None)
        self.changed(table)

    # --- game messages ---------------------------------------------------------
    def _own_seat(self, table: Table, player: str) -> int:
        seat = table.seat_of(player)
        if seat is None:
            raise WebError("not_seated")
        if seat in table.away:
            raise WebError("away")
        return seat

    async def handle(self, table: Table, connection: Connection, message: Message) -> None:
        """One checked message from a page; WebError when refused."""
        player = connection.player
        kind = message.type
        if table.status == "ended":
            raise WebError("no_table")
        if kind == "ping":
            connection.send(server_message("pong", ref=message.ref))
        elif kind == "chat":
            line = table.say(player, self.names.get(player, ""), message.text)
            self.broadcast(table, server_message("chat", line=line))
        elif kind == "select":
            seat = self._own_seat(table, player)
            connection.send(self._selection(table, seat, message))
        elif kind == "coach":
            seat = self._own_seat(table, player)
            (self.coach.add if message.on else self.coach.discard)((table.code, seat))
            self.changed(table)
        elif kind == "hint":
            seat = self._own_seat(table, player)
            await self._hint(table, seat, connection, message)
        elif kind == "next":
            table.mark_ready(self._own_seat(table, player))
            self.changed(table)
        elif kind == "give":
            if message.card is None:  # parse_message requires one; a hand-built message may not
                raise WebError("bad_message", detail="give needs a card")
            table.give(self._own_seat(table, player), message.card)
            self.changed(table)
        elif kind in ("play", "pass"):
            await self._play(table, player, message)

    def _selection(self, table: Table, seat: int, message: Message) -> Dict[str, Any]:
        deal = table.deal
        if deal is None:
            raise WebError("wrong_phase", key="no_deal")
        found = read_selection(deal, seat, message.cards)
        readings = [{"index": i, **move_record(m), "name": name} for i, (m, name) in enumerate(zip(found.moves, found.names))]
        can_pass = not message.cards and deal.turn == seat and deal.can_pass()
        return server_message("selection", ref=message.ref, cards=[str(c) for c in message.cards],
                              readings=readings, reason=None if readings or can_pass else found.reason, **{"pass": can_pass})

    async def _play(self, table: Table, player: str, message: Message) -> None:
        seat = self._own_seat(table, player)
        before = table.deal.copy() if (table.code, seat) in self.coach and table.deal is not None else None
        if message.type == "pass":
            table.play_move(seat, None)
            move = None
        else:
            move = table.play_cards(seat, message.cards, message.reading)
        self.changed(table)
        if before is not None:
            comment = await self.runner.run(lambda: coach.rate(before, seat, move, HINT_MS))
            if comment is not None:
                self.send_to(table, player, server_message("coach", text=comment))

    async def _hint(self, table: Table, seat: int, connection: Connection, message: Message) -> None:
        deal = table.deal
        if deal is None or deal.phase != "play":
            raise WebError("wrong_phase", key="no_deal")
        if deal.turn != seat:
            raise WebError("not_your_turn")
        position = deal.copy()
        found = await self.runner.run(lambda: coach.hint(position, seat, HINT_MS))
        reading: Optional[Dict[str, Any]] = None
        if found.move is not None:
            reading = {"index": 0, **move_record(found.move), "name": move_name(found.move, position.level)}
        connection.send(server_message("hint", ref=message.ref, cards=[] if reading is None else reading["cards"],
                                       reading=reading, reason=found.reason))

    # --- bots and the next deal --------------------------------------------------
    def _people_here(self, table: Table) -> List[int]:
        """Seats whose person is connected and has not stepped away."""
        present = self.present(table)
        return [s for s, p in enumerate(table.seats) if p is not None and p in present and s not in table.away]

    def _kick(self, table: Table) -> None:
        if table.status != "playing" or not self._people_here(table):
            return
        if table.current_deal().is_over:
            if all(s in table.ready for s in self._people_here(table)):
                table.next_deal()
                self.changed(table)
            return
        if table.is_bot_turn() and table.code not in self._driving:
            self._driving.add(table.code)
            task = asyncio.get_running_loop().create_task(self._drive(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _bot(self, table: Table, seat: int) -> Bot:
        key = (table.code, seat)
        if key not in self._bots:
            self._bots[key] = self.bot_factory(table.bots)
        return self._bots[key]

    async def _drive(self, table: Table) -> None:
        """Play the bots' turns while a bot is to act and someone watches."""
        try:
            while table.status == "playing" and table.is_bot_turn() and self._people_here(table):
                version = table.actions
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if table.actions != version or not table.is_bot_turn():
                        continue
                deal = table.current_deal()
                seat = deal.turn
                if seat is None:  # is_bot_turn() says a seat is to act
                    break
                position = deal.copy()
                observation = position.observation(seat, table.match)
                try:
                    decision = await self.runner.decide(self._bot(table, seat), position, observation)
                except Exception:  # a broken bot must not stall the table
                    log.exception("table %s: the bot of seat %d failed; playing a default", table.code, seat)
                    decision = _default_decision(position)
                if table.actions != version or not table.is_bot_turn():
                    continue  # the table moved on (a person took the seat, ...)
                if isinstance(decision, Card):
                    table.give(seat, decision)
                else:
                    table.play_move(seat, decision)
                self.changed(table)
        finally:
            self._driving.discard(table.code)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for connections in self.connections.values():
            for connection in connections:
                connection.close()


def _default_decision(deal):
    if deal.phase in ("tribute", "return"):
        return deal.tribute_options()[0]
    return None if deal.can_pass() else deal.legal_moves()[0]
