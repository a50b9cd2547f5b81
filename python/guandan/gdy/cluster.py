"""Gan Deng Yan on a Ray cluster (``pip install guandan-engine[ray]``), as
:mod:`guandan.gd.cluster` does for Guandan.

The run is cut into chunks of consecutive deal (or game) indices; each chunk
is one Ray task calling :func:`guandan.gdy.simulate` (or
:func:`guandan.gdy.simulate_games`) with ``first=`` its first index, and the
chunks are merged in index order, so the result equals the single-machine
run with the same arguments. A bot spec is resolved inside each task; a bot
object is pickled, each task playing with its own copy. ``aggregate=True``
returns a :class:`DealAggregate` summed in the tasks instead of the rows.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

from ..common.checks import checked_integer
from ..common.ray_tasks import Moments, check_address, check_picklable, run_tasks
from ..common.runner import MAX_N, MAX_THREADS, Progress
from .deal import check_players
from .game import DEFAULT_TARGET
from .players import seat_players
from .simulate import DealResults, GameResults, PolicyLike, simulate, simulate_games
from .summary import deal_summary_lines

# Rows per task by default: a few seconds of work for the core's policies;
# Python bots play far slower, so their tasks are smaller.
_CHUNK_DEALS = 200_000
_CHUNK_GAMES = 10_000
_CHUNK_WITH_BOTS = 2_000


@dataclass(frozen=True)
class DealAggregate:
    """A run of Gan Deng Yan deals as sums, computed where the deals are
    played and merged with :meth:`merge`: exact whole numbers, the same
    however the run was cut, holding every number of the summary
    (:meth:`summary_lines`). ``penalties`` and ``cards_left`` sum each
    deal's total over the seats (the winner's are 0), so the mean per loser
    is ``aggregate.penalties.mean / (players - 1)``."""

    players: int
    wins: Tuple[int, ...]  # deals won, by seat
    starter_wins: int = 0  # deals won by the seat that started them
    penalties: Moments = field(default_factory=Moments)
    cards_left: Moments = field(default_factory=Moments)
    plays: Moments = field(default_factory=Moments)
    passes: Moments = field(default_factory=Moments)
    draws: Moments = field(default_factory=Moments)  # cards drawn from the stock
    bombs: Moments = field(default_factory=Moments)

    @classmethod
    def empty(cls, players: int) -> "DealAggregate":
        """The aggregate of no deals."""
        return cls(players, (0,) * check_players(players))

    @classmethod
    def of(cls, results: DealResults) -> "DealAggregate":
        """The sums of the rows of ``results``."""
        players = results.penalties.shape[1]
        return cls(players=players,
                   wins=tuple(int(c) for c in np.bincount(results.winner, minlength=players)),
                   starter_wins=int((results.winner == results.starter).sum()),
                   penalties=Moments.of(results.penalties.sum(axis=1, dtype=np.int64)),
                   cards_left=Moments.of(results.cards_left.sum(axis=1, dtype=np.int64)),
                   plays=Moments.of(results.plays), passes=Moments.of(results.passes),
                   draws=Moments.of(results.draws), bombs=Moments.of(results.bombs))

    def merge(self, other: "DealAggregate") -> "DealAggregate":
        """The aggregate of both runs' deals (at tables of the same size)."""
        if other.players != self.players:
            raise ValueError(f"cannot merge deals of {self.players} players with deals of {other.players}")
        return DealAggregate(
            players=self.players, wins=tuple(a + b for a, b in zip(self.wins, other.wins)),
            starter_wins=self.starter_wins + other.starter_wins,
            penalties=self.penalties.merge(other.penalties), cards_left=self.cards_left.merge(other.cards_left),
            plays=self.plays.merge(other.plays), passes=self.passes.merge(other.passes),
            draws=self.draws.merge(other.draws), bombs=self.bombs.merge(other.bombs))

    @property
    def deals(self) -> int:
        return sum(self.wins)

    def summary_lines(self, seconds: float) -> List[str]:
        """The summary ``guandan simulate --game gdy`` prints, the same lines
        as :func:`guandan.gdy.summary.deal_summary` of the rows."""
        n, losers = self.deals, self.players - 1
        means = {}
        if n:
            means = {"penalty per loser": self.penalties.record(per=losers),
                     "cards left per loser": self.cards_left.record(per=losers),
                     "plays per deal": self.plays.record(), "passes per deal": self.passes.record(),
                     "cards drawn per deal": self.draws.record(), "bombs per deal": self.bombs.record()}
        return deal_summary_lines(n, self.wins, self.starter_wins, means, seconds)


def _part(first: int, count: int, games: bool, aggregate: bool, arguments: Dict[str, Any]) -> Any:
    """What one task returns: its rows, or their aggregate."""
    if games:
        return simulate_games(count, first=first, **arguments)
    rows = simulate(count, first=first, **arguments)
    return DealAggregate.of(rows) if aggregate else rows


def simulate_on_ray(
    address: str,
    n: int,
    players: int = 4,
    policy: PolicyLike = "random",
    seed: int = 0,
    games: bool = False,
    target: int = DEFAULT_TARGET,
    chunk: Optional[int] = None,
    threads_per_task: int = 1,
    progress: Optional[Progress] = None,
    aggregate: bool = False,
) -> Union[DealResults, GameResults, DealAggregate]:
    """Simulate ``n`` Gan Deng Yan deals (or, with ``games=True``, whole
    games to ``target``) as Ray tasks; the result equals
    :func:`guandan.gdy.simulate` (or :func:`guandan.gdy.simulate_games`)
    with the same arguments. ``address``, ``chunk``, ``threads_per_task``
    (each task's threads and the CPUs it asks Ray for), ``progress`` and
    ``aggregate`` (deals only: a :class:`DealAggregate` instead of the
    rows) are those of :func:`guandan.gd.cluster.simulate_on_ray`.

    Every argument is checked, and every bot object pickled once, before
    Ray is started.
    """
    check_address(address)
    n = checked_integer("the number to simulate", n, 0, MAX_N)
    check_players(players)
    if not isinstance(games, bool):
        raise TypeError(f"games must be True or False, got {games!r}")
    if not isinstance(aggregate, bool):
        raise TypeError(f"aggregate must be True or False, got {aggregate!r}")
    if chunk is not None:
        chunk = checked_integer("chunk", chunk, 1)
    threads_per_task = checked_integer("threads_per_task", threads_per_task, 1, MAX_THREADS)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {progress!r}")
    arguments: Dict[str, Any] = dict(players=players, policy=policy, seed=seed, threads=threads_per_task)
    if games:
        if aggregate:
            raise ValueError("aggregate=True sums single deals; games=True returns the rows of the games")
        arguments["target"] = target
    elif target != DEFAULT_TARGET:
        raise ValueError("target ends a game: give games=True to simulate whole games")
    check_picklable(policy)  # first: a bot given for several seats is copied by the checks below
    # A run of none checks every remaining argument here, and is the result when n is 0.
    empty = (simulate_games if games else simulate)(0, **arguments)
    _, bots = seat_players(policy, players, seed=seed)
    size = chunk or (_CHUNK_WITH_BOTS if any(bots) else _CHUNK_GAMES if games else _CHUNK_DEALS)

    part = functools.partial(_part, games=games, aggregate=aggregate, arguments=arguments)
    parts = run_tasks(address, n, size, part, threads_per_task, progress)
    if aggregate:
        return functools.reduce(DealAggregate.merge, parts, DealAggregate.empty(players))
    return type(empty).concatenate(parts) if parts else empty
