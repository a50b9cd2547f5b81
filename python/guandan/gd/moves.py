"""Legal moves, classification and comparison.

    >>> from guandan import legal_moves, classify, beats
    >>> [f"{m.kind} {m.rank}" for m in legal_moves("9s 9d 9c", "2") if m.size == 3]
    ['triple 9']
    >>> readings = classify("9s 9d 9c 5h 5h", level="5")
    >>> sorted(f"{m.kind} {m.rank}" for m in readings)
    ['bomb 9', 'full_house 9']
    >>> beats(classify("5h", "5")[0], classify("As", "5")[0], "5")
    True
"""

from __future__ import annotations

from collections.abc import Sequence as _SequenceABC
from typing import TYPE_CHECKING, Optional, Sequence, Tuple

from .. import _core
from .._core import Hand, Move, MoveSequence
from .cards import LEVEL_INDEX, CardsLike, as_hand, level_index
from .ruleset import PRESET_NAMES, RulesetLike, as_ruleset

# Preset names map straight to the one move-generation flag, so the common
# call costs two dict lookups; anything else goes the long way (and raises
# the right error).
_WILD_WITH_JOKER = {name: as_ruleset(name).wild_with_joker for name in PRESET_NAMES}

# The lazy result of legal_moves is a read-only sequence for isinstance checks
# and for the random module (random.sample).
_SequenceABC.register(MoveSequence)

_core_legal_moves = _core.legal_moves  # one global lookup on the hot path


def _level_and_flag(level: str, ruleset: RulesetLike) -> Tuple[int, bool]:
    try:
        return LEVEL_INDEX[level], _WILD_WITH_JOKER[ruleset]  # type: ignore[index]
    except (KeyError, TypeError):
        return level_index(level), as_ruleset(ruleset).wild_with_joker


def legal_moves(  # noqa: F811 - replaced below by the compiled façade
    hand: CardsLike,
    level: str,
    previous: Optional[Move] = None,
    ruleset: RulesetLike = "standard",
) -> Sequence[Move]:
    """Every distinct legal move of ``hand`` at ``level``.

    Leading (``previous`` is None): every legal combination. Following: every
    move that beats ``previous`` (passing is not a move). Each distinct choice
    of physical cards is its own move; wild cards take every reading.
    Raises ValueError if ``previous`` is not a legal combination at ``level``.

    The result is a read-only, list-like :class:`MoveSequence` over the
    generated array: each Move is built when it is read (``list(...)`` for a
    real list).
    """
    # Inlined argument handling: this is the per-decision call of Python bots.
    if type(hand) is not Hand:
        hand = as_hand(hand)
    try:
        level_i, wild_with_joker = LEVEL_INDEX[level], _WILD_WITH_JOKER[ruleset]  # type: ignore[index]
    except (KeyError, TypeError):
        level_i, wild_with_joker = _level_and_flag(level, ruleset)
    return _core_legal_moves(hand, level_i, previous, wild_with_joker, False)


# The per-decision call of Python bots: a compiled function takes the common
# case (a Hand, a level string, a preset name) and hands every other call to
# the Python function above, which converts or raises.
_legal_moves_in_python = legal_moves
if not TYPE_CHECKING:
    legal_moves = _core.legal_moves_facade(
        LEVEL_INDEX,
        _WILD_WITH_JOKER,
        _legal_moves_in_python,
        "legal_moves(hand, level, previous=None, ruleset='standard')\n--\n\n" + (_legal_moves_in_python.__doc__ or ""),
    )


def grouped_moves(
    hand: CardsLike,
    level: str,
    previous: Optional[Move] = None,
    ruleset: RulesetLike = "standard",
) -> Sequence[Move]:
    """One move per distinct (kind, size, rank), for callers that ignore suits.

    The representative is the card choice that uses the fewest wild cards.
    """
    level_i, wild_with_joker = _level_and_flag(level, ruleset)
    return _core.legal_moves(as_hand(hand), level_i, previous, wild_with_joker, True)


def group_key(move: Move) -> Tuple[str, int, str]:
    """The (kind, size, rank) that moves are grouped by: the key of
    :func:`grouped_moves` (and of the core's ``group_moves``)."""
    return (move.kind, move.size, move.rank)


def classify(cards: CardsLike, level: str, ruleset: RulesetLike = "standard") -> Sequence[Move]:
    """Every legal reading of exactly these cards ([] if they form no combination)."""
    level_i, wild_with_joker = _level_and_flag(level, ruleset)
    return _core.classify(as_hand(cards), level_i, wild_with_joker)


def beats(a: Move, b: Move, level: str) -> bool:
    """Whether move ``a`` beats move ``b`` at ``level``."""
    return _core.beats(a, b, level_index(level))
