"""The league: every pair of bots compared on duplicate deals, and ratings.

Each match-up is an :func:`guandan.arena.arena`: ``deals`` seeded deals,
each played twice with the teams swapped. Every match-up plays the same
deals (deal ``k`` of the seed), so the luck of the cards cancels within a
pair of deals and is shared across match-ups.

The ratings are a Bradley–Terry fit on the Elo scale
(:mod:`guandan.ratings`) of the deal wins of every match-up, the first bot
anchored at 0. Their 95% intervals come from a seeded bootstrap over deal
pairs: deal pair ``k`` is drawn with replacement, the same draw for every
match-up (they share the deal), and the ratings are refitted; the anchor's
interval is [0, 0] by construction. A match-up won on every deal says
only that the gap is large: its rating gap is then set by the prior of
:mod:`guandan.ratings`, and resampling cannot widen it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .arena import ArenaResult, arena
from .ruleset import RulesetLike
from .simulate import POLICIES, Progress
from .summary import paired_wilson_interval

BOOTSTRAP = 500  # resamples of the deal pairs for the rating intervals


@dataclass(frozen=True)
class MatchUp:
    """One row of the league table: ``a`` against ``b`` on duplicate deals."""

    a: str
    b: str
    arena: ArenaResult

    @property
    def deals(self) -> int:
        return self.arena.deals

    @property
    def a_win_rate(self) -> float:
        return self.arena.a_wins / self.arena.deals

    @property
    def a_win_interval(self) -> Tuple[float, float]:
        """95% interval of ``a``'s share of the deals: Wilson, widened when
        the two deals of a pair are correlated (see ``paired_wilson_interval``)."""
        return paired_wilson_interval(self.arena.a_pair_wins())

    @property
    def levels_per_deal(self) -> Tuple[float, float, float]:
        """``a``'s levels per deal minus ``b``'s: mean, 95% low, 95% high."""
        return self.arena.level_interval()


@dataclass(frozen=True)
class Rating:
    bot: str
    rating: float  # Elo points, the anchor at 0
    low: float  # 95% bootstrap interval
    high: float


@dataclass(frozen=True)
class LeagueResult:
    """Every match-up of the league (in the order of the bots' pairs) and a
    rating per bot (in the order the bots were given)."""

    bots: Tuple[str, ...]
    matchups: Tuple[MatchUp, ...]
    ratings: Tuple[Rating, ...]
    anchor: str
    seed: int
    search_rollouts: int

    def matchup(self, a: str, b: str) -> MatchUp:
        """The match-up of ``a`` (first) against ``b``."""
        for match in self.matchups:
            if (match.a, match.b) == (a, b):
                return match
        raise ValueError(f"no match-up {a} vs {b} in this league (bots {', '.join(self.bots)})")

    def summary(self) -> List[str]:
        pairs = self.matchups[0].deals // 2 if self.matchups else 0
        lines = [f"League of {len(self.bots)} bots: {len(self.matchups)} match-up(s) of {pairs:,} duplicate deal pairs", ""]
        width = max(len(f"{m.a} vs {m.b}") for m in self.matchups)
        lines.append(f"  {'match-up':<{width}}  {'deals':>6}  {'first wins':>10}  {'95% interval':<16}  levels/deal (first - second)")
        for m in self.matchups:
            low, high = m.a_win_interval
            mean, level_low, level_high = m.levels_per_deal
            interval = f"[{low:.1%}, {high:.1%}]"
            lines.append(f"  {m.a + ' vs ' + m.b:<{width}}  {m.deals:>6,}  {m.a_win_rate:>10.1%}  {interval:<16}"
                         f"  {mean:+.2f} [{level_low:+.2f}, {level_high:+.2f}]")
        lines.append("")
        lines.append(f"  Ratings (Bradley-Terry on deal wins, Elo scale, {self.anchor} anchored at 0; "
                     f"95% interval from a bootstrap over deal pairs):")
        for r in sorted(self.ratings, key=lambda r: -r.rating):
            lines.append(f"  {r.bot:<{width}}  {r.rating:+7.0f}   [{r.low:+.0f}, {r.high:+.0f}]")
        return lines

    def matchup_rows(self) -> List[Dict[str, object]]:
        """One row of plain values per match-up."""
        rows: List[Dict[str, object]] = []
        for m in self.matchups:
            low, high = m.a_win_interval
            mean, level_low, level_high = m.levels_per_deal
            rows.append({"a": m.a, "b": m.b, "deals": m.deals, "a_wins": m.arena.a_wins,
                         "a_win_rate": m.a_win_rate, "a_win_low": low, "a_win_high": high,
                         "levels_per_deal": mean, "levels_low": level_low, "levels_high": level_high})
        return rows

    def rating_rows(self) -> List[Dict[str, object]]:
        """One row of plain values per bot."""
        return [{"bot": r.bot, "rating": r.rating, "low": r.low, "high": r.high} for r in self.ratings]

    def to_dict(self) -> Dict[str, object]:
        """The table and the ratings as plain values (for JSON)."""
        return {"bots": list(self.bots), "anchor": self.anchor, "seed": self.seed,
                "search_rollouts": self.search_rollouts, "matchups": self.matchup_rows(),
                "ratings": self.rating_rows()}


def league_bots(bots: Sequence[str]) -> Tuple[str, ...]:
    """The league's bots as registry names (any case); ValueError or TypeError saying what is wrong."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of policy names, got {bots!r}")
    names = []
    for bot in bots:
        if not isinstance(bot, str):
            raise TypeError(f"a bot is a policy name, got {bot!r}")
        name = bot.strip().lower()
        if name not in POLICIES:
            raise ValueError(f"unknown bot {bot.strip()!r} for the league (expected one of {', '.join(POLICIES)})")
        if name in names:
            raise ValueError(f"bot {name!r} is listed twice; a league needs distinct bots")
        names.append(name)
    if len(names) < 2:
        raise ValueError(f"a league needs at least two distinct bots, got {len(names)}")
    return tuple(names)


def league(
    bots: Sequence[str],
    deals: int,
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    search_rollouts: int = 4000,
    bootstrap: int = BOOTSTRAP,
    progress: Optional[Progress] = None,
) -> LeagueResult:
    """Play every pair of ``bots`` (core policy names) on ``deals`` duplicate
    deal pairs and rate them; ``progress(done, total)`` counts the deals of
    the whole league. The same seed gives the same result for any ``threads``.

    ``bootstrap`` resamples (seeded by ``seed``) give the ratings' intervals.
    """
    names = league_bots(bots)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"deals must be a positive integer (duplicate pairs per match-up), got {deals!r}")
    if not isinstance(bootstrap, int) or isinstance(bootstrap, bool) or not 1 <= bootstrap <= 100_000:
        raise ValueError(f"bootstrap must be an integer 1..100,000 (resamples), got {bootstrap!r}")
    pairs = list(itertools.combinations(range(len(names)), 2))
    total = 2 * deals * len(pairs)
    matchups = []
    for index, (i, j) in enumerate(pairs):
        before = 2 * deals * index
        report = None if progress is None else (lambda done, _total, base=before: progress(base + done, total))
        result = arena(names[i], names[j], deals, ruleset=ruleset, seed=seed, threads=threads,
                       search_rollouts=search_rollouts, progress=report)
        matchups.append(MatchUp(names[i], names[j], result))
    ratings = _ratings(names, pairs, matchups, deals, bootstrap, seed)
    return LeagueResult(names, tuple(matchups), ratings, names[0], seed, search_rollouts)


def _ratings(names, pairs, matchups, deals, bootstrap, seed) -> Tuple[Rating, ...]:
    from .ratings import fit_ratings

    pair_wins = np.stack([m.arena.a_pair_wins() for m in matchups])  # (match-ups, deal pairs)
    games = np.full(len(pairs), 2 * deals)
    point = fit_ratings(len(names), pairs, pair_wins.sum(axis=1), games)
    # The same resample of deal pairs for every match-up: they played the same
    # deals. Drawn in blocks of about 2 million indices, so memory stays flat.
    rng = np.random.default_rng(seed)
    block = max(1, min(bootstrap, 2_000_000 // deals))
    wins = []
    for start in range(0, bootstrap, block):
        drawn = rng.integers(0, deals, size=(min(block, bootstrap - start), deals))
        wins.append(pair_wins[:, drawn].sum(axis=-1).T)  # (resamples, match-ups)
    resampled = fit_ratings(len(names), pairs, np.concatenate(wins), games)
    low, high = np.percentile(resampled, [2.5, 97.5], axis=0)
    return tuple(Rating(name, float(point[k]), float(low[k]), float(high[k])) for k, name in enumerate(names))


CSV_COLUMNS = ("row", "a", "b", "deals", "a_wins", "a_win_rate", "a_win_low", "a_win_high",
               "levels_per_deal", "levels_low", "levels_high", "bot", "rating", "low", "high")


def write_table(result: LeagueResult, path: str, run: Optional[Dict[str, object]] = None) -> None:
    """Write the league table and ratings to ``path``: ``.json`` (with ``run``,
    what made it) or ``.csv`` (one ``row`` per match-up, then one per rating,
    unused cells empty)."""
    import csv
    import json
    import os

    if os.path.splitext(path)[1].lower() == ".csv":
        with open(path, "w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            for row in result.matchup_rows():
                writer.writerow({"row": "matchup", **row})
            for row in result.rating_rows():
                writer.writerow({"row": "rating", **row})
        return
    with open(path, "w") as file:
        json.dump({**result.to_dict(), "run": run or {}}, file, indent=2)
        file.write("\n")
