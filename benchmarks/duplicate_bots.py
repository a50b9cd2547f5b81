"""Duplicate deals between two bots configured with options the arena does not
pass (a search's time budget), through the Python bots.

    python benchmarks/duplicate_bots.py search:think_ms=100 search_v1:rollouts=4000 --pairs 200 --processes 2

Each seeded deal (``standard``, no tribute) is played twice, the teams
swapped; prints the first bot's share of deals won and levels per deal
(first minus second), each with a 95 % interval over the pairs. Time
budgets are wall clock: run it on otherwise idle cores, one process per core.
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool
from typing import Dict, Tuple

import guandan
from guandan import _core
from guandan.gd.bots import BOTS, Bot, play_deal


def parse_bot(spec: str) -> Tuple[str, Dict[str, int]]:
    """``name:key=value,key=value`` (integer values)."""
    name, _, rest = spec.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value)
    return name, options


def make(spec: str, seed: int) -> Bot:
    name, options = parse_bot(spec)
    return BOTS[name](seed=seed, **options)


def play_pair(job):
    """Levels won by bot a (negative: lost) on both sides of deal `index`."""
    a, b, seed, index = job
    deal_seed = _core.match_deal_seed(seed, index)
    rules = guandan.Ruleset.preset("standard")
    scores = []
    for a_team in (0, 1):
        specs = [a if seat % 2 == a_team else b for seat in range(4)]
        bots = [make(spec, deal_seed + seat) for seat, spec in enumerate(specs)]
        deal = play_deal(guandan.Deal(seed=deal_seed), bots)
        gained = rules.levels_gained(deal.outcome)
        scores.append(gained if deal.winning_team == a_team else -gained)
    return scores


def interval(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    jobs = [(args.a, args.b, args.seed, i) for i in range(args.pairs)]
    with Pool(args.processes) as pool:
        pairs = pool.map(play_pair, jobs, chunksize=1)
    # Pair means: the two deals of a pair share their cards, so the pair is
    # the independent unit.
    wins, win_half = interval([sum(s > 0 for s in pair) / 2 for pair in pairs])
    levels, level_half = interval([sum(pair) / 2 for pair in pairs])
    print(f"{args.a} vs {args.b}: {2 * len(pairs)} deals ({len(pairs)} duplicate pairs)")
    print(f"  {args.a} wins {100 * wins:.1f}% of deals   95% interval [{100 * (wins - win_half):.1f}%, "
          f"{100 * (wins + win_half):.1f}%]")
    print(f"  levels per deal, {args.a} minus {args.b}: {levels:+.3f} ± {level_half:.3f}")


if __name__ == "__main__":
    main()
