"""Decision times of a search bot from random mid-deal positions.

    python benchmarks/decision_time.py --decisions 200 --think-ms 100
    python benchmarks/decision_time.py --decisions 200 --think-ms 100 --threads 2
    python benchmarks/decision_time.py --decisions 200 --policy search --rollouts 4000

Positions: seeded deals played by random legal moves for 0..80 actions (the
tribute phase included), then the seat to act decides with
``policy_play``; positions with a single option are skipped (no search).
Prints the median, p90, p99 and maximum wall-clock time per decision and
the share of decisions over the budget + 10 %.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import guandan
from guandan import _core

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from random_play import random_action  # noqa: E402


def positions(count: int, seed: int):
    rng = random.Random(seed)
    while count > 0:
        previous = rng.choice([None, [0, 1, 2, 3], [2, 1, 0, 3]])
        deal = guandan.Deal(seed=rng.randrange(10**9), previous_order=previous)
        for _ in range(rng.randrange(0, 80)):
            if deal.is_over:
                break
            random_action(deal, rng)
        if deal.is_over or deal.phase in ("tribute", "return"):
            continue
        moves = deal.legal_moves()
        if len(moves) + deal.can_pass() < 2:
            continue
        count -= 1
        yield deal.observation(deal.turn).view, moves, deal.can_pass()


def percentile(sorted_values, q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--policy", default="search")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--think-ms", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=1_000_000)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = []
    for i, (view, moves, can_pass) in enumerate(positions(args.decisions, args.seed)):
        started = time.perf_counter()
        _core.policy_play(args.policy, view, moves, can_pass, i, args.rollouts, args.think_ms, args.threads)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    budget = args.think_ms * 1.1 if args.think_ms else None
    over = sum(t > budget for t in times) if budget else 0
    print(f"{args.policy} think_ms={args.think_ms} rollouts={args.rollouts} threads={args.threads}: "
          f"{len(times)} decisions, median {statistics.median(times):.1f} ms, p90 {percentile(times, 0.9):.1f} ms, "
          f"p99 {percentile(times, 0.99):.1f} ms, max {times[-1]:.1f} ms"
          + (f", over budget+10%: {over}" if budget else ""))


if __name__ == "__main__":
    main()
