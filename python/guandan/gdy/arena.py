"""The Gan Deng Yan arena: two bots compared on duplicate deals.

Every deal is played twice with the same cards and starter: once with bot A
in the even seats and bot B in the odd ones, once the other way round. Over
the pair each bot holds every seat once, so the luck of the cards cancels
out, for any number of players (with an odd number, A holds one seat more
in the first deal and one fewer in the second). Two measures, each with its
95 % interval over the deal pairs (:mod:`guandan.common.statistics`):

- A's share of the wins: 50 % when the bots are equally strong;
- penalty points per seat and deal, B's minus A's: above 0 when A is better.

    >>> from guandan.gdy.arena import arena
    >>> r = arena("rule", "random", deals=300, players=4, seed=1)
    >>> r.win_share()[0] > 0.5
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ..common.duplicate import check_pairs, play_both_ways
from ..common.runner import Progress
from ..common.statistics import Estimate, pair_interval, pair_win_share
from .deal import check_players
from .players import bot_label, seat_players
from .simulate import DealResults, simulate


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

    def win_share(self) -> Estimate:
        """A's share of the wins: mean and 95 % interval over the deal pairs."""
        return pair_win_share(self.pair_wins())

    def deal_margins(self) -> np.ndarray:
        """Per deal pair (rows) and deal (columns): B's penalty minus A's, per seat of a side."""
        sides = []
        for results, even in ((self.a_even, True), (self.a_odd, False)):
            a = self._a_seats(even)
            sides.append(results.penalties[:, ~a].sum(axis=1) - results.penalties[:, a].sum(axis=1))
        return np.stack(sides, axis=1) / (self.players / 2)

    def penalty_margin(self) -> Estimate:
        """Per seat and deal, B's penalty minus A's: mean and 95 % interval
        over the deal pairs. A pair's margin lies within its two deals'
        margins, so the range of the interval's pseudo-pairs is plus or
        minus the largest margin of a deal (at least one point)."""
        deals = self.deal_margins()
        most = max(1.0, float(np.abs(deals).max()))
        return pair_interval(deals.mean(axis=1), -most, most)

    def summary(self) -> Dict[str, Any]:
        """The comparison as plain values: the bots, the deals and pairs
        played, A's wins and share of the deals, and the penalty margin, each
        with its 95 % interval over the pairs."""
        a, b = self.bots
        return {"bots": [a, b], "players": self.players, "deals": 2 * self.pairs, "pairs": self.pairs,
                "a_wins": int(self.pair_wins().sum()), "win_share": self.win_share().to_dict(),
                "penalty_margin": self.penalty_margin().to_dict()}

    def summary_lines(self) -> List[str]:
        """The summary as the lines the command prints."""
        s = self.summary()
        a, b = s["bots"]
        share, margin = s["win_share"], s["penalty_margin"]
        return [
            f"{a} vs {b}, {s['players']} players: {s['deals']:,} deals ({s['pairs']:,} duplicate pairs)",
            f"  {a} wins {share['mean']:.1%} of the deals   95% interval [{share['low']:.1%}, {share['high']:.1%}]"
            " (50% = equal)",
            f"  penalty per seat and deal, {b} minus {a}: {margin['mean']:+.2f}"
            f"   95% interval [{margin['low']:+.2f}, {margin['high']:+.2f}]",
        ]

    def __str__(self) -> str:
        return "\n".join(self.summary_lines())


def arena(a: Any, b: Any, deals: int = 2000, players: int = 4, seed: int = 0, threads: int = 1,
          progress: Optional[Progress] = None) -> ArenaResult:
    """Play ``deals`` duplicate pairs of ``a`` against ``b``: each a bot
    spec (a core policy such as ``"rule"``, or ``"MODULE:CLASS"``) or a bot
    object (:class:`guandan.gdy.bots.Bot`), on the same deals (a run with
    bots of your own uses ``threads`` worker processes)."""
    check_pairs(deals, least=2)
    check_players(players)
    for bot in (a, b):
        seat_players(bot, players)  # a clear error before any deal is played
    labels = (bot_label(a), bot_label(b))
    if labels[0] == labels[1] and a is not b and not isinstance(a, str):
        labels = (labels[0] + " (a)", labels[1] + " (b)")

    def play_side(index: int, report: Progress) -> DealResults:
        seats = [(a if (s % 2 == 0) == (index == 0) else b) for s in range(players)]
        return simulate(deals, players=players, policy=seats, seed=seed, threads=threads, progress=report)

    even, odd = play_both_ways(deals, play_side, progress)
    return ArenaResult(labels, players, even, odd)
