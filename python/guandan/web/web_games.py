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

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Type, Union

from ..common.games import game_entry, game_names
from .errors import WebError
from .events import Handlers
from .i18n import LANGUAGES, Catalogue, detail
from .protocol import MessageTypes, message_types
from .room_messages import SOCKET_MESSAGES, TABLE_ACTIONS
from .tables import Action, Table

#: The game part of a seat's view: ``match`` and ``deal`` (None before the
#: start), and per seat the fields the seat list adds (cards left, ...).
GameView = Tuple[Optional[Dict[str, Any]], Optional[Dict[str, Any]], List[Dict[str, Any]]]

#: A bot as a server is given it: a bot spec (``rule``, ``search:think_ms=300``,
#: ``mybots:Greedy``, :mod:`guandan.common.bot_spec`) or a bot object of the game.
BotLike = Any
#: Bot strengths of one's own, as ``create_app(bots=...)`` takes them: per
#: game, per strength name, one bot for every bot seat or one per bot seat.
BotsOption = Mapping[str, Mapping[str, Union[BotLike, Sequence[BotLike]]]]
#: The same once checked: per game, per strength, the bots of the bot seats in
#: seat order (bot seat k plays the k % len-th).
CustomStrengths = Dict[str, Dict[str, Tuple[BotLike, ...]]]

#: A strength name of one's own: short, and safe in a page, a URL and a log.
STRENGTH_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}")


@dataclass(frozen=True)
class UserBots:
    """How a game takes bots of one's own (a strength of ``create_app(bots=...)``)."""
    make: Callable[[str, int], Any]   # the bot a spec names, seeded; ValueError for a bad spec
    is_bot: Callable[[Any], bool]     # whether an object is a bot of the game
    methods: str                      # the methods a bot object has, for error messages


@dataclass(frozen=True)
class LobbyOption:
    """One setting of a game's tables, as the lobby's forms offer it and a
    create request sends it (a field of the body): a choice among names, or
    a whole number low..high. Its label is the game's text ``option.NAME``,
    each choice's ``option.NAME.CHOICE``."""
    name: str
    default: Union[str, int]
    choices: Tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    def read(self, body: Mapping[str, Any]) -> Union[str, int]:
        """The option's value in a request body (its default when absent); ``bad_request`` naming it."""
        value = body.get(self.name, self.default)
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                raise WebError("bad_request", detail=detail("one_of", field=self.name, values=", ".join(self.choices)))
        elif type(value) is not int or not self.low <= value <= self.high:
            raise WebError("bad_request", detail=detail("range", field=self.name, low=self.low, high=self.high))
        return value

    def summary(self) -> Dict[str, Any]:
        shape: Dict[str, Any] = {"choices": list(self.choices)} if self.choices else {"low": self.low, "high": self.high}
        return {"name": self.name, "kind": "choice" if self.choices else "number", "default": self.default, **shape}


@dataclass(frozen=True)
class PageMove:
    """A button of the generic table page (play.html) for a game without a
    page of its own: the message it sends on the seat's turn, labelled by
    the game's text ``label``."""
    label: str
    message: Mapping[str, Any]


@dataclass(frozen=True)
class WebGame:
    name: str                                     # the game's registry name
    table: Type[Table]                            # its table: tables.Table with the game's state and actions
    seats: Tuple[int, int]                        # the table sizes a host may choose
    default_seats: int
    strengths: Tuple[str, ...]                    # bot strengths (the first listed is not the default)
    default_strength: str
    make_bot: Callable[[str, int], Any]           # a bot of a strength, seeded
    view: Callable[[Table, Optional[int], bool], GameView]  # what a seat (None: a spectator) sees; coach mode on
    # The game's layer of the protocol: each message class of play (its TYPE
    # on the wire) to its handler, which returns events (events.py).
    handlers: Handlers
    decide: Callable[[Table, int, Any], Callable[[], Any]]  # a bot's decision, as work for the thread pool
    bot_action: Callable[[Table, int, Any], Action]  # a bot's decision as the table's action (checked)
    fallback: Callable[[Table, int], Any]         # the decision when a bot fails
    # The match log to download, given who played each seat (views.seat_players).
    log: Callable[[Table, List[Dict[str, Optional[str]]]], Dict[str, Any]]
    # What the lobby offers and the create request takes, beside the size and
    # the bots (read by read_options), and the game's texts in every language
    # (its title, the labels of its options, its messages): GET /api/games.
    lobby: Tuple[LobbyOption, ...] = ()
    texts: Optional[Catalogue] = None
    page: str = "play.html"                       # the page of its tables (python/guandan/web/static)
    moves: Tuple[PageMove, ...] = ()              # the buttons of play.html, the generic page
    # The page that replays a finished table (?code=CODE); None: none.
    replay_page: Optional[str] = None
    # A finished table step by step for a replay page, every hand shown
    # (GET /api/tables/{code}/replay); None where the page replays the log itself.
    replay: Optional[Callable[[Table, List[Dict[str, Optional[str]]]], Dict[str, Any]]] = None
    # Bots of one's own at its tables; None where the game takes none. The
    # table class of such a game takes ``strengths`` (the names it allows).
    user_bots: Optional[UserBots] = None

    def read_options(self, body: Mapping[str, Any]) -> Dict[str, Any]:
        """The game's options from a create request's body (``bad_request`` naming a bad one)."""
        return {option.name: option.read(body) for option in self.lobby}

    def __post_init__(self) -> None:
        # A page's message goes to the room's layer first: a game type of the
        # same name would never be reached.
        taken = set(self.messages) & (set(SOCKET_MESSAGES) | set(TABLE_ACTIONS))
        if taken:
            raise ValueError(f"{self.name}: the message types {', '.join(sorted(taken))} are the room's")

    @property
    def messages(self) -> MessageTypes:
        """The game's message classes by their TYPE."""
        return message_types(self.handlers)

    def check_strength(self, bots: Any, extra: Sequence[str] = ()) -> str:
        """``bots`` if it names a strength of the game or one of ``extra``
        (the server's own, after the built-in ones)."""
        allowed = list(self.strengths) + list(extra)
        if not isinstance(bots, str) or bots not in allowed:
            raise WebError("bad_request", detail=detail("one_of", field="bots", values=", ".join(allowed)))
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


def game_summary(game: WebGame, extra: Sequence[str] = ()) -> Dict[str, Any]:
    """What the lobby and the pages need of a game (``GET /api/games``): its
    name and title, bot strengths (the built-in ones, then ``extra``, the
    server's own) and table sizes with their defaults, its options, its
    texts in every language (at least its title), its page and the
    buttons of the generic page."""
    return {"name": game.name, "title": game_entry(game.name).title, "strengths": list(game.strengths) + list(extra),
            "default_strength": game.default_strength, "seats": list(game.seats),
            "default_seats": game.default_seats, "options": [option.summary() for option in game.lobby],
            "texts": game_texts(game),
            "page": game.page, "moves": [{"label": m.label, "message": dict(m.message)} for m in game.moves]}


def game_texts(game: WebGame) -> Dict[str, Dict[str, str]]:
    """A game's texts in every language (at least its title), as the lobby
    gets them in ``GET /api/games`` and a page of the game from
    ``/static/texts/GAME.json``."""
    title = game_entry(game.name).title
    texts = game.texts.strings if game.texts is not None else {language: {} for language in LANGUAGES}
    return {language: {"title": title, **strings} for language, strings in texts.items()}


def web_game_names() -> List[str]:
    """The registered games that have a browser table."""
    return [name for name in game_names() if game_entry(name).web_table is not None]


def custom_strengths(bots: Optional[BotsOption]) -> CustomStrengths:
    """Bot strengths of one's own, checked: ``{game: {name: bots}}`` where
    ``bots`` is one bot (a spec or a bot object) for every bot seat, or a
    list of them, one per bot seat in seat order (cycled). Each spec is made
    once and each object copied once here, so a bad one fails now, not at a
    table. ValueError naming the game, the strength and what is wrong."""
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise ValueError(f"bots must map game names to {{strength: bots}}, got {bots!r}")
    known = web_game_names()
    checked: CustomStrengths = {}
    for game_name, strengths in bots.items():
        if game_name not in known:
            raise ValueError(f"bot strengths: no browser table for the game {game_name!r} "
                             f"(games with one: {', '.join(known)})")
        game = web_game(game_name)
        if game.user_bots is None:
            raise ValueError(f"bot strengths: {game_name} takes no bots of your own")
        if not isinstance(strengths, Mapping):
            raise ValueError(f"bot strengths: {game_name} needs a mapping of strength names to bots, got {strengths!r}")
        checked[game_name] = {name: _strength_bots(game, game.user_bots, name, given)
                              for name, given in strengths.items()}
    return checked


def _strength_bots(game: WebGame, user_bots: UserBots, name: Any, given: Any) -> Tuple[BotLike, ...]:
    if not isinstance(name, str) or not STRENGTH_NAME.fullmatch(name):
        raise ValueError(f"bot strength {name!r} of {game.name}: a name is a letter then up to 19 letters, "
                         f"digits, _ or -")
    where = f"bot strength {name!r} of {game.name}"
    if name.lower() in (builtin.lower() for builtin in game.strengths):
        raise ValueError(f"{where}: the name is a built-in strength ({', '.join(game.strengths)}); choose another")
    entries = list(given) if isinstance(given, (list, tuple)) else [given]
    most = game.seats[1]
    if not 1 <= len(entries) <= most:
        raise ValueError(f"{where}: give 1 to {most} bots (one per bot seat), got {len(entries)}")
    for k, entry in enumerate(entries):
        at = where if len(entries) == 1 else f"{where}, bot {k + 1}"
        if isinstance(entry, str):
            try:
                user_bots.make(entry, 0)
            except Exception as error:  # a user's class may fail in any way: report it as bad input
                why = str(error) if isinstance(error, (ValueError, TypeError)) else f"{type(error).__name__}: {error}"
                raise ValueError(f"{at}: {' '.join(why.split())}") from None
        elif user_bots.is_bot(entry):
            try:
                copy.deepcopy(entry)  # each seat of each table gets a copy of its own
            except Exception as error:
                raise ValueError(f"{at}: the bot cannot be copied for each seat (copy.deepcopy: {error})") from None
        else:
            raise ValueError(f"{at}: {entry!r} is neither a bot spec nor a bot (an object with {user_bots.methods})")
    return tuple(entries)


def seat_bot(game: WebGame, entry: BotLike, seed: int) -> Any:
    """The bot of one seat from an entry of a checked strength: the bot a
    spec names, seeded ``seed``, or a copy of a bot object (tables and
    seats share nothing: a bot may remember its seat's deal)."""
    if game.user_bots is None:
        raise ValueError(f"{game.name} takes no bots of your own")
    return game.user_bots.make(entry, seed) if isinstance(entry, str) else copy.deepcopy(entry)
