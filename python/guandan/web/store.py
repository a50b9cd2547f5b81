"""The server's SQLite database (WAL journal): players, their sessions and
accounts, tables, and every table action in order.

A table is stored as its creation record (its game, options, bot strength,
size and seed) plus its actions, appended one by one and committed before
anyone is told of them; on start the server rebuilds
each live table by applying its actions again (``tables.Table.apply``); a
table that ended is marked so, and not rebuilt. With
``synchronous=NORMAL`` a WAL commit survives the server process being killed.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Tuple

from .errors import WebError

log = logging.getLogger("guandan.web")

#: The schema's version, kept in ``PRAGMA user_version``. A database written
#: before versions were kept reads as version 1 (one session token a
#: player, no accounts); version 2 keeps sessions apart, so that an account's
#: player may be signed in on several browsers, and adds the accounts.
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    bots TEXT NOT NULL,
    public INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    game TEXT NOT NULL DEFAULT 'guandan',
    options TEXT NOT NULL DEFAULT '',
    seats INTEGER NOT NULL DEFAULT 4
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS ended_tables (
    code TEXT PRIMARY KEY,
    at REAL NOT NULL
);
""" + """
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS accounts (
    login TEXT PRIMARY KEY,          -- trimmed and case-folded (accounts.login_key)
    player TEXT UNIQUE NOT NULL,
    password TEXT NOT NULL,          -- scrypt$n$r$p$salt$key (accounts.hash_password)
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS actions_by_kind ON actions (kind);
"""

# Version 1 to 2: each player's one token moves to the sessions table, and
# the players table is rebuilt without it (SQLite drops no UNIQUE column).
_TO_VERSION_2 = """
INSERT INTO sessions (token_hash, player, created) SELECT token_hash, id, created FROM players;
CREATE TABLE players_v2 (id TEXT PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL);
INSERT INTO players_v2 (id, name, created) SELECT id, name, created FROM players;
DROP TABLE players;
ALTER TABLE players_v2 RENAME TO players;
"""


# Columns added since the first schema, with their definitions: a database
# written before them gains them (Guandan tables of four, as all were then).
_ADDED_COLUMNS = {
    "game": "TEXT NOT NULL DEFAULT 'guandan'",
    "options": "TEXT NOT NULL DEFAULT ''",
    "seats": "INTEGER NOT NULL DEFAULT 4",
}
_TABLE_COLUMNS = "code, host, ruleset, bots, public, seed, created, game, options, seats"


def _statements(script: str) -> List[str]:
    """The statements of ``script`` (none holds a ';' of its own), to run
    inside a transaction, which ``executescript`` would commit first."""
    return [sql.strip() for sql in script.split(";") if sql.strip()]


@dataclass(frozen=True)
class TableRecord:
    code: str
    host: str
    game: str                  # the game's registry name
    options: Dict[str, Any]    # the game's own settings (Guandan: its ruleset)
    bots: str
    public: bool
    seed: int
    created: float
    seats: int = 4


def _record(row: Tuple[Any, ...]) -> TableRecord:
    code, host, ruleset, bots, public, seed, created, game, options, seats = row
    # Tables stored before options had a column kept Guandan's ruleset alone.
    settings = json.loads(options) if options else {"ruleset": ruleset}
    return TableRecord(code, host, game, settings, bots, bool(public), seed, created, seats)


class Store:
    def __init__(self, path: str) -> None:
        # One connection, used by the event loop's thread only (one at a time).
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    @property
    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        """Bring the database to SCHEMA_VERSION in one transaction: a step
        that fails leaves it as it was, at its old version."""
        is_new = not self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players'").fetchall()
        version = self.schema_version or (SCHEMA_VERSION if is_new else 1)
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"the database has schema version {version}; this server reads up to {SCHEMA_VERSION}")
        with self._transaction():
            for sql in _statements(_SCHEMA):  # IF NOT EXISTS: what an older version lacks
                self._db.execute(sql)
            if version < 2:
                have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
                for name, definition in _ADDED_COLUMNS.items():
                    if name not in have:
                        self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {definition}")
                for sql in _statements(_TO_VERSION_2):
                    self._db.execute(sql)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write, committed as a whole. The lock keeps two threads off
        the one connection (the server has one event loop; the test client
        runs one per client)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            yield

    def _read(self, sql: str, params: Tuple[Any, ...] = ()) -> List[Tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def close(self) -> None:
        self._db.close()

    @property
    def journal_mode(self) -> str:
        return self._db.execute("PRAGMA journal_mode").fetchone()[0]

    # --- players and their sessions ----------------------------------------------
    def add_player(self, player_id: str, token_hash: str, name: str) -> None:
        """A new player and its first session."""
        with self._transaction():
            self._insert_player(player_id, token_hash, name)

    def _insert_player(self, player_id: str, token_hash: str, name: str) -> None:
        now = time.time()
        self._db.execute("INSERT INTO players (id, name, created) VALUES (?, ?, ?)", (player_id, name, now))
        self._db.execute("INSERT INTO sessions (token_hash, player, created) VALUES (?, ?, ?)", (token_hash, player_id, now))

    def rename_player(self, player_id: str, name: str) -> None:
        with self._transaction():
            self._db.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    def player_by_token(self, token_hash: str) -> Optional[Tuple[str, str]]:
        """(id, name) of the player of the session with this token, if any."""
        rows = self._read("SELECT p.id, p.name FROM sessions s JOIN players p ON p.id = s.player"
                          " WHERE s.token_hash = ?", (token_hash,))
        row = rows[0] if rows else None
        return None if row is None else (row[0], row[1])

    def add_session(self, token_hash: str, player_id: str) -> None:
        with self._transaction():
            self._db.execute("INSERT INTO sessions (token_hash, player, created) VALUES (?, ?, ?)",
                             (token_hash, player_id, time.time()))

    def remove_session(self, token_hash: str) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    # --- accounts ------------------------------------------------------------------
    def add_account(self, login: str, player_id: str, password: str,
                    new_player: Optional[Tuple[str, str]] = None) -> None:
        """The account ``login`` (a login_key) of ``player_id``, with its
        password record; with ``new_player`` = (token hash, name) the player
        and its session are created with it, in the same transaction.
        ``login_taken`` when the login has an account already."""
        try:
            with self._transaction():
                if new_player is not None:
                    self._insert_player(player_id, *new_player)
                self._db.execute("INSERT INTO accounts (login, player, password, created) VALUES (?, ?, ?, ?)",
                                 (login, player_id, password, time.time()))
        except sqlite3.IntegrityError:
            raise WebError("login_taken") from None

    def account(self, login: str) -> Optional[Tuple[str, str]]:
        """(player id, password record) of the account ``login``, if any."""
        rows = self._read("SELECT player, password FROM accounts WHERE login = ?", (login,))
        return (rows[0][0], rows[0][1]) if rows else None

    def login_of(self, player_id: str) -> Optional[str]:
        """The login of the player's account; None for a guest."""
        rows = self._read("SELECT login FROM accounts WHERE player = ?", (player_id,))
        return rows[0][0] if rows else None

    def played_tables(self, player_id: str, limit: int = 20) -> List[str]:
        """The codes of the tables whose match started with ``player_id``
        seated at some point, the newest first: the player's match history."""
        rows = self._read(
            "SELECT t.code FROM tables t WHERE t.code IN"
            " (SELECT code FROM actions WHERE kind = 'join' AND json_extract(data, '$.player') = ?)"
            " AND t.code IN (SELECT code FROM actions WHERE kind = 'start')"
            " ORDER BY t.created DESC LIMIT ?", (player_id, limit))
        return [row[0] for row in rows]

    def player_names(self) -> Dict[str, str]:
        return dict(self._read("SELECT id, name FROM players"))

    # --- tables ----------------------------------------------------------------
    def add_table(self, record: TableRecord) -> None:
        with self._transaction():
            self._db.execute(
                f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.code, record.host, str(record.options.get("ruleset", "")), record.bots, int(record.public),
                 record.seed, record.created, record.game, json.dumps(record.options, sort_keys=True), record.seats),
            )

    def table_exists(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM tables WHERE code = ?", (code,)))

    def tables(self, live_only: bool = False) -> List[TableRecord]:
        """Every table in order of creation; with ``live_only``, not those
        marked ended (a start-up need not rebuild them: nothing serves them)."""
        where = " WHERE code NOT IN (SELECT code FROM ended_tables)" if live_only else ""
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM tables" + where + " ORDER BY created")
        return [_record(r) for r in rows]

    def table_record(self, code: str) -> Optional[TableRecord]:
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE code = ?", (code,))
        row = rows[0] if rows else None
        return None if row is None else _record(row)

    def mark_ended(self, code: str) -> None:
        """Record that table ``code`` has ended (its actions stay)."""
        with self._transaction():
            self._db.execute("INSERT OR IGNORE INTO ended_tables VALUES (?, ?)", (code, time.time()))

    def add_action(self, code: str, n: int, kind: str, data: Dict[str, Any]) -> None:
        """Append action ``n`` of table ``code`` and commit it; ``unavailable``
        (a WebError) when the database cannot take it, so the table, which
        applies an action only once it is stored, stays as it was."""
        try:
            self._add_action(code, n, kind, data)
        except sqlite3.Error as error:
            log.error("table %s: action %d (%s) could not be stored: %s", code, n, kind, error)
            raise WebError("unavailable") from None

    def _add_action(self, code: str, n: int, kind: str, data: Dict[str, Any]) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (code, n, kind, json.dumps(data, separators=(",", ":"), ensure_ascii=False), time.time()),
            )

    def actions(self, code: str) -> Iterator[Tuple[int, str, Dict[str, Any], float]]:
        rows = self._read("SELECT n, kind, data, at FROM actions WHERE code = ? ORDER BY n", (code,))
        for n, kind, data, at in rows:
            yield n, kind, json.loads(data), at
