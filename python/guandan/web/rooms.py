"""The server's live tables: one room per table (room.py), and what spans
them: opening tables, finding them by code, the lists of the lobby, the
cap on one player's connections, and ending idle tables
(``docs/web.md §3-6``). What happens at a table is its room's business:
a message goes to the table's room, which answers it and applies its
events.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .bot_runner import BotRunner
from .errors import WebError
from .events import Commit, commit
from .i18n import detail
from .protocol import ClientMessage, Ref, server_message
from .room import Connection, Room, RoomServices
from .room_messages import ROOM_HANDLERS
from .store import Store, TableRecord
from .tables import Table, new_code, normal_code
from .web_games import CustomStrengths, WebGame, hosted_games, seat_bot, web_game

log = logging.getLogger("guandan.web")
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


class Rooms:
    """Every live table's room, and the server's shared parts (the store,
    the thread pool, the names, the bots)."""

    def __init__(self, store: Store, runner: BotRunner, bot_delay: float = 0.6,
                 bot_factory: Optional[BotFactories] = None, games: Optional[Sequence[str]] = None,
                 strengths: Optional[CustomStrengths] = None) -> None:
        self.store = store
        # The games new tables may be of (stored tables of others still resume).
        self.games = hosted_games(games)
        self.runner = runner
        self.bot_factory = bot_factory
        # The server's own bot strengths, per game (web_games.custom_strengths, checked).
        self.custom: CustomStrengths = dict(strengths or {})
        self.names: Dict[str, str] = store.player_names()
        self.services = RoomServices(names=self.names, runner=runner, bot_delay=bot_delay, new_bot=self._new_bot,
                                     ended=lambda table: store.mark_ended(table.code))
        self.rooms: Dict[str, Room] = {}
        for record in store.tables(live_only=True):
            table = self._rebuild(record)
            if table.status == "ended":  # ended before ends were marked
                store.mark_ended(record.code)
            else:
                self._open(table)

    @property
    def tables(self) -> Dict[str, Table]:
        """The live tables by code."""
        return {code: room.table for code, room in self.rooms.items()}

    def _open(self, table: Table) -> Room:
        room = Room(table, self.services, ROOM_HANDLERS)
        self.rooms[table.code] = room
        return room

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
        """A new table of the game the request ``body`` names (the first
        hosted game by default), with its options, bot strength, size and
        turn clock from the body. A person hosts one table of people at a
        time: another is refused (``already_hosting``) unless the body says
        ``"replace": true``, which ends the old one."""
        self.sweep_idle()
        game = web_game(body.get("game", self.games[0]), self.games)
        options = game.read_options(body)
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
            hosted = [r for r in self.rooms.values()
                      if r.table.host == host and not r.table.solo and r.table.status in ("waiting", "playing")]
            if hosted and not replace:
                code = hosted[0].table.code
                raise WebError("already_hosting", table=code, data={"table": code})
            for old in hosted:
                old.commit([Commit(old.table.end_action(host))])
        code = new_code()
        while code in self.rooms or self.store.table_exists(code):
            code = new_code()
        record = TableRecord(code, host, game.name, options, bots, public, secrets.randbits(63), time.time(), seats)
        self.store.add_table(record)
        table = self._new_table(record)
        room = self._open(table)
        room.commit(commit(table.join_action(host, 0)))
        if solo:
            room.commit([Commit(table.start_action(host, anyway=True, solo=True))])
        return table

    def room(self, code: str) -> Room:
        """The room of the live table ``code`` (``no_table`` if none, or ended)."""
        room = self.rooms.get(normal_code(code))
        if room is None or room.table.status == "ended":
            raise WebError("no_table")
        return room

    def table(self, code: str) -> Table:
        return self.room(code).table

    def finished_table(self, code: str) -> Table:
        """The table ``code`` whatever its status, for its log: a table that
        ended before this start is rebuilt from the store for the request
        (and not kept). ``no_table`` if there never was one."""
        code = normal_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room.table
        record = self.store.table_record(code)
        if record is None:
            raise WebError("no_table")
        return self._rebuild(record)

    def open_tables(self) -> List[Table]:
        """Public tables waiting or playing, newest first, but those idle for
        HIDE_IDLE_S (no action, nobody connected)."""
        self.sweep_idle()
        now = time.time()
        listed = [r.table for r in self.rooms.values() if r.table.public and r.table.status in ("waiting", "playing")
                  and (now - r.table.last_active < HIDE_IDLE_S or r.connections)]
        return sorted(listed, key=lambda t: -t.created)[:50]

    def tables_of(self, player: str) -> List[Table]:
        """The tables ``player`` sits at or hosts that have not ended, the
        most recently active first: the lobby's way back to them (a game
        against bots is private, so no other list shows it)."""
        self.sweep_idle()
        mine = [r.table for r in self.rooms.values()
                if r.table.status != "ended" and (r.table.host == player or player in r.table.seats)]
        return sorted(mine, key=lambda t: -t.last_active)[:50]

    def history_of(self, player: str) -> List[Dict[str, Any]]:
        """The finished matches ``player`` played in, the newest first: each
        table's code, game, when it was opened and whether it is over (its
        match played out) or ended (closed, perhaps before the end). Its
        replay opens from the code (``replay``: the game's replay page)."""
        history = []
        for code in self.store.played_tables(player):
            live = self.rooms.get(code)
            if live is not None and live.table.status in ("waiting", "playing"):
                continue  # still under way: one of the player's tables
            record = self.store.table_record(code)
            if record is not None:
                history.append({"code": code, "game": record.game, "created": record.created,
                                "status": "ended" if live is None else live.table.status,
                                "replay": f"/static/{web_game(record.game).replay_page}?code={code}"})
        return history

    def sweep_idle(self) -> None:
        """End the tables nobody has acted at or watched for END_IDLE_S."""
        now = time.time()
        for room in list(self.rooms.values()):
            table = room.table
            if table.status != "ended" and not room.connections and now - table.last_active >= END_IDLE_S:
                room.commit([Commit(table.end_action())])

    async def perform(self, code: str, player: str, message: ClientMessage) -> Dict[str, Any]:
        """A table action over HTTP (room_messages.TABLE_ACTIONS): its reply body."""
        reply = await self.room(code).handle(player, message)
        return reply if reply is not None else {}

    # --- connections -----------------------------------------------------------
    def connect(self, code: str, player: str, deltas: bool = False) -> Tuple[Room, Connection]:
        room = self.room(code)
        # The message rate limit is per connection: without a cap on
        # connections one session could multiply it.
        open_now = sum(c.player == player for r in self.rooms.values() for c in r.connections)
        if open_now >= MAX_CONNECTIONS_PER_PLAYER:
            raise WebError("too_many_connections")
        connection = Connection(player, deltas)
        table = room.table
        connection.send(server_message("hello", player={"id": player, "name": self.names.get(player, "")},
                                       seat=table.seat_of(player), code=table.code))
        room.connect(connection)
        return room, connection

    async def handle(self, room: Room, connection: Connection, message: ClientMessage, ref: Ref = None) -> None:
        """One checked message from a page at ``room``; WebError when refused."""
        await room.handle(connection.player, message, connection, ref)

    @staticmethod
    def game_of(table: Table) -> WebGame:
        return web_game(table.GAME)

    # --- bots --------------------------------------------------------------------
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

    async def close(self) -> None:
        for room in self.rooms.values():
            room.close()


def _clock(value: Any) -> int:
    """A turn clock from a request: 0 (none) or CLOCK_RANGE seconds."""
    low, high = CLOCK_RANGE
    if type(value) is not int or not (value == 0 or low <= value <= high):
        raise WebError("bad_request", detail=detail("clock", low=low, high=high))
    return value
