"""The ``guandan`` command.

    guandan demo [--seed N] [--seat S] [--level L] [--ruleset NAME] [--examples K]

deals a seeded hand and prints its legal leads grouped by kind, with counts
and the time the engine takes to list them.

    guandan simulate [--deals N | --matches N] [--policy NAME[,NAME,NAME,NAME]] [--ruleset NAME]
                     [--level L] [--threads T] [--seed S] [--rollouts R] [--out F.npz|F.parquet]
                     [--ray ADDRESS] [--quiet]

plays N deals (or N whole matches) with built-in policies inside the C++ core
and prints a summary with confidence intervals; ``--out`` also writes the
results and the run that made them (see ``guandan.results_file``).

    guandan arena [--bots A,B | --league A,B,C...] [--deals N] [--ruleset NAME] [--threads T] [--seed S]
                  [--rollouts R] [--out F.json|F.csv] [--quiet]

compares two core policies on duplicate deals (teams swapped); ``--league``
plays every pair of the bots listed, on the same N deal pairs per match-up,
and rates them (see ``guandan.league``).

    guandan play [--ruleset NAME] [--seed N] [--seat S] [--bots NAME]

plays a whole match at the terminal: you against three bots, your partner
sitting opposite. Input is read line by line with ``input()``, so a game can
be scripted; end of input quits.

    guandan play --game gdy [--players N] [--target P] [--seed N] [--seat S] [--bots NAME]
    guandan simulate --game gdy [--players N] [--deals N | --matches N] [--target P] [--policy ...]
    guandan arena --game gdy [--players N] [--bots A,B] [--deals N]

the same for Gan Deng Yan (docs/gdy_rules.md), 2 to 6 players; a "match" of
Gan Deng Yan is a game to the target.

    guandan serve [--host H] [--port P] [--db FILE]

serves the game in a browser (``docs/web.md``; needs ``pip install '.[web]'``).

Every option is checked before any work starts: a mistyped command prints
one line, ``guandan: error: ...`` (or the subcommand's name), on stderr and
exits with status 2, never a traceback. Ctrl-C exits with status 130.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from collections import defaultdict
from typing import Any, Callable, Dict, NoReturn, Optional, Sequence, Tuple, TypeVar

from . import arguments
from .names import KIND_NAMES
from .deal import deal
from .moves import grouped_moves, legal_moves
from .ruleset import PRESET_NAMES, as_ruleset
from .simulate import POLICIES
from .simulate import simulate as _simulate_deals
from .terminal import play_command
from .version import __version__
from .games import GAMES

T = TypeVar("T")
_POLICY_NAMES = ", ".join(POLICIES)  # the core's policy registry

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


class CommandError(Exception):
    """A command that cannot run as given; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    """Argument errors in one line (argparse prints the whole usage first)."""

    def error(self, message: str) -> NoReturn:
        # Control characters of a mistyped argument (a stray carriage return)
        # are shown escaped, so the message stays one line.
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shown} (see {self.prog} --help)\n")


def _one_line(error: BaseException) -> str:
    """The first line of an error's message (its type if it has none)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def _default(function: Any, parameter: str) -> Any:
    """A parameter's default, read from the library so it is written once."""
    return inspect.signature(function).parameters[parameter].default


DEFAULT_ROLLOUTS = _default(_simulate_deals, "search_rollouts")  # the search policy's playouts per decision


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


# --- guandan simulate and arena ---------------------------------------------

def _with_progress(args: argparse.Namespace, label: str, work: Callable[[Any], T]) -> Tuple[T, float]:
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


def _check_memory(rows: int, empty_results: Any, what: str) -> None:
    """Refuse a run whose result arrays cannot fit in memory, before it starts."""
    row_bytes = sum(array.dtype.itemsize * max(1, array[:1].size) for array in empty_results.arrays().values())
    needed, memory = rows * row_bytes, _physical_memory()
    if memory is not None and needed > memory:
        raise CommandError(f"{what} need {needed / 1e9:,.0f} GB for their results, more than this machine's "
                           f"{memory / 1e9:,.0f} GB of memory")


def _require_ray() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        raise CommandError("--ray needs Ray: pip install 'guandan-engine[ray]'") from None


def _run_record(args: argparse.Namespace, what: str, n: int, level: str, rollouts: int) -> Dict[str, Any]:
    """What an output file records about the run, besides the columns."""
    policies = [args.policy] * 4 if isinstance(args.policy, str) else list(args.policy)
    return {
        "command": "simulate",
        "what": what,
        "count": n,
        "seed": args.seed,
        "policies": policies,
        "ruleset": as_ruleset(args.ruleset).to_dict(),
        "level": level,
        "tribute": True,
        "search_rollouts": rollouts,
        "threads": args.threads,
        "ray": args.ray,
        "version": __version__,
    }


def _policy_count(args: argparse.Namespace, seats: int, game: str) -> None:
    """One policy for all seats or one per seat (the parser accepts any number)."""
    if not isinstance(args.policy, str) and len(args.policy) != seats:
        per_seat = "four" if seats == 4 else f"{seats}"
        raise CommandError(f"argument --policy: give one policy or {per_seat}, one per seat of {game}; "
                           f"got {len(args.policy)}")


def _check_game_options(args: argparse.Namespace, *names: str) -> None:
    """Gan Deng Yan's options are refused in a Guandan command, so a mistyped --game cannot pass unseen."""
    given = [name for name in names if getattr(args, name, None) is not None]
    if args.game == "guandan" and given:
        raise CommandError(f"--{given[0]} is an option of Gan Deng Yan: add --game gdy")


def _simulate(args: argparse.Namespace) -> int:
    _check_game_options(args, "players", "target")
    if args.game == "gdy":
        return _simulate_gdy(args)
    GAMES["guandan"].check_policies([args.policy] if isinstance(args.policy, str) else args.policy, "--policy")
    _policy_count(args, 4, "Guandan")
    from .results_file import write_results
    from .simulate import MatchResults, simulate, simulate_matches
    from .summary import deal_summary, match_summary

    what = "matches" if args.matches else "deals"
    n = args.matches or args.deals
    run = simulate_matches if args.matches else simulate
    if args.matches and args.level is not None:
        raise CommandError("--level sets the level of single deals; every match starts at 2")
    if args.ray:
        if args.level is not None or args.rollouts is not None:
            raise CommandError("--level and --rollouts cannot be used with --ray (the cluster plays level 2 and "
                               "the default search budget)")
        _require_ray()
    level = args.level or "2"
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    _check_memory(n, run(0), f"{n:,} {what}")
    policy = args.policy if isinstance(args.policy, str) else ",".join(args.policy)
    print(f"guandan simulate: {n:,} {what}, policy {policy}, ruleset {args.ruleset}, seed {args.seed}, "
          f"{args.threads} thread(s)" + (f", Ray cluster {args.ray}" if args.ray else ""))

    def work(bar: Any) -> Any:
        if args.ray:
            return _simulate_on_ray(args, n, bar)
        if args.matches:
            return simulate_matches(n, policy=args.policy, ruleset=args.ruleset, seed=args.seed,
                                    threads=args.threads, search_rollouts=rollouts, progress=bar)
        return simulate(n, policy=args.policy, ruleset=args.ruleset, seed=args.seed, level=level,
                        threads=args.threads, search_rollouts=rollouts, progress=bar)

    results, seconds = _with_progress(args, f"Simulating {n:,} {what}", work)
    print()
    if isinstance(results, MatchResults):
        print("\n".join(match_summary(results, seconds)))
    else:
        print("\n".join(deal_summary(results, seconds)))
    if args.out:
        write_results(results, args.out, _run_record(args, what, n, level, rollouts))
        print(f"\nWrote {args.out}")
    return 0


def _simulate_on_ray(args: argparse.Namespace, n: int, bar: Any) -> Any:
    from .cluster import simulate_on_ray

    try:
        return simulate_on_ray(args.ray, n, matches=bool(args.matches), policy=args.policy, ruleset=args.ruleset,
                               seed=args.seed, threads_per_task=args.threads, progress=bar)
    except (ConnectionError, RuntimeError) as error:  # no cluster at that address, or it failed
        raise CommandError(f"cannot run on the Ray cluster {args.ray!r}: {_one_line(error)}") from None


def _simulate_gdy(args: argparse.Namespace) -> int:
    from .gdy.game import DEFAULT_TARGET
    from .common.columns import Columns
    from .gdy.simulate import simulate, simulate_games
    from .gdy.summary import deal_summary as gdy_deal_summary, game_summary as gdy_game_summary

    if args.ray or args.level is not None or args.rollouts is not None:
        raise CommandError("--ray, --level and --rollouts are options of Guandan's simulate, not of --game gdy")
    if args.ruleset != "standard":
        raise CommandError("--ruleset is Guandan's: Gan Deng Yan has one set of rules (docs/gdy_rules.md)")
    players = args.players or GAMES["gdy"].default_players
    target = args.target or DEFAULT_TARGET
    _policy_count(args, players, f"Gan Deng Yan with {players} players")
    GAMES["gdy"].check_policies([args.policy] if isinstance(args.policy, str) else args.policy, "--policy")
    games = bool(args.matches)
    if args.target is not None and not games:
        raise CommandError("--target sets the end of a game: simulate whole games with --matches")
    n = args.matches or args.deals
    what = "games" if games else "deals"
    empty = simulate_games(0, players) if games else simulate(0, players)
    _check_memory(n, empty, f"{n:,} {what}")
    policy = args.policy if isinstance(args.policy, str) else ",".join(args.policy)
    print(f"guandan simulate: Gan Deng Yan, {n:,} {what}, {players} players, policy {policy}, seed {args.seed}, "
          f"{args.threads} thread(s)" + (f", target {target}" if games else ""))
    label = f"Simulating {n:,} {what}"
    results: Columns
    if games:
        played, seconds = _with_progress(args, label, lambda bar: simulate_games(
            n, players, policy=args.policy, target=target, seed=args.seed, threads=args.threads, progress=bar))
        summary, results = gdy_game_summary(played, seconds), played
    else:
        dealt, seconds = _with_progress(args, label, lambda bar: simulate(
            n, players, policy=args.policy, seed=args.seed, threads=args.threads, progress=bar))
        summary, results = gdy_deal_summary(dealt, seconds), dealt
    print()
    print("\n".join(summary))
    if args.out:
        from .results_file import write_results

        policies = [args.policy] * players if isinstance(args.policy, str) else list(args.policy)
        run = {"command": "simulate", "game": "gdy", "what": what, "count": n, "seed": args.seed, "players": players,
               "policies": policies, "target": target if games else None, "threads": args.threads,
               "version": __version__}
        write_results(results, args.out, run)
        print(f"\nWrote {args.out}")
    return 0


def _arena_gdy(args: argparse.Namespace) -> int:
    from .gdy.arena import arena
    from .gdy.simulate import simulate

    if args.league or args.out or args.rollouts is not None or args.ruleset != "standard":
        raise CommandError("--league, --out, --rollouts and --ruleset are options of Guandan's arena, not of --game gdy")
    a, b = args.bots
    GAMES["gdy"].check_policies((a, b), "--bots")
    players = args.players or GAMES["gdy"].default_players
    _check_memory(2 * args.deals, simulate(0, players), f"{2 * args.deals:,} deals")
    if args.deals < 2:
        raise CommandError("--deals: the arena needs at least 2 deal pairs for an interval")
    result, seconds = _with_progress(args, f"Arena {a} vs {b}", lambda bar: arena(
        a, b, args.deals, players=players, seed=args.seed, threads=args.threads, progress=bar))
    print("\n".join(result.summary()))
    print(f"  ({seconds:.1f} s; Gan Deng Yan, seed {args.seed})")
    return 0


def _play(args: argparse.Namespace) -> int:
    _check_game_options(args, "players", "target")
    if args.game == "gdy":
        if args.ruleset != "standard":
            raise CommandError("--ruleset is Guandan's: Gan Deng Yan has one set of rules (docs/gdy_rules.md)")
        from .gdy.game import DEFAULT_TARGET

        args.target = args.target or DEFAULT_TARGET
    game = GAMES[args.game]
    args.players = args.players or game.default_players
    args.bots = game.default_bot if args.bots is None else args.bots
    game.check_bot(args.bots)
    game.check_seat(args.seat, args.players)
    if args.game == "gdy":
        from .gdy.terminal import play_command as play_gdy

        return play_gdy(args)
    return play_command(args)


def _arena(args: argparse.Namespace) -> int:
    _check_game_options(args, "players")
    if args.game == "gdy":
        return _arena_gdy(args)
    from .arena import arena
    from .simulate import simulate

    if args.league:
        return _league(args)
    if args.out:
        raise CommandError("--out writes the table of a league: give the bots with --league")
    GAMES["guandan"].check_policies(args.bots, "--bots")
    a, b = args.bots
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    _check_memory(2 * args.deals, simulate(0), f"{2 * args.deals:,} deals")
    result, seconds = _with_progress(args, f"Arena {a} vs {b}", lambda bar: arena(
        a, b, args.deals, ruleset=args.ruleset, seed=args.seed, threads=args.threads, search_rollouts=rollouts,
        progress=bar))
    print("\n".join(result.summary()))
    print(f"  ({seconds:.1f} s; ruleset {args.ruleset}; search playouts per decision {rollouts})")
    return 0


def _league(args: argparse.Namespace) -> int:
    from .league import league, write_table
    from .simulate import simulate

    bots = args.bots
    GAMES["guandan"].check_policies(bots, "--league")
    matchups = len(bots) * (len(bots) - 1) // 2
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    total = 2 * args.deals * matchups
    _check_memory(total, simulate(0), f"{total:,} deals")
    print(f"guandan arena: league {','.join(bots)}, {matchups} match-up(s) of {args.deals:,} duplicate deal pairs, "
          f"ruleset {args.ruleset}, seed {args.seed}, {args.threads} thread(s), search playouts {rollouts}")
    result, seconds = _with_progress(args, f"League of {len(bots)} bots", lambda bar: league(
        bots, args.deals, ruleset=args.ruleset, seed=args.seed, threads=args.threads, search_rollouts=rollouts,
        progress=bar))
    print()
    print("\n".join(result.summary()))
    print(f"  ({seconds:.1f} s)")
    if args.out:
        run = {"command": "arena --league", "bots": list(bots), "deals": args.deals, "seed": args.seed,
               "ruleset": as_ruleset(args.ruleset).to_dict(), "search_rollouts": rollouts,
               "threads": args.threads, "version": __version__}
        write_table(result, args.out, run)
        print(f"\nWrote {args.out}")
    return 0


class _League(argparse.Action):
    """--league puts its bots where --bots does (one list of bots for the command) and marks a league."""

    def __call__(self, parser, namespace, values, option_string=None):
        namespace.bots = values
        namespace.league = True


# --- the parser ----------------------------------------------------------------

RULESETS = "{" + ",".join(PRESET_NAMES) + "}"


def _game_options(command: argparse.ArgumentParser, players_help: str) -> None:
    command.add_argument("--game", type=arguments.game, default="guandan", metavar="{guandan,gdy}",
                         help="guandan (default), or gdy: Gan Deng Yan, 2..6 players (docs/gdy_rules.md)")
    fewest, most = GAMES["gdy"].players
    command.add_argument("--players", type=arguments.integer_in(fewest, most), default=None,
                         help=f"gdy: {players_help}, {fewest}..{most} (default {GAMES['gdy'].default_players})")


def _parser() -> argparse.ArgumentParser:
    rollouts = DEFAULT_ROLLOUTS
    parser = _Parser(prog="guandan", description="A fast, exact Guandan rules engine.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{demo,play,simulate,arena,serve}")

    demo = sub.add_parser("demo", help="deal a seeded hand and list its legal leads by kind")
    demo.add_argument("--seed", type=arguments.seed, default=1, help="deal seed in [0, 2**64) (default 1)")
    demo.add_argument("--seat", type=arguments.seat, default=0, help="seat 0..3 (default 0)")
    demo.add_argument("--level", type=arguments.level, default="2", help="level rank 2..9, T (or 10), J, Q, K, A (default 2)")
    demo.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    demo.add_argument("--examples", type=arguments.examples, default=4, help="examples shown per kind (default 4)")
    demo.set_defaults(run=_demo)

    play = sub.add_parser("play", help="play a match at the terminal against bots (Guandan, or Gan Deng Yan)")
    _game_options(play, "players at the table")
    play.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    play.add_argument("--seed", type=arguments.seed, default=None, help="match seed (default: a random one, printed)")
    play.add_argument("--seat", type=arguments.any_seat, default=0, help="your seat 0..3 (gdy: 0..players-1; default 0)")
    play.add_argument("--bots", type=arguments.bot, default=None,
                      metavar="{" + ",".join(GAMES["guandan"].bots) + "} (gdy: {" + ",".join(GAMES["gdy"].bots) + "})",
                      help="the other players (default simple; gdy: rule)")
    play.add_argument("--target", type=arguments.target, default=None,
                      help="gdy: the score that ends the game, 1..10000 (default 50)")
    play.set_defaults(run=_play)

    sim = sub.add_parser("simulate", help="play many deals (or matches) in the core and summarise them")
    _game_options(sim, "players of every deal")
    sim.add_argument("--target", type=arguments.target, default=None,
                     help="gdy with --matches: the score that ends a game, 1..10000 (default 50)")
    amount = sim.add_mutually_exclusive_group()
    amount.add_argument("--deals", type=arguments.count, default=100000, help="number of deals (default 100000)")
    amount.add_argument("--matches", type=arguments.count, default=None, help="simulate this many whole matches instead")
    sim.add_argument("--policy", type=arguments.policy, default="random",
                     help=f"{_POLICY_NAMES}, or one per seat, comma-separated: four for Guandan, --players for gdy "
                          f"(gdy: {', '.join(GAMES['gdy'].policies)}; default random)")
    sim.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    sim.add_argument("--level", type=arguments.level, default=None, help="level of every deal (default 2)")
    sim.add_argument("--threads", type=arguments.threads, default=1,
                     help=f"threads, 1..{arguments.MAX_THREADS} (default 1)")
    sim.add_argument("--seed", type=arguments.seed, default=0, help="run seed in [0, 2**64) (default 0)")
    sim.add_argument("--rollouts", type=arguments.rollouts, default=None,
                     help=f"playouts per decision of the search policy, 1..{arguments.MAX_ROLLOUTS:,} (default {rollouts})")
    sim.add_argument("--out", type=_output_path, default=None, metavar="FILE",
                     help="also write the results and the run to FILE.npz or FILE.parquet (needs the parquet extra)")
    sim.add_argument("--ray", type=arguments.ray_address, default=None, metavar="ADDRESS",
                     help="run on a Ray cluster ('auto', 'local' or an address; needs guandan-engine[ray])")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)

    ar = sub.add_parser("arena", help="compare bots on duplicate deals (teams swapped): two, or a league")
    _game_options(ar, "players of every deal")
    who = ar.add_mutually_exclusive_group()
    who.add_argument("--bots", type=arguments.policy_pair, default="rule,random",
                     help=f"two of {_POLICY_NAMES}, comma-separated (default rule,random)")
    who.add_argument("--league", type=arguments.league, action=_League, metavar="BOTS",
                     help="every pair of these bots (two or more, comma-separated), with ratings")
    ar.add_argument("--deals", type=arguments.count, default=2000, help="duplicate deal pairs (default 2000)")
    ar.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    ar.add_argument("--threads", type=arguments.threads, default=1, help=f"threads, 1..{arguments.MAX_THREADS} (default 1)")
    ar.add_argument("--seed", type=arguments.seed, default=0, help="run seed in [0, 2**64) (default 0)")
    ar.add_argument("--rollouts", type=arguments.rollouts, default=None,
                    help=f"search playouts per decision, 1..{arguments.MAX_ROLLOUTS:,} (default {rollouts})")
    ar.add_argument("--out", type=arguments.table_path, default=None, metavar="FILE",
                    help="with --league: also write the table and ratings to FILE.json or FILE.csv")
    ar.add_argument("--quiet", action="store_true", help="no progress bar")
    ar.set_defaults(run=_arena, league=False)

    from .web.serve import bot_delay, port, serve_command

    web = sub.add_parser("serve", help="play in a browser: tables with friends and bots (needs the web extra)")
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=port, default=8000, help="port 1..65535 (default 8000)")
    web.add_argument("--db", default="guandan-web.sqlite", help="SQLite database file (default guandan-web.sqlite)")
    web.add_argument("--bot-delay", type=bot_delay, default=0.6,
                     help="seconds a bot pauses before each action, 0..10 (default 0.6)")
    web.set_defaults(run=serve_command)
    return parser


def _output_path(text: str) -> str:
    """An argparse type: an output file that can be written (checked before the run)."""
    from .results_file import check_output_path

    try:
        return check_output_path(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command ``argv`` (default: the process's arguments); the exit status."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as done:  # --help, --version, or an argument error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE if done.code else 0
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("guandan: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (CommandError, ValueError, TypeError) as error:  # bad arguments, as the library reports them
        print(f"guandan: error: {_one_line(error)}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (guandan demo | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush cannot fail again
        return 1
    except MemoryError:
        print("guandan: error: not enough memory for this run", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"guandan: error: {_one_line(error)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
