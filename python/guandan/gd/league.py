"""The league: every pair of bots compared on duplicate deals, and ratings.

Each match-up is an :func:`guandan.gd.arena.arena`: ``deals`` seeded deals,
each played twice with the teams swapped. Every match-up plays the same
deals (deal ``k`` of the seed), so the luck of the cards cancels within a
pair of deals and is shared across match-ups.

The ratings are a Bradley–Terry fit on the Elo scale
(:mod:`guandan.common.ratings`) of the deal wins of every match-up, the first bot
anchored at 0. Their 95% intervals come from a seeded bootstrap over deal
pairs: deal pair ``k`` is drawn with replacement, the same draw for every
match-up (they share the deal), and the ratings are refitted; the anchor's
interval is [0, 0] by construction. The pool drawn from also holds two
pseudo-pairs, one won 2-0 and one lost 0-2 by each match-up's first bot
(:func:`guandan.common.statistics.resample_pair_wins`), so a match-up won
on every deal still gets an interval, not a single point: the data say
only that the gap is large, and the interval says how far one lost pair
would move it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..common.duplicate import BOOTSTRAP, Rating, check_bootstrap, check_pairs, league_ratings, play_league
from .arena import ArenaResult, arena
from .ruleset import RulesetLike
from .players import BotLike, bot_label, seat_players
from .simulate import Progress


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
        """95% interval of ``a``'s share of the deals, over the deal pairs
        (:func:`guandan.common.statistics.pair_win_share`)."""
        _, low, high = self.arena.win_share()
        return low, high

    @property
    def levels_per_deal(self) -> Tuple[float, float, float]:
        """``a``'s levels per deal minus ``b``'s: mean, 95% low, 95% high."""
        return self.arena.level_interval()


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
    #: The bots as given (specs or objects), for :meth:`provenance`.
    players: tuple = field(default=(), compare=False, repr=False)

    def provenance(self) -> Dict[str, Any]:
        """What made this result: the package version, its commit and each
        bot's behaviour signature (:mod:`guandan.common.provenance`)."""
        from ..common.provenance import provenance

        return provenance(list(self.players or self.bots), "guandan")

    def matchup(self, a: str, b: str) -> MatchUp:
        """The match-up of ``a`` (first) against ``b``."""
        for match in self.matchups:
            if (match.a, match.b) == (a, b):
                return match
        raise ValueError(f"no match-up {a} vs {b} in this league (bots {', '.join(self.bots)})")

    def summary(self) -> Dict[str, Any]:
        """The table and the ratings as plain values (the JSON of ``--out``)."""
        return {"bots": list(self.bots), "anchor": self.anchor, "seed": self.seed,
                "search_rollouts": self.search_rollouts, "pairs": self.pairs,
                "matchups": self.matchup_rows(), "ratings": self.rating_rows(), "provenance": self.provenance()}

    def to_dict(self) -> Dict[str, Any]:
        """The same as :meth:`summary`: the table and the ratings for JSON."""
        return self.summary()

    @property
    def pairs(self) -> int:
        """The duplicate deal pairs of each match-up."""
        return self.matchups[0].deals // 2 if self.matchups else 0

    def summary_lines(self) -> List[str]:
        """The summary as the lines the command prints."""
        s = self.summary()
        rows = s["matchups"]
        lines = [f"League of {len(s['bots'])} bots: {len(rows)} match-up(s) of {s['pairs']:,} duplicate deal pairs", ""]
        width = max(len(f"{m['a']} vs {m['b']}") for m in rows)
        lines.append(f"  {'match-up':<{width}}  {'deals':>6}  {'first wins':>10}  {'95% interval':<16}"
                     "  levels/deal (first - second)")
        for m in rows:
            interval = f"[{m['a_win_low']:.1%}, {m['a_win_high']:.1%}]"
            lines.append(f"  {m['a'] + ' vs ' + m['b']:<{width}}  {m['deals']:>6,}  {m['a_win_rate']:>10.1%}"
                         f"  {interval:<16}  {m['levels_per_deal']:+.2f} [{m['levels_low']:+.2f}, {m['levels_high']:+.2f}]")
        lines.append("")
        lines.append(f"  Ratings (Bradley-Terry on deal wins, Elo scale, {s['anchor']} anchored at 0; "
                     f"95% interval from a bootstrap over deal pairs):")
        for r in sorted(s["ratings"], key=lambda r: -r["rating"]):
            interval = "(anchor)" if r["bot"] == s["anchor"] else f"[{r['low']:+.0f}, {r['high']:+.0f}]"
            lines.append(f"  {r['bot']:<{width}}  {r['rating']:+7.0f}   {interval}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary_lines())

    def __repr__(self) -> str:
        return (f"LeagueResult(bots={self.bots!r}, matchups={len(self.matchups)}, pairs={self.pairs:,}, "
                f"anchor={self.anchor!r}, seed={self.seed})")

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


def league_bots(bots: Sequence[BotLike]) -> Tuple[str, ...]:
    """The league's bots' names: core policy names (any case) as they are,
    a spec or bot object by its label; ValueError or TypeError saying what
    is wrong (fewer than two, one listed twice, an unknown bot)."""
    return tuple(_league_players(bots))


def _league_players(bots: Sequence[BotLike]) -> Dict[str, BotLike]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots (names, specs or bot objects), got {bots!r}")
    players: Dict[str, BotLike] = {}
    for bot in bots:
        if isinstance(bot, str):
            bot = bot.strip()
            if ":" not in bot:
                bot = bot.lower()
        seat_players(bot)  # a clear error for an unknown bot or option
        label = bot_label(bot)
        if label in players:
            raise ValueError(f"bot {label!r} is listed twice; a league needs distinct bots")
        players[label] = bot
    if len(players) < 2:
        raise ValueError(f"a league needs at least two distinct bots, got {len(players)}")
    return players


def league(
    bots: Sequence[BotLike],
    deals: int,
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    search_rollouts: int = 4000,
    bootstrap: int = BOOTSTRAP,
    progress: Optional[Progress] = None,
) -> LeagueResult:
    """Play every pair of ``bots`` on ``deals`` duplicate deal pairs and rate
    them; ``progress(done, total)`` counts the deals of the whole league. A
    bot is a spec (``"rule"``, ``"search:think_ms=100"``, ``"mybots:Greedy"``)
    or a bot object, named in the table by its spec or class name. The same
    seed gives the same result for any ``threads``.

    ``bootstrap`` resamples (seeded by ``seed``) give the ratings' intervals.
    """
    players = _league_players(bots)
    names = tuple(players)
    check_pairs(deals)
    check_bootstrap(bootstrap)

    def play_matchup(a: str, b: str, report: Optional[Progress]) -> ArenaResult:
        return arena(players[a], players[b], deals, ruleset=ruleset, seed=seed, threads=threads,
                     search_rollouts=search_rollouts, progress=report)

    matchups = tuple(MatchUp(a, b, result) for a, b, result in play_league(names, deals, play_matchup, progress))
    pair_wins = np.stack([m.arena.a_pair_wins() for m in matchups])  # (match-ups, deal pairs)
    ratings = league_ratings(names, pair_wins, bootstrap, seed)
    return LeagueResult(names, matchups, ratings, names[0], seed, search_rollouts, tuple(players.values()))


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
