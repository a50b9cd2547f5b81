"""The batch path: legal moves of many hands at once, as numpy arrays.

No Python object is made per move: moves stay in the packed 128-bit layout of
``cpp/include/guandan/move.h`` (two uint64 columns), and the fields are numpy
views over it.

    >>> import numpy as np
    >>> from guandan import deal, legal_moves_batch
    >>> hands = deal(7)
    >>> batch = legal_moves_batch(hands, levels=["2", "2", "2", "2"])
    >>> int(batch.counts().sum()) == len(batch.moves)
    True
    >>> batch.move(0, 0).kind
    'single'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, Union

import numpy as np

from .. import _core
from .._core import Hand, Move
from .cards import level_index
from .names import KIND_NAMES
from .ruleset import RulesetLike, as_ruleset

_CARD_BITS = np.uint64((1 << 54) - 1)


def _popcount(words: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(words)
    as_bytes = words.astype("<u8").view(np.uint8).reshape(words.shape + (8,))
    return np.unpackbits(as_bytes, axis=-1).sum(axis=-1)


@dataclass(frozen=True)
class MoveBatch:
    """Moves of n hands: hand i's moves are ``moves[offsets[i]:offsets[i + 1]]``."""

    offsets: np.ndarray  # (n + 1,) int64
    moves: np.ndarray  # (m, 2) uint64, packed as in move.h
    levels: np.ndarray  # (n,) int64, level index of each hand

    def counts(self) -> np.ndarray:
        """Number of moves of each hand."""
        return np.diff(self.offsets)

    @property
    def kind(self) -> np.ndarray:
        """Kind index of each move (an index into KIND_NAMES)."""
        return ((self.moves[:, 0] >> np.uint64(54)) & np.uint64(0xF)).astype(np.uint8)

    @property
    def rank(self) -> np.ndarray:
        """Rank index of each move (0..12 = 2..A, 13 = SJ, 14 = BJ)."""
        return ((self.moves[:, 0] >> np.uint64(58)) & np.uint64(0xF)).astype(np.uint8)

    @property
    def size(self) -> np.ndarray:
        """Number of cards of each move."""
        return (_popcount(self.moves[:, 0] & _CARD_BITS) + _popcount(self.moves[:, 1] & _CARD_BITS)).astype(np.uint8)

    @property
    def hand_index(self) -> np.ndarray:
        """The hand each move belongs to."""
        return np.repeat(np.arange(len(self.offsets) - 1), self.counts())

    def move(self, hand: int, i: int) -> Move:
        """Move ``i`` of hand ``hand`` as a Move object.

        Raises ValueError if there is no such hand or move; the bits are
        checked like any Move from outside (``Move.from_bits``).
        """
        hand = _index(hand, "hand", len(self.offsets) - 1)
        i = _index(i, "move index", int(self.offsets[hand + 1] - self.offsets[hand]))
        lo, hi = self.moves[self.offsets[hand] + i]
        return _core.Move.from_bits(int(lo), int(hi), int(self.levels[hand]), True)

    def moves_of(self, hand: int) -> List[Move]:
        """All moves of one hand as Move objects."""
        return [self.move(hand, i) for i in range(int(self.counts()[hand]))]


def _index(value: int, name: str, n: int) -> int:
    """``value`` as an index 0..n-1; TypeError or ValueError naming ``name`` otherwise."""
    if isinstance(value, (bool, float)) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    index = value.__index__()
    if not 0 <= index < n:
        raise ValueError(f"{name} must be 0..{n - 1}, got {index}")
    return index


def _word_rows(rows: object, name: str) -> np.ndarray:
    """An (n, 2) C-contiguous uint64 array of non-negative integers.

    Only integer input is accepted: a float array would be truncated silently.
    The shape is checked by the core.
    """
    try:
        array = rows if isinstance(rows, np.ndarray) else np.asarray(rows)
    except OverflowError:
        raise ValueError(f"{name} must hold integers 0..2**64-1") from None
    if array.size == 0:
        return np.zeros((0, 2), dtype=np.uint64)
    if array.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array (uint64 words), got dtype {array.dtype}")
    if array.dtype.kind == "i" and (array < 0).any():
        raise ValueError(f"{name} must hold integers 0..2**64-1, got a negative value")
    return np.ascontiguousarray(array, dtype=np.uint64)


def _hand_array(hands: Union[np.ndarray, Iterable[Hand]]) -> np.ndarray:
    if isinstance(hands, (str, bytes, Hand)):
        raise TypeError(f"hands must be an (n, 2) array of hand bits or an iterable of Hands, got {type(hands).__name__}")
    if isinstance(hands, np.ndarray):
        return _word_rows(hands, "hands")
    if not hasattr(hands, "__iter__"):
        raise TypeError(f"hands must be an (n, 2) array of hand bits or an iterable of Hands, got {type(hands).__name__}")
    items = list(hands)
    if items and all(type(h) is Hand for h in items):
        return np.array([h.bits for h in items], dtype=np.uint64).reshape(-1, 2)
    if any(type(h) is Hand for h in items):
        raise TypeError("hands must be all Hands or all (lo, hi) rows, not a mix")
    return _word_rows(items, "hands")


def _level_array(levels: Union[np.ndarray, Sequence[str], str], n: int) -> np.ndarray:
    if isinstance(levels, str):
        return np.full(n, level_index(levels), dtype=np.int64)
    if isinstance(levels, np.ndarray) and levels.dtype.kind in "iu":
        if levels.dtype.kind == "u" and levels.size and levels.max() > 12:
            raise ValueError("levels must be level indices 0..12")
        return np.ascontiguousarray(levels, dtype=np.int64)
    if not hasattr(levels, "__iter__"):
        raise TypeError(f"levels must be a level string, level strings or an int array, got {type(levels).__name__}")
    return np.array([level_index(level) for level in levels], dtype=np.int64)


def legal_moves_batch(
    hands: Union[np.ndarray, Iterable[Hand]],
    levels: Union[np.ndarray, Sequence[str], str],
    previous: Optional[np.ndarray] = None,
    ruleset: RulesetLike = "standard",
    grouped: bool = False,
) -> MoveBatch:
    """Legal moves of many hands in one call (the GIL is released meanwhile).

    ``hands``: an (n, 2) uint64 array of hand bits (``Hand.bits``) or Hands.
    ``levels``: one level string for all, level strings, or an int array of
    level indices 0..12. ``previous``: None (all lead) or an (n, 2) uint64
    array of packed moves to beat, a zero row meaning that hand leads; every
    other row must be a move the generator makes at that hand's level.
    Raises TypeError for non-integer arrays and ValueError for bad shapes,
    hand bits, levels or previous moves.
    """
    if not isinstance(grouped, (bool, np.bool_)):
        raise TypeError(f"grouped must be a bool, got {type(grouped).__name__}")
    hand_bits = _hand_array(hands)
    level_idx = _level_array(levels, len(hand_bits))
    prev = None if previous is None else _word_rows(previous, "previous")
    offsets, moves = _core.legal_moves_batch(hand_bits, level_idx, prev, as_ruleset(ruleset).wild_with_joker, bool(grouped))
    return MoveBatch(offsets=offsets, moves=moves, levels=level_idx)
