"""Monte Carlo simulation: many deals or matches played inside the C++ core.

Every deal is played by the core's policies (:data:`POLICIES`, read from
the core's policy registry: ``"random"``, uniform over the legal moves and
passing; ``"rule"``, a cheap rule-based player; ``"search"``, Monte Carlo
search) without any Python per move; the GIL is released and the work is
split across threads, which take deals as they free up. Deal ``i`` depends
only on the seed and ``i``, so a run gives the same results whatever the
number of threads or how it is chunked. Ctrl-C stops a run within a second.

Ranges (anything else raises ``ValueError``, or ``TypeError`` for a value
of the wrong type): ``n`` 0..10**9; ``threads`` 1..256; ``chunk`` >= 1;
``search_rollouts`` 1..1,000,000; ``seed`` 0..2**64-1; ``first`` >= 0 with
``first + n`` <= 2**64; every seat starts with 1..27 cards (``sizes``, or
the fixed ``hands``): a seat without cards would be out before the deal
starts; ``leader`` a seat 0..3, only with ``tribute=False``.

    >>> from guandan import simulate
    >>> r = simulate(200, policy="rule", seed=7)
    >>> len(r), sorted(set(r.outcome.tolist()))
    (200, ['1-2', '1-3', '1-4'])
    >>> bool((r.winning_team == simulate(200, policy="rule", seed=7, threads=2).winning_team).all())
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from .. import _core
from .._core import Hand
from .cards import CardsLike, as_hand, level_index
from ..common.bot_rows import run_bot_rows
from ..common.checks import check_seed, checked_integer
from ..common.columns import Columns
from ..common.lines import mean_record, rate_record
from ..common.runner import MAX_N, MAX_THREADS  # noqa: F401 (this module's API too)
from ..common.runner import Progress, check_progress, check_rows, run_in_chunks
from .bots import Bot
from .deal import Deal
from .names import OUTCOME_NAMES
from .players import POLICIES, PlayersLike, seat_players  # noqa: F401 (POLICIES: this module's API too)
from .ruleset import Ruleset, RulesetLike, as_ruleset
from .seat_driver import BotRun, SeatDriver

TRIBUTE_EVENTS = ("none", "single", "double", "cancelled")
_OUTCOMES = np.array(("",) + OUTCOME_NAMES)

#: One player for every seat, or one per seat: a bot spec (``"rule"``,
#: ``"search:think_ms=100"``, ``"mybots:Greedy"``) or a bot object.
PolicyLike = PlayersLike

_DEAL_COLUMNS = {
    "placing": (np.int8, 4),
    "partner_place": (np.int8, 1),
    "winning_team": (np.int8, 1),
    "levels_gained": (np.int8, 1),
    "tribute": (np.int8, 1),
    "plays": (np.int16, 1),
    "passes": (np.int16, 1),
    "bombs": (np.int16, 1),
    "seed": (np.uint64, 1),
}
_MATCH_COLUMNS = {
    "winner": (np.int8, 1),
    "deals": (np.int16, 1),
    "final_levels": (np.int8, 2),
    "plays": (np.int32, 1),
    "bombs": (np.int32, 1),
    "double_wins": (np.int16, 1),
    "seed": (np.uint64, 1),
}


@dataclass(frozen=True)
class DealResults(Columns):
    """One row per deal. ``placing``: seats first to last (n, 4);
    ``partner_place``: 1, 2, 3 for a 1-2, 1-3, 1-4; ``winning_team``: team of
    the first player out; ``levels_gained`` by the winners; ``tribute``: index
    into TRIBUTE_EVENTS; ``plays``, ``passes``, ``bombs`` played."""

    placing: np.ndarray
    partner_place: np.ndarray
    winning_team: np.ndarray
    levels_gained: np.ndarray
    tribute: np.ndarray
    plays: np.ndarray
    passes: np.ndarray
    bombs: np.ndarray
    seed: np.ndarray

    @property
    def outcome(self) -> np.ndarray:
        """'1-2', '1-3' or '1-4' per deal."""
        return _OUTCOMES[self.partner_place]

    def summary(self) -> Dict[str, Any]:
        """The run as plain values: wins by team, outcomes and tribute kinds
        with 95% intervals, means of plays, passes, bombs and levels
        (:func:`deal_summary_data`; ``guandan simulate``
        prints these)."""
        return deal_summary_data(self)


@dataclass(frozen=True)
class MatchResults(Columns):
    """One row per match: ``winner`` (team, -1 if none within the cap),
    ``deals`` played, ``final_levels`` (level index by team), total ``plays``
    and ``bombs``, ``double_wins`` (deals won 1-2)."""

    winner: np.ndarray
    deals: np.ndarray
    final_levels: np.ndarray
    plays: np.ndarray
    bombs: np.ndarray
    double_wins: np.ndarray
    seed: np.ndarray

    def summary(self) -> Dict[str, Any]:
        """The run as plain values (:func:`match_summary_data`)."""
        return match_summary_data(self)


def deal_summary_data(results: DealResults) -> Dict[str, Any]:
    """A run of deals as plain values: each team's wins, the outcomes and
    tribute kinds (count, rate and 95% interval), and the means of plays,
    passes, bombs and levels gained (mean, half width of the 95% interval,
    spread)."""
    n = len(results)
    return {
        "deals": n,
        "team_wins": [rate_record(int((results.winning_team == team).sum()), n) for team in (0, 1)],
        "outcomes": {outcome: rate_record(int((results.partner_place == place).sum()), n)
                     for place, outcome in enumerate(OUTCOME_NAMES, 1)},
        "tribute": {name: rate_record(int((results.tribute == code).sum()), n)
                    for code, name in enumerate(TRIBUTE_EVENTS) if (results.tribute == code).any()},
        "means": {"plays per deal": mean_record(results.plays), "passes per deal": mean_record(results.passes),
                  "bombs per deal": mean_record(results.bombs), "levels gained": mean_record(results.levels_gained)},
    }


def match_summary_data(results: MatchResults) -> Dict[str, Any]:
    """A run of matches as plain values, as :func:`deal_summary_data`."""
    n = len(results)
    return {
        "matches": n,
        "team_wins": [rate_record(int((results.winner == team).sum()), n) for team in (0, 1)],
        "unfinished": rate_record(int((results.winner < 0).sum()), n),
        "means": {"deals per match": mean_record(results.deals), "plays per match": mean_record(results.plays),
                  "double wins per match": mean_record(results.double_wins)},
    }


MAX_ROLLOUTS: int = _core.MAX_ROLLOUTS


def policy_list(policy: PolicyLike) -> list:
    """The four seats' core policy names of ``policy`` (one name for all, or
    four), checked; ValueError for a seat that is not a core policy."""
    names, bots = seat_players(policy)
    for seat, bot in enumerate(bots):
        if bot is not None:
            raise ValueError(f"seat {seat} is played by a bot ({type(bot).__name__}), not a core policy")
    return names


def _fixed_hands(hands) -> List[Optional[Hand]]:
    fixed: List[Optional[Hand]] = [None] * 4
    if hands is None:
        return fixed
    if isinstance(hands, Mapping):
        items = list(hands.items())
    elif isinstance(hands, Sequence) and not isinstance(hands, str):
        if len(hands) != 4:
            raise ValueError(f"hands as a list has one entry per seat (4), got {len(hands)}")
        items = list(enumerate(hands))
    else:
        raise TypeError(f"hands must be a mapping seat -> cards or a list of four, got {hands!r}")
    for seat, cards in items:
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        fixed[seat] = None if cards is None else as_hand(cards)
    return fixed


def _sizes(sizes) -> List[int]:
    if sizes is None:
        return [27, 27, 27, 27]
    if isinstance(sizes, str) or not isinstance(sizes, Sequence):
        raise TypeError(f"sizes must be four hand sizes, got {sizes!r}")
    if len(sizes) != 4:
        raise ValueError(f"sizes has one entry per seat (4), got {len(sizes)}")
    checked = []
    for seat, size in enumerate(sizes):
        if isinstance(size, (int, np.integer)) and not isinstance(size, (bool, np.bool_)) and size == 0:
            raise ValueError(f"seat {seat} has no cards: every seat starts a deal with 1..27 cards "
                             "(a seat without cards would be out before the deal starts)")
        checked.append(checked_integer(f"sizes[{seat}] (cards of seat {seat})", size, 1, 27))
    return checked


def _setup(seed, names, ruleset, level, tribute, hands, sizes, leader, search_rollouts=4000) -> "_core.SimulationSetup":
    check_seed(seed)
    if not isinstance(tribute, (bool, np.bool_)):
        raise TypeError(f"tribute must be True or False, got {tribute!r}")
    if leader is not None:
        leader = checked_integer("leader", leader, 0, 3)
        if tribute:
            raise ValueError("leader is given only with tribute=False (the tribute decides who leads)")
    return _core.SimulationSetup(
        rules=as_ruleset(ruleset).core,
        seed=seed,
        policies=names,
        level=level_index(level),
        tribute=bool(tribute),
        fixed=_fixed_hands(hands),
        sizes=_sizes(sizes),
        leader=-1 if leader is None else leader,
        search_rollouts=checked_integer("search_rollouts", search_rollouts, 1, MAX_ROLLOUTS),
    )


def simulate(
    n_deals: int,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    level: str = "2",
    tribute: bool = True,
    hands: Optional[Union[Mapping[int, CardsLike], Sequence[Optional[CardsLike]]]] = None,
    sizes: Optional[Sequence[int]] = None,
    leader: Optional[int] = None,
    first: int = 0,
    chunk: int = 65536,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
) -> DealResults:
    """Play ``n_deals`` deals with ``policy``: one player for every seat or
    one per seat, each a bot spec (a core policy such as ``"rule"``, a
    built-in bot with options such as ``"search:think_ms=100"``, or
    ``"MODULE:CLASS"``) or a bot object (:class:`guandan.gd.bots.Bot`).

    Each deal starts with a tribute from a random previous placing unless
    ``tribute=False``. ``hands`` fixes some seats' cards (a mapping or a list
    with None for random seats); the other seats get ``sizes[seat]`` cards
    dealt at random from the unseen ones. ``first`` offsets the deal indices
    (deal ``first + i`` of the seed), so runs can be split and merged; the
    ``seed`` column holds each deal's own seed, from which
    :func:`simulation_deal` rebuilds it. ``progress(done, total)`` is called
    as deals finish. The ``search`` policy plays ``search_rollouts``
    playouts per decision. The ranges of the arguments are in the module's
    docstring.

    The core plays its policies on ``threads`` threads. Bots are called by
    the core at their seats, on exactly the same deals; a run with bots uses
    ``threads`` worker processes (:mod:`guandan.common.bot_rows`).
    """
    names, bots = seat_players(policy, seed=check_seed(seed))
    setup = _setup(seed, names, ruleset, level, tribute, hands, sizes, leader, search_rollouts)
    if not any(bots):
        return DealResults(**run_in_chunks(_core.simulate_deals, setup, _DEAL_COLUMNS, n_deals, first, threads, chunk,
                                           progress))
    n_deals, first, threads = check_rows(n_deals, first, threads)
    check_progress(progress)
    job = _BotDeals(setup, as_ruleset(ruleset), bots)
    return DealResults(**run_bot_rows(job, _DEAL_COLUMNS, n_deals, first, threads, progress))


def simulate_matches(
    n_matches: int,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    first: int = 0,
    chunk: int = 1024,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
) -> MatchResults:
    """Play ``n_matches`` whole matches (tribute and levels included), each
    seeded like ``guandan.Match(ruleset, seed=_core.match_deal_seed(seed, i))``
    (the ``seed`` column). The players and the arguments are those of
    :func:`simulate`."""
    names, bots = seat_players(policy, seed=check_seed(seed))
    setup = _setup(seed, names, ruleset, "2", True, None, None, None, search_rollouts)
    if not any(bots):
        return MatchResults(**run_in_chunks(_core.simulate_matches, setup, _MATCH_COLUMNS, n_matches, first, threads,
                                            chunk, progress))
    n_matches, first, threads = check_rows(n_matches, first, threads)
    check_progress(progress)
    job = _BotMatches(setup, as_ruleset(ruleset), bots)
    return MatchResults(**run_bot_rows(job, _MATCH_COLUMNS, n_matches, first, threads, progress))


def simulation_deal(
    deal_seed: int,
    ruleset: RulesetLike = "standard",
    level: str = "2",
    tribute: bool = True,
    hands: Optional[Union[Mapping[int, CardsLike], Sequence[Optional[CardsLike]]]] = None,
    sizes: Optional[Sequence[int]] = None,
    leader: Optional[int] = None,
) -> Deal:
    """The deal a simulation played from ``deal_seed`` (a value of its
    ``seed`` column), before its first action, with the run's options.

        >>> r = simulate(3, policy="rule", seed=5)
        >>> d = simulation_deal(int(r.seed[1]))
        >>> d.phase, sum(d.card_counts)
        ('tribute', 108)
    """
    setup = _setup(0, ["random"] * 4, ruleset, level, tribute, hands, sizes, leader)
    start = _core.simulation_start(setup, checked_integer("deal_seed", deal_seed, 0, 2**64 - 1))
    return Deal.from_text(start.to_text(), as_ruleset(ruleset))


class _BotDeals:
    """Rows of deals with bots at some seats, played in this process."""

    kernel = staticmethod(_core.simulate_deals_with_bots)
    columns = _DEAL_COLUMNS

    def __init__(self, setup: "_core.SimulationSetup", rules: Ruleset, bots: List[Optional[Bot]]) -> None:
        self.setup, self.rules, self.bots = setup, rules, bots

    def __call__(self, begin: int, count: int, progress: Optional[Progress]) -> dict:
        from ..common.columns import allocate_columns

        out = allocate_columns(self.columns, count)
        run = BotRun(self.rules)
        drivers = [None if bot is None else SeatDriver(bot, seat, run) for seat, bot in enumerate(self.bots)]
        self._run(begin, count, out, drivers, run, progress)
        return out

    def _run(self, begin, count, out, drivers, run, progress) -> None:
        _core.simulate_deals_with_bots(self.setup, begin, count, out, 0, drivers, run.deal_started, progress)


class _BotMatches(_BotDeals):
    columns = _MATCH_COLUMNS

    def _run(self, begin, count, out, drivers, run, progress) -> None:
        # Progress by whole matches: a match is many deals.
        for row in range(count):
            _core.simulate_matches_with_bots(self.setup, begin + row, 1, out, row, drivers, run.deal_started)
            if progress is not None:
                progress(row + 1, count)
