"""Cards and hands in the notation of docs/rules.md §1.3.

    >>> from guandan import parse_cards, Card, Hand
    >>> [str(c) for c in parse_cards("Ah 10d td sj")]
    ['Ah', 'Td', 'Td', 'SJ']
    >>> Card("bj").rank, Card("7c").suit
    ('BJ', 'c')
    >>> str(Hand("Td 2s Ah 2s"))
    '2s 2s Td Ah'
"""

from __future__ import annotations

from typing import Iterable, List, Union

from .._core import Card, Hand, rank_index
from ..common.checks import checked_text
from .names import LEVEL_NAMES, RANK_NAMES

CardsLike = Union[Hand, str, Iterable[Union[Card, str]]]

_RANKS = LEVEL_NAMES

# Every accepted spelling of a level, for a fast lookup on the hot path.
LEVEL_INDEX = {spelling: rank_index(r) for r in _RANKS for spelling in (r, r.lower())}
LEVEL_INDEX["10"] = rank_index("10")


def parse_cards(text: str) -> List[Card]:
    """The cards of a whitespace-separated string, in the order given.

    Raises ValueError naming the first token that is not a card.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a str, got {type(text).__name__}")
    return [Card(token) for token in text.split()]


def as_hand(cards: CardsLike) -> Hand:
    """A Hand from a Hand, a string of cards or an iterable of cards."""
    return cards if type(cards) is Hand else Hand(cards)


def level_index(level: str) -> int:
    """The index 0..12 of a level rank '2'..'A' ('T' and '10' accepted)."""
    try:
        return LEVEL_INDEX[level]
    except (KeyError, TypeError):
        if not isinstance(level, str):
            raise TypeError(f"level must be a rank string such as '2' or 'T', got {type(level).__name__}") from None
        checked_text("level", level)  # the message below quotes it
        raise ValueError(f"not a level '{level}' (expected a rank 2..9, T or 10, J, Q, K, A)") from None


def level_order(card: Card, level: str) -> int:
    """A card's place in level order, as the core's ``level_value`` (card.h):
    2..A are 0..12 with the level rank lifted out of its place to 13, SJ 14,
    BJ 15.

        >>> [level_order(Card(c), "7") for c in ("2s", "7h", "As", "BJ")]
        [0, 13, 12, 15]
    """
    if card.rank == level:
        return 13
    index = _RANK_INDEX[card.rank]
    return index + 1 if card.is_joker else index


_RANK_INDEX = {name: index for index, name in enumerate(RANK_NAMES)}

RANKS = _RANKS
