"""Deals per second of a bot written in Python through the arena.

    python benchmarks/python_bot_arena.py [--pairs 5000]

A trivial bot (the first legal move, examples/first_move.py) against the
core's planning player, on 1 and 2 worker processes, beside the core alone
(rule against rule) for scale. The target: at least 2,000 deals/s on two
cores. Prints one row per run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from examples.first_move import FirstMove  # noqa: E402
from guandan.gd.arena import arena  # noqa: E402


def deals_per_second(a, b, pairs: int, threads: int) -> float:
    start = time.perf_counter()
    result = arena(a, b, pairs, threads=threads)
    return result.deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=5000)
    args = parser.parse_args()
    print(f"{'run':<44} {'deals/s':>9}")
    for label, a, threads in (("arena(FirstMove(), 'rule', threads=1)", FirstMove(), 1),
                              ("arena(FirstMove(), 'rule', threads=2)", FirstMove(), 2),
                              ("arena('rule', 'rule', threads=2) (core alone)", "rule", 2)):
        print(f"{label:<44} {deals_per_second(a, 'rule', args.pairs, threads):>9,.0f}")


if __name__ == "__main__":
    main()
