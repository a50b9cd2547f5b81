"""Seeded RNG, shuffle and deal; must match the engine bit for bit.

The generator is xoshiro256** seeded through splitmix64; bounded draws use
Lemire's multiply-and-reject method, and the shuffle is Fisher-Yates from
the top of the deck down.
"""

from .cards import RANKS, card_from_index, sort_cards

MASK = (1 << 64) - 1
DECK_SIZE = 108  # physical card ids 0..107; the card kind is id % 54


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


class Rng:
    """xoshiro256** seeded with four successive splitmix64 outputs."""

    def __init__(self, seed):
        sm = SplitMix64(seed)
        self.s = [sm.next() for _ in range(4)]

    def next(self):
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def bounded(self, n):
        """Uniform integer in [0, n), Lemire's method (n >= 1)."""
        x = self.next()
        m = x * n
        low = m & MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                x = self.next()
                m = x * n
                low = m & MASK
        return m >> 64


def shuffle(rng, size=DECK_SIZE):
    """A shuffled list of the physical card ids 0..size-1 (Guandan's 108 by default)."""
    deck = list(range(size))
    for i in range(size - 1, 0, -1):
        j = rng.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_with(rng):
    """Shuffle with rng; the card at shuffled position k goes to seat k % 4."""
    deck = shuffle(rng)
    hands = [[] for _ in range(4)]
    for position, card_id in enumerate(deck):
        hands[position % 4].append(card_from_index(card_id % 54))
    return [sort_cards(h) for h in hands]


def deal(seed):
    """Four 27-card hands (sorted card strings) for a seed."""
    return deal_with(Rng(seed))


def perft_positions(seed):
    """(hands, level): the deal of `seed`, then a level drawn from the same rng."""
    rng = Rng(seed)
    hands = deal_with(rng)
    level = RANKS[rng.bounded(13)]
    return hands, level
