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
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union

from .bot_runner import BotRunner
from .deltas import ViewStream
from .errors import WebError
from .i18n import detail
from .protocol import Message, server_message
from .store import Store, TableRecord
from .tables import Table, new_code, normal_code
from .views import seat_view
from .web_games import CustomStrengths, WebGame, hosted_games, seat_bot, web_game

log = logging.getLogger("guandan.web")
T = TypeVar("T")
QUEUE_LIMIT = 256  # views a connection may fall behind before it is dropped
#: Open table connections one session may hold at once (tabs, tables).
MAX_CONNECTIONS_PER_PLAYER = 8
#: A table of people gives each turn this many seconds unless its host says
#: otherwise (``clock``: 0 for none, or CLOCK_RANGE); a game against bots has none.
DEFAULT_CLOCK = 30
CLOCK_RANGE = (1, 600)  # the page offers 15 to 120
#: A table nobody has acted at or watched for this long leaves the list of
#: open tables, and after END_IDLE_S it is ended.
HIDE_IDLE_S = 600
END_IDLE_S = 3 * 3600

#: Makes every bot of a game's tables from its strength, instead of the
#: game's own bots. ``create_app(bots=...)`` is the way to add bots of one's
#: own; a factory, given for every game or per game ({game: factory}),
#: replaces the built-in strengths wholesale.
BotFactory = Callable[[str], Any]
BotFactories = Union[BotFactory, Mapping[str, BotFactory]]


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

    def __init__(self, player: str, deltas: bool = False) -> None:
        self.player = player
        self.views = ViewStream(deltas)  # whole views, or patches when the page asked for deltas
        # messages, or their JSON text when already encoded (views); None closes
        self.queue: "asyncio.Queue[Union[Dict[str, Any], str, None]]" = asyncio.Queue(QUEUE_LIMIT)
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


class Rooms:
    def __init__(self, store: Store, runner: BotRunner, bot_delay: float = 0.6,
                 bot_factory: Optional[BotFactories] = None, games: Optional[Sequence[str]] = None,
                 strengths: Optional[CustomStrengths] = None) -> None:
        self.store = store
        # The games new tables may be of (stored tables of others still resume).
        self.games = hosted_games(games)
        self.runner = runner
        self.bot_delay = bot_delay
        self.bot_factory = bot_factory
        # The server's own bot strengths, per game (web_games.custom_strengths, checked).
        self.custom: CustomStrengths = dict(strengths or {})
        self.names: Dict[str, str] = store.player_names()
        self.tables: Dict[str, Table] = {}
        self.connections: Dict[str, List[Connection]] = {}
        self._bots: Dict[Tuple[str, int], Any] = {}
        self._driving: Set[str] = set()
        self._tasks: Set["asyncio.Task[None]"] = set()
        # Each table's running turn clock: (what it waits for, deadline, timer).
        self._clocks: Dict[str, Tuple[Tuple[int, Optional[int]], float, asyncio.TimerHandle]] = {}
        for record in store.tables(live_only=True):
            table = self._rebuild(record)
            if table.status == "ended":  # ended before ends were marked
                store.mark_ended(record.code)
            else:
                self.tables[record.code] = table

    # --- tables ----------------------------------------------------------------
    def custom_names(self, game: str) -> List[str]:
        """The names of the server's own bot strengths of ``game``."""
        return list(self.custom.get(game, {}))

    def _new_table(self, record: TableRecord) -> Table:
        game = web_game(record.game)
        bots = record.bots
        extra: Dict[str, Any] = {}
        if bots in self.custom.get(game.name, {}):
            extra["strengths"] = list(game.strengths) + self.custom_names(game.name)
        elif bots not in game.strengths:
            # Stored by a server that had this strength of its own and this
            # one lacks: the table resumes with the game's default bots.
            log.warning("table %s: no bot strength %r here; its bots play %r", record.code, bots,
                        game.default_strength)
            bots = game.default_strength
        return game.table(record.code, record.host, record.options, bots, record.public, record.seed, record.seats,
                          record.created, on_action=self.store.add_action, **extra)

    def _rebuild(self, record: TableRecord) -> Table:
        table = self._new_table(record)
        table.on_action = None
        for n, kind, data, at in self.store.actions(record.code):
            table.apply(kind, data, at)
        table.on_action = self.store.add_action
        return table

    def create(self, host: str, body: Dict[str, Any], public: Any, solo: bool = False) -> Table:
        """A new table of the game the request ``body`` names (Guandan by
        default), with its options, bot strength, size and turn clock from the
        body. A person hosts one table of people at a time: another is refused
        (``already_hosting``) unless the body says ``"replace": true``, which
        ends the old one."""
        self.sweep_idle()
        game = web_game(body.get("game", self.games[0]), self.games)
        options = game.options(body)
        bots = game.check_strength(body.get("bots", game.default_strength), self.custom_names(game.name))
        seats = game.check_seats(body["players"]) if "players" in body else game.default_seats
        if type(public) is not bool:
            raise WebError("bad_request", detail=detail("true_or_false", field="public"))
        replace = body.get("replace", False)
        if type(replace) is not bool:
            raise WebError("bad_request", detail=detail("true_or_false", field="replace"))
        options["clock"] = 0 if solo else _clock(body.get("clock", DEFAULT_CLOCK))
        if solo:
            options["solo"] = True
        else:
            hosted = [t for t in self.tables.values() if t.host == host and not t.solo and t.status in ("waiting", "playing")]
            if hosted and not replace:
                raise WebError("already_hosting", table=hosted[0].code, data={"table": hosted[0].code})
            for old in hosted:
                old.end(host)
                self.changed(old)
        code = new_code()
        while code in self.tables or self.store.table_exists(code):
            code = new_code()
        record = TableRecord(code, host, game.name, options, bots, public, secrets.randbits(63), time.time(), seats)
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
        """Public tables waiting or playing, newest first, but those idle for
        HIDE_IDLE_S (no action, nobody connected)."""
        self.sweep_idle()
        now = time.time()
        listed = [t for t in self.tables.values() if t.public and t.status in ("waiting", "playing")
                  and (now - t.last_active < HIDE_IDLE_S or t.code in self.connections)]
        return sorted(listed, key=lambda t: -t.created)[:50]

    def tables_of(self, player: str) -> List[Table]:
        """The tables ``player`` sits at or hosts that have not ended, the
        most recently active first: the lobby's way back to them (a game
        against bots is private, so no other list shows it)."""
        self.sweep_idle()
        mine = [t for t in self.tables.values() if t.status != "ended" and (t.host == player or player in t.seats)]
        return sorted(mine, key=lambda t: -t.last_active)[:50]

    def history_of(self, player: str) -> List[Dict[str, Any]]:
        """The finished matches ``player`` played in, the newest first: each
        table's code, game, when it was opened and whether it is over (its
        match played out) or ended (closed, perhaps before the end). Its
        replay opens from the code (``replay``: the game's replay page)."""
        history = []
        for code in self.store.played_tables(player):
            live = self.tables.get(code)
            if live is not None and live.status in ("waiting", "playing"):
                continue  # still under way: one of the player's tables
            record = self.store.table_record(code)
            if record is not None:
                history.append({"code": code, "game": record.game, "created": record.created,
                                "status": "ended" if live is None else live.status,
                                "replay": f"/static/{web_game(record.game).replay_page}?code={code}"})
        return history

    def sweep_idle(self) -> None:
        """End the tables nobody has acted at or watched for END_IDLE_S."""
        now = time.time()
        for table in list(self.tables.values()):
            if table.status != "ended" and table.code not in self.connections and now - table.last_active >= END_IDLE_S:
                table.commit("end")
                self.changed(table)

    def act(self, code: str, action: Callable[[Table], T]) -> T:
        """Run one table action, then send every seat its view."""
        table = self.table(code)
        result = action(table)
        self.changed(table)
        return result

    # --- views -----------------------------------------------------------------
    def present(self, table: Table) -> Set[str]:
        return {c.player for c in self.connections.get(table.code, [])}

    @staticmethod
    def coaching(table: Table, seat: Optional[int]) -> bool:
        return seat in table.coached

    def changed(self, table: Table) -> None:
        """Send the views (the change is stored already), then let the bots
        and the next deal move."""
        if table.status == "ended":
            self.store.mark_ended(table.code)
        self._arm_clock(table)  # before the views, which show it
        present = self.present(table)
        clock = self.clock_of(table)
        for connection in self.connections.get(table.code, []):
            seat = table.seat_of(connection.player)
            view = seat_view(table, connection.player, self.names, present, self.coaching(table, seat), clock)
            connection.send(connection.views.encoded(view)[1])  # encoded once, sent as is
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
    def connect(self, code: str, player: str, deltas: bool = False) -> Tuple[Table, Connection]:
        table = self.table(code)
        # The message rate limit is per connection: without a cap on
        # connections one session could multiply it.
        open_now = sum(c.player == player for connections in self.connections.values() for c in connections)
        if open_now >= MAX_CONNECTIONS_PER_PLAYER:
            raise WebError("too_many_connections")
        connection = Connection(player, deltas)
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
        """One checked message from a page; WebError when refused. The
        table's own messages are handled here, those of play by its game."""
        player = connection.player
        kind = message.type
        if table.status == "ended":
            raise WebError("no_table")
        if kind == "ping":
            connection.send(server_message("pong", ref=message.ref))
        elif kind == "chat":
            line = table.say(player, self.names.get(player, ""), message.text)
            self.broadcast(table, server_message("chat", line=line))
        elif kind == "coach":
            seat = self._own_seat(table, player)
            table.set_coach(seat, message.on)
            self.changed(table)
        elif kind == "next":
            table.mark_ready(self._own_seat(table, player))
            self.changed(table)
        else:
            await self.game_of(table).handle(self, table, connection, self._own_seat(table, player), message)

    @staticmethod
    def game_of(table: Table) -> WebGame:
        return web_game(table.GAME)

    # --- bots and the next deal --------------------------------------------------
    def _people_here(self, table: Table) -> List[int]:
        """Seats whose person is connected and has not stepped away."""
        present = self.present(table)
        return [s for s, p in enumerate(table.seats) if p is not None and p in present and s not in table.away]

    def _kick(self, table: Table) -> None:
        if table.status != "playing" or not self._people_here(table):
            return
        if table.deal_over:
            if all(s in table.ready for s in self._people_here(table)):
                table.next_deal()
                self.changed(table)
            return
        if table.is_bot_turn() and table.code not in self._driving:
            self._driving.add(table.code)
            task = asyncio.get_running_loop().create_task(self._drive(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _bot(self, table: Table, seat: int) -> Any:
        key = (table.code, seat)
        if key not in self._bots:
            self._bots[key] = self._new_bot(table, seat)
        return self._bots[key]

    def _new_bot(self, table: Table, seat: int) -> Any:
        """The bot of ``seat``: from the server's own strength of the table,
        the bot factory of its game, or the game's built-in bots."""
        game = self.game_of(table)
        own = self.custom.get(game.name, {}).get(table.bots)
        if own is not None:
            # Bot seat k (counting, in seat order, the seats bots play now)
            # gets the k-th bot of the list, which repeats as needed.
            k = sum(1 for s in range(seat) if table.seats[s] is None or s in table.away)
            return seat_bot(game, own[k % len(own)], secrets.randbits(63))
        factory = self.bot_factory.get(game.name) if isinstance(self.bot_factory, Mapping) else self.bot_factory
        if factory is not None:
            return factory(table.bots)
        return game.make_bot(table.bots, secrets.randbits(63))

    async def _drive(self, table: Table) -> None:
        """Play the bots' turns while a bot is to act and someone watches."""
        try:
            while table.status == "playing" and table.is_bot_turn() and self._people_here(table):
                version = table.actions
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if table.actions != version or not table.is_bot_turn():
                        continue
                seat = table.turn
                if seat is None:  # is_bot_turn() says a seat is to act
                    break
                game = self.game_of(table)
                try:
                    decision = await self.runner.run(game.decide(table, seat, self._bot(table, seat)))
                except Exception:  # a broken bot must not stall the table
                    log.exception("table %s: the bot of seat %d failed; playing a default", table.code, seat)
                    decision = game.fallback(table, seat) if table.actions == version else None
                if table.actions != version or not table.is_bot_turn():
                    continue  # the table moved on (a person took the seat, ...)
                game.act(table, seat, decision)
                self.changed(table)
        finally:
            self._driving.discard(table.code)

    # --- the turn clock ------------------------------------------------------------
    def _awaited(self, table: Table) -> Optional[Tuple[int, Optional[int]]]:
        """What the clock of ``table`` waits for now: (action number, the seat
        to act, or None for the people's *next* after a deal); None when it
        waits for nobody (no clock, a bot's turn, nobody watching)."""
        if table.clock <= 0 or table.status != "playing" or not self._people_here(table):
            return None
        if table.deal_over:
            people = {s for s, p in enumerate(table.seats) if p is not None}
            return (table.actions, None) if people - table.ready else None
        seat = table.awaited_person()
        return None if seat is None else (table.actions, seat)

    def _arm_clock(self, table: Table) -> None:
        awaited = self._awaited(table)
        running = self._clocks.get(table.code)
        if running is not None and running[0] == awaited:
            return  # still waiting for the same thing: the deadline stands
        if running is not None:
            running[2].cancel()
            del self._clocks[table.code]
        loop = _running_loop()
        if awaited is None or loop is None:
            return
        handle = loop.call_later(table.clock, self._clock_ran_out, table, awaited)
        self._clocks[table.code] = (awaited, time.time() + table.clock, handle)

    def _clock_ran_out(self, table: Table, awaited: Tuple[int, Optional[int]]) -> None:
        self._clocks.pop(table.code, None)
        if self._awaited(table) != awaited:
            return
        try:
            seat = awaited[1]
            if seat is None:  # the deal is over: the people not yet ready are
                for s, player in enumerate(table.seats):
                    if player is not None and s not in table.ready:
                        table.mark_ready(s)
            else:
                table.time_out(seat)
        except WebError:  # the table moved on meanwhile
            return
        self.changed(table)

    def clock_of(self, table: Table) -> Optional[Dict[str, Any]]:
        """The running clock as a view shows it: whom it waits for and how long is left."""
        running = self._clocks.get(table.code)
        if running is None:
            return None
        (_, seat), deadline, _ = running
        return {"seconds": table.clock, "seat": seat, "next": seat is None,
                "remaining_ms": max(0, int((deadline - time.time()) * 1000))}

    async def close(self) -> None:
        for _, _, handle in self._clocks.values():
            handle.cancel()
        for task in list(self._tasks):
            task.cancel()
        for connections in self.connections.values():
            for connection in connections:
                connection.close()


def _clock(value: Any) -> int:
    """A turn clock from a request: 0 (none) or CLOCK_RANGE seconds."""
    low, high = CLOCK_RANGE
    if type(value) is not int or not (value == 0 or low <= value <= high):
        raise WebError("bad_request", detail=detail("clock", low=low, high=high))
    return value
