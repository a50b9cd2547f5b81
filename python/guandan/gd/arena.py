"""The arena: two bots compared on duplicate deals.

Every deal is played twice with the same cards: once with bot A in seats 0
and 2 and bot B in seats 1 and 3, once with the teams swapped, so the luck
of the deal cancels out. The deals are those of :func:`guandan.simulate`
(each starting with a tribute from a random previous placing), played by
the core's policies or by bots of one's own at their seats. :func:`league`
plays every pair of several bots this way and rates them (:mod:`guandan.gd.league`).
The intervals are over the deal pairs (:mod:`guandan.common.statistics`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

import numpy as np

from ..common.duplicate import check_pairs, play_both_ways
from ..common.statistics import Estimate, pair_interval, pair_win_share
from .ruleset import RulesetLike
from .players import BotLike, bot_label, seat_players
from .simulate import DealResults, Progress, simulate

MOST_LEVELS = 3  # a deal gains its winners 1, 2 or 3 levels


@dataclass(frozen=True)
class ArenaResult:
    bots: tuple  # the bots' labels: spec, or class name of a bot object
    a_first: DealResults  # bot A in seats 0 and 2
    a_second: DealResults  # bot A in seats 1 and 3
    #: The bots as given (specs or objects), for :meth:`provenance`.
    players: tuple = field(default=(), compare=False, repr=False)

    def provenance(self) -> Dict[str, Any]:
        """What made this result: the package version, its commit and each
        bot's behaviour signature (:mod:`guandan.common.provenance`)."""
        from ..common.provenance import provenance

        return provenance(list(self.players or self.bots), "guandan")

    @property
    def deals(self) -> int:
        return 2 * len(self.a_first)

    @property
    def pairs(self) -> int:
        return len(self.a_first)

    @property
    def a_wins(self) -> int:
        return int((self.a_first.winning_team == 0).sum() + (self.a_second.winning_team == 1).sum())

    def a_pair_wins(self) -> np.ndarray:
        """Per deal pair: the deals of the pair that A won (0, 1 or 2)."""
        return ((self.a_first.winning_team == 0).astype(np.int64) + (self.a_second.winning_team == 1)).astype(np.int64)

    def win_share(self) -> Estimate:
        """A's share of the deals: mean and 95% interval, deal pairs as the units."""
        return pair_win_share(self.a_pair_wins())

    def level_interval(self) -> Estimate:
        """A's levels per deal minus B's: mean and 95% interval, deal pairs as the units."""
        return pair_interval(self.level_margin() / 2, -MOST_LEVELS, MOST_LEVELS)

    def level_margin(self) -> np.ndarray:
        """Per deal pair: A's levels gained minus B's, summed over both deals."""
        first = np.where(self.a_first.winning_team == 0, 1, -1) * self.a_first.levels_gained
        second = np.where(self.a_second.winning_team == 1, 1, -1) * self.a_second.levels_gained
        return (first + second).astype(np.float64)

    def summary(self) -> Dict[str, Any]:
        """The comparison as plain values: the bots, the deals and pairs
        played, A's wins and share of the deals and the levels per deal (A
        minus B), each with its 95% interval over the pairs, how the pairs
        went, and each bot's double wins (1-2)."""
        a, b = self.bots
        lost, split, won = np.bincount(self.a_pair_wins(), minlength=3).tolist()
        return {"bots": [a, b], "deals": self.deals, "pairs": self.pairs, "a_wins": self.a_wins,
                "win_share": self.win_share().to_dict(), "levels_per_deal": self.level_interval().to_dict(),
                "pair_outcomes": {"a_won_both": won, "split": split, "b_won_both": lost},
                "double_wins": {"a": self._double_wins(True), "b": self._double_wins(False)},
                "provenance": self.provenance()}

    def summary_lines(self) -> List[str]:
        """The summary as the lines the command prints."""
        s = self.summary()
        a, b = s["bots"]
        share, levels, outcomes, doubles = s["win_share"], s["levels_per_deal"], s["pair_outcomes"], s["double_wins"]
        return [
            f"{a} vs {b}: {s['deals']:,} deals ({s['pairs']:,} duplicate pairs)",
            f"  {a} wins {share['mean']:.1%} of deals   95% interval [{share['low']:.1%}, {share['high']:.1%}]",
            f"  pairs: {a} won both {outcomes['a_won_both']:,}, split {outcomes['split']:,}, "
            f"{b} won both {outcomes['b_won_both']:,}",
            f"  levels per deal, {a} minus {b}: {levels['mean']:+.3f}"
            f"   95% interval [{levels['low']:+.3f}, {levels['high']:+.3f}]",
            f"  double wins (1-2): {a} {doubles['a']:,}, {b} {doubles['b']:,}",
        ]

    def __str__(self) -> str:
        return "\n".join(self.summary_lines())

    def _double_wins(self, for_a: bool) -> int:
        team_a = (0, 1)
        total = 0
        for results, a_team in zip((self.a_first, self.a_second), team_a):
            team = a_team if for_a else 1 - a_team
            total += int(((results.winning_team == team) & (results.partner_place == 1)).sum())
        return total


def arena(
    a: BotLike,
    b: BotLike,
    deals: int,
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    search_rollouts: int = 4000,
    progress: Optional[Progress] = None,
    first: int = 0,
) -> ArenaResult:
    """Play ``deals`` duplicate pairs of ``a`` against ``b``: deals ``first``
    to ``first + deals - 1`` of the seed (those of :func:`simulate`), so a
    run can be continued where another stopped (:mod:`guandan.gd.sprt`).

    Each of ``a`` and ``b`` is a bot spec (``"rule"``, ``"search:think_ms=100"``,
    ``"mybots:Greedy"``) or a bot object (:class:`guandan.gd.bots.Bot`): a
    bot of your own plays exactly the deals the core's policies play, on
    ``threads`` worker processes. The results name a bot by its spec, or
    its class name for an object.
    """
    check_pairs(deals)
    for bot in (a, b):
        seat_players(bot)  # a clear error before any deal is played
    labels = (bot_label(a), bot_label(b))
    if labels[0] == labels[1] and a is not b and not isinstance(a, str):
        labels = (labels[0] + " (a)", labels[1] + " (b)")

    def play_side(index: int, report: Progress) -> DealResults:
        policy = [a, b, a, b] if index == 0 else [b, a, b, a]
        return simulate(deals, policy=policy, ruleset=ruleset, seed=seed, threads=threads,
                        search_rollouts=search_rollouts, progress=report, first=first)

    first_side, second_side = play_both_ways(deals, play_side, progress)
    return ArenaResult(labels, first_side, second_side, (a, b))
