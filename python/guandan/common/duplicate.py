"""Duplicate play, for any game: two bots on the same seeded deals, each
deal played once with each bot in the first seat set and once the other way
round, and a league of every pair of several bots on the same deals.

A game supplies how one side of a match-up is played (its own simulation)
and reads its own measures from the results (levels for Guandan, penalties
for Gan Deng Yan); what every game shares is here: the checks of the bots
and of the number of deal pairs, the progress of both sides as one count,
the league's loop over the pairs, and the ratings of a league from the deal
pairs each bot won (:func:`league_ratings`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple, TypeVar

import numpy as np

from .ratings import fit_ratings
from .runner import Progress
from .statistics import resample_pair_wins

Side = TypeVar("Side")
Result = TypeVar("Result")

BOOTSTRAP = 500  # resamples of the deal pairs for the rating intervals


def check_pairs(deals: object, least: int = 1) -> int:
    """The number of duplicate deal pairs: an int of at least ``least``."""
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < least:
        raise ValueError(f"deals must be an integer >= {least} (duplicate pairs), got {deals!r}")
    return deals


def check_bot(name: object, policies: Sequence[str], what: str = "arena") -> str:
    """``name`` when it is one of ``policies``; ValueError listing them otherwise."""
    if not isinstance(name, str) or name not in policies:
        raise ValueError(f"unknown bot {name!r} for the {what} (expected one of {', '.join(policies)})")
    return name


def league_bots(bots: object, policies: Sequence[str]) -> Tuple[str, ...]:
    """A league's bots as policy names (any case, at least two, each once);
    ValueError or TypeError saying what is wrong."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of policy names, got {bots!r}")
    names: List[str] = []
    for bot in bots:
        if not isinstance(bot, str):
            raise TypeError(f"a bot is a policy name, got {bot!r}")
        name = bot.strip().lower()
        if name not in policies:
            raise ValueError(f"unknown bot {bot.strip()!r} for the league (expected one of {', '.join(policies)})")
        if name in names:
            raise ValueError(f"bot {name!r} is listed twice; a league needs distinct bots")
        names.append(name)
    if len(names) < 2:
        raise ValueError(f"a league needs at least two distinct bots, got {len(names)}")
    return tuple(names)


def play_both_ways(deals: int, play_side: Callable[[int, Progress], Side],
                   progress: Optional[Progress] = None) -> Tuple[Side, Side]:
    """Both sides of a duplicate match-up: ``play_side(0, report)`` with the
    first bot in the first seat set, then ``play_side(1, report)`` swapped;
    ``progress(done, 2 * deals)`` counts the deals of both."""
    done = [0, 0]

    def reporter(index: int) -> Progress:
        def report(n_done: int, _total: int) -> None:
            done[index] = n_done
            if progress is not None:
                progress(sum(done), 2 * deals)
        return report

    return play_side(0, reporter(0)), play_side(1, reporter(1))


def play_league(names: Sequence[str], deals: int, play_matchup: Callable[[str, str, Optional[Progress]], Result],
                progress: Optional[Progress] = None) -> List[Tuple[str, str, Result]]:
    """Every pair of ``names`` (in the order of ``itertools.combinations``),
    each played by ``play_matchup(a, b, progress)`` on the same ``deals``
    duplicate pairs; ``progress(done, total)`` counts the league's deals."""
    pairs = list(itertools.combinations(names, 2))
    total = 2 * deals * len(pairs)
    played = []
    for index, (a, b) in enumerate(pairs):
        before = 2 * deals * index
        report = None if progress is None else (lambda done, _total, base=before: progress(base + done, total))
        played.append((a, b, play_matchup(a, b, report)))
    return played


def check_bootstrap(bootstrap: object) -> int:
    """The number of bootstrap resamples of a league's ratings: 1..100,000."""
    if not isinstance(bootstrap, int) or isinstance(bootstrap, bool) or not 1 <= bootstrap <= 100_000:
        raise ValueError(f"bootstrap must be an integer 1..100,000 (resamples), got {bootstrap!r}")
    return bootstrap


@dataclass(frozen=True)
class Rating:
    bot: str
    rating: float  # Elo points, the anchor at 0
    low: float  # 95% bootstrap interval
    high: float


def league_ratings(names: Sequence[str], pair_wins: np.ndarray, bootstrap: int = BOOTSTRAP,
                   seed: int = 0) -> Tuple[Rating, ...]:
    """Bradley–Terry ratings on the Elo scale (:mod:`guandan.common.ratings`,
    ``names[0]`` anchored at 0) from ``pair_wins``: one row per match-up in
    the order of :func:`play_league`, one column per deal pair, the deals of
    the pair (0, 1 or 2) the match-up's first bot won.

    The 95% intervals come from a seeded bootstrap over deal pairs
    (:func:`guandan.common.statistics.resample_pair_wins`: the same draw for
    every match-up, two pseudo-pairs in the pool so that no interval but the
    anchor's is zero wide), the ratings refitted on each resample; the
    anchor's interval is [0, 0] by construction."""
    check_bootstrap(bootstrap)
    pairs = list(itertools.combinations(range(len(names)), 2))
    deals = pair_wins.shape[1]
    point = fit_ratings(len(names), pairs, pair_wins.sum(axis=1), np.full(len(pairs), 2 * deals))
    wins, games = resample_pair_wins(pair_wins, bootstrap, np.random.default_rng(seed))
    resampled = fit_ratings(len(names), pairs, wins, np.full(len(pairs), games))
    low, high = np.percentile(resampled, [2.5, 97.5], axis=0)
    return tuple(Rating(name, float(point[k]), float(low[k]), float(high[k])) for k, name in enumerate(names))
