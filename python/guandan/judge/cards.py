"""Cards as the competition protocol writes them: suit then rank.

Suits ``S H C D`` (our ``s h c d``), ranks ``2``-``9 T J Q K A``; the small
joker is ``SB`` and the big joker ``HR`` (our ``SJ`` and ``BJ``). A wild
card is written as the card it is: the heart of the level rank (``H2`` at
level 2).

    >>> from guandan import Card
    >>> wire_card(Card("Td")), wire_card(Card("SJ")), wire_card(Card("BJ"))
    ('DT', 'SB', 'HR')
    >>> str(card_of_wire("HR")), str(card_of_wire("C9"))
    ('BJ', '9c')
"""

from __future__ import annotations

from typing import Dict, Iterable, List

from .._core import Card, Hand
from ..gd.names import RANK_NAMES

SMALL_JOKER = "SB"
BIG_JOKER = "HR"
#: Suits in the order the protocol's clients sort them.
SUITS = "SHCD"

_TO_WIRE: Dict[str, str] = {}
_FROM_WIRE: Dict[str, Card] = {}
for _rank in RANK_NAMES[:13]:
    for _suit in "shcd":
        _card = Card(_rank + _suit)
        _TO_WIRE[str(_card)] = _suit.upper() + _rank
        _FROM_WIRE[_suit.upper() + _rank] = _card
_TO_WIRE["SJ"], _TO_WIRE["BJ"] = SMALL_JOKER, BIG_JOKER
_FROM_WIRE[SMALL_JOKER], _FROM_WIRE[BIG_JOKER] = Card("SJ"), Card("BJ")


def wire_card(card: Card) -> str:
    """The protocol's string of an engine card."""
    return _TO_WIRE[str(card)]


def card_of_wire(text: str) -> Card:
    """The engine card of a protocol card string; ValueError if it is none."""
    try:
        return _FROM_WIRE[text]
    except (KeyError, TypeError):
        if not isinstance(text, str):
            raise TypeError(f"a protocol card is a str such as 'S9', got {type(text).__name__}") from None
        raise ValueError(f"not a protocol card {text!r} (suit S, H, C or D then rank 2-9, T, J, Q, K, A; "
                         f"jokers SB and HR)") from None


def wire_cards(cards: Iterable[Card]) -> List[str]:
    """The protocol strings of ``cards``, in the given order."""
    return [_TO_WIRE[str(c)] for c in cards]


def hand_of_wire(cards: object) -> Hand:
    """The hand of a list of protocol card strings (ValueError/TypeError if it is not one)."""
    if not isinstance(cards, list):
        raise TypeError(f"protocol cards are a list of strings, got {type(cards).__name__}")
    return Hand([card_of_wire(c) for c in cards])
