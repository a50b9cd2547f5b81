"""The fields of a flat ``int8`` observation vector, as both games'
encodings describe theirs (:mod:`guandan.learning.encoding`,
:mod:`guandan.learning.gdy_encoding`): each field a name, a size and the
highest value of its entries, laid out one after the other.

    >>> from guandan.learning.fields import bounds, layout
    >>> fields = layout([("hand", 3, 4), ("turn", 2, 1)])
    >>> fields
    (('hand', 0, 3, 4), ('turn', 3, 2, 1))
    >>> bounds(fields)[1].tolist()
    [4, 4, 4, 1, 1]
"""

from __future__ import annotations

from typing import Iterable, Tuple

import numpy as np

__all__ = ["Field", "bounds", "layout"]

#: ``(name, start, size, high)``
Field = Tuple[str, int, int, int]


def layout(specs: Iterable[Tuple[str, int, int]]) -> Tuple[Field, ...]:
    """The fields ``(name, size, high)`` laid out in order, each with its start."""
    fields = []
    start = 0
    for name, size, high in specs:
        fields.append((name, start, size, high))
        start += size
    return tuple(fields)


def bounds(fields: Tuple[Field, ...]) -> Tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of every entry (int8 arrays)."""
    size = fields[-1][1] + fields[-1][2]
    low = np.zeros(size, dtype=np.int8)
    high = np.zeros(size, dtype=np.int8)
    for _, start, width, top in fields:
        high[start : start + width] = top
    return low, high
