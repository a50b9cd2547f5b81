"""Self-checks of the pure-Python reference (tests/reference), no engine.

The fast pattern-filling enumerator (`leads`) is checked against the naive
classify-every-declaration enumerator (`brute_force_leads`) on small hands,
and both against hand-counted examples from docs/rules.md §2 to §4.
"""

import sys
from collections import Counter
from pathlib import Path

# Plain `pytest` puts tests/ (not the repository root) on sys.path while
# tests/ has no __init__.py; make `tests.reference` importable either way.
_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.reference.cards import ALL_CARDS, RANKS, SUITS, card_index, parse_hand  # noqa: E402
from tests.reference.deal import Rng, deal, perft_positions  # noqa: E402
from tests.reference.movegen import (  # noqa: E402
    KINDS,
    beats,
    brute_force_leads,
    follows,
    leads,
)


def moves_of(hand_text, level, wild_with_joker=True):
    return leads(parse_hand(hand_text), level, wild_with_joker)


def cards_of(text):
    return tuple(parse_hand(text))


# ---------------------------------------------------------------------------
# leads == brute_force_leads on small random hands
# ---------------------------------------------------------------------------

@st.composite
def small_positions(draw):
    """A level and a 1..8-card hand from a pool rich in wilds, jokers, level
    cards and neighbouring ranks (so sequences and bombs actually occur)."""
    level = draw(st.sampled_from(RANKS))
    if draw(st.booleans()):
        start = draw(st.integers(0, 10))  # 4 consecutive positions, A234 .. JQKA
        ranks = list(("A" + RANKS)[start:start + 4])
    else:
        ranks = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=4, unique=True))
    pool = sorted({r + s for r in ranks + [level] for s in SUITS} | {"SJ", "BJ"}, key=card_index)
    wild = level + "h"
    # Extra copies of the wild in the choices make wilds frequent.
    choices = pool + [wild] * 4
    picks = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=12))
    hand, counts = [], Counter()
    for card in picks:
        if counts[card] < 2 and len(hand) < 8:
            counts[card] += 1
            hand.append(card)
    return hand, level


@settings(max_examples=150, deadline=None)
@given(small_positions(), st.booleans())
def test_leads_matches_brute_force(position, wild_with_joker):
    hand, level = position
    assert leads(hand, level, wild_with_joker) == brute_force_leads(hand, level, wild_with_joker)


@settings(max_examples=60, deadline=None)
@given(small_positions(), st.sampled_from([
    ("single", "A", 1), ("pair", "7", 2), ("triple", "K", 3), ("full_house", "9", 5),
    ("straight", "9", 5), ("tube", "5", 6), ("plate", "Q", 6), ("bomb", "9", 4),
    ("bomb", "A", 5), ("straight_flush", "8", 5), ("bomb", "3", 6),
]))
def test_follows_is_leads_filtered_by_beats(position, prev):
    hand, level = position
    got = follows(hand, level, *prev)
    for kind, rank, cards in leads(hand, level):
        expected = beats(kind, rank, len(cards), *prev, level)
        assert ((kind, rank, cards) in got) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 3), st.randoms(use_true_random=False),
       st.booleans())
def test_dealt_hand_restricted_to_sub_hand(seed, seat, rnd, wild_with_joker):
    # Moves only depend on the cards they use, so the moves of a full 27-card
    # hand lying inside an 8-card sub-hand must be exactly that sub-hand's
    # moves; the sub-hand is small enough for the brute force.  Any wilds
    # of the hand are kept in the sub-hand, where the pitfalls are.
    hands, level = perft_positions(seed)
    hand = hands[seat]
    wilds = [c for c in hand if c == level + "h"]
    rest = [c for c in hand if c != level + "h"]
    sub = wilds + rnd.sample(rest, 8 - len(wilds))
    sub_count = Counter(sub)
    inside = {m for m in leads(hand, level, wild_with_joker)
              if not Counter(m[2]) - sub_count}
    assert inside == leads(sub, level, wild_with_joker)
    assert inside == brute_force_leads(sub, level, wild_with_joker)


# ---------------------------------------------------------------------------
# Hand-counted examples
# ---------------------------------------------------------------------------

def test_full_house_and_five_of_a_kind_share_cards():
    # Level K, wilds Kh Kh.  Hand 9s 9d 9c Kh Kh:
    #   singles: 9s 9d 9c + Kh (single K)                           = 4
    #   pairs:   3 natural 9-pairs + 3 (9 + wild) + Kh Kh (pair K)  = 7
    #   triples: 999 + 3 (two 9s + wild) + 3 (one 9 + two wilds)    = 7
    #   4-kind:  999+W + 3 (two 9s + two wilds)                     = 4
    #   5-kind:  all five                                           = 1
    #   full house of 9s: 999 + wilds as a pair of another rank     = 1
    #   total                                                       = 24
    moves = moves_of("9s 9d 9c Kh Kh", "K")
    assert len(moves) == 24
    whole = cards_of("9s 9d 9c Kh Kh")
    assert {m for m in moves if m[2] == whole} == {
        ("full_house", "9", whole),
        ("bomb", "9", whole),
    }
    assert ("pair", "K", ("Kh", "Kh")) in moves
    assert ("pair", "A", ("Kh", "Kh")) not in moves  # only-wild pair is a pair of L


def test_four_of_a_suit_plus_wild():
    # Level K.  5s 6s 7s 8s Kh: the wild fills 4 or 9, in spades or not:
    #   straight flush to 8 and to 9, straight to 8 and to 9    = 4
    #   singles 5s 6s 7s 8s + Kh (single K)                     = 5
    #   pairs natural + wild (5, 6, 7, 8)                       = 4
    #   total                                                   = 13
    moves = moves_of("5s 6s 7s 8s Kh", "K")
    whole = cards_of("5s 6s 7s 8s Kh")
    assert {m for m in moves if len(m[2]) == 5} == {
        ("straight_flush", "9", whole),
        ("straight_flush", "8", whole),
        ("straight", "9", whole),
        ("straight", "8", whole),
    }
    assert len(moves) == 13
    # The app ruleset changes nothing here: no jokers.
    assert moves_of("5s 6s 7s 8s Kh", "K", False) == moves


def test_wild_of_level_rank_in_a_full_house():
    # docs/rules.md §4.5: 9c 9d 9d 9h 9h at level 9 is a full house of 9s (the wilds
    # declared as a pair of another rank) or a five-of-a-kind of 9s.
    whole = cards_of("9c 9d 9d 9h 9h")
    moves = {m for m in moves_of("9c 9d 9d 9h 9h", "9") if m[2] == whole}
    assert moves == {("full_house", "9", whole), ("bomb", "9", whole)}


def test_only_wilds_read_as_level_cards():
    assert moves_of("5h 5h", "5") == {
        ("single", "5", ("5h",)),
        ("pair", "5", ("5h", "5h")),
    }
    # A wild with a natural card takes the natural's rank: 9s 5h at level 5.
    assert moves_of("9s 5h", "5") == {
        ("single", "9", ("9s",)),
        ("single", "5", ("5h",)),
        ("pair", "9", ("5h", "9s")),  # sorted by card index
    }
    # 5h is an ordinary heart at level 4.
    assert moves_of("5h 5h", "4") == {
        ("single", "5", ("5h",)),
        ("pair", "5", ("5h", "5h")),
    }


def test_wild_never_a_joker_and_app_restriction():
    # Level K.  9s 9d 9c SJ SJ Kh.  Full houses with the SJ SJ pair: triples
    # 999, and 99+wild three ways = 4 under standard; app forbids the three
    # holding both the wild and a joker, leaving 1.
    def joker_houses(flag):
        return {m for m in moves_of("9s 9d 9c SJ SJ Kh", "K", flag)
                if m[0] == "full_house" and "SJ" in m[2]}
    assert len(joker_houses(True)) == 4
    assert joker_houses(False) == {("full_house", "9", cards_of("9s 9d 9c SJ SJ"))}
    # A wild never pairs with a joker, and SJ BJ is no pair.
    assert {m for m in moves_of("SJ BJ Kh", "K") if m[0] == "pair"} == set()


def test_sequence_ends_and_ranks():
    assert ("straight", "5", cards_of("Ac 2s 3s 4s 5s")) in moves_of("Ac 2s 3s 4s 5s", "9")
    assert ("straight", "A", cards_of("Tc Js Qs Ks As")) in moves_of("Tc Js Qs Ks As", "9")
    assert not any(m[0] == "straight" for m in moves_of("Qc Ks As 2s 3s", "9"))  # no wrap
    assert ("tube", "3", cards_of("As Ac 2s 2c 3s 3c")) in moves_of("As Ac 2s 2c 3s 3c", "9")
    assert ("plate", "2", cards_of("As Ac Ad 2s 2c 2d")) in moves_of("As Ac Ad 2s 2c 2d", "9")
    assert ("plate", "A", cards_of("Ks Kc Kd As Ac Ad")) in moves_of("Ks Kc Kd As Ac Ad", "9")
    # The level rank keeps its natural place in sequences: 7 8 9 T J at level 9.
    assert ("straight", "J", cards_of("7s 8s 9c Ts Js")) in moves_of("7s 8s 9c Ts Js", "9")


def test_ten_of_a_kind_and_four_jokers():
    hand = "9s 9s 9h 9h 9c 9c 9d 9d 5h 5h"
    assert ("bomb", "9", cards_of(hand)) in moves_of(hand, "5")
    assert ("joker_bomb", "BJ", cards_of("SJ SJ BJ BJ")) in moves_of("SJ SJ BJ BJ 5h", "5")
    # A wild never joins the four-joker bomb.
    assert not any(m[0] == "joker_bomb" and "5h" in m[2] for m in moves_of("SJ SJ BJ BJ 5h", "5"))


def test_beats():
    L = "7"
    assert beats("single", "7", 1, "single", "A", 1, L)       # L above A
    assert not beats("single", "A", 1, "single", "7", 1, L)
    assert beats("single", "SJ", 1, "single", "7", 1, L)
    assert beats("single", "BJ", 1, "single", "SJ", 1, L)
    assert not beats("pair", "5", 2, "pair", "5", 2, L)         # equal never beats
    assert beats("straight", "8", 5, "straight", "7", 5, L)     # natural order
    assert beats("straight", "A", 5, "straight", "K", 5, L)
    assert not beats("straight", "5", 5, "straight", "6", 5, L)
    assert not beats("tube", "9", 6, "plate", "8", 6, L)        # kinds differ
    assert beats("full_house", "7", 5, "full_house", "A", 5, L)
    assert beats("bomb", "2", 4, "straight", "A", 5, L)         # any bomb beats a non-bomb
    assert not beats("plate", "A", 6, "bomb", "2", 4, L)
    assert beats("bomb", "2", 5, "bomb", "A", 4, L)
    assert beats("straight_flush", "5", 5, "bomb", "A", 5, L)
    assert beats("bomb", "2", 6, "straight_flush", "A", 5, L)
    assert beats("straight_flush", "9", 5, "straight_flush", "8", 5, L)
    assert beats("bomb", "7", 4, "bomb", "A", 4, L)             # level order within a tier
    assert beats("joker_bomb", "BJ", 4, "bomb", "A", 10, L)
    assert not beats("bomb", "A", 10, "joker_bomb", "BJ", 4, L)
    assert not beats("joker_bomb", "BJ", 4, "joker_bomb", "BJ", 4, L)


# ---------------------------------------------------------------------------
# Seeded deal
# ---------------------------------------------------------------------------

SEED_1_SEAT_0 = (
    "2c 3s 3h 3d 4s 4c 5h 5d 5d 6s 6s 8h 9s 9h Tc Js Jc Jc Jd Jd Qh Qc Qc Kh Kh Ac BJ"
)


def test_rng_reference_vectors():
    # xoshiro256** from state (1, 2, 3, 4): the published first outputs.
    rng = Rng(0)
    rng.s = [1, 2, 3, 4]
    assert [rng.next() for _ in range(3)] == [11520, 0, 1509978240]
    # splitmix64 from 0: first output 0xE220A8397B1DCDAF, so Rng(0).s[0].
    assert Rng(0).s[0] == 0xE220A8397B1DCDAF


def test_deal_seed_1():
    hands = deal(1)
    assert [len(h) for h in hands] == [27, 27, 27, 27]
    every = Counter(c for h in hands for c in h)
    assert sum(every.values()) == 108
    assert set(every) == set(ALL_CARDS) and set(every.values()) == {2}
    assert " ".join(hands[0]) == SEED_1_SEAT_0
    for h in hands:
        assert h == sorted(h, key=card_index)
    positions, level = perft_positions(1)
    assert positions == hands and level in RANKS


def test_kinds_complete():
    assert set(KINDS) == {"single", "pair", "triple", "full_house", "straight", "tube",
                          "plate", "bomb", "straight_flush", "joker_bomb"}
