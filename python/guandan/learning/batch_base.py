"""What the batched environments of both games share: Guandan's
:class:`~guandan.learning.batch.BatchEnv` and Gan Deng Yan's
:class:`~guandan.learning.gdy_batch.GdyBatchEnv` hold their deals in the
core and differ only in what they are built from and in their widths (the
observation, the actions, the seats). Stepping, the outputs, the feature
rows of the legal actions and the random masked actions are the same here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Tuple

import numpy as np
import numpy.typing as npt

from .. import _core

__all__ = ["BatchEnvBase", "BatchStep", "check_bots"]

MAX_ENVS = 1 << 20


@dataclass(frozen=True)
class BatchStep:
    """What one reset or step returns, row ``i`` for env ``i``.

    ``observation`` (int8, envs x the game's observation size) and ``mask``
    (int8, envs x its number of actions) are the seat to act's; ``seat``
    (int8) is that seat; ``reward`` (float32, envs x seats) holds, on the
    step that ended a deal, each seat's result of it (the game's env says
    which), else zeros; ``done`` (bool) says a deal ended on this step (the
    other fields already show the next deal); ``deal_seed`` (uint64) is the
    seed of the deal shown.
    """

    observation: np.ndarray
    mask: np.ndarray
    seat: np.ndarray
    reward: np.ndarray
    done: np.ndarray
    deal_seed: np.ndarray


def check_bots(bots: Optional[Mapping[int, str]], seats: int) -> dict:
    """``bots`` as a dict of seat to bot spec, checked: seats ``0..seats-1``
    (ValueError), spec strings (TypeError), at least one seat left to the
    learner (ValueError)."""
    bots = dict(bots or {})
    for seat, spec in bots.items():
        if seat not in range(seats) or isinstance(seat, bool):
            raise ValueError(f"bots: seats are 0..{seats - 1}, got {seat!r}")
        if not isinstance(spec, str):
            raise TypeError(f"bots: seat {seat} needs a bot spec string such as 'rule', got {spec!r}")
    if len(bots) == seats:
        raise ValueError(
            f"bots: at least one seat must be the learner's (give bots for {seats - 1} seats at most)")
    return bots


class BatchEnvBase:
    """The shared part of a batched environment: a game's class sets
    ``envs``, ``_core`` (the core's env) and ``_widths`` (observation size,
    number of actions, seats) in its constructor."""

    envs: int
    _core: Any
    _widths: Tuple[int, int, int]
    _started: bool = False

    def _outputs(self) -> "_core.BatchOutputs":
        n = self.envs
        observation_size, actions, seats = self._widths
        out = _core.BatchOutputs()
        out.observation = np.empty((n, observation_size), dtype=np.int8)
        out.mask = np.empty((n, actions), dtype=np.int8)
        out.seat = np.empty(n, dtype=np.int8)
        out.reward = np.empty((n, seats), dtype=np.float32)
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

    def step(self, actions: npt.ArrayLike) -> BatchStep:
        """Applies ``actions[i]`` for env ``i``'s seat to act (an action its
        mask allows), then plays on to the next learner's turn. ValueError
        naming the first env whose action is not legal, before any deal changes."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions must be {self.envs} integers (one per env), got shape {chosen.shape}")
        out = self._outputs()
        self._core.step(chosen.astype(np.int32, copy=False), out)
        return self._result(out)

    def action_rows(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One feature row per legal action now (the game's ``ACTION_FEATURES``
        int8 entries), env by env, actions ascending: ``(rows, actions,
        offsets)``, env ``i``'s rows being ``rows[offsets[i]:offsets[i + 1]]``
        and ``actions`` their action numbers."""
        if not self._started:
            raise RuntimeError("call reset() before action_rows()")
        rows, actions = self._core.action_rows()
        offsets = np.zeros(self.envs + 1, dtype=np.int64)
        np.cumsum(self._mask.sum(axis=1, dtype=np.int64), out=offsets[1:])
        return rows, actions, offsets

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
