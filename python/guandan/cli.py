"""The ``guandan`` command.

    guandan demo [--seed N] [--seat S] [--level L] [--ruleset NAME] [--examples K]

deals a seeded hand and prints its legal leads grouped by kind, with counts
and the time the engine takes to list them.

    guandan simulate [--deals N | --matches N] [--policy NAME[,NAME,NAME,NAME]] [--ruleset NAME]
                     [--level L] [--threads T] [--seed S] [--rollouts R] [--out F.npz|F.parquet]
                     [--ray ADDRESS] [--quiet]

plays N deals (or N whole matches) with built-in policies inside the C++ core
and prints a summary with confidence intervals; ``--out`` also writes the
results and the run that made them (see ``guandan.common.results_file``).

    guandan arena [--bots A,B | --league A,B,C...] [--deals N] [--ruleset NAME] [--threads T] [--seed S]
                  [--rollouts R] [--out F.json|F.csv] [--sprt ELO0,ELO1] [--quiet]

compares two bots on duplicate deals (teams swapped); ``--league``
plays every pair of the bots listed, on the same N deal pairs per match-up,
and rates them (see ``guandan.gd.league``); ``--sprt`` plays pairs in
batches until a sequential test decides (see ``guandan.gd.sprt``).

    guandan play [--ruleset NAME] [--seed N] [--seat S] [--bots NAME]

plays a whole match at the terminal: you against three bots, your partner
sitting opposite. Input is read line by line with ``input()``, so a game can
be scripted; end of input quits.

    guandan play --game gdy [--players N] [--target P] [--seed N] [--seat S] [--bots NAME]
    guandan simulate --game gdy [--players N] [--deals N | --matches N] [--target P] [--policy ...]
    guandan arena --game gdy [--players N] [--bots A,B] [--deals N]

the same for Gan Deng Yan (docs/gdy_rules.md), 2 to 6 players; a "match" of
Gan Deng Yan is a game to the target.

Each game is an entry of the game registry (``guandan.common.games``):
``play``, ``simulate`` and ``arena`` take ``--game NAME`` and run that
game's command, with the options it adds to the shared ones
(``guandan.common.command_line``); ``--game NAME --help`` lists them.

    guandan serve [--host H] [--port P] [--db FILE] [--game NAME[,...]] [--bot [GAME/]NAME=SPEC[+SPEC...]]

serves the games in a browser (``docs/web.md``; needs ``pip install '.[web]'``);
``--bot`` adds a bot strength of one's own to the lobby.

    guandan judge [--host H] [--port P] [--matches N] [--ruleset NAME] [--level L] [--seed S]
                  [--wait SEC] [--timeout SEC] [--bots NAME[,...]] [--duplicate] [--out FILE]
    guandan connect URL [--bot NAME] [--seed S] [--ruleset NAME] [--think-ms MS] [--retries N]

host the Guandan AI competition's websocket protocol, our bots in the empty
seats, or play one of our bots at any judge speaking it (``docs/judge.md``).

Every option is checked before any work starts: a mistyped command prints
one line, ``guandan: error: ...`` (or the subcommand's name), on stderr and
exits with status 2, never a traceback. Ctrl-C exits with status 130.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from typing import Optional, Sequence

from .gd import arguments
from . import games  # noqa: F401 - registers the built-in games
from .common.command_line import EXIT_USAGE, CommandError, Parser, add_game_commands, foreign_option, game_in, one_line
from .common.games import DEFAULT_GAME, GameEntry, game_entry
from .gd.deal import deal
from .gd.moves import grouped_moves, legal_moves
from .gd.names import KIND_NAMES
from .gd.ruleset import PRESET_NAMES
from .version import __version__

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def _median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def _demo(args: argparse.Namespace) -> int:
    hands = deal(args.seed)
    hand = hands[args.seat]
    level = args.level
    moves = legal_moves(hand, level, ruleset=args.ruleset)
    groups = grouped_moves(hand, level, ruleset=args.ruleset)
    seconds = _median_seconds(lambda: legal_moves(hand, level, ruleset=args.ruleset), repeat=51)

    print(f"Deal seed {args.seed}, seat {args.seat}, level {level}, ruleset {args.ruleset}")
    print(f"Hand ({len(hand)} cards): {hand}")
    print()
    by_kind = defaultdict(list)
    for move in moves:
        by_kind[move.kind].append(move)
    groups_by_kind = defaultdict(list)
    for move in groups:
        groups_by_kind[move.kind].append(move)
    print(f"{'kind':<15}{'moves':>7}{'distinct':>10}  examples (kind, rank: cards)")
    for kind in KIND_NAMES:
        if not by_kind[kind]:
            continue
        examples = ", ".join(f"{m.rank}: {m}" for m in groups_by_kind[kind][: args.examples])
        more = " ..." if len(groups_by_kind[kind]) > args.examples else ""
        print(f"{kind:<15}{len(by_kind[kind]):>7}{len(groups_by_kind[kind]):>10}  {examples}{more}")
    print(f"{'total':<15}{len(moves):>7}{len(groups):>10}")
    print()
    print(f"Listing all {len(moves)} leads through Python: {seconds * 1e6:.1f} µs (median of 51)")
    return 0


# --- the parser ----------------------------------------------------------------

RULESETS = "{" + ",".join(PRESET_NAMES) + "}"


def _parser(game: Optional[GameEntry] = None) -> Parser:
    """The parser of every command, with the options of ``game`` (default: the default game) in play,
    simulate and arena."""
    game = game if game is not None else game_entry(DEFAULT_GAME)
    parser = Parser(prog="guandan", description="A fast, exact Guandan rules engine.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{demo,play,simulate,arena,serve,judge,connect,botzone,botzone-judge,train-net}")

    demo = sub.add_parser("demo", help="deal a seeded hand and list its legal leads by kind")
    demo.add_argument("--seed", type=arguments.seed, default=1, help="deal seed in [0, 2**64) (default 1)")
    demo.add_argument("--seat", type=arguments.seat, default=0, help="seat 0..3 (default 0)")
    demo.add_argument("--level", type=arguments.level, default="2", help="level rank 2..9, T (or 10), J, Q, K, A (default 2)")
    demo.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    demo.add_argument("--examples", type=arguments.examples, default=4, help="examples shown per kind (default 4)")
    demo.set_defaults(run=_demo)

    add_game_commands(sub, game)

    from .web.serve import bot_delay, bot_strength, port, serve_command, served_games

    web = sub.add_parser("serve", help="play in a browser: tables with friends and bots (needs the web extra)")
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=port, default=8000, help="port 1..65535 (default 8000)")
    web.add_argument("--db", default="guandan-web.sqlite", help="SQLite database file (default guandan-web.sqlite)")
    web.add_argument("--bot-delay", type=bot_delay, default=0.6,
                     help="seconds a bot pauses before each action, 0..10 (default 0.6)")
    web.add_argument("--game", type=served_games, default=None, metavar="NAMES",
                     help="the games to host, comma-separated, the first the lobby's default "
                          "(default: every game with a browser table)")
    web.add_argument("--bot", type=bot_strength, action="append", default=None, metavar="[GAME/]NAME=SPEC[+SPEC...]",
                     help="add bot strength NAME to GAME's tables (default guandan): one bot spec "
                          "(e.g. mybots:Greedy, search:think_ms=500), or one per bot seat joined by +; repeatable")
    web.set_defaults(run=serve_command)

    from .judge.command import add_commands as add_judge_commands

    add_judge_commands(sub)
    from .botzone.command import add_commands as add_botzone_commands

    add_botzone_commands(sub)
    from .learning.command import add_commands as add_learning_commands

    add_learning_commands(sub)
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line ``argv`` (SystemExit after --help, --version or an error, which it prints).

    The parser is the one of the game ``--game`` names, so an option of
    another game is refused naming that game."""
    argv = list(argv)
    game = game_in(argv)
    parser = _parser(game)
    args, extras = parser.parse_known_args(argv)
    if extras:
        options = [text.split("=")[0] for text in extras if text.startswith("--")]
        command = getattr(args, "game_command", None)
        for option in options:
            why = foreign_option(command, option, game, _parser) if isinstance(command, str) else None
            if why:  # already says what to do: no pointer to --help
                parser.exit(EXIT_USAGE, f"{parser.prog}: error: {why}\n")
        parser.error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command ``argv`` (default: the process's arguments); the exit status."""
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as done:  # --help, --version, or an argument error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE if done.code else 0
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("guandan: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (CommandError, ValueError, TypeError) as error:  # bad arguments, as the library reports them
        print(f"guandan: error: {one_line(error)}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (guandan demo | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush cannot fail again
        return 1
    except MemoryError:
        print("guandan: error: not enough memory for this run", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"guandan: error: {one_line(error)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
