"""Checks of the arguments every game takes: seeds and bounded integers."""

from __future__ import annotations

from typing import Optional

import numpy as np


def check_seed(seed: int) -> int:
    """The seed, if it is an integer in [0, 2**64); ValueError otherwise."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    return seed


def checked_integer(name: str, value, low: int, high: Optional[int] = None) -> int:
    """``value`` if it is an int in [low, high]; TypeError or ValueError naming ``name`` otherwise."""
    if not isinstance(value, (int, np.integer)) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if value < low or (high is not None and value > high):
        bounds = f"{low:,}..{high:,}" if high is not None else f">= {low:,}"
        raise ValueError(f"{name} must be {bounds}, got {value!r}")
    return value
