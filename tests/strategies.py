"""Hypothesis strategies for hands that exercise the rules.

Uniform random hands rarely hold the interesting shapes, so hands are drawn
from a small pool: a few consecutive natural ranks (sequences, tubes, plates,
bombs), the level rank (its naturals and the two wild hearts) and the jokers.
"""

from hypothesis import strategies as st

RANKS = "23456789TJQKA"
SUITS = "shcd"


@st.composite
def levels(draw):
    return draw(st.sampled_from(RANKS))


@st.composite
def hands(draw, level, min_size=1, max_size=12):
    """A multiset of cards (each at most twice) as a list of strings."""
    # Natural positions 0..13 (A low .. A high); a window of 2..6 of them.
    start = draw(st.integers(0, 12))
    width = draw(st.integers(2, 6))
    ranks = {("A" if p in (0, 13) else RANKS[p - 1]) for p in range(start, min(start + width, 14))}
    ranks.add(level)
    pool = [r + s for r in sorted(ranks) for s in SUITS] + ["SJ", "BJ"]
    # Wilds and jokers are what most rules hinge on: weight them up.
    pool += [level + "h"] * 3 + ["SJ", "BJ"]
    size = draw(st.integers(min_size, max_size))
    hand = []
    for card in draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size)):
        if hand.count(card) < 2:
            hand.append(card)
    return hand
