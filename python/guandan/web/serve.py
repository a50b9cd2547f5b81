"""``guandan serve``: check the options, then run the app on uvicorn."""

from __future__ import annotations

import argparse
import os
from typing import Dict, Optional, Sequence, Tuple

from ..common import network
from ..common.games import DEFAULT_GAME


#: An argparse type: a TCP port 1..65535.
port = network.port(1)

MAX_BOT_DELAY = 10.0


def bot_delay(text: str) -> float:
    """An argparse type: a bot's pause before each action, 0..10 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bot delay must be a number of seconds, got {text!r}") from None
    if not 0.0 <= value <= MAX_BOT_DELAY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"bot delay must be 0..{MAX_BOT_DELAY:g} seconds, got {text}")
    return value


def served_games(text: str) -> list:
    """An argparse type: the games to host, comma-separated registry names
    of games with a browser table (the first is the lobby's default)."""
    from .web_games import hosted_games

    try:
        return list(hosted_games([name.strip().lower() for name in text.split(",")]))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: One ``--bot`` value: (game, strength name, the bot specs of successive bot seats).
BotStrength = Tuple[str, str, Tuple[str, ...]]


def bot_strength(text: str) -> BotStrength:
    """An argparse type: ``[GAME/]NAME=SPEC[+SPEC...]``, a bot strength NAME
    of one's own for GAME (default guandan), its bots the specs given, one
    per bot seat in seat order (repeated as needed); each spec is checked."""
    from .web_games import custom_strengths

    head, equals, specs = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"give [GAME/]NAME=SPEC[+SPEC...], e.g. mine=mybots:Greedy, got {text!r}")
    game, slash, name = head.strip().rpartition("/")
    game = game.strip().lower() if slash else DEFAULT_GAME
    bots = tuple(spec.strip() for spec in specs.split("+"))
    if not all(bots):
        raise argparse.ArgumentTypeError(f"{text!r}: a bot spec is empty (specs are separated by +)")
    try:
        custom_strengths({game: {name.strip(): bots}})
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return game, name.strip(), bots


def bot_strengths(given: Optional[Sequence[BotStrength]]) -> Dict[str, Dict[str, Tuple[str, ...]]]:
    """The ``--bot`` values as ``create_app(bots=...)`` takes them; ValueError
    for a strength given twice."""
    strengths: Dict[str, Dict[str, Tuple[str, ...]]] = {}
    for game, name, bots in given or ():
        if name in strengths.setdefault(game, {}):
            raise ValueError(f"--bot: the bot strength {name!r} of {game} is given twice")
        strengths[game][name] = bots
    return strengths


def _check_db(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise ValueError(f"--db {path!r}: not a writable file path")


def serve_command(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401
        import starlette  # noqa: F401
    except ImportError:
        raise ValueError("the web server needs its extra: pip install 'guandan-engine[web]'") from None
    bots = bot_strengths(args.bot)
    _check_db(args.db)
    network.check_address(args.host, args.port)
    from . import protocol
    from .app import create_app

    app = create_app(args.db, bot_delay=args.bot_delay, games=args.game, bots=bots)
    hosted = ", ".join(app.state.rooms.games)
    print(f"guandan: serving {hosted} on http://{args.host}:{args.port} (database {args.db}); Ctrl-C stops", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=protocol.MAX_FRAME)
    return 0
