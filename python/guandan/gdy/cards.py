"""Gan Deng Yan cards: ranks 3 < 4 < ... < K < A < 2 and the wild jokers.

Suits never matter (docs/gdy_rules.md §1), so a set of cards is how many of
each rank it holds plus its jokers: :class:`Cards`, an immutable value over
the core's packed word (bits 4r..4r+3: cards of rank r; bits 52..53: jokers).
Text names the ranks ``3``..``10``, ``J``, ``Q``, ``K``, ``A``, ``2`` and the
joker ``JK`` (``T`` is accepted for 10; case does not matter), separated by
spaces or commas.

    >>> from guandan.gdy import Cards
    >>> hand = Cards("5 6 jk 5 2")
    >>> str(hand), len(hand), hand.count("5"), hand.jokers
    ('5 5 6 2 JK', 5, 2, 1)
    >>> Cards(str(hand)) == hand
    True
"""

from __future__ import annotations

import re
from typing import Iterable, List, Tuple, Union

RANK_NAMES: Tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
JOKER = "JK"
ACE, TWO = 11, 12
_ALIASES = {"T": "10", "JOKER": JOKER}
_JOKER_SHIFT = 52
_VALID_BITS = (1 << 54) - 1


def rank_index(name: str) -> int:
    """The rank index 0..12 of a rank name ('3'..'2'); ValueError otherwise."""
    if not isinstance(name, str):
        raise TypeError(f"a rank is a name such as '7' or 'K', got {name!r}")
    key = _ALIASES.get(name.strip().upper(), name.strip().upper())
    if key not in RANK_NAMES:
        raise ValueError(f"unknown rank {name!r} (expected one of {' '.join(RANK_NAMES)})")
    return RANK_NAMES.index(key)


def _token_kind(token: str) -> int:
    """A card's kind: its rank index, or 13 for a joker."""
    key = token.upper()
    key = _ALIASES.get(key, key)
    if key == JOKER:
        return 13
    if key in RANK_NAMES:
        return RANK_NAMES.index(key)
    raise ValueError(f"unknown card {token!r} (ranks 3..10, J, Q, K, A, 2, or JK for a joker; suits do not matter)")


CardsLike = Union["Cards", str, Iterable[str]]


class Cards:
    """A set of Gan Deng Yan cards (a hand, or what a play uses)."""

    __slots__ = ("_word",)
    _word: int

    def __init__(self, cards: CardsLike = "") -> None:
        if isinstance(cards, Cards):
            self._word = cards._word
            return
        if isinstance(cards, str):
            tokens = [t for t in re.split(r"[\s,]+", cards.strip()) if t]
        elif isinstance(cards, Iterable):
            tokens = []
            for item in cards:
                if not isinstance(item, str):
                    raise TypeError(f"a card is a name such as '7' or 'JK', got {item!r}")
                tokens.append(item.strip())
        else:
            raise TypeError(f"cards are a string such as '5 6 JK' or a list of names, got {cards!r}")
        counts = [0] * 14
        for token in tokens:
            kind = _token_kind(token)
            counts[kind] += 1
            if kind == 13 and counts[13] > 2:
                raise ValueError("the deck has two jokers, got more")
            if kind < 13 and counts[kind] > 4:
                raise ValueError(f"the deck has four of each rank, got more {RANK_NAMES[kind]}s")
        word = counts[13] << _JOKER_SHIFT
        for rank in range(13):
            word |= counts[rank] << (4 * rank)
        self._word = word

    @classmethod
    def from_word(cls, word: int) -> "Cards":
        """The cards of a packed word (ValueError if it is not one)."""
        if not isinstance(word, int) or isinstance(word, bool):
            raise TypeError(f"a cards word is an int, got {word!r}")
        if word < 0 or word & ~_VALID_BITS or (word >> _JOKER_SHIFT) > 2 or any(
                (word >> (4 * r)) & 0xF > 4 for r in range(13)):
            raise ValueError(f"{word:#x} is not a set of Gan Deng Yan cards")
        cards = cls.__new__(cls)
        cards._word = word
        return cards

    @property
    def word(self) -> int:
        """The packed word the core uses."""
        return self._word

    @property
    def jokers(self) -> int:
        return self._word >> _JOKER_SHIFT

    def count(self, rank: str) -> int:
        """Cards of a rank ('7', 'K', ...), or jokers for 'JK'."""
        if isinstance(rank, str) and rank.strip().upper() == JOKER:
            return self.jokers
        return (self._word >> (4 * rank_index(rank))) & 0xF

    def counts(self) -> List[int]:
        """Cards of each rank, 3 first, 2 last (13 numbers)."""
        return [(self._word >> (4 * r)) & 0xF for r in range(13)]

    def names(self) -> List[str]:
        """Each card's name, low to high, jokers last."""
        out: List[str] = []
        for rank, n in enumerate(self.counts()):
            out += [RANK_NAMES[rank]] * n
        return out + [JOKER] * self.jokers

    def __len__(self) -> int:
        return sum(self.counts()) + self.jokers

    def __bool__(self) -> bool:
        return self._word != 0

    def __contains__(self, other: object) -> bool:
        other = Cards(other) if isinstance(other, str) else other
        if not isinstance(other, Cards):
            return False
        mine, theirs = self.counts(), other.counts()
        return all(t <= m for t, m in zip(theirs, mine)) and other.jokers <= self.jokers

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and other._word == self._word

    def __hash__(self) -> int:
        return hash(("gdy.Cards", self._word))

    def __str__(self) -> str:
        return " ".join(self.names())

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"
