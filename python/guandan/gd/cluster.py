"""The same simulation on a Ray cluster (``pip install guandan-engine[ray]``).

The run is cut into chunks of consecutive deal (or match) indices; each chunk
is one Ray task calling :func:`guandan.simulate` (or
:func:`guandan.simulate_matches`) with every argument of the run and
``first=`` its first index, and the chunks are merged in index order
(:mod:`guandan.common.ray_tasks`). Since deal ``i`` depends only on the seed
and ``i``, the result equals the single-machine run with the same arguments.

Bots: a spec (``"search:think_ms=100"``, ``"mybots:Greedy:depth=2"``) is
resolved inside each task, so a module of your own must be importable on
the workers (a local Ray finds the driver's directory; a cluster needs a
``runtime_env`` with ``working_dir`` or ``py_modules``, given to
``ray.init``); a bot object is pickled, and each task plays with its own
copy, as each worker process of a local run does.

``aggregate=True`` returns a :class:`DealAggregate`, sums computed inside the
tasks, instead of the rows: for runs too large to keep (10**9 deals).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..common.checks import checked_integer
from ..common.lines import rate_record
from ..common.ray_tasks import Moments, check_address, check_picklable, run_tasks
from .cards import CardsLike
from .names import OUTCOME_NAMES
from .players import seat_players
from .ruleset import RulesetLike, as_ruleset
from .summary import deal_summary_lines
from .simulate import (
    MAX_N,
    MAX_THREADS,
    TRIBUTE_EVENTS,
    DealResults,
    MatchResults,
    PolicyLike,
    Progress,
    simulate,
    simulate_matches,
)

# Rows per task by default: a few seconds of work for the core's policies;
# Python bots play far slower, so their tasks are smaller.
_CHUNK_DEALS = 100_000
_CHUNK_MATCHES = 2_000
_CHUNK_WITH_BOTS = 2_000


@dataclass(frozen=True)
class DealAggregate:
    """A run of deals as sums, computed where the deals are played and
    merged with :meth:`merge`. The sums are exact whole numbers, so the
    aggregate of a run is the same however it was cut, and they hold every
    number of ``guandan simulate``'s summary (:meth:`summary_lines`): rates
    from the counts, means and standard deviations from the
    :class:`~guandan.common.ray_tasks.Moments` (``aggregate.plays.mean``,
    ``aggregate.plays.sd``)."""

    #: deals by winning team (0, 1), then by outcome (1-2, 1-3, 1-4)
    outcomes: Tuple[Tuple[int, ...], ...] = ((0, 0, 0), (0, 0, 0))
    #: deals by tribute event (:data:`~guandan.gd.simulate.TRIBUTE_EVENTS`)
    tributes: Tuple[int, ...] = (0,) * len(TRIBUTE_EVENTS)
    levels: Moments = field(default_factory=Moments)  # levels gained by the winners
    plays: Moments = field(default_factory=Moments)
    passes: Moments = field(default_factory=Moments)
    bombs: Moments = field(default_factory=Moments)

    @classmethod
    def of(cls, results: DealResults) -> "DealAggregate":
        """The sums of the rows of ``results``."""
        outcomes = np.zeros((2, len(OUTCOME_NAMES)), dtype=np.int64)
        np.add.at(outcomes, (results.winning_team, results.partner_place - 1), 1)
        tributes = np.bincount(results.tribute, minlength=len(TRIBUTE_EVENTS))
        return cls(outcomes=tuple(tuple(int(c) for c in row) for row in outcomes),
                   tributes=tuple(int(c) for c in tributes),
                   levels=Moments.of(results.levels_gained), plays=Moments.of(results.plays),
                   passes=Moments.of(results.passes), bombs=Moments.of(results.bombs))

    def merge(self, other: "DealAggregate") -> "DealAggregate":
        """The aggregate of both runs' deals."""
        return DealAggregate(
            outcomes=tuple(tuple(a + b for a, b in zip(mine, theirs))
                           for mine, theirs in zip(self.outcomes, other.outcomes)),
            tributes=tuple(a + b for a, b in zip(self.tributes, other.tributes)),
            levels=self.levels.merge(other.levels), plays=self.plays.merge(other.plays),
            passes=self.passes.merge(other.passes), bombs=self.bombs.merge(other.bombs))

    @property
    def deals(self) -> int:
        return sum(map(sum, self.outcomes))

    @property
    def team_wins(self) -> Tuple[int, int]:
        """Deals won by team 0 and by team 1 (the team of the first player out)."""
        return sum(self.outcomes[0]), sum(self.outcomes[1])

    @property
    def outcome_counts(self) -> Tuple[int, ...]:
        """Deals that ended 1-2, 1-3 and 1-4."""
        return tuple(a + b for a, b in zip(*self.outcomes))

    def summary(self) -> Dict[str, Any]:
        """The summary as plain values, in the shape of
        :func:`guandan.gd.simulate.deal_summary_data` of the rows."""
        n = self.deals
        return {
            "deals": n,
            "team_wins": [rate_record(wins, n) for wins in self.team_wins],
            "outcomes": {outcome: rate_record(count, n) for outcome, count in zip(OUTCOME_NAMES, self.outcome_counts)},
            "tribute": {name: rate_record(count, n) for name, count in zip(TRIBUTE_EVENTS, self.tributes) if count},
            "means": {"plays per deal": self.plays.record(), "passes per deal": self.passes.record(),
                      "bombs per deal": self.bombs.record(), "levels gained": self.levels.record()},
        }

    def summary_lines(self, seconds: float) -> List[str]:
        """The summary ``guandan simulate`` prints, the same lines as
        :func:`guandan.gd.summary.deal_summary` of the rows."""
        return deal_summary_lines(self.summary(), seconds)


def _part(first: int, count: int, matches: bool, aggregate: bool, arguments: Dict[str, Any]) -> Any:
    """What one task returns: its rows, or their aggregate."""
    if matches:
        return simulate_matches(count, first=first, **arguments)
    rows = simulate(count, first=first, **arguments)
    return DealAggregate.of(rows) if aggregate else rows


def simulate_on_ray(
    address: str,
    n: int,
    matches: bool = False,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    chunk: Optional[int] = None,
    threads_per_task: int = 1,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
    *,
    level: str = "2",
    tribute: bool = True,
    hands: Optional[Union[Mapping[int, CardsLike], Sequence[Optional[CardsLike]]]] = None,
    sizes: Optional[Sequence[int]] = None,
    leader: Optional[int] = None,
    aggregate: bool = False,
) -> Union[DealResults, MatchResults, DealAggregate]:
    """Simulate ``n`` deals (or matches) as Ray tasks; the result equals
    :func:`guandan.simulate` (or :func:`guandan.simulate_matches`) with the
    same arguments, which have the same meaning and ranges here.

    ``address``: ``"local"`` starts a Ray instance on this machine for the
    run; anything else (``"auto"``, ``"ray://host:10001"``, ...) connects to a
    running cluster. An already initialised Ray is used as it is (initialise
    it yourself to give a ``runtime_env``). Each task plays ``chunk`` rows
    (>= 1; default: a few seconds of work) on ``threads_per_task`` threads,
    or worker processes when a seat is played by a Python bot, and asks Ray
    for that many CPUs (it waits for a node with that many free). ``progress(done, total)`` is called as tasks finish.
    ``aggregate=True`` (deals only) returns a :class:`DealAggregate` summed
    in the tasks instead of the rows.

    Every argument is checked, and every bot object pickled once, before
    Ray is started: a mistake costs no cluster start.
    """
    check_address(address)
    n = checked_integer("the number to simulate", n, 0, MAX_N)
    if not isinstance(matches, bool):
        raise TypeError(f"matches must be True or False, got {matches!r}")
    if not isinstance(aggregate, bool):
        raise TypeError(f"aggregate must be True or False, got {aggregate!r}")
    if chunk is not None:
        chunk = checked_integer("chunk", chunk, 1)
    threads_per_task = checked_integer("threads_per_task", threads_per_task, 1, MAX_THREADS)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {progress!r}")
    arguments: Dict[str, Any] = dict(policy=policy, ruleset=as_ruleset(ruleset), seed=seed,
                                     search_rollouts=search_rollouts, threads=threads_per_task)
    if matches:
        # A match deals every card and plays from level 2 with the tribute.
        set_deal = {"level": level != "2", "tribute": tribute is not True, "hands": hands is not None,
                    "sizes": sizes is not None, "leader": leader is not None}
        given = [name for name, is_set in set_deal.items() if is_set]
        if given:
            raise ValueError(f"{', '.join(given)} set single deals; matches=True plays whole matches")
        if aggregate:
            raise ValueError("aggregate=True sums single deals; matches=True returns the rows of the matches")
    else:
        arguments.update(level=level, tribute=tribute, hands=hands, sizes=sizes, leader=leader)
    check_picklable(policy)  # first: a bot given for several seats is copied by the checks below
    # A run of none checks every remaining argument here, and is the result when n is 0.
    empty = (simulate_matches if matches else simulate)(0, **arguments)
    _, bots = seat_players(policy, seed=seed)
    size = chunk or (_CHUNK_WITH_BOTS if any(bots) else _CHUNK_MATCHES if matches else _CHUNK_DEALS)

    part = functools.partial(_part, matches=matches, aggregate=aggregate, arguments=arguments)
    parts = run_tasks(address, n, size, part, threads_per_task, progress)
    if aggregate:
        return functools.reduce(DealAggregate.merge, parts, DealAggregate())
    return type(empty).concatenate(parts) if parts else empty
