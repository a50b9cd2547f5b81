"""Seeded deals, identical on every platform (the generator is specified in
cpp/include/guandan/rng.h)."""

from __future__ import annotations

from typing import List

from . import _core
from ._core import Hand


def deal(seed: int) -> List[Hand]:
    """The four 27-card hands dealt from the shuffle of ``seed`` (seat 0 first)."""
    if not isinstance(seed, int) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    return _core.deal(seed)
