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

from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

import numpy as np

from .. import _core
from ..common.checks import check_seed, checked_integer
from ..common.runner import MAX_THREADS
from ..gd.cards import level_index
from ..gd.ruleset import RulesetLike, as_ruleset

__all__ = ["ACTION_FEATURES", "BatchEnv", "BatchStep"]

#: Entries of one action's feature row: the cards it plays or gives (copies
#: per card kind, 54), its kind one-hot (10), its rank one-hot (15), then
#: whether it passes and whether it gives a card.
ACTION_FEATURES: int = _core.ACTION_FEATURES
MAX_ENVS = 1 << 20


@dataclass(frozen=True)
class BatchStep:
    """What one reset or step returns, row ``i`` for env ``i``.

    ``observation`` (int8, envs x 502) and ``mask`` (int8, envs x 248) are
    the seat to act's; ``seat`` (int8) is that seat; ``reward`` (float32,
    envs x 4) holds, on the step that ended a deal, the levels each seat's
    team gained (negative for the losers), else zeros; ``done`` (bool) says
    a deal ended on this step (the other fields already show the next deal);
    ``deal_seed`` (uint64) is the seed of the deal shown
    (:func:`guandan.simulation_deal` rebuilds it).
    """

    observation: np.ndarray
    mask: np.ndarray
    seat: np.ndarray
    reward: np.ndarray
    done: np.ndarray
    deal_seed: np.ndarray


class BatchEnv:
    """``envs`` Guandan deals stepped together in C++ (see the module docstring).

    ``bots`` maps seats to the built-in bots that play them inside the step
    (any spec :func:`guandan.simulate` takes, ``"rule"``,
    ``"search:rollouts=50"``...); the other seats are the learner's, at
    least one. By default the learner plays all four seats (self-play).
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
    ) -> None:
        self.envs = checked_integer("envs", envs, 1, MAX_ENVS)
        self.threads = checked_integer("threads", threads, 1, MAX_THREADS)
        self.seed = check_seed(seed)
        if not isinstance(tribute, (bool, np.bool_)):
            raise TypeError(f"tribute must be True or False, got {tribute!r}")
        bots = dict(bots or {})
        for seat, spec in bots.items():
            if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
                raise ValueError(f"bots: seats are 0..3, got {seat!r}")
            if not isinstance(spec, str):
                raise TypeError(f"bots: seat {seat} needs a bot spec string such as 'rule', got {spec!r}")
        if len(bots) == 4:
            raise ValueError("bots: at least one seat must be the learner's (give bots for three seats at most)")
        self.bots = bots
        self.learner_seats: Tuple[int, ...] = tuple(s for s in range(4) if s not in bots)
        self.ruleset = as_ruleset(ruleset)
        self._core = _core.BatchEnv(
            rules=self.ruleset.core,
            seed=self.seed,
            bots=[bots.get(s) for s in range(4)],
            level=level_index(level),
            tribute=bool(tribute),
            envs=self.envs,
            threads=self.threads,
        )
        self._started = False

    def _outputs(self) -> "_core.BatchOutputs":
        n = self.envs
        out = _core.BatchOutputs()
        out.observation = np.empty((n, _core.OBSERVATION_SIZE), dtype=np.int8)
        out.mask = np.empty((n, _core.NUM_ACTIONS), dtype=np.int8)
        out.seat = np.empty(n, dtype=np.int8)
        out.reward = np.empty((n, 4), dtype=np.float32)
        out.done = np.empty(n, dtype=np.int8)
        out.deal_seed = np.empty(n, dtype=np.uint64)
        return out

    def _result(self, out: "_core.BatchOutputs") -> BatchStep:
        self._mask = out.mask
        return BatchStep(out.observation, out.mask, out.seat, out.reward, out.done.astype(bool), out.deal_seed)

    def reset(self) -> BatchStep:
        """Starts every env's first deal (deal ``j`` of the run for env ``j``)."""
        out = self._outputs()
        self._core.reset(out)
        self._started = True
        return self._result(out)

    def step(self, actions) -> BatchStep:
        """Applies ``actions[i]`` for env ``i``'s seat to act (an action its
        mask allows), then plays on to the next learner's turn. ValueError
        naming the first env whose action is not legal, before any deal changes."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be {self.envs} integers (one per env), got shape {actions.shape}")
        out = self._outputs()
        self._core.step(actions.astype(np.int32, copy=False), out)
        return self._result(out)

    def action_rows(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One feature row per legal action now (:data:`ACTION_FEATURES`
        int8 entries), env by env, actions ascending: ``(rows, actions,
        offsets)``, env ``i``'s rows being ``rows[offsets[i]:offsets[i + 1]]``
        and ``actions`` their action numbers."""
        if not self._started:
            raise RuntimeError("call reset() before action_rows()")
        rows, actions = self._core.action_rows()
        offsets = np.zeros(self.envs + 1, dtype=np.int64)
        np.cumsum(self._mask.sum(axis=1, dtype=np.int64), out=offsets[1:])
        return rows, actions, offsets

    def view_features(self) -> np.ndarray:
        """The seat to act's view features as the learned bot reads them
        (cpp/include/guandan/bots/net_features.h), one int8 row per env."""
        if not self._started:
            raise RuntimeError("call reset() before view_features()")
        return self._core.view_features()

    def plan_rows(self) -> np.ndarray:
        """What the planner says of each legal action, as the learned bot
        reads it (bots/net_features.h): one int8 row per row of
        :meth:`action_rows`, in the same order."""
        if not self._started:
            raise RuntimeError("call reset() before plan_rows()")
        return self._core.plan_rows()

    def teacher_actions(self, teacher: str = "rule") -> np.ndarray:
        """The action the built-in bot ``teacher`` (a spec such as ``"rule"``)
        would take at each env's seat to act now, for imitation learning."""
        if not self._started:
            raise RuntimeError("call reset() before teacher_actions()")
        if not isinstance(teacher, str):
            raise TypeError(f"teacher must be a bot spec string such as 'rule', got {teacher!r}")
        return self._core.teacher_actions(teacher)

    @staticmethod
    def sample_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal action per row of ``mask``."""
        weights = rng.random(mask.shape) * mask
        return weights.argmax(axis=1).astype(np.int32)

    def deal_text(self, env: int) -> str:
        """Env ``env``'s deal now, in the text form :meth:`guandan.Deal.from_text` reads (hands included)."""
        return self._core.deal_text(checked_integer("env", env, 0, self.envs - 1))
