"""The ``guandan`` command.

    guandan demo [--seed N] [--seat S] [--level L] [--ruleset NAME]

deals a seeded hand and prints its legal leads grouped by kind, with counts
and the time the engine takes to list them.

    guandan simulate --deals N [--policy rule] [--ruleset NAME] [--threads T] [--seed S] [--out F.npz]

plays N deals (or --matches N) with built-in policies inside the C++ core and
prints a summary with confidence intervals.

    guandan play [--ruleset NAME] [--seed N] [--seat S] [--bots NAME]

plays a whole match at the terminal: you against three bots, your partner
sitting opposite. Input is read line by line with ``input()``, so a game can
be scripted; end of input quits.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from typing import Optional, Sequence

from .names import KIND_NAMES
from .bots import BOTS
from .cards import RANKS
from .deal import deal
from .moves import grouped_moves, legal_moves
from .ruleset import PRESET_NAMES
from .terminal import match_seed, play_command


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


# --- guandan play ------------------------------------------------------------

def _simulate(args: argparse.Namespace) -> int:
    from .progress import ProgressBar
    from .simulate import MatchResults, simulate, simulate_matches
    from .summary import deal_summary, match_summary

    policy = args.policy.split(",") if "," in args.policy else args.policy
    what = "matches" if args.matches else "deals"
    n = args.matches or args.deals
    bar = None if args.quiet else ProgressBar(f"Simulating {n:,} {what}")
    print(f"guandan simulate: {n:,} {what}, policy {args.policy}, ruleset {args.ruleset}, seed {args.seed}, "
          f"{args.threads} thread(s)" + (f", Ray cluster {args.ray}" if args.ray else ""))
    start = time.perf_counter()
    if args.ray:
        from .cluster import simulate_on_ray

        results = simulate_on_ray(args.ray, n, matches=bool(args.matches), policy=policy, ruleset=args.ruleset,
                                  seed=args.seed, progress=bar)
    elif args.matches:
        results = simulate_matches(n, policy=policy, ruleset=args.ruleset, seed=args.seed, threads=args.threads, progress=bar)
    else:
        results = simulate(n, policy=policy, ruleset=args.ruleset, seed=args.seed, threads=args.threads, progress=bar)
    seconds = time.perf_counter() - start
    print()
    if isinstance(results, MatchResults):
        print("\n".join(match_summary(results, seconds)))
    else:
        print("\n".join(deal_summary(results, seconds)))
    if args.out:
        results.save(args.out)
        print(f"\nWrote {args.out}")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from .arena import arena
    from .progress import ProgressBar

    names = args.bots.split(",")
    if len(names) != 2:
        print("guandan arena: --bots takes two names, e.g. search,rule", file=sys.stderr)
        return 2
    bar = None if args.quiet else ProgressBar(f"Arena {names[0]} vs {names[1]}")
    start = time.perf_counter()
    result = arena(names[0], names[1], args.deals, ruleset=args.ruleset, seed=args.seed, threads=args.threads,
                   search_rollouts=args.rollouts, progress=bar)
    seconds = time.perf_counter() - start
    print("\n".join(result.summary()))
    print(f"  ({seconds:.1f} s; ruleset {args.ruleset}; search playouts per decision {args.rollouts})")
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a non-negative integer, got {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="guandan", description="A fast, exact Guandan rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="deal a seeded hand and list its legal leads by kind")
    demo.add_argument("--seed", type=int, default=1, help="deal seed (default 1)")
    demo.add_argument("--seat", type=int, choices=range(4), default=0, help="seat 0..3 (default 0)")
    demo.add_argument("--level", type=str.upper, choices=list(RANKS), default="2", help="level rank (default 2)")
    demo.add_argument("--ruleset", choices=PRESET_NAMES, default="standard")
    demo.add_argument("--examples", type=int, default=4, help="examples shown per kind (default 4)")
    demo.set_defaults(run=_demo)
    play = sub.add_parser("play", help="play a match at the terminal against three bots")
    play.add_argument("--ruleset", choices=PRESET_NAMES, default="standard")
    play.add_argument("--seed", type=match_seed, default=None, help="match seed (default: a random one, printed)")
    play.add_argument("--seat", type=int, choices=range(4), default=0, help="your seat 0..3 (default 0)")
    play.add_argument("--bots", choices=list(BOTS), default="simple", help="the other players (default simple)")
    play.set_defaults(run=play_command)
    sim = sub.add_parser("simulate", help="play many deals (or matches) in the core and summarise them")
    sim.add_argument("--deals", type=_positive, default=100000, help="number of deals (default 100000)")
    sim.add_argument("--matches", type=_positive, default=0, help="simulate this many whole matches instead")
    sim.add_argument("--policy", default="random",
                     help="random or rule, or four comma-separated names, one per seat (default random)")
    sim.add_argument("--ruleset", choices=PRESET_NAMES, default="standard")
    sim.add_argument("--threads", type=int, default=1, help="threads (default 1)")
    sim.add_argument("--seed", type=match_seed, default=0)
    sim.add_argument("--out", default=None, help="write the result arrays to this .npz file")
    sim.add_argument("--ray", default=None, metavar="ADDRESS",
                     help="run on a Ray cluster ('auto', 'local' or an address; needs guandan-engine[ray])")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)
    ar = sub.add_parser("arena", help="compare two bots on duplicate deals (teams swapped)")
    ar.add_argument("--bots", default="rule,random", help="two of random, rule, search (default rule,random)")
    ar.add_argument("--deals", type=_positive, default=2000, help="duplicate deal pairs (default 2000)")
    ar.add_argument("--ruleset", choices=PRESET_NAMES, default="standard")
    ar.add_argument("--threads", type=int, default=1)
    ar.add_argument("--seed", type=match_seed, default=0)
    ar.add_argument("--rollouts", type=_positive, default=4000, help="search playouts per decision (default 4000)")
    ar.add_argument("--quiet", action="store_true", help="no progress bar")
    ar.set_defaults(run=_arena)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
