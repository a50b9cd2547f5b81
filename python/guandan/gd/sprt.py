"""A sequential arena: duplicate deal pairs in batches until a test decides.

:func:`arena_sprt` plays bot A against bot B in batches of duplicate pairs
(:func:`guandan.gd.arena.arena`, each batch on the deals after the last)
and feeds A's deals won of each pair to a sequential probability ratio test
(:class:`guandan.common.statistics.SPRT`). It stops when the test accepts
H1 (A is at least ``elo1`` Elo better than B), rejects it (H0: A is at most
``elo0`` better), or ``max_pairs`` have been played. A clear difference is
settled after a batch or two; ``guandan arena --sprt ELO0,ELO1`` runs it
from the command line. docs/statistics.md describes the test.

    >>> result = arena_sprt("rule", "random", elo0=0, elo1=20, batch=20, max_pairs=200)
    >>> result.verdict, result.pairs
    ('accept', 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from ..common.checks import checked_integer
from ..common.statistics import CONTINUE, SPRT
from .arena import ArenaResult, arena
from .players import BotLike
from .simulate import DealResults, Progress


@dataclass(frozen=True)
class SprtResult:
    """The test as it ended and every pair the arena played for it."""

    test: SPRT
    arena: ArenaResult
    max_pairs: int

    @property
    def verdict(self) -> str:
        """``accept`` (H1), ``reject`` (H0) or ``continue`` (no decision within ``max_pairs``)."""
        return self.test.verdict

    @property
    def llr(self) -> float:
        return self.test.llr

    @property
    def pairs(self) -> int:
        return self.test.pairs

    def summary(self) -> Dict[str, Any]:
        """The test (its bounds, counts, LLR and verdict) and the arena's summary, as plain values."""
        return {"sprt": self.test.to_dict(), "max_pairs": self.max_pairs, "arena": self.arena.summary()}

    def summary_lines(self) -> List[str]:
        """The arena's lines, then the test's."""
        s = self.summary()
        test = s["sprt"]
        a, b = s["arena"]["bots"]
        verdict = {
            "accept": f"accept H1: {a} is at least {test['elo1']:g} Elo better than {b}",
            "reject": f"reject H1, accept H0: {a} is at most {test['elo0']:g} Elo better than {b}",
            CONTINUE: f"no decision within {s['max_pairs']:,} pairs",
        }[test["verdict"]]
        return self.arena.summary_lines() + [
            f"  SPRT elo0 {test['elo0']:g}, elo1 {test['elo1']:g} (alpha {test['alpha']:g}, beta {test['beta']:g}): "
            f"{verdict}",
            f"  after {test['pairs']:,} pairs: LLR {test['llr']:+.2f}, "
            f"bounds [{test['lower']:+.2f}, {test['upper']:+.2f}]",
        ]

    def __str__(self) -> str:
        return "\n".join(self.summary_lines())


def arena_sprt(a: BotLike, b: BotLike, elo0: float = 0.0, elo1: float = 20.0, alpha: float = 0.05, beta: float = 0.05,
               batch: int = 100, max_pairs: int = 10_000, progress: Optional[Progress] = None,
               **options: Any) -> SprtResult:
    """Play ``a`` against ``b`` in batches of ``batch`` duplicate pairs until
    the SPRT of ``elo0`` against ``elo1`` (error rates ``alpha``, ``beta``)
    decides or ``max_pairs`` pairs have been played. ``options`` are those of
    :func:`guandan.gd.arena.arena` (``ruleset``, ``seed``, ``threads``,
    ``search_rollouts``); ``progress(done, total)`` counts deals against the
    most the test may play.
    """
    test = SPRT(elo0, elo1, alpha, beta)
    batch = checked_integer("batch", batch, 1, None)
    max_pairs = checked_integer("max_pairs", max_pairs, 1, None)
    taken = sorted({"deals", "first"} & set(options))
    if taken:
        raise TypeError(f"arena_sprt chooses the deals itself; do not pass {', '.join(taken)}")
    batches: List[ArenaResult] = []
    while test.verdict == CONTINUE and test.pairs < max_pairs:
        played = test.pairs
        size = min(batch, max_pairs - played)
        report = None if progress is None else (
            lambda done, _total, base=2 * played: progress(base + done, 2 * max_pairs))
        result = arena(a, b, size, first=played, progress=report, **options)
        batches.append(result)
        test.add(result.a_pair_wins())
    first = DealResults.concatenate([r.a_first for r in batches])
    second = DealResults.concatenate([r.a_second for r in batches])
    return SprtResult(test, ArenaResult(batches[0].bots, first, second, batches[0].players), max_pairs)
