"""The Gan Deng Yan arena: two bots compared on duplicate deals.

Every deal is played twice with the same cards and starter: once with bot A
in the even seats and bot B in the odd ones, once the other way round. Over
the pair each bot holds every seat once, so the luck of the cards cancels
out, for any number of players (with an odd number, A holds one seat more
in the first deal and one fewer in the second). Two measures, each with its
95 % interval over the deal pairs:

- A's share of the wins: 50 % when the bots are equally strong;
- penalty points per seat and deal, B's minus A's: above 0 when A is better.

    >>> from guandan.gdy.arena import arena
    >>> r = arena("rule", "random", deals=300, players=4, seed=1)
    >>> r.win_share()[0] > 0.5
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

import numpy as np

from ..common.duplicate import check_bot, check_pairs, play_both_ways
from ..common.runner import Progress
from ..common.intervals import mean_and_half
from .simulate import POLICIES, DealResults, simulate


def _mean_interval(values: np.ndarray) -> Tuple[float, float, float]:
    mean, half, _ = mean_and_half(values)
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class ArenaResult:
    bots: Tuple[str, str]
    players: int
    a_even: DealResults  # A in seats 0, 2, ...
    a_odd: DealResults   # A in seats 1, 3, ...

    @property
    def pairs(self) -> int:
        return len(self.a_even)

    def _a_seats(self, even: bool) -> np.ndarray:
        return np.arange(self.players) % 2 == (0 if even else 1)

    def pair_wins(self) -> np.ndarray:
        """Per deal pair: the deals of the pair that A won (0, 1 or 2)."""
        even = self._a_seats(True)[self.a_even.winner]
        odd = self._a_seats(False)[self.a_odd.winner]
        return even.astype(np.int64) + odd

    def win_share(self) -> Tuple[float, float, float]:
        """A's share of the wins: mean and 95 % interval."""
        return _mean_interval(self.pair_wins() / 2)

    def penalty_margin(self) -> Tuple[float, float, float]:
        """Per seat and deal, B's penalty minus A's: mean and 95 % interval."""
        margin = np.zeros(self.pairs)
        for results, even in ((self.a_even, True), (self.a_odd, False)):
            a = self._a_seats(even)
            margin += results.penalties[:, ~a].sum(axis=1) - results.penalties[:, a].sum(axis=1)
        return _mean_interval(margin / self.players)

    def summary(self) -> List[str]:
        a, b = self.bots
        share, low, high = self.win_share()
        margin, m_low, _ = self.penalty_margin()
        return [
            f"{a} vs {b}, {self.players} players: {2 * self.pairs:,} deals ({self.pairs:,} duplicate pairs)",
            f"  {a} wins {share:.1%} of the deals   95% interval [{low:.1%}, {high:.1%}] (50% = equal)",
            f"  penalty per seat and deal, {b} minus {a}: {margin:+.2f} ± {margin - m_low:.2f}",
        ]


def arena(a: str, b: str, deals: int = 2000, players: int = 4, seed: int = 0, threads: int = 1,
          progress: Optional[Progress] = None) -> ArenaResult:
    """Play ``deals`` duplicate pairs of policy ``a`` against policy ``b``."""
    check_pairs(deals, least=2)
    for name in (a, b):
        check_bot(name, POLICIES)

    def play_side(index: int, report: Progress) -> DealResults:
        seats = [(a if (s % 2 == 0) == (index == 0) else b) for s in range(players)]
        return simulate(deals, players=players, policy=seats, seed=seed, threads=threads, progress=report)

    even, odd = play_both_ways(deals, play_side, progress)
    return ArenaResult((a, b), players, even, odd)
