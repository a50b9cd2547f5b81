"""The ``guandan botzone`` and ``guandan botzone-judge`` commands."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from typing import Any, List, Optional

from ..gd import arguments

DEFAULT_GAMES = 10
DEFAULT_TIME_LIMIT = 2.0


def _bot(text: str) -> str:
    from ..gd.players import bot_object

    try:
        bot_object(text)
    except (ValueError, TypeError, ImportError, AttributeError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


def _command(text: str) -> List[str]:
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    if not words:
        raise argparse.ArgumentTypeError("a program is a command, e.g. 'guandan botzone --bot rule --keep-running'")
    return words


def _botzone_level(text: str) -> str:
    from .cards import text_of_level

    if text == "random":
        return text
    try:
        return text_of_level(arguments.level("T" if text == "0" else text))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"must be a level 2-9, 10 (or 0, T), J, Q, K, A or random; got {text!r}")


def _time_limit(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}") from None
    if not 0 < value <= 600:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 600 seconds, got {text}")
    return value


def add_bot_options(parser: argparse.ArgumentParser) -> None:
    """The options of a bot program: which bot, and whether it keeps running."""
    parser.add_argument("--bot", type=_bot, default="rule", metavar="NAME[:KEY=VALUE,...]",
                        help="the bot and its options, e.g. search:think_ms=300 (default rule)")
    parser.add_argument("--keep-running", action="store_true",
                        help="stay running between turns (Botzone's long-running mode)")


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m guandan.botzone``: the bot program alone, which starts
    faster than the whole command line (Botzone's simple mode starts the
    program every turn)."""
    parser = argparse.ArgumentParser(prog="python -m guandan.botzone",
                                     description="One of our bots as a Botzone GuanDan bot program.")
    add_bot_options(parser)
    args = parser.parse_args(argv)
    return play(args.bot, args.keep_running)


def play(spec: str, keep_running: bool) -> int:
    from ..gd.players import bot_object
    from .bot import run

    return run(bot_object(spec), sys.stdin, sys.stdout, keep_running)


def add_commands(sub: Any) -> None:
    """The ``botzone`` and ``botzone-judge`` subcommands of ``sub``."""
    from .judge import TRIBUTES
    from .protocol import HISTORY_FORMATS

    bot = sub.add_parser("botzone", help="one of our bots as a Botzone GuanDan bot program (docs/guides/botzone.md)")
    add_bot_options(bot)
    bot.add_argument("--pack", default=None, metavar="FILE.zip",
                     help="write the zip to upload to Botzone instead of playing")
    bot.set_defaults(run=botzone_command)

    judge = sub.add_parser("botzone-judge", help="Botzone's GuanDan judge, here: four bot programs over seeded games")
    judge.add_argument("programs", type=_command, nargs="+", metavar="COMMAND",
                       help="the bot programs, each one quoted command: one for every seat, two (seats 0 and 2, "
                            "then 1 and 3) or four (one per seat)")
    judge.add_argument("--games", type=arguments.integer_in(1, 100_000), default=DEFAULT_GAMES, help=f"games to play (default {DEFAULT_GAMES})")
    judge.add_argument("--seed", type=arguments.seed, default=0, help="the seed of the first game (default 0)")
    judge.add_argument("--level", type=_botzone_level, default="2",
                       help="both teams' level, or random (default 2, as on the ladder)")
    judge.add_argument("--tribute", choices=TRIBUTES, default="none",
                       help="the tribute before play: none (as on the ladder), single, double, or random")
    judge.add_argument("--history", choices=HISTORY_FORMATS, default="moves",
                       help="the form of a play request's history: moves (the published judge's) or seats")
    judge.add_argument("--time-limit", type=_time_limit, default=DEFAULT_TIME_LIMIT,
                       help=f"seconds a program has for each turn (default {DEFAULT_TIME_LIMIT:g})")
    judge.add_argument("--duplicate", action="store_true",
                       help="play every deal twice, the second time with every program one seat on")
    judge.add_argument("--out", default=None, metavar="FILE.json", help="write every game's record here")
    judge.set_defaults(run=botzone_judge_command)


def botzone_command(args: argparse.Namespace) -> int:
    if args.pack is not None:
        from .pack import pack

        names = pack(args.bot, args.pack, args.keep_running)
        print(f"Wrote {args.pack}: {len(names)} files, bot {args.bot}"
              f"{', keep-running' if args.keep_running else ''}; it needs Python {sys.version_info[0]}.{sys.version_info[1]}")
        return 0
    return play(args.bot, args.keep_running)


def botzone_judge_command(args: argparse.Namespace) -> int:
    from .report import run_games, summary

    programs = args.programs
    if len(programs) not in (1, 2, 4):
        raise ValueError(f"give one, two or four programs, not {len(programs)}")
    commands = [programs[s % len(programs)] for s in range(4)]
    run = run_games(commands, games=args.games, seed=args.seed, level=args.level, tribute=args.tribute,
                    history=args.history, time_limit=args.time_limit, duplicate=args.duplicate,
                    progress=sys.stderr)
    print("\n".join(summary(run)))
    if args.out is not None:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(run.to_dict(), out)
            out.write("\n")
        print(f"\nWrote {args.out}")
    return 0
