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

from typing import List, Optional

from . import _core
from ._core import Move
from .cards import CardsLike, as_hand, level_index
from .ruleset import RulesetLike, as_ruleset

_RULES_CACHE = {}


def _wild_with_joker(ruleset: RulesetLike) -> bool:
    # Preset names are looked up once; the hot path only hits this dict.
    try:
        return _RULES_CACHE[ruleset]
    except (KeyError, TypeError):
        flag = as_ruleset(ruleset).wild_with_joker
        if isinstance(ruleset, str):
            _RULES_CACHE[ruleset] = flag
        return flag


def legal_moves(
    hand: CardsLike,
    level: str,
    previous: Optional[Move] = None,
    ruleset: RulesetLike = "standard",
) -> List[Move]:
    """Every distinct legal move of ``hand`` at ``level``.

    Leading (``previous`` is None): every legal combination. Following: every
    move that beats ``previous`` (passing is not a move). Each distinct choice
    of physical cards is its own move; wild cards take every reading.
    Raises ValueError if ``previous`` is not a legal combination at ``level``.
    """
    return _core.legal_moves(as_hand(hand), level_index(level), previous, _wild_with_joker(ruleset), False)


def grouped_moves(
    hand: CardsLike,
    level: str,
    previous: Optional[Move] = None,
    ruleset: RulesetLike = "standard",
) -> List[Move]:
    """One move per distinct (kind, size, rank), for callers that ignore suits.

    The representative is the card choice that uses the fewest wild cards.
    """
    return _core.legal_moves(as_hand(hand), level_index(level), previous, _wild_with_joker(ruleset), True)


def classify(cards: CardsLike, level: str, ruleset: RulesetLike = "standard") -> List[Move]:
    """Every legal reading of exactly these cards ([] if they form no combination)."""
    return _core.classify(as_hand(cards), level_index(level), _wild_with_joker(ruleset))


def beats(a: Move, b: Move, level: str) -> bool:
    """Whether move ``a`` beats move ``b`` at ``level``."""
    return _core.beats(a, b, level_index(level))
