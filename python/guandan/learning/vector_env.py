"""The batched environments (:mod:`guandan.learning.batch` for Guandan,
:mod:`guandan.learning.gdy_batch` for Gan Deng Yan) as Gymnasium vector
environments, for learning libraries that expect one.

Each env is one learner: the seat to act among the learner's seats. The
observation is ``{"observation": int8[size], "action_mask": int8[actions]}``
per env (Guandan: 502 and 248; Gan Deng Yan: 184 and 201); the reward is
the result of the seat that acted (Guandan: the levels its team gained; Gan
Deng Yan: minus its penalty), on the step that ended its deal (else 0), and
that step terminates the env. It resets itself in the same step
(``autoreset_mode`` SAME_STEP): the observation returned is already the next
deal's. ``infos`` carries ``seat`` (the seat to act now), ``deal_seed`` and
``reward_by_seat`` (envs x seats, for learners that play several seats).

    >>> import numpy as np
    >>> from guandan.learning.vector_env import GdyVectorEnv, GuandanVectorEnv
    >>> envs = GuandanVectorEnv(num_envs=4, bots={1: "rule", 3: "rule"})
    >>> obs, infos = envs.reset(seed=3)
    >>> actions = envs.unwrapped.batch.sample_actions(obs["action_mask"], np.random.default_rng(0))
    >>> obs, reward, terminated, truncated, infos = envs.step(actions)
    >>> obs["observation"].shape, reward.dtype
    ((4, 502), dtype('float32'))
    >>> gdy_envs = GdyVectorEnv(num_envs=4, players=5, bots={1: "rule", 2: "rule"})
    >>> obs, infos = gdy_envs.reset(seed=3)
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 184), (4, 201))

Needs Gymnasium (``pip install 'guandan-engine[env]'``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional, Tuple

import numpy as np

from . import gdy_encoding
from .actions import NUM_ACTIONS
from .batch import BatchEnv
from .batch_base import BatchEnvBase, BatchStep
from .encoding import observation_bounds
from .gdy_actions import NUM_ACTIONS as GDY_NUM_ACTIONS
from .gdy_batch import GdyBatchEnv
from ..gd.ruleset import RulesetLike

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

    _MISSING: Optional[ImportError] = None
except ImportError as _error:
    _MISSING = _error
    VectorEnv = object  # type: ignore[misc,assignment]

__all__ = ["GdyVectorEnv", "GuandanVectorEnv"]


class _BatchVectorEnv(VectorEnv):
    """A batched environment behind the vector-environment calls; a game's
    class says how to make its batch (``make(**options, seed=...)``) and the
    bounds and actions of its spaces."""

    def __init__(
        self,
        make: Callable[..., BatchEnvBase],
        options: Dict[str, Any],
        bounds: Tuple[np.ndarray, np.ndarray],
        num_actions: int,
    ) -> None:
        if _MISSING is not None:
            raise ImportError(
                "guandan.learning.vector_env needs Gymnasium: pip install 'guandan-engine[env]'"
            ) from _MISSING
        # Everything but the seed, for a reset that starts the run over.
        self._make, self._options = make, options
        self.batch = make(**options)
        self.num_envs = self.batch.envs
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        low, high = bounds
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, shape=low.shape, dtype=np.int8),
                "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._seat: Optional[np.ndarray] = None

    def _split(self, step: BatchStep) -> tuple:
        self._seat = step.seat.astype(np.int64)
        obs = {"observation": step.observation, "action_mask": step.mask}
        infos: Dict[str, Any] = {"seat": step.seat, "deal_seed": step.deal_seed, "reward_by_seat": step.reward}
        return obs, infos

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        """Starts every env's first deal; a seed starts the run over from that seed."""
        if seed is not None:
            self.batch = self._make(**self._options, seed=seed)
        return self._split(self.batch.reset())

    def step(self, actions):
        if self._seat is None:
            raise RuntimeError("call reset() before step()")
        acted = self._seat
        step = self.batch.step(actions)
        reward = step.reward[np.arange(self.num_envs), acted].astype(np.float32)
        terminated = step.done.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        obs, infos = self._split(step)
        return obs, reward, terminated, truncated, infos


class GuandanVectorEnv(_BatchVectorEnv):
    """``num_envs`` Guandan deals in one :class:`~guandan.learning.batch.BatchEnv` (see the module docstring)."""

    def __init__(
        self,
        num_envs: int = 64,
        bots: Optional[Mapping[int, str]] = None,
        ruleset: RulesetLike = "standard",
        level: str = "2",
        tribute: bool = True,
        threads: int = 1,
    ) -> None:
        options = dict(envs=num_envs, bots=bots, ruleset=ruleset, level=level, tribute=tribute, threads=threads)
        super().__init__(BatchEnv, options, observation_bounds(), NUM_ACTIONS)


class GdyVectorEnv(_BatchVectorEnv):
    """``num_envs`` Gan Deng Yan deals of ``players`` seats in one
    :class:`~guandan.learning.gdy_batch.GdyBatchEnv` (see the module docstring)."""

    def __init__(
        self,
        num_envs: int = 64,
        players: int = 4,
        bots: Optional[Mapping[int, str]] = None,
        threads: int = 1,
    ) -> None:
        options = dict(envs=num_envs, players=players, bots=bots, threads=threads)
        super().__init__(GdyBatchEnv, options, gdy_encoding.observation_bounds(), GDY_NUM_ACTIONS)
