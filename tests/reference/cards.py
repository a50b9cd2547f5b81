"""Card notation for the reference implementation.

A card is a string: a rank char from ``23456789TJQKA`` followed by a suit
char from ``shcd`` (``Ah``, ``Td``), or a joker ``SJ`` (small) / ``BJ`` (big).
Card index = rank_index * 4 + suit_index, ``SJ`` = 52, ``BJ`` = 53.
"""

RANKS = "23456789TJQKA"
SUITS = "shcd"
SMALL_JOKER = "SJ"
BIG_JOKER = "BJ"
JOKERS = (SMALL_JOKER, BIG_JOKER)

# The 52 non-joker cards and all 54 card kinds, in index order.
NON_JOKER_CARDS = tuple(r + s for r in RANKS for s in SUITS)
ALL_CARDS = NON_JOKER_CARDS + JOKERS


def canonical_rank(rank):
    """Return the canonical rank char ('10' and lower case accepted)."""
    r = str(rank).upper()
    if r == "10":
        r = "T"
    if r not in RANKS:
        raise ValueError(f"bad rank {rank!r}")
    return r


def canonical_card(card):
    """Return the canonical spelling of a card ('10h', 'ah', 'sj' accepted)."""
    c = str(card).strip()
    if c.upper() in JOKERS:
        return c.upper()
    if len(c) < 2:
        raise ValueError(f"bad card {card!r}")
    rank, suit = canonical_rank(c[:-1]), c[-1].lower()
    if suit not in SUITS:
        raise ValueError(f"bad card {card!r}")
    return rank + suit


def card_index(card):
    if card == SMALL_JOKER:
        return 52
    if card == BIG_JOKER:
        return 53
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def card_from_index(index):
    if not 0 <= index < 54:
        raise ValueError(f"bad card index {index}")
    return ALL_CARDS[index]


def is_joker(card):
    return card in JOKERS


def rank_of(card):
    """Rank string of a card: '2'..'A', or 'SJ' / 'BJ' for jokers."""
    return card if card in JOKERS else card[0]


def suit_of(card):
    """Suit char of a card, None for jokers."""
    return None if card in JOKERS else card[1]


def sort_cards(cards):
    return sorted(cards, key=card_index)


def parse_hand(text):
    """'Ah 10d sj' -> ['Ah', 'Td', 'SJ'] (sorted by index)."""
    return sort_cards(canonical_card(c) for c in text.split())


def format_hand(cards):
    return " ".join(sort_cards(cards))


def wild_card(level):
    """The physical wild card of a level: the heart of the level rank."""
    return canonical_rank(level) + "h"
