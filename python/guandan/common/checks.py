"""Checks of the arguments every game takes: seeds, bounded integers, text
and the policy of each seat."""

from __future__ import annotations

from typing import List, Optional, Sequence, Union

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


def checked_text(name: str, value) -> str:
    """``value`` if it is a str that UTF-8 can encode; TypeError or ValueError naming ``name`` otherwise.

    The core reads text as UTF-8, and a lone surrogate (a JSON escape such as
    ``"\\ud800"``, or a command-line argument that was not UTF-8) has no UTF-8
    form: the binding would fail with a RuntimeError that names nothing, and
    a message quoting the text could not be printed.
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{name} is not valid text (it holds a lone surrogate at index {error.start})") from None
    return value


def seat_policies(policy: Union[str, Sequence[str]], players: int, known: Sequence[str]) -> List[str]:
    """The policy name of each of ``players`` seats: ``policy`` one name for
    all or one per seat, each one of ``known``; TypeError or ValueError saying
    what is wrong."""
    if not isinstance(policy, str) and not isinstance(policy, Sequence):
        raise TypeError(f"policy must be a name or one name per seat ({players}), got {policy!r}")
    names = [policy] * players if isinstance(policy, str) else list(policy)
    if len(names) != players:
        raise ValueError(f"give one policy for all seats or one per seat ({players}), got {len(names)}")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a policy is a name, got {name!r}")
        checked_text("policy", name)
        if name not in known:
            raise ValueError(f"unknown policy '{name}' (expected one of {', '.join(known)})")
    return names
