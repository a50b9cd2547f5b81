"""Guandan's entry in the game registry: ``guandan play|simulate|arena``
(the default game), with its own options beside the shared ones
(:mod:`guandan.common.command_line`): ``--ruleset`` everywhere, ``--level``,
``--rollouts``, ``--ray`` and ``--aggregate`` for simulate, ``--league``,
``--rollouts``, ``--out`` (the league table) and ``--sprt`` (a sequential
test) for the arena."""

from __future__ import annotations

import argparse
import inspect
from typing import Any, Dict, Tuple

from . import arguments
from .bots import BOTS
from ..common.command_line import BotsOption, CommandError, check_memory, joined, one_line, seat_policies, with_progress
from ..common.games import GameEntry
from ..common.ray_tasks import add_ray_options, check_ray_options
from .ruleset import PRESET_NAMES, as_ruleset
from .simulate import POLICIES
from .simulate import simulate as _simulate_deals

RULESETS = "{" + ",".join(PRESET_NAMES) + "}"


def _default(function: Any, parameter: str) -> Any:
    """A parameter's default, read from the library so it is written once."""
    return inspect.signature(function).parameters[parameter].default


DEFAULT_ROLLOUTS = _default(_simulate_deals, "search_rollouts")  # the search policy's playouts per decision


def sprt_elos(text: str) -> Tuple[float, float]:
    """An argparse type: ``ELO0,ELO1`` of ``--sprt``, two numbers of Elo points, the first below the second."""
    from ..common.statistics import SPRT

    malformed = argparse.ArgumentTypeError(f"expected ELO0,ELO1 (two numbers, such as 0,20), got {text.strip()!r}")
    parts = text.split(",")
    if len(parts) != 2:
        raise malformed
    try:
        elo0, elo1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise malformed from None
    try:
        SPRT(elo0, elo1)  # the library's checks: finite, in range, elo0 below elo1
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return elo0, elo1


class _League(BotsOption):
    """--league puts its bots where --bots does (one list of bots for the command) and marks a league."""

    def __call__(self, parser, namespace, values, option_string=None):
        super().__call__(parser, namespace, values, option_string)
        namespace.league = True


def _add_options(command: str, parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    rollouts = f"search playouts per decision, 1..{arguments.MAX_ROLLOUTS:,} (default {DEFAULT_ROLLOUTS})"
    if command == "simulate":
        parser.add_argument("--level", type=arguments.level, default=None, help="level of every deal (default 2)")
        parser.add_argument("--rollouts", type=arguments.rollouts, default=None, help=rollouts)
        add_ray_options(parser)
    elif command == "arena":
        parser.add_argument("--league", type=arguments.league, action=_League, metavar="BOTS",
                            help="every pair of these bots (two or more, comma-separated), with ratings")
        parser.add_argument("--rollouts", type=arguments.rollouts, default=None, help=rollouts)
        parser.add_argument("--out", type=arguments.table_path, default=None, metavar="FILE",
                            help="with --league: also write the table and ratings to FILE.json or FILE.csv")
        parser.add_argument("--sprt", type=sprt_elos, default=None, metavar="ELO0,ELO1",
                            help="play pairs in batches until a sequential test decides whether the first bot is "
                                 "ELO1 Elo better (accept) or at most ELO0 (reject); --deals is then the most pairs")
        parser.set_defaults(league=False)


# --- simulate ------------------------------------------------------------------------

def _run_record(args: argparse.Namespace, what: str, n: int, level: str, rollouts: int) -> Dict[str, Any]:
    """What an output file records about the run, besides the columns."""
    from ..version import __version__

    return {
        "command": "simulate",
        "game": "guandan",
        "what": what,
        "count": n,
        "seed": args.seed,
        "policies": seat_policies(args),
        "ruleset": as_ruleset(args.ruleset).to_dict(),
        "level": level,
        "tribute": True,
        "search_rollouts": rollouts,
        "threads": args.threads,
        "ray": args.ray,
        "version": __version__,
    }


def _simulate(args: argparse.Namespace) -> int:
    from ..common.results_file import write_results
    from .simulate import MatchResults, simulate, simulate_matches
    from .summary import deal_summary, match_summary

    what = "matches" if args.matches else "deals"
    n = args.matches or args.deals
    run = simulate_matches if args.matches else simulate
    if args.matches and args.level is not None:
        raise CommandError("--level sets the level of single deals; every match starts at 2")
    check_ray_options(args)
    level = args.level or "2"
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    if not args.aggregate:  # an aggregate keeps no rows
        check_memory(n, run(0), f"{n:,} {what}")
    policy = joined(args.policy)
    print(f"guandan simulate: {n:,} {what}, policy {policy}, ruleset {args.ruleset}, seed {args.seed}, "
          f"{args.threads} thread(s)" + (f", Ray cluster {args.ray}" if args.ray else "")
          + (", summed in the tasks" if args.aggregate else ""))

    def work(bar: Any) -> Any:
        if args.ray:
            return _simulate_on_ray(args, n, level, rollouts, bar)
        if args.matches:
            return simulate_matches(n, policy=args.policy, ruleset=args.ruleset, seed=args.seed,
                                    threads=args.threads, search_rollouts=rollouts, progress=bar)
        return simulate(n, policy=args.policy, ruleset=args.ruleset, seed=args.seed, level=level,
                        threads=args.threads, search_rollouts=rollouts, progress=bar)

    results, seconds = with_progress(args, f"Simulating {n:,} {what}", work)
    print()
    if args.aggregate:
        print("\n".join(results.summary_lines(seconds)))
    elif isinstance(results, MatchResults):
        print("\n".join(match_summary(results, seconds)))
    else:
        print("\n".join(deal_summary(results, seconds)))
    if args.out:
        write_results(results, args.out, _run_record(args, what, n, level, rollouts))
        print(f"\nWrote {args.out}")
    return 0


def _simulate_on_ray(args: argparse.Namespace, n: int, level: str, rollouts: int, bar: Any) -> Any:
    from .cluster import simulate_on_ray

    try:
        return simulate_on_ray(args.ray, n, matches=bool(args.matches), policy=args.policy, ruleset=args.ruleset,
                               seed=args.seed, threads_per_task=args.threads, progress=bar, level=level,
                               search_rollouts=rollouts, aggregate=args.aggregate)
    except (ConnectionError, RuntimeError) as error:  # no cluster at that address, or it failed
        raise CommandError(f"cannot run on the Ray cluster {args.ray!r}: {one_line(error)}") from None


# --- arena and league -------------------------------------------------------------------

def _arena(args: argparse.Namespace) -> int:
    from .arena import arena
    from .simulate import simulate

    if args.league:
        if args.sprt:
            raise CommandError("--sprt tests two bots against each other: give them with --bots, not --league")
        return _league(args)
    if args.out:
        raise CommandError("--out writes the table of a league: give the bots with --league")
    if args.sprt:
        return _sprt(args)
    a, b = args.bots
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    check_memory(2 * args.deals, simulate(0), f"{2 * args.deals:,} deals")
    result, seconds = with_progress(args, f"Arena {a} vs {b}", lambda bar: arena(
        a, b, args.deals, ruleset=args.ruleset, seed=args.seed, threads=args.threads, search_rollouts=rollouts,
        progress=bar))
    print("\n".join(result.summary_lines()))
    print(f"  ({seconds:.1f} s; ruleset {args.ruleset}; search playouts per decision {rollouts})")
    return 0


def _sprt(args: argparse.Namespace) -> int:
    from .simulate import simulate
    from .sprt import arena_sprt

    a, b = args.bots
    elo0, elo1 = args.sprt
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    batch = min(_default(arena_sprt, "batch"), args.deals)
    check_memory(2 * args.deals, simulate(0), f"{2 * args.deals:,} deals")
    print(f"guandan arena: SPRT {a} vs {b}, elo0 {elo0:g}, elo1 {elo1:g}, batches of {batch:,} duplicate deal pairs, "
          f"at most {args.deals:,}, ruleset {args.ruleset}, seed {args.seed}, {args.threads} thread(s)")
    result, seconds = with_progress(args, f"SPRT {a} vs {b}", lambda bar: arena_sprt(
        a, b, elo0=elo0, elo1=elo1, batch=batch, max_pairs=args.deals, progress=bar, ruleset=args.ruleset,
        seed=args.seed, threads=args.threads, search_rollouts=rollouts))
    print()
    print("\n".join(result.summary_lines()))
    print(f"  ({seconds:.1f} s; search playouts per decision {rollouts})")
    return 0


def _league(args: argparse.Namespace) -> int:
    from .league import league, write_table
    from .simulate import simulate
    from ..version import __version__

    bots = args.bots
    matchups = len(bots) * (len(bots) - 1) // 2
    rollouts = args.rollouts if args.rollouts is not None else DEFAULT_ROLLOUTS
    total = 2 * args.deals * matchups
    check_memory(total, simulate(0), f"{total:,} deals")
    print(f"guandan arena: league {','.join(bots)}, {matchups} match-up(s) of {args.deals:,} duplicate deal pairs, "
          f"ruleset {args.ruleset}, seed {args.seed}, {args.threads} thread(s), search playouts {rollouts}")
    result, seconds = with_progress(args, f"League of {len(bots)} bots", lambda bar: league(
        bots, args.deals, ruleset=args.ruleset, seed=args.seed, threads=args.threads, search_rollouts=rollouts,
        progress=bar))
    print()
    print("\n".join(result.summary_lines()))
    print(f"  ({seconds:.1f} s)")
    if args.out:
        run = {"command": "arena --league", "bots": list(bots), "deals": args.deals, "seed": args.seed,
               "ruleset": as_ruleset(args.ruleset).to_dict(), "search_rollouts": rollouts,
               "threads": args.threads, "version": __version__}
        write_table(result, args.out, run)
        print(f"\nWrote {args.out}")
    return 0


# --- play ------------------------------------------------------------------------------

def _play(args: argparse.Namespace) -> int:
    from .terminal import play_command

    return play_command(args)


def _deal_results() -> type:
    from .simulate import DealResults

    return DealResults


def _match_results() -> type:
    from .simulate import MatchResults

    return MatchResults


def _parse_bot(spec: str) -> object:
    from .players import parse_bot

    return parse_bot(spec)


GUANDAN = GameEntry(
    name="guandan", title="Guandan", players=(4, 4), default_players=4,
    policies=POLICIES, bots=tuple(BOTS), default_bot="simple",
    commands={"play": _play, "simulate": _simulate, "arena": _arena},
    add_options=_add_options,
    parse_bot=_parse_bot,
    result_types={"deals": _deal_results, "matches": _match_results},
)
