"""Gan Deng Yan in bulk: many deals or games played inside the core.

The core's policies (:data:`POLICIES`: ``"random"``, uniform over the legal
plays and the pass; ``"rule"``, a cheap rule-based player) play every
action without Python; the work runs on threads with the GIL released and
Ctrl-C stops it. Deal ``i`` depends only on the seed and ``i``, so results
are the same for any number of threads or chunking (the same machinery as
:func:`guandan.simulate`).

    >>> from guandan.gdy import simulate
    >>> r = simulate(500, players=5, policy="rule", seed=2)
    >>> r.penalties.shape, bool((r.penalties[range(500), r.winner] == 0).all())
    ((500, 5), True)
    >>> bool((simulate(500, players=5, policy="rule", seed=2, threads=2).penalties == r.penalties).all())
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from ..common.bot_rows import run_bot_rows
from ..common.checks import check_seed
from ..common.columns import Columns, allocate_columns
from ..common.runner import MAX_N, Progress, check_progress, check_rows, run_in_chunks
from .deal import check_players
from .game import DEFAULT_TARGET, check_target
from .players import POLICIES, PlayersLike, seat_players

#: One player for every seat, or one per seat: a bot spec (``"rule"``,
#: ``"mybots:Greedy"``) or a bot object (:class:`guandan.gdy.bots.Bot`).
PolicyLike = PlayersLike


@dataclass(frozen=True)
class DealResults(Columns):
    """One row per deal. ``winner``: the seat out first; ``starter``;
    ``penalties`` and ``cards_left`` by seat (n, players); ``plays``,
    ``passes``, ``draws`` (cards drawn from the stock) and ``bombs``."""

    winner: np.ndarray
    starter: np.ndarray
    penalties: np.ndarray
    cards_left: np.ndarray
    plays: np.ndarray
    passes: np.ndarray
    draws: np.ndarray
    bombs: np.ndarray


@dataclass(frozen=True)
class GameResults(Columns):
    """One row per game. ``winners``: (n, players) booleans, the seats with
    the lowest score (ties share); ``deals`` played; final ``scores`` by
    seat; total ``plays`` and ``bombs``."""

    winners: np.ndarray
    deals: np.ndarray
    scores: np.ndarray
    plays: np.ndarray
    bombs: np.ndarray


def _setup(players, seed, names, target) -> "core_gdy.SimulationSetup":
    check_seed(seed)
    check_target(target)
    return core_gdy.SimulationSetup(players, seed, names, target)


def simulate(
    n_deals: int,
    players: int = 4,
    policy: PolicyLike = "random",
    seed: int = 0,
    threads: int = 1,
    first: int = 0,
    chunk: int = 65536,
    progress: Optional[Progress] = None,
) -> DealResults:
    """Play ``n_deals`` seeded deals for ``players`` (2..6) with ``policy``
    (one name, or one per seat). ``first`` offsets the deal indices, so runs
    can be split and merged; ``progress(done, total)`` is called as deals
    finish. Ranges as :func:`guandan.simulate` (n up to 10**9, threads 1..256)."""
    check_players(players)
    names, bots = seat_players(policy, players, seed=check_seed(seed))
    setup = _setup(players, seed, names, DEFAULT_TARGET)
    columns = {
        "winner": (np.int8, 1), "starter": (np.int8, 1), "penalties": (np.int16, players),
        "cards_left": (np.int8, players), "plays": (np.int16, 1), "passes": (np.int16, 1),
        "draws": (np.int16, 1), "bombs": (np.int8, 1),
    }
    if not any(bots):
        return DealResults(**run_in_chunks(core_gdy.simulate_deals, setup, columns, n_deals, first, threads, chunk,
                                           progress))
    n_deals, first, threads = check_rows(n_deals, first, threads)
    check_progress(progress)
    job = _BotDeals(setup, bots, columns)
    return DealResults(**run_bot_rows(job, columns, n_deals, first, threads, progress))


class _BotDeals:
    """Deals with bots at some seats, played by the core in this process:
    the core's own seats by its policies, a bot's seat through its
    :class:`~guandan.gdy.seat_driver.SeatDriver`, on exactly the core's
    deals (deal ``i`` is ``Deal(players, match_deal_seed(seed, i))``)."""

    def __init__(self, setup, bots, columns) -> None:
        self.setup, self.bots, self.columns = setup, bots, columns

    def __call__(self, begin: int, count: int, progress: Optional[Progress]) -> dict:
        from .seat_driver import BotRun, SeatDriver

        out = allocate_columns(self.columns, count)
        run = BotRun()
        drivers = [None if bot is None else SeatDriver(bot, run) for bot in self.bots]
        core_gdy.simulate_deals_with_bots(self.setup, begin, count, out, 0, drivers, run.deal_started, progress)
        return out


def simulate_games(
    n_games: int,
    players: int = 4,
    policy: PolicyLike = "random",
    target: int = DEFAULT_TARGET,
    seed: int = 0,
    threads: int = 1,
    first: int = 0,
    chunk: int = 4096,
    progress: Optional[Progress] = None,
) -> GameResults:
    """Play ``n_games`` whole games to ``target`` points; game ``i`` is
    ``Game(players, match_deal_seed(seed, i), target)``. The core's
    policies only (by name)."""
    check_players(players)
    names, bots = seat_players(policy, players)
    if any(bots):
        raise ValueError("simulate_games plays the core's policies (by name); bots of your own play simulate and "
                         "arena deals")
    setup = _setup(players, seed, names, target)
    columns = {"winners": (np.uint8, 1), "deals": (np.int16, 1), "scores": (np.int16, players),
               "plays": (np.int32, 1), "bombs": (np.int32, 1)}
    out = run_in_chunks(core_gdy.simulate_games, setup, columns, n_games, first, threads, chunk, progress)
    mask = out.pop("winners")
    out["winners"] = ((mask[:, None] >> np.arange(players, dtype=np.uint8)) & 1).astype(bool)
    return GameResults(**out)


__all__ = ["DealResults", "GameResults", "POLICIES", "simulate", "simulate_games", "MAX_N"]
