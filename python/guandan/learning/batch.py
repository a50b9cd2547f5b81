"""Many deals stepped together in C++: the learning environment at engine speed.

:class:`BatchEnv` holds ``envs`` deals in the core. Each :meth:`~BatchEnv.step`
takes one action per deal, for the learner's seat to act, then lets the
built-in bots play their seats inside the core, on ``threads`` threads, until
a learner's seat must act again. A deal that ends is replaced by the next one
at once, and that step reports its rewards. No Python runs per deal.

The numbers are those of :mod:`guandan.learning.encoding` (the 502-entry
observation of the seat to act: its own hand and the public record, nothing
of the other hands) and :mod:`guandan.learning.actions` (the 248 grouped
actions and their mask). Learners that score each action (as DouZero and
DanZero do) get one feature row per legal action from
:meth:`~BatchEnv.action_rows`.

Reproducible: the ``r``-th deal of env ``j`` is deal ``r * envs + j`` of
:func:`guandan.simulate` with the same seed, level, ruleset and tribute
(its ``deal_seed`` is in every step's result), whatever the threads.

    >>> import numpy as np
    >>> from guandan.learning.batch import BatchEnv
    >>> env = BatchEnv(envs=8, bots={1: "rule", 3: "rule"}, seed=1)
    >>> step = env.reset()
    >>> step.observation.shape, step.mask.shape
    ((8, 502), (8, 248))
    >>> rng = np.random.default_rng(0)
    >>> step = env.step(env.sample_actions(step.mask, rng))
    >>> sorted(set(step.seat.tolist())) <= [0, 2]
    True
"""

from __future__ import annotations

from typing import Mapping, Optional, Tuple

import numpy as np

from .. import _core
from ..common.checks import check_seed, checked_integer
from ..common.runner import MAX_THREADS
from ..gd.cards import level_index
from ..gd.ruleset import RulesetLike, as_ruleset
from .batch_base import MAX_ENVS, BatchEnvBase, BatchStep, check_bots

__all__ = ["ACTION_FEATURES", "CARD_READINGS", "BatchEnv", "BatchStep"]

#: Entries of one action's feature row: the cards it plays or gives (copies
#: per card kind, 54), its kind one-hot (10), its rank one-hot (15), then
#: whether it passes and whether it gives a card.
ACTION_FEATURES: int = _core.ACTION_FEATURES
#: Which move of an action the step plays: its first, or the planner's.
CARD_READINGS: Tuple[str, ...] = ("first", "planned")


class BatchEnv(BatchEnvBase):
    """``envs`` Guandan deals stepped together in C++ (see the module docstring).

    ``bots`` maps seats to the built-in bots that play them inside the step
    (any spec :func:`guandan.simulate` takes, ``"rule"``,
    ``"search:rollouts=50"``...); the other seats are the learner's, at
    least one. By default the learner plays all four seats (self-play).
    A step's ``reward`` (envs x 4) is, for each deal that ended, the levels
    each seat's team gained (negative for the losers); its ``deal_seed``
    rebuilds the deal (:func:`guandan.simulation_deal`).

    ``cards`` says which move of an action (a kind, size and rank of play)
    the step plays and :meth:`action_rows` describes: ``"first"``, the one
    spending the fewest wilds, first in move order; or ``"planned"``, the
    one that keeps the rest of the hand in the fewest turns, as the learned
    bot ``net`` reads actions (cpp/include/guandan/bots/action_cards.h).
    """

    def __init__(
        self,
        envs: int = 64,
        bots: Optional[Mapping[int, str]] = None,
        seed: int = 0,
        ruleset: RulesetLike = "standard",
        level: str = "2",
        tribute: bool = True,
        threads: int = 1,
        cards: str = "first",
    ) -> None:
        self.envs = checked_integer("envs", envs, 1, MAX_ENVS)
        self.threads = checked_integer("threads", threads, 1, MAX_THREADS)
        self.seed = check_seed(seed)
        if not isinstance(tribute, (bool, np.bool_)):
            raise TypeError(f"tribute must be True or False, got {tribute!r}")
        bots = check_bots(bots, 4)
        self.bots = bots
        self.learner_seats: Tuple[int, ...] = tuple(s for s in range(4) if s not in bots)
        self.ruleset = as_ruleset(ruleset)
        if cards not in CARD_READINGS:
            raise ValueError(f"cards must be one of {', '.join(CARD_READINGS)}, not {cards!r}")
        self.cards = cards
        self._core = _core.BatchEnv(
            rules=self.ruleset.core,
            seed=self.seed,
            bots=[bots.get(s) for s in range(4)],
            level=level_index(level),
            tribute=bool(tribute),
            envs=self.envs,
            threads=self.threads,
            planned_cards=cards == "planned",
        )
        self._widths = (_core.OBSERVATION_SIZE, _core.NUM_ACTIONS, 4)

    def view_features(self) -> np.ndarray:
        """The seat to act's view features as the learned bot reads them
        (cpp/include/guandan/bots/net_features.h), one int8 row per env."""
        if not self._started:
            raise RuntimeError("call reset() before view_features()")
        return self._core.view_features()

    def hidden_features(self) -> np.ndarray:
        """What the seat to act cannot see (bots/net_features.h): the other
        three hands, next, partner, previous, as card counts and their plans'
        turns and bombs, one int8 row per env. For training only (a critic
        that knows every hand, a hand predictor's targets); never an input
        of a bot."""
        if not self._started:
            raise RuntimeError("call reset() before hidden_features()")
        return self._core.hidden_features()

    def plan_rows(self) -> np.ndarray:
        """What the planner says of each legal action, as the learned bot
        reads it (bots/net_features.h): one int8 row per row of
        :meth:`action_rows`, in the same order."""
        if not self._started:
            raise RuntimeError("call reset() before plan_rows()")
        return self._core.plan_rows()

    def deal_text(self, env: int) -> str:
        """Env ``env``'s deal now, in the text form :meth:`guandan.Deal.from_text` reads (hands included)."""
        return self._core.deal_text(checked_integer("env", env, 0, self.envs - 1))
