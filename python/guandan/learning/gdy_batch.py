"""Many Gan Deng Yan deals stepped together in C++: the learning environment
at engine speed, the peer of Guandan's :mod:`guandan.learning.batch`.

:class:`GdyBatchEnv` holds ``envs`` deals of ``players`` (2..6) seats in
the core. Each :meth:`~GdyBatchEnv.step` takes one action per deal, for the
learner's seat to act, then lets the built-in bots (``"random"``,
``"rule"``, ``"search"``) play their seats inside the core, on ``threads``
threads, until a learner's seat must act again. A deal that ends is
replaced by the next one at once, and that step reports its rewards: minus
the penalty points each seat takes (0 for the winner). No Python runs per
deal.

The numbers are those of :mod:`guandan.learning.gdy_encoding` (the
184-entry observation of the seat to act: its own hand and the public
record, nothing of the other hands or the stock) and
:mod:`guandan.learning.gdy_actions` (the 201 grouped actions and their
mask). Learners that score each action get one feature row per legal action
from :meth:`~GdyBatchEnv.action_rows` (:data:`ACTION_FEATURES` entries: the
cards it plays per kind, 14; its kind one-hot, pass first, 7; its rank
one-hot, 14).

Reproducible: the ``r``-th deal of env ``j`` is deal ``r * envs + j`` of
:func:`guandan.gdy.simulate` with the same seed and players, that is
``gdy.Deal(players, deal_seed)`` (its ``deal_seed`` is in every step's
result), whatever the threads; the bots choose as ``simulate``'s do.

    >>> import numpy as np
    >>> from guandan.learning.gdy_batch import GdyBatchEnv
    >>> env = GdyBatchEnv(envs=8, players=3, bots={1: "rule", 2: "rule"}, seed=1)
    >>> step = env.reset()
    >>> step.observation.shape, step.mask.shape, step.reward.shape
    ((8, 184), (8, 201), (8, 3))
    >>> rng = np.random.default_rng(0)
    >>> step = env.step(env.sample_actions(step.mask, rng))
    >>> set(step.seat.tolist())
    {0}
"""

from __future__ import annotations

from typing import List, Mapping, Optional, Tuple

from .._core import gdy as core_gdy
from ..common.checks import check_seed, checked_integer
from ..common.runner import MAX_THREADS
from ..gdy.cards import Cards
from ..gdy.deal import check_players
from .batch_base import MAX_ENVS, BatchEnvBase, BatchStep, check_bots

__all__ = ["ACTION_FEATURES", "BatchStep", "GdyBatchEnv"]

#: Entries of one action's feature row (gdy/action_space.h).
ACTION_FEATURES: int = core_gdy.ACTION_FEATURES


class GdyBatchEnv(BatchEnvBase):
    """``envs`` Gan Deng Yan deals of ``players`` seats stepped together in
    C++ (see the module docstring).

    ``bots`` maps seats to the core's bots that play them inside the step
    (``"random"``, ``"rule"`` or ``"search"``); the other seats are the
    learner's, at least one. By default the learner plays every seat
    (self-play). A step's ``reward`` (envs x players) is, for each deal that
    ended, minus the penalty each seat took.
    """

    def __init__(
        self,
        envs: int = 64,
        players: int = 4,
        bots: Optional[Mapping[int, str]] = None,
        seed: int = 0,
        threads: int = 1,
    ) -> None:
        self.envs = checked_integer("envs", envs, 1, MAX_ENVS)
        self.players = check_players(players)
        self.threads = checked_integer("threads", threads, 1, MAX_THREADS)
        self.seed = check_seed(seed)
        bots = check_bots(bots, self.players)
        self.bots = bots
        self.learner_seats: Tuple[int, ...] = tuple(s for s in range(self.players) if s not in bots)
        self._core = core_gdy.BatchEnv(
            players=self.players,
            seed=self.seed,
            bots=[bots.get(s) for s in range(self.players)],
            envs=self.envs,
            threads=self.threads,
        )
        self._widths = (core_gdy.OBSERVATION_SIZE, core_gdy.NUM_ACTIONS, self.players)

    def hands(self, env: int) -> List[Cards]:
        """Every seat's hand in env ``env`` now (hidden from the learner:
        for tests and inspection)."""
        if not self._started:
            raise RuntimeError("call reset() before hands()")
        deal = self._core.deal(checked_integer("env", env, 0, self.envs - 1))
        return [Cards.from_word(deal.hand(s)) for s in range(self.players)]
