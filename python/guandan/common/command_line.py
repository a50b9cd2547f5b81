"""The command-line framework of every game: ``guandan play|simulate|arena
--game NAME``.

A command line is parsed in two steps. The first finds ``--game`` (the
default game when it is absent); the second builds the parser of that
game's command: the options every game shares (below) and the ones its
registry entry adds (:attr:`GameEntry.add_options`). So ``--help`` lists
the game's own options and choices, and an option of another game is
refused in one line naming that game. The shared options:

- play: ``--game``, ``--players`` (games with a range of players), ``--seed``,
  ``--seat``, ``--bots``;
- simulate: ``--game``, ``--players``, ``--deals`` or ``--matches``,
  ``--policy``, ``--threads``, ``--seed``, ``--out``, ``--quiet``;
- arena: ``--game``, ``--players``, ``--bots``, ``--deals``, ``--threads``,
  ``--seed``, ``--quiet``.

Before the game's command runs, the names and numbers are checked against
its entry: policies and bots, their number per seat, the seat. A command
that cannot run raises :class:`CommandError` (or ValueError/TypeError) with
a one-line message; the ``guandan`` command prints it and exits with 2.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Callable, List, NoReturn, Optional, Sequence, Tuple, TypeVar

from . import options
from .games import DEFAULT_GAME, GameEntry, game_entry, game_names

T = TypeVar("T")

EXIT_USAGE = 2


class CommandError(Exception):
    """A command that cannot run as given; the message is the one line shown."""


class Parser(argparse.ArgumentParser):
    """Argument errors in one line (argparse prints the whole usage first)."""

    def error(self, message: str) -> NoReturn:
        # Control characters of a mistyped argument (a stray carriage return)
        # are shown escaped, so the message stays one line.
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shown} (see {self.prog} --help)\n")


def one_line(error: BaseException) -> str:
    """The first line of an error's message (its type if it has none)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


# --- helpers of the games' commands ---------------------------------------------

def with_progress(args: argparse.Namespace, label: str, work: Callable[[Any], T]) -> Tuple[T, float]:
    """``work(bar)`` with a progress bar on stderr (None with --quiet), whose
    line is ended even when the work is cut short; its result and seconds."""
    from .progress import ProgressBar

    bar = None if args.quiet else ProgressBar(label)
    start = time.perf_counter()
    try:
        return work(bar), time.perf_counter() - start
    finally:
        if bar is not None:
            bar.end_line()


def _physical_memory() -> Optional[int]:
    """This machine's memory in bytes, where the platform tells."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def check_memory(rows: int, empty_results: Any, what: str) -> None:
    """Refuse a run whose result arrays cannot fit in memory, before it starts."""
    row_bytes = sum(array.dtype.itemsize * max(1, array[:1].size) for array in empty_results.arrays().values())
    needed, memory = rows * row_bytes, _physical_memory()
    if memory is not None and needed > memory:
        raise CommandError(f"{what} need {needed / 1e9:,.0f} GB for their results, more than this machine's "
                           f"{memory / 1e9:,.0f} GB of memory")


def seat_policies(args: argparse.Namespace) -> List[str]:
    """``--policy`` as one name per seat (the command has checked its number)."""
    return [args.policy] * args.players if isinstance(args.policy, str) else list(args.policy)


def joined(policy: Any) -> str:
    """``--policy`` as it is shown: one name, or the names comma-separated."""
    return policy if isinstance(policy, str) else ",".join(policy)


# --- the parsers -------------------------------------------------------------------

def _output_path(text: str) -> str:
    """An argparse type: a results file that can be written (checked before the run)."""
    from .results_file import check_output_path

    try:
        return check_output_path(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class BotsOption(argparse.Action):
    """An option that names the bots of an arena: ``--bots``, or another a
    game adds (Guandan's ``--league``). They share ``args.bots``, so at most
    one of them may be given; ``args.bots_option`` says which one was."""

    def __call__(self, parser, namespace, values, option_string=None):
        earlier = getattr(namespace, "bots_option", None)
        if earlier not in (None, option_string):
            parser.error(f"argument {option_string}: not allowed with argument {earlier}")
        namespace.bots = values
        namespace.bots_option = option_string


def _shared_options(command: str, parser: argparse.ArgumentParser, game: GameEntry) -> None:
    """The options of ``command`` that every game takes, with ``game``'s choices in their help."""
    names = game_names()
    parser.add_argument("--game", type=options.name_in(names, "game"), default=DEFAULT_GAME,
                        metavar="{" + ",".join(names) + "}",
                        help=f"the game (default {DEFAULT_GAME}); with --help, lists that game's options")
    if game.player_counts_vary:
        fewest, most = game.players
        parser.add_argument("--players", type=options.integer_in(fewest, most), default=game.default_players,
                            help=f"players at the table, {fewest}..{most} (default {game.default_players})")
    policies = ", ".join(game.policies)
    if command == "play":
        parser.add_argument("--seed", type=options.seed, default=None, help="seed (default: a random one, printed)")
        parser.add_argument("--seat", type=options.any_seat, default=0, help="your seat, from 0 (default 0)")
        parser.add_argument("--bots", type=options.bot, default=game.default_bot,
                            metavar="{" + ",".join(game.bots) + "}",
                            help=f"the other players (default {game.default_bot})")
    elif command == "simulate":
        amount = parser.add_mutually_exclusive_group()
        amount.add_argument("--deals", type=options.count, default=100000, help="number of deals (default 100000)")
        amount.add_argument("--matches", type=options.count, default=None, help="simulate this many whole matches instead")
        parser.add_argument("--policy", type=options.policy, default=game.default_policy,
                            help=f"{policies}, or one per seat, comma-separated (default {game.default_policy})")
        parser.add_argument("--threads", type=options.threads, default=1,
                            help=f"threads, 1..{options.MAX_THREADS} (default 1)")
        parser.add_argument("--seed", type=options.seed, default=0, help="run seed in [0, 2**64) (default 0)")
        parser.add_argument("--out", type=_output_path, default=None, metavar="FILE",
                            help="also write the results and the run to FILE.npz or FILE.parquet (needs the parquet extra)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
    elif command == "arena":
        parser.add_argument("--bots", type=options.policy_pair, action=BotsOption, default=list(game.default_pair),
                            help=f"two of {policies}, comma-separated (default {','.join(game.default_pair)})")
        parser.add_argument("--deals", type=options.count, default=2000, help="duplicate deal pairs (default 2000)")
        parser.add_argument("--threads", type=options.threads, default=1,
                            help=f"threads, 1..{options.MAX_THREADS} (default 1)")
        parser.add_argument("--seed", type=options.seed, default=0, help="run seed in [0, 2**64) (default 0)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")


HELP = {
    "play": "play at the terminal against bots",
    "simulate": "play many deals (or matches) in the core and summarise them",
    "arena": "compare bots on duplicate deals (teams swapped)",
}


def add_game_commands(sub: Any, game: GameEntry) -> None:
    """The subcommands play, simulate and arena of ``sub``, for ``game``."""
    for command in ("play", "simulate", "arena"):
        parser = sub.add_parser(command, help=HELP[command])
        _shared_options(command, parser, game)
        if game.add_options is not None:
            game.add_options(command, parser)
        parser.set_defaults(run=run_game_command, game_command=command)


def game_in(argv: Sequence[str]) -> GameEntry:
    """The game a command line names with --game (the default game when it
    names none, or one that is not registered: the full parser refuses it)."""
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", default=DEFAULT_GAME)
    try:
        known, _ = first.parse_known_args(list(argv))
    except SystemExit:  # --game without a value: the full parser says so
        return game_entry(DEFAULT_GAME)
    name = known.game.strip().lower() if isinstance(known.game, str) else DEFAULT_GAME
    return game_entry(name if name in game_names() else DEFAULT_GAME)


def foreign_option(command: str, option: str, game: GameEntry,
                   parser_of: Callable[[GameEntry], argparse.ArgumentParser]) -> Optional[str]:
    """Why ``option`` is refused, when it is an option of ``command`` in another game."""
    for name in game_names():
        other = game_entry(name)
        if other.name == game.name or command not in other.commands:
            continue
        sub = next(a for a in parser_of(other)._actions if isinstance(a, argparse._SubParsersAction))
        if option in sub.choices[command]._option_string_actions:
            if game.name == DEFAULT_GAME:
                return f"{option} is an option of {other.title}'s {command}: add --game {other.name}"
            return f"{option} is an option of {other.title}'s {command}, not of {game.title}'s"
    return None


# --- running a game's command --------------------------------------------------------

def _check_policy_count(args: argparse.Namespace, game: GameEntry) -> None:
    """One policy for all seats or one per seat (the parser accepts any number)."""
    if not isinstance(args.policy, str) and len(args.policy) != args.players:
        per_seat = "four" if args.players == 4 else f"{args.players}"
        table = game.title if not game.player_counts_vary else f"{game.title} with {args.players} players"
        raise CommandError(f"argument --policy: give one policy or {per_seat}, one per seat of {table}; "
                           f"got {len(args.policy)}")


def run_game_command(args: argparse.Namespace) -> int:
    """Check the shared options against the game's entry, then run its command."""
    game = game_entry(args.game)
    command = args.game_command
    run = game.commands.get(command)
    if run is None:
        raise CommandError(f"{game.title} has no {command} command")
    if not hasattr(args, "players"):
        args.players = game.default_players
    if command == "play":
        game.check_bot(args.bots)
        game.check_seat(args.seat, args.players)
    elif command == "simulate":
        game.check_policies([args.policy] if isinstance(args.policy, str) else args.policy, "--policy")
        _check_policy_count(args, game)
    elif command == "arena":
        game.check_policies(args.bots, getattr(args, "bots_option", None) or "--bots")
    return run(args)
