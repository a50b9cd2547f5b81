"""The core's Gan Deng Yan generator against the pure-Python reference.

Every hypothesis example is a hand (up to 16 cards, with and without
jokers) and a table drawn from the reference's own leads of another hand;
the core must list exactly the reference's plays, each once. The perft file
(tests/data/gdy_perft.txt, by `python tools/make_gdy_perft.py` with the
reference) counts action sequences of seeded deals; a changed count needs a
rules reason.
"""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan import _core
from reference import gdy as ref

core = _core.gdy
PERFT_FILE = Path(__file__).parent / "data" / "gdy_perft.txt"


@st.composite
def hands(draw, max_cards=16):
    """A hand word: counts per rank 0..4 and 0..2 jokers, at most max_cards cards."""
    counts = [0] * 13
    jokers = draw(st.integers(0, 2))
    size = draw(st.integers(1, max_cards))
    for _ in range(size - jokers):
        rank = draw(st.integers(0, 12))
        if counts[rank] < 4:
            counts[rank] += 1
    if sum(counts) + jokers == 0:
        counts[draw(st.integers(0, 12))] = 1
    return ref.hand_word(counts, jokers)


@st.composite
def tables(draw):
    """A play to follow: one of the reference's leads of some hand."""
    leads = sorted(ref.legal_plays(draw(hands(max_cards=10))))
    return draw(st.sampled_from(leads))


def _check(hand, table):
    got = core.legal_plays(hand, table)
    assert len(got) == len(set(got)), "a play listed twice"
    expected = ref.legal_plays(hand, table)
    missing = sorted(ref.describe(w) for w in expected - set(got))
    extra = sorted(ref.describe(w) for w in set(got) - expected)
    assert not missing and not extra, f"hand {ref.cards_text(hand)}: missing {missing}, extra {extra}"


@settings(max_examples=300, deadline=None)
@given(hands())
def test_leads_match_the_reference(hand):
    _check(hand, 0)


@settings(max_examples=300, deadline=None)
@given(hands(), tables())
def test_follows_match_the_reference(hand, table):
    _check(hand, table)


@pytest.mark.parametrize("text", ["JK", "JK JK", "5 JK JK", "5 6 JK JK", "2 2 JK", "3 4 5 6 7 8 9 10 J Q K A 2 JK JK",
                                  "A A K K Q Q JK JK"])
def test_hand_picked_hands_match(text):
    _check(ref.hand_of(text), 0)


def _perft_lines():
    for line in PERFT_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield dict(item.split("=") for item in line.split())


@pytest.mark.parametrize("fields", list(_perft_lines()), ids=lambda f: f"p{f['players']}-s{f['seed']}-d{f['depth']}")
def test_perft(fields):
    deal = core.Deal(int(fields["players"]), int(fields["seed"]))
    depth, expected = int(fields["depth"]), int(fields["nodes"])
    got = deal.perft(depth)
    if got != expected:  # divide: the count under each first action
        divide = {}
        for word in deal.legal_plays():
            after = core.Deal(int(fields["players"]), int(fields["seed"]))
            after.apply(word)
            divide[ref.describe(word)] = after.perft(depth - 1)
        pytest.fail(f"perft {got} != {expected}; by first action: {divide}")
