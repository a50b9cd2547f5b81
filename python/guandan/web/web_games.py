"""What the web server needs of a game to host its tables: one
:class:`WebGame` per game, found through the game registry
(``GameEntry.web_table``, :mod:`guandan.common.games`).

The server itself (rooms, views, the app) knows no game: it keeps the
seats, people, chat and the table's life, stores every action before it is
broadcast, drives the bots' turns and sends each seat its view; the
game's entry says how its table is made, what its options and bot
strengths are, what a seat sees of its state, which messages a page may
send while it plays, and how a bot decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Type

from ..common.games import game_entry, game_names
from .errors import WebError
from .i18n import detail
from .tables import Table

#: The game part of a seat's view: ``match`` and ``deal`` (None before the
#: start), and per seat the fields the seat list adds (cards left, ...).
GameView = Tuple[Optional[Dict[str, Any]], Optional[Dict[str, Any]], List[Dict[str, Any]]]


@dataclass(frozen=True)
class WebGame:
    name: str                                     # the game's registry name
    table: Type[Table]                            # its table: tables.Table with the game's state and actions
    seats: Tuple[int, int]                        # the table sizes a host may choose
    default_seats: int
    strengths: Tuple[str, ...]                    # bot strengths (the first listed is not the default)
    default_strength: str
    options: Callable[[Mapping[str, Any]], Dict[str, Any]]  # the game's options from a request body (WebError)
    make_bot: Callable[[str, int], Any]           # a bot of a strength, seeded
    view: Callable[[Table, Optional[int], bool], GameView]  # what a seat (None: a spectator) sees; coach mode on
    messages: Mapping[str, Callable[[Dict[str, Any]], Dict[str, Any]]]  # game message types -> their fields
    # One game message of a seat: (rooms, table, connection, seat, message),
    # with the server's Rooms and Connection (rooms.py) and the parsed Message.
    handle: Callable[[Any, Table, Any, int, Any], Awaitable[None]]
    decide: Callable[[Table, int, Any], Callable[[], Any]]  # a bot's decision, as work for the thread pool
    act: Callable[[Table, int, Any], None]        # commit a decision for a seat
    fallback: Callable[[Table, int], Any]         # the decision when a bot fails
    log: Callable[[Table], Dict[str, Any]]        # the match log to download
    page: str = "table.html"                      # the page of its tables (python/guandan/web/static)
    # A finished table step by step for a replay page, every hand shown
    # (GET /api/tables/{code}/replay); None where the page replays the log itself.
    replay: Optional[Callable[[Table], Dict[str, Any]]] = None

    def check_strength(self, bots: Any) -> str:
        if not isinstance(bots, str) or bots not in self.strengths:
            raise WebError("bad_request", detail=detail("one_of", field="bots", values=", ".join(self.strengths)))
        return bots

    def check_seats(self, seats: Any) -> int:
        fewest, most = self.seats
        if type(seats) is not int or not fewest <= seats <= most:
            raise WebError("bad_request", detail=detail("range", field="players", low=fewest, high=most))
        return seats


def web_game(name: Any, hosted: Optional[Sequence[str]] = None) -> WebGame:
    """The web part of the game called ``name``; ``bad_request`` if there is
    no such game, it has no tables, or it is not one of ``hosted`` (the games
    this server hosts; default: every game with a browser table)."""
    names = list(hosted) if hosted is not None else web_game_names()
    if not isinstance(name, str) or name not in game_names():
        raise WebError("bad_request", detail=detail("one_of", field="game", values=", ".join(names)))
    entry = game_entry(name)
    if entry.web_table is None:
        raise WebError("bad_request", detail=detail("no_browser_table", game=entry.title, values=", ".join(names)))
    if name not in names:
        raise WebError("bad_request", detail=detail("one_of", field="game", values=", ".join(names)))
    return entry.web_table()


def hosted_games(games: Optional[Sequence[str]]) -> Tuple[str, ...]:
    """The games a server hosts: ``games`` (registry names), or every game
    with a browser table when None; ValueError naming a game without one."""
    known = web_game_names()
    if games is None:
        return tuple(known)
    if isinstance(games, str) or not games:
        raise ValueError(f"games must be a non-empty list of game names (of {', '.join(known)}), got {games!r}")
    for name in games:
        if name not in known:
            raise ValueError(f"no browser table for the game {name!r} (games with one: {', '.join(known)})")
    return tuple(dict.fromkeys(games))


def game_summary(game: WebGame) -> Dict[str, Any]:
    """What the lobby needs to offer a game's tables: its name and title, bot
    strengths and table sizes, with their defaults (``GET /api/games``)."""
    return {"name": game.name, "title": game_entry(game.name).title, "strengths": list(game.strengths),
            "default_strength": game.default_strength, "seats": list(game.seats),
            "default_seats": game.default_seats, "page": game.page}


def web_game_names() -> List[str]:
    """The registered games that have a browser table."""
    return [name for name in game_names() if game_entry(name).web_table is not None]
