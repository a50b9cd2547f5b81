"""The arena: two bots compared on duplicate deals.

Every deal is played twice with the same cards: once with bot A in seats 0
and 2 and bot B in seats 1 and 3, once with the teams swapped, so the luck
of the deal cancels out. The deals are those of :func:`guandan.simulate`
(each starting with a tribute from a random previous placing), played inside
the core by its policies: ``random``, ``rule`` and ``search``. :func:`league`
plays every pair of several bots this way and rates them (:mod:`guandan.gd.league`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

import numpy as np

from ..common.duplicate import check_bot, check_pairs, play_both_ways
from .ruleset import RulesetLike
from .simulate import POLICIES, DealResults, Progress, simulate
from .summary import mean_and_half, wilson_interval


@dataclass(frozen=True)
class ArenaResult:
    bots: tuple
    a_first: DealResults  # bot A in seats 0 and 2
    a_second: DealResults  # bot A in seats 1 and 3

    @property
    def deals(self) -> int:
        return 2 * len(self.a_first)

    @property
    def a_wins(self) -> int:
        return int((self.a_first.winning_team == 0).sum() + (self.a_second.winning_team == 1).sum())

    def a_pair_wins(self) -> np.ndarray:
        """Per deal pair: the deals of the pair that A won (0, 1 or 2)."""
        return ((self.a_first.winning_team == 0).astype(np.int64) + (self.a_second.winning_team == 1)).astype(np.int64)

    def level_interval(self) -> Tuple[float, float, float]:
        """A's levels per deal minus B's: mean and 95% interval, deal pairs as the units."""
        mean, half, _ = mean_and_half(self.level_margin() / 2)
        return mean, mean - half, mean + half

    def level_margin(self) -> np.ndarray:
        """Per deal pair: A's levels gained minus B's, summed over both deals."""
        first = np.where(self.a_first.winning_team == 0, 1, -1) * self.a_first.levels_gained
        second = np.where(self.a_second.winning_team == 1, 1, -1) * self.a_second.levels_gained
        return (first + second).astype(np.float64)

    def summary(self) -> List[str]:
        a, b = self.bots
        low, high = wilson_interval(self.a_wins, self.deals)
        mean, level_low, _ = self.level_interval()
        half = mean - level_low
        return [
            f"{a} vs {b}: {self.deals:,} deals ({self.deals // 2:,} duplicate pairs)",
            f"  {a} wins {self.a_wins / self.deals:.1%} of deals   95% interval [{low:.1%}, {high:.1%}]",
            f"  levels per deal, {a} minus {b}: {mean:+.3f} ± {half:.3f}",
            f"  double wins (1-2): {a} {self._double_wins(True):,}, {b} {self._double_wins(False):,}",
        ]

    def _double_wins(self, for_a: bool) -> int:
        team_a = (0, 1)
        total = 0
        for results, a_team in zip((self.a_first, self.a_second), team_a):
            team = a_team if for_a else 1 - a_team
            total += int(((results.winning_team == team) & (results.partner_place == 1)).sum())
        return total


def arena(
    a: str,
    b: str,
    deals: int,
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    search_rollouts: int = 4000,
    progress: Optional[Progress] = None,
) -> ArenaResult:
    """Play ``deals`` duplicate pairs of ``a`` against ``b`` (policy names)."""
    check_pairs(deals)
    for name in (a, b):
        check_bot(name, POLICIES)

    def play_side(index: int, report: Progress) -> DealResults:
        policy = [a, b, a, b] if index == 0 else [b, a, b, a]
        return simulate(deals, policy=policy, ruleset=ruleset, seed=seed, threads=threads,
                        search_rollouts=search_rollouts, progress=report)

    first, second = play_both_ways(deals, play_side, progress)
    return ArenaResult((a, b), first, second)
