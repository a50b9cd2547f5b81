"""Slow, obviously-correct reference move enumerators for Guandan.

Written from docs/rules.md §2 to §4 alone.  A move is ``(kind, rank, cards)``:

* ``kind``: one of ``KINDS``;
* ``rank``: the declared rank ('2'..'A', 'SJ', 'BJ').  Full house: the
  triple's rank.  Straight, tube, plate, straight flush: the natural rank of
  the top card ('5' for A2345, 'A' for TJQKA).  Joker bomb: 'BJ';
* ``cards``: the physical cards used, sorted by card index, duplicates kept
  (a wild appears as its physical ``Lh`` string).

Two readings with the same (kind, rank, physical cards) are one move, so the
enumerators return sets.

``leads`` fills declared patterns slot by slot and is fast enough for full
27-card hands.  ``brute_force_leads`` classifies every sub-multiset under
every declaration of its wild cards; it is only usable for small hands and
exists to cross-check ``leads``.
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement, product

from .cards import (
    JOKERS,
    NON_JOKER_CARDS,
    RANKS,
    canonical_card,
    canonical_rank,
    card_index,
    rank_of,
    suit_of,
    wild_card,
)

KINDS = (
    "single",
    "pair",
    "triple",
    "full_house",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
)
BOMB_KINDS = frozenset(("bomb", "straight_flush", "joker_bomb"))
# Kinds compared in level order; the others (sequences) use natural order.
LEVEL_ORDER_KINDS = frozenset(("single", "pair", "triple", "full_house", "bomb"))

# Natural-order positions for sequences: 1 = A (low), 2..13 = 2..K, 14 = A (high).
POSITION_RANK = {1: "A", **{i + 2: r for i, r in enumerate(RANKS)}}
POSITION_RANK[14] = "A"

# First positions of every sequence: straights A2345..TJQKA,
# tubes AA2233..QQKKAA, plates AAA222..KKKAAA (no wrap past the high Ace).
STRAIGHT_STARTS = range(1, 11)
TUBE_STARTS = range(1, 13)
PLATE_STARTS = range(1, 14)


# ---------------------------------------------------------------------------
# Orders and comparison
# ---------------------------------------------------------------------------

def level_value(rank, level):
    """Level order: 2 < ... < A < L < SJ < BJ, with L taken out of its place."""
    level = canonical_rank(level)
    if rank == "BJ":
        return 15
    if rank == "SJ":
        return 14
    if rank == level:
        return 13
    return RANKS.index(rank)


def natural_value(rank):
    """Natural order of a sequence's top card: 2 = 2, ..., K = 13, A = 14.

    A top card is never a low Ace (the lowest sequences end in 5, 3 or 2).
    """
    return 14 if rank == "A" else RANKS.index(rank) + 2


# Bomb tiers, weakest to strongest:
# 4-kind < 5-kind < straight flush < 6 < 7 < 8 < 9 < 10-kind < four jokers.
_N_KIND_TIER = {4: 0, 5: 1, 6: 3, 7: 4, 8: 5, 9: 6, 10: 7}


def bomb_tier(kind, size):
    if kind == "bomb":
        return _N_KIND_TIER[size]
    if kind == "straight_flush":
        return 2
    if kind == "joker_bomb":
        return 8
    raise ValueError(f"{kind} is not a bomb")


def _rank_value(kind, rank, level):
    return level_value(rank, level) if kind in LEVEL_ORDER_KINDS else natural_value(rank)


def beats(kind_a, rank_a, size_a, kind_b, rank_b, size_b, level):
    """Does move a beat move b?  Equal never beats equal."""
    a_bomb, b_bomb = kind_a in BOMB_KINDS, kind_b in BOMB_KINDS
    if a_bomb != b_bomb:
        return a_bomb  # any bomb beats any non-bomb, never the reverse
    if a_bomb:
        tier_a, tier_b = bomb_tier(kind_a, size_a), bomb_tier(kind_b, size_b)
        if tier_a != tier_b:
            return tier_a > tier_b
        if kind_a == "joker_bomb":
            return False  # there is only one four-joker bomb
        # Same tier means same kind (and for n-kind the same size).
        return _rank_value(kind_a, rank_a, level) > _rank_value(kind_b, rank_b, level)
    if kind_a != kind_b or size_a != size_b:
        return False
    return _rank_value(kind_a, rank_a, level) > _rank_value(kind_b, rank_b, level)


# ---------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------

def _normalize(hand, level):
    hand = [canonical_card(c) for c in hand]
    level = canonical_rank(level)
    counts = Counter(hand)
    for card, n in counts.items():
        if n > 2:
            raise ValueError(f"{card} appears {n} times; the deck has two copies")
    return counts, level


def _sorted_tuple(cards):
    return tuple(sorted(cards, key=card_index))


def _allowed(cards, level, wild_with_joker):
    """Ruleset filter on physical cards: the app forbids wild + joker together."""
    if wild_with_joker:
        return True
    wild = wild_card(level)
    return not (wild in cards and any(c in JOKERS for c in cards))


# ---------------------------------------------------------------------------
# leads: fill declared patterns
# ---------------------------------------------------------------------------

def _submultisets(items, k):
    """All sub-multisets of size k of [(card, count), ...], as tuples."""
    if k == 0:
        yield ()
        return
    if not items:
        return
    (card, count), rest = items[0], items[1:]
    for take in range(min(count, k), -1, -1):
        for tail in _submultisets(rest, k - take):
            yield (card,) * take + tail


class _Filler:
    """Fills declared rank slots with natural cards or wilds from one hand."""

    def __init__(self, counts, level):
        self.wild = wild_card(level)
        self.n_wild = counts.get(self.wild, 0)
        # Natural (non-wild, non-joker) cards by rank, as [(card, count)].
        self.naturals = {r: [] for r in RANKS}
        for card in sorted(counts, key=card_index):
            if card in JOKERS or card == self.wild:
                continue
            self.naturals[card[0]].append((card, counts[card]))

    def slot_options(self, rank, need, suit=None):
        """Ways to fill `need` slots of `rank` (optionally of one suit).

        Returns [(cards, wilds_used)].  A wild may fill any slot because it
        may be declared as any non-joker card.
        """
        pool = self.naturals[rank]
        if suit is not None:
            pool = [(c, n) for c, n in pool if c[1] == suit]
        options = []
        for w in range(min(need, self.n_wild) + 1):
            for nat in _submultisets(pool, need - w):
                options.append((nat + (self.wild,) * w, w))
        return options

    def fill(self, slots):
        """slots: [(rank, need, suit_or_None)] -> [(cards, wilds_used)].

        The wilds used across all slots may not exceed those in the hand.
        """
        partial = [((), 0)]
        for rank, need, suit in slots:
            options = self.slot_options(rank, need, suit)
            partial = [
                (cards + more, w + w2)
                for cards, w in partial
                for more, w2 in options
                if w + w2 <= self.n_wild
            ]
        return partial


def leads(hand, level, wild_with_joker=True):
    """Every legal move the hand can lead (all kinds), as a set of moves."""
    counts, level = _normalize(hand, level)
    filler = _Filler(counts, level)
    wild = filler.wild
    moves = set()

    def add(kind, rank, cards):
        # A combination made only of wilds is read as what the cards are:
        # Lh alone is a single of L, Lh Lh a pair of L, nothing else.
        if all(c == wild for c in cards) and (kind, rank) not in (
            ("single", level),
            ("pair", level),
        ):
            return
        if _allowed(cards, level, wild_with_joker):
            moves.add((kind, rank, _sorted_tuple(cards)))

    def add_of_a_kind(kind, need):
        for rank in RANKS:
            for cards, _ in filler.fill([(rank, need, None)]):
                add(kind, rank, cards)

    # Singles, pairs, triples and n-of-a-kind bombs of non-joker ranks.
    add_of_a_kind("single", 1)
    add_of_a_kind("pair", 2)
    add_of_a_kind("triple", 3)
    for n in range(4, 11):
        add_of_a_kind("bomb", n)

    # Jokers: singles, same-kind pairs, the four-joker bomb (never a wild).
    for joker in JOKERS:
        if counts.get(joker, 0) >= 1:
            add("single", joker, (joker,))
        if counts.get(joker, 0) >= 2:
            add("pair", joker, (joker, joker))
    if counts.get("SJ", 0) == 2 and counts.get("BJ", 0) == 2:
        add("joker_bomb", "BJ", ("SJ", "SJ", "BJ", "BJ"))

    # Full house: triple of X plus a pair of Y != X; Y may be a joker pair.
    for x in RANKS:
        triples = filler.fill([(x, 3, None)])
        if not triples:
            continue
        for y in RANKS:
            if y == x:
                continue
            for cards, _ in filler.fill([(x, 3, None), (y, 2, None)]):
                add("full_house", x, cards)
        for joker in JOKERS:
            if counts.get(joker, 0) == 2:
                for cards, _ in triples:
                    add("full_house", x, cards + (joker, joker))

    # Straights and straight flushes: five consecutive natural positions.
    for start in STRAIGHT_STARTS:
        ranks = [POSITION_RANK[p] for p in range(start, start + 5)]
        top = ranks[-1]
        for cards, w in filler.fill([(r, 1, None) for r in ranks]):
            naturals = [c for c in cards if c != wild]
            # Not a straight only if it is five naturals of one suit; with a
            # wild the player can declare it in another suit.
            if w > 0 or len({c[1] for c in naturals}) > 1:
                add("straight", top, cards)
        for suit in "shcd":
            for cards, _ in filler.fill([(r, 1, suit) for r in ranks]):
                add("straight_flush", top, cards)

    # Tubes (three consecutive pairs) and plates (two consecutive triples).
    for start in TUBE_STARTS:
        ranks = [POSITION_RANK[p] for p in range(start, start + 3)]
        for cards, _ in filler.fill([(r, 2, None) for r in ranks]):
            add("tube", ranks[-1], cards)
    for start in PLATE_STARTS:
        ranks = [POSITION_RANK[p] for p in range(start, start + 2)]
        for cards, _ in filler.fill([(r, 3, None) for r in ranks]):
            add("plate", ranks[-1], cards)

    return moves


def follows(hand, level, prev_kind, prev_rank, prev_size, wild_with_joker=True):
    """The moves of `leads` that beat the previous play."""
    return {
        m
        for m in leads(hand, level, wild_with_joker)
        if beats(m[0], m[1], len(m[2]), prev_kind, prev_rank, prev_size, level)
    }


# ---------------------------------------------------------------------------
# brute_force_leads: classify every declared sub-multiset
# ---------------------------------------------------------------------------

def _consecutive_top(ranks):
    """If the distinct ranks are consecutive in natural order (Ace low or
    high, no wrap), return the top rank, else None."""
    for ace in (1, 14):
        positions = sorted(ace if r == "A" else RANKS.index(r) + 2 for r in ranks)
        if positions == list(range(positions[0], positions[0] + len(positions))):
            return POSITION_RANK[positions[-1]]
    return None


@lru_cache(maxsize=None)
def classify(declared):
    """All (kind, rank) readings of a tuple of declared cards.

    Declared cards are plain cards (wilds already replaced by what they stand
    for), so this knows nothing about levels or wilds.
    """
    n = len(declared)
    by_rank = Counter(rank_of(c) for c in declared)
    has_joker = any(c in JOKERS for c in declared)
    shape = sorted(by_rank.values(), reverse=True)
    readings = set()

    if n == 1:
        readings.add(("single", rank_of(declared[0])))
    if n == 2 and len(by_rank) == 1:
        # Grouping by rank string keeps SJ and BJ apart: SJ BJ is no pair.
        readings.add(("pair", rank_of(declared[0])))
    if n == 3 and len(by_rank) == 1 and not has_joker:
        readings.add(("triple", rank_of(declared[0])))
    if 4 <= n <= 10 and len(by_rank) == 1 and not has_joker:
        readings.add(("bomb", rank_of(declared[0])))
    if sorted(declared) == sorted(("SJ", "SJ", "BJ", "BJ")):
        readings.add(("joker_bomb", "BJ"))
    if n == 5 and shape == [3, 2]:
        triple = next(r for r, k in by_rank.items() if k == 3)
        if triple not in JOKERS:  # the pair may be SJ SJ or BJ BJ
            readings.add(("full_house", triple))
    if not has_joker:
        if n == 5 and shape == [1] * 5:
            top = _consecutive_top(by_rank)
            if top is not None:
                suits = {suit_of(c) for c in declared}
                readings.add(("straight_flush" if len(suits) == 1 else "straight", top))
        if n == 6 and shape == [2, 2, 2]:
            top = _consecutive_top(by_rank)
            if top is not None:
                readings.add(("tube", top))
        if n == 6 and shape == [3, 3]:
            top = _consecutive_top(by_rank)
            if top is not None:
                readings.add(("plate", top))
    return frozenset(readings)


def brute_force_leads(hand, level, wild_with_joker=True):
    """Naive enumerator for small hands (<= ~9 cards): every sub-multiset,
    every declaration of each wild as any of the 52 non-joker cards."""
    counts, level = _normalize(hand, level)
    wild = wild_card(level)
    distinct = sorted(counts, key=card_index)
    moves = set()
    for takes in product(*(range(counts[c] + 1) for c in distinct)):
        cards = tuple(c for c, k in zip(distinct, takes) for _ in range(k))
        if not cards or not _allowed(cards, level, wild_with_joker):
            continue
        others = tuple(c for c in cards if c != wild)
        n_wild = len(cards) - len(others)
        if not others:
            # Only wilds: read as what they are (level cards of hearts).
            declarations = [(wild,) * n_wild]
        else:
            # Two wilds are interchangeable, so unordered declarations suffice.
            declarations = combinations_with_replacement(NON_JOKER_CARDS, n_wild)
        for declared in declarations:
            for kind, rank in classify(tuple(sorted(others + declared))):
                moves.add((kind, rank, cards))
    return moves
