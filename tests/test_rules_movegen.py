"""Hand-derived tests of move generation and comparison (docs/rules.md §1 to §5), one per rule.

Every expected result below was worked out by hand from docs/rules.md §1 to §5; the
arithmetic is in the comment next to it (style: "6 singles + 4 pairs = 10").

Conventions used throughout:

* ``L`` is the level rank; the two ``Lh`` cards are the wild cards.
* A move is compared as ``(kind, rank, physical cards)`` with the physical
  cards as a sorted tuple of canonical strings, so a duplicate copy shows up
  twice (``("pair", "Q", ("Qc", "Qc"))``).
* Card index order (used by ``Move.cards``) is rank_index * 4 + suit_index
  with suits s, h, c, d; ``SJ`` = 52, ``BJ`` = 53.
"""

from collections import Counter

import pytest

import guandan

RANKS = "23456789TJQKA"
BOMB_KINDS = {"bomb", "straight_flush", "joker_bomb"}


# ---------------------------------------------------------------- helpers


def cards_key(cards):
    return tuple(sorted(str(c) for c in cards))


def key(move):
    return (move.kind, move.rank, cards_key(move.cards))


def mv(kind, rank, cards):
    """Expected move: kind, rank and the physical cards as written."""
    return (kind, rank, tuple(sorted(cards.split())))


def keyset(moves):
    return {key(m) for m in moves}


def per_kind(moves):
    return dict(Counter(m.kind for m in moves))


def leads(hand, level, ruleset="standard"):
    moves = guandan.legal_moves(hand, level, None, ruleset)
    # Every distinct move exactly once.
    assert len(keyset(moves)) == len(moves), "duplicate moves returned"
    return moves


def follows(hand, level, previous, ruleset="standard"):
    moves = guandan.legal_moves(hand, level, previous, ruleset)
    assert len(keyset(moves)) == len(moves), "duplicate moves returned"
    return moves


def readings(cards, level, ruleset="standard"):
    """classify() as a set of (kind, rank); also checks every reading uses
    exactly the given physical cards."""
    moves = guandan.classify(cards, level, ruleset)
    expected_cards = cards_key(guandan.parse_cards(cards))
    for m in moves:
        assert cards_key(m.cards) == expected_cards
        assert m.size == len(expected_cards)
        assert len(m.declared) == m.size
    result = {(m.kind, m.rank) for m in moves}
    assert len(result) == len(moves), "duplicate readings returned"
    return result


def one(cards, level, kind=None):
    """The single reading of `cards` (of `kind` if given)."""
    moves = guandan.classify(cards, level)
    if kind is not None:
        moves = [m for m in moves if m.kind == kind]
    assert len(moves) == 1, [key(m) for m in moves]
    return moves[0]


def declared_key(move):
    return tuple(sorted(str(c) for c in move.declared))


def declared_ranks(move):
    return sorted(c.rank for c in move.declared)


# ------------------------------------------------- singles and level order


def test_leading_moves_level_order_hand():
    # Level 7, hand 2s As 7d 7h SJ BJ (7h is wild).
    # singles: 2s As 7d 7h SJ BJ = 6 (7h alone is a single of 7)
    # pairs: 7d+7h (7), 2s+7h (2), As+7h (A) = 3;
    #        SJ+7h, BJ+7h: a wild never stands for a joker; SJ BJ is no pair
    # triples and longer: only one wild and no natural pair, so none
    # 6 singles + 3 pairs = 9
    moves = leads("2s As 7d 7h SJ BJ", "7")
    assert keyset(moves) == {
        mv("single", "2", "2s"),
        mv("single", "A", "As"),
        mv("single", "7", "7d"),
        mv("single", "7", "7h"),
        mv("single", "SJ", "SJ"),
        mv("single", "BJ", "BJ"),
        mv("pair", "7", "7d 7h"),
        mv("pair", "2", "2s 7h"),
        mv("pair", "A", "As 7h"),
    }


def test_following_single_ace_with_level_cards_and_jokers():
    # Level 7: 2 < ... < A < 7 < SJ < BJ for singles.
    # Over a single A: 7d, 7h (wild alone = single 7), SJ, BJ = 4; 2s and As
    # do not (As only equals). No bombs in the hand.
    previous = one("Ad", "7")
    moves = follows("2s As 7d 7h SJ BJ", "7", previous)
    assert keyset(moves) == {
        mv("single", "7", "7d"),
        mv("single", "7", "7h"),
        mv("single", "SJ", "SJ"),
        mv("single", "BJ", "BJ"),
    }


def test_single_level_order_chain():
    # Level 7: 2 < 6 < 8 < K < A < 7 < SJ < BJ.
    chain = ["2s", "6d", "8c", "Ks", "Ad", "7s", "SJ", "BJ"]
    singles = [one(c, "7") for c in chain]
    for i, low in enumerate(singles):
        for high in singles[i + 1:]:
            assert guandan.beats(high, low, "7"), (str(high.cards[0]), str(low.cards[0]))
            assert not guandan.beats(low, high, "7")


def test_level_card_single_at_natural_place_when_not_level():
    # At level 9 the 7 is an ordinary card: 7 < A.  At level 7 it is above A.
    assert guandan.beats(one("Ad", "9"), one("7s", "9"), "9")
    assert not guandan.beats(one("7s", "9"), one("Ad", "9"), "9")
    assert guandan.beats(one("7s", "7"), one("Ad", "7"), "7")


def test_wild_alone_is_a_single_of_the_level_rank():
    # Lh alone is read as what it is: a single of L, nothing else.
    assert readings("7h", "7") == {("single", "7")}
    single = one("7h", "7")
    assert single.size == 1
    assert declared_key(single) == ("7h",)
    # It equals (does not beat) a natural level card, beats an A, loses to SJ.
    assert not guandan.beats(single, one("7c", "7"), "7")
    assert not guandan.beats(one("7c", "7"), single, "7")
    assert guandan.beats(single, one("As", "7"), "7")
    assert guandan.beats(one("SJ", "7"), single, "7")
    assert not guandan.beats(single, one("SJ", "7"), "7")


def test_two_wilds_alone_are_a_pair_of_the_level_rank():
    # Lh Lh is a pair of L (not a pair of any other rank).
    assert readings("7h 7h", "7") == {("pair", "7")}
    pair = one("7h 7h", "7")
    assert declared_key(pair) == ("7h", "7h")
    assert guandan.beats(pair, one("As Ad", "7"), "7")
    assert not guandan.beats(pair, one("7s 7d", "7"), "7")  # equal
    # Leading from 7h 7h: single 7h (both copies are one move) + pair = 2.
    assert keyset(leads("7h 7h", "7")) == {
        mv("single", "7", "7h"),
        mv("pair", "7", "7h 7h"),
    }


def test_wild_and_natural_level_card():
    # Level 7, hand 7h 7d: singles 7h, 7d (two moves, both rank 7) + pair = 3.
    assert keyset(leads("7h 7d", "7")) == {
        mv("single", "7", "7h"),
        mv("single", "7", "7d"),
        mv("pair", "7", "7d 7h"),
    }


# ------------------------------------------------------------------ pairs


def test_pair_of_level_rank_beats_pair_of_aces():
    assert guandan.beats(one("7s 7d", "7"), one("As Ad", "7"), "7")
    assert not guandan.beats(one("As Ad", "7"), one("7s 7d", "7"), "7")
    # At level 9 the 7s are ordinary.
    assert guandan.beats(one("As Ad", "9"), one("7s 7d", "9"), "9")


def test_joker_pairs():
    assert readings("SJ SJ", "2") == {("pair", "SJ")}
    assert readings("BJ BJ", "2") == {("pair", "BJ")}
    assert readings("SJ BJ", "2") == set()  # not a pair
    sj, bj, lv = one("SJ SJ", "2"), one("BJ BJ", "2"), one("2s 2d", "2")
    assert guandan.beats(bj, sj, "2")
    assert guandan.beats(sj, lv, "2")
    assert not guandan.beats(sj, bj, "2")
    assert not guandan.beats(lv, sj, "2")


def test_wild_never_stands_for_a_joker():
    assert readings("SJ 2h", "2") == set()
    assert readings("BJ 2h", "2") == set()
    # Hand SJ BJ 2h at level 2: 3 singles; SJ+BJ, SJ+2h, BJ+2h are no pairs
    # = 3 moves.
    assert keyset(leads("SJ BJ 2h", "2")) == {
        mv("single", "SJ", "SJ"),
        mv("single", "BJ", "BJ"),
        mv("single", "2", "2h"),
    }


def test_wild_makes_a_pair_with_any_natural_card():
    # Level 2: 2h + Ks is a pair of K (only); 2h + 2s is a pair of 2 (level).
    assert readings("Ks 2h", "2") == {("pair", "K")}
    assert readings("2s 2h", "2") == {("pair", "2")}
    pair = one("Ks 2h", "2")
    assert declared_ranks(pair) == ["K", "K"]
    assert pair.wilds == 1
    assert one("Ks Kd", "2").wilds == 0


def test_distinct_physical_choices_are_separate_moves():
    # 6s 6d 6c: pairs 6s6d, 6s6c, 6d6c = C(3,2) = 3 pair moves.
    moves = leads("6s 6d 6c", "2")
    pairs = {key(m) for m in moves if m.kind == "pair"}
    assert pairs == {
        mv("pair", "6", "6s 6d"),
        mv("pair", "6", "6s 6c"),
        mv("pair", "6", "6c 6d"),
    }
    # 3 singles + 3 pairs + 1 triple = 7
    assert per_kind(moves) == {"single": 3, "pair": 3, "triple": 1}


def test_duplicate_copies_are_one_move():
    # Qc Qc: single Qc (either copy, one move) + pair Qc Qc = 2.
    moves = leads("Qc Qc", "2")
    assert keyset(moves) == {mv("single", "Q", "Qc"), mv("pair", "Q", "Qc Qc")}
    # The generated pair is equal to (and hashes like) the classified one.
    pair = [m for m in moves if m.kind == "pair"][0]
    assert pair == one("Qc Qc", "2")
    assert hash(pair) == hash(one("Qc Qc", "2"))
    # Qc Qc Qd: singles Qc, Qd = 2; pairs QcQc, QcQd = 2; triple QcQcQd = 1
    # 2 + 2 + 1 = 5
    assert keyset(leads("Qc Qc Qd", "2")) == {
        mv("single", "Q", "Qc"),
        mv("single", "Q", "Qd"),
        mv("pair", "Q", "Qc Qc"),
        mv("pair", "Q", "Qc Qd"),
        mv("triple", "Q", "Qc Qc Qd"),
    }


# ---------------------------------------------------------------- triples


def test_triple_with_two_wilds():
    # Ks 2h 2h at level 2: the two wilds stand for Ks -> triple of K only.
    assert readings("Ks 2h 2h", "2") == {("triple", "K")}
    t = one("Ks 2h 2h", "2")
    assert t.wilds == 2
    assert declared_ranks(t) == ["K", "K", "K"]


def test_no_joker_triple():
    assert readings("SJ SJ 2h", "2") == set()
    assert readings("BJ BJ 2h", "2") == set()


def test_level_triple_beats_ace_triple():
    assert guandan.beats(one("7s 7d 7c", "7"), one("As Ad Ac", "7"), "7")
    assert not guandan.beats(one("As Ad Ac", "7"), one("7s 7d 7c", "7"), "7")


# ------------------------------------------------------------- full house


def test_nines_with_two_wilds_full_house_or_five_of_a_kind():
    # 9s 9d 9c 2h 2h at level 2 (docs/rules.md §4.3 example):
    # - full house of 9s: triple 9s9d9c, the two wilds declared as a pair of
    #   any other rank;
    # - five 9s: the wilds stand for 9s.
    # (Triple of 2 naturals + wild with pair 9 + wild is the same rank: no.)
    assert readings("9s 9d 9c 2h 2h", "2") == {("full_house", "9"), ("bomb", "9")}
    fh = one("9s 9d 9c 2h 2h", "2", "full_house")
    bomb = one("9s 9d 9c 2h 2h", "2", "bomb")
    assert fh.size == 5 and bomb.size == 5
    assert fh.wilds == 2 and bomb.wilds == 2
    assert declared_ranks(bomb) == ["9"] * 5
    ranks = Counter(c.rank for c in fh.declared)
    assert ranks["9"] == 3
    (pair_rank, n), = [(r, n) for r, n in ranks.items() if r != "9"]
    assert n == 2 and pair_rank in RANKS  # a wild never stands for a joker


def test_rules_example_level_nine_readings():
    # docs/rules.md §4.5: 9c 9d 9d 9h 9h at level 9 (9h is wild) is a full house of 9s
    # (the wilds declared as a pair of another rank) or five 9s.
    assert readings("9c 9d 9d 9h 9h", "9") == {("full_house", "9"), ("bomb", "9")}
    fh = one("9c 9d 9d 9h 9h", "9", "full_house")
    ranks = Counter(c.rank for c in fh.declared)
    assert ranks["9"] == 3 and sorted(ranks.values()) == [2, 3]


def test_rules_example_level_nine_all_leading_moves():
    # Hand 9c 9d 9d 9h 9h, level 9; physical multisets (c, d, h) with
    # c <= 1, d <= 2, h <= 2; every one reads as 9s only, except the full hand:
    # singles: 9c, 9d, 9h = 3
    # pairs: 9c9d 9c9h 9d9d 9d9h 9h9h = 5
    # triples: (0,1,2) (0,2,1) (1,0,2) (1,1,1) (1,2,0) = 5
    # four 9s: (0,2,2) (1,1,2) (1,2,1) = 3
    # five cards: full house + five 9s = 2
    # 3 + 5 + 5 + 3 + 2 = 18
    moves = leads("9c 9d 9d 9h 9h", "9")
    assert per_kind(moves) == {"single": 3, "pair": 5, "triple": 5, "bomb": 4, "full_house": 1}
    assert len(moves) == 18
    assert all(m.rank == "9" for m in moves)
    bombs = Counter(m.size for m in moves if m.kind == "bomb")
    assert bombs == {4: 3, 5: 1}


def test_nines_with_two_wilds_all_leading_moves():
    # Hand 9s 9d 9c 2h 2h, level 2:
    # singles: 9s 9d 9c (9) + 2h (2) = 4
    # pairs: C(3,2)=3 natural + 3 natural+wild (all 9) + 2h2h (pair 2) = 7
    # triples: 1 natural + C(3,2)=3 with one wild + 3 with two wilds = 7 (all 9)
    # four 9s: 1 with one wild + C(3,2)=3 with two wilds = 4
    # five cards: full house 9 + five 9s = 2
    # 4 + 7 + 7 + 4 + 2 = 24
    moves = leads("9s 9d 9c 2h 2h", "2")
    assert per_kind(moves) == {"single": 4, "pair": 7, "triple": 7, "bomb": 5, "full_house": 1}
    assert len(moves) == 24
    assert {key(m) for m in moves if m.rank == "2"} == {
        mv("single", "2", "2h"),
        mv("pair", "2", "2h 2h"),
    }


def test_full_house_with_joker_pair():
    assert readings("9s 9d 9c SJ SJ", "2") == {("full_house", "9")}
    assert readings("9s 9d 9c BJ BJ", "2") == {("full_house", "9")}
    assert readings("9s 9d 9c SJ BJ", "2") == set()  # SJ BJ is not a pair


def test_full_house_pair_must_differ_from_triple():
    # Five natural 9s are a bomb only, never a full house 9-9.
    assert readings("9s 9s 9d 9d 9c", "2") == {("bomb", "9")}


def test_wild_triple_with_joker_pair_by_ruleset():
    # 9s 2h 2h SJ SJ at level 2: the two wilds and 9s make a triple of 9,
    # SJ SJ the pair.  standard and pagat allow a wild and a joker in one
    # combination; app forbids it.
    assert readings("9s 2h 2h SJ SJ", "2", "standard") == {("full_house", "9")}
    assert readings("9s 2h 2h SJ SJ", "2", "pagat") == {("full_house", "9")}
    assert readings("9s 2h 2h SJ SJ", "2", "app") == set()
    # One wild in the triple: same.
    assert readings("9s 9d 2h BJ BJ", "2", "standard") == {("full_house", "9")}
    assert readings("9s 9d 2h BJ BJ", "2", "app") == set()


def test_app_ruleset_leading_counts():
    # Hand 9s 9d 2h SJ SJ, level 2:
    # singles: 9s 9d 2h SJ = 4
    # pairs: 9s9d, 9s2h, 9d2h (all 9) + SJSJ = 4 (2h+SJ is never a pair)
    # triples: 9s9d2h = 1
    # four cards: none
    # five cards: full house 9 over SJ SJ = 1 (holds a wild and a joker)
    # standard / pagat: 4 + 4 + 1 + 1 = 10; app: no full house -> 9
    standard = leads("9s 9d 2h SJ SJ", "2", "standard")
    pagat = leads("9s 9d 2h SJ SJ", "2", "pagat")
    app = leads("9s 9d 2h SJ SJ", "2", "app")
    assert per_kind(standard) == {"single": 4, "pair": 4, "triple": 1, "full_house": 1}
    assert keyset(pagat) == keyset(standard)
    assert keyset(standard) - keyset(app) == {mv("full_house", "9", "9s 9d 2h SJ SJ")}
    assert keyset(app) < keyset(standard)
    assert len(app) == 9


def test_level_card_full_house_ranks_above_aces():
    # Level 7: 7s 7d 7c + 4s 4d is a full house of 7, above a full house of A.
    fh7 = one("7s 7d 7c 4s 4d", "7")
    assert (fh7.kind, fh7.rank) == ("full_house", "7")
    fha = one("As Ad Ac Ks Kd", "7")
    assert guandan.beats(fh7, fha, "7")
    assert not guandan.beats(fha, fh7, "7")
    # At level 9 the 7s are ordinary: A over 7.
    assert guandan.beats(one("As Ad Ac Ks Kd", "9"), one("7s 7d 7c 4s 4d", "9"), "9")


def test_full_house_wild_in_triple_or_in_pair():
    # Level 7, cards 7s 7h 7h 4s 4d (7h wild):
    # - triple 7s+7h+7h (7s), pair 4s4d -> full house of 7;
    # - triple 4s4d+7h (4s), pair 7s+7h (7s) -> full house of 4.
    # No five of a kind (7 and 4 differ), no straight.
    assert readings("7s 7h 7h 4s 4d", "7") == {("full_house", "7"), ("full_house", "4")}


def test_full_house_pair_of_two_wilds_with_level_triple():
    # Level 7, cards 4s 4d 4c 7h 7h: full house of 4 (the wild pair declared
    # as any other rank, 7 included) or five 4s.
    assert readings("4s 4d 4c 7h 7h", "7") == {("full_house", "4"), ("bomb", "4")}


def test_full_house_compares_by_triple_only():
    # Full house 9 over 2 2 beats full house 8 over A A; pair rank is ignored.
    assert guandan.beats(one("9s 9d 9c 3s 3d", "2"), one("8s 8d 8c As Ad", "2"), "2")
    # Same triple rank, different pair: equal, neither beats.
    a, b = one("9s 9d 9c 3s 3d", "2"), one("9s 9h 9c As Ad", "2")
    assert not guandan.beats(a, b, "2") and not guandan.beats(b, a, "2")


# -------------------------------------------------------------- straights


def test_no_wrap_around():
    assert readings("Ks As 2d 3d 4d", "9") == set()
    assert readings("Qs Ks As 2d 3d", "9") == set()
    # A wild cannot bridge it either: {K, A, 2, 3} + any rank is no run.
    assert readings("Ks As 2d 3d 9h", "9") == set()


def test_lowest_and_highest_straights():
    low = one("As 2d 3c 4s 5s", "9")
    high = one("Ts Jd Qc Ks Ad", "9")
    assert (low.kind, low.rank) == ("straight", "5")
    assert (high.kind, high.rank) == ("straight", "A")
    mid = one("2s 3d 4c 5s 6s", "9")
    assert (mid.kind, mid.rank) == ("straight", "6")
    assert guandan.beats(high, low, "9")
    assert guandan.beats(mid, low, "9")
    assert guandan.beats(high, mid, "9")
    assert not guandan.beats(low, high, "9")
    assert not guandan.beats(low, mid, "9")


def test_straight_all_one_suit_is_only_a_straight_flush():
    assert readings("5s 6s 7s 8s 9s", "2") == {("straight_flush", "9")}
    assert readings("5s 6s 7s 8s 9d", "2") == {("straight", "9")}


def test_level_card_keeps_natural_place_in_straight():
    # Level 7: 5 6 7 8 9 with a non-heart 7 is a straight to 9.
    assert readings("5s 6d 7c 8s 9s", "7") == {("straight", "9")}
    # The 7 is not above the A in a sequence: T J Q K 7 is nothing.
    assert readings("Ts Jd Qc Ks 7d", "7") == set()
    # Level A: A is still low in A2345 and high in TJQKA.
    assert readings("As 2d 3c 4s 5s", "A") == {("straight", "5")}
    assert readings("Ts Jd Qc Ks Ad", "A") == {("straight", "A")}
    # Level 2: the 2 (not a heart) sits in A2345.
    assert readings("As 2s 3d 4c 5s", "2") == {("straight", "5")}
    # The wild 2h fills the 2 there too: suits A s,3 d,4 c,5 s are mixed.
    assert readings("As 2h 3d 4c 5s", "2") == {("straight", "5")}


def test_following_straight_with_level_card_inside():
    # Level 7, previous 4d 5c 6c 7d 8d (straight to 8).  Hand 5s 6d 7c 8s 9s:
    # only the straight to 9 beats it (no bombs, no other 5-card move).
    previous = one("4d 5c 6c 7d 8d", "7")
    assert (previous.kind, previous.rank) == ("straight", "8")
    assert keyset(follows("5s 6d 7c 8s 9s", "7", previous)) == {
        mv("straight", "9", "5s 6d 7c 8s 9s")
    }


def test_straight_flush_and_straight_readings_with_wild():
    # 5s 6s 7s 8s 2h at level 2 (docs/rules.md §4.3, §4.4 example): the wild is
    # 9s -> straight flush to 9;  4s -> straight flush to 8;
    # a 9 of another suit -> straight to 9;  a 4 of another suit -> straight to 8.
    assert readings("5s 6s 7s 8s 2h", "2") == {
        ("straight_flush", "9"),
        ("straight_flush", "8"),
        ("straight", "9"),
        ("straight", "8"),
    }
    by = {(m.kind, m.rank): m for m in guandan.classify("5s 6s 7s 8s 2h", "2")}
    assert declared_key(by["straight_flush", "9"]) == ("5s", "6s", "7s", "8s", "9s")
    assert declared_key(by["straight_flush", "8"]) == ("4s", "5s", "6s", "7s", "8s")
    s9 = by["straight", "9"]
    assert declared_ranks(s9) == sorted("56789")
    assert [c.suit for c in s9.declared if c.rank == "9"] != ["s"]
    s8 = by["straight", "8"]
    assert declared_ranks(s8) == sorted("45678")
    assert [c.suit for c in s8.declared if c.rank == "4"] != ["s"]
    for m in by.values():
        # The wild appears as the physical 2h, cards sorted by index.
        assert [str(c) for c in m.cards] == ["2h", "5s", "6s", "7s", "8s"]
        assert m.wilds == 1 and m.size == 5


def test_wild_declared_as_itself_in_straight():
    # Level 7, 5s 6s 7h 8s 9s: the wild must be a 7 (the only missing rank):
    # as 7s -> straight flush to 9; as 7h/7c/7d -> straight to 9.
    assert readings("5s 6s 7h 8s 9s", "7") == {("straight_flush", "9"), ("straight", "9")}


def test_two_wilds_in_a_straight():
    # 5s 6d 8c 2h 2h at level 2: runs holding 5, 6 and 8 are 4-8 (wilds 4, 7)
    # and 5-9 (wilds 7, 9); mixed suits, so straights only = 2 readings.
    assert readings("5s 6d 8c 2h 2h", "2") == {("straight", "8"), ("straight", "9")}
    # 5s 6s 7s 2h 2h: runs 3-7, 4-8, 5-9, each a straight flush or a
    # straight = 6 readings.
    assert readings("5s 6s 7s 2h 2h", "2") == {
        ("straight_flush", "7"),
        ("straight_flush", "8"),
        ("straight_flush", "9"),
        ("straight", "7"),
        ("straight", "8"),
        ("straight", "9"),
    }


def test_jokers_never_in_a_sequence():
    assert readings("Ts Jd Qc Ks SJ", "9") == set()
    assert readings("Ts Jd Qc SJ 2h", "2") == set()


def test_straight_is_exactly_five_cards():
    assert readings("As 2s 3d 4c", "9") == set()
    assert readings("3s 4d 5c 6s 7d 8c", "9") == set()


def test_leading_moves_straight_flush_hand():
    # Hand 5s 6s 7s 8s 2h, level 2:
    # singles: 5 ; pairs: 5s 6s 7s 8s each with 2h = 4
    # no triples or four-card moves (one wild, no natural pairs)
    # five cards: straight flush 9, 8 + straight 9, 8 = 4
    # 5 singles + 4 pairs + 2 straight flushes + 2 straights = 13
    moves = leads("5s 6s 7s 8s 2h", "2")
    assert per_kind(moves) == {"single": 5, "pair": 4, "straight_flush": 2, "straight": 2}


def test_leading_moves_straight_hand_with_wild():
    # Hand 5s 6s 7s 8s 9d 2h, level 2:
    # singles 6; pairs: 2h with each of 5 naturals = 5 (no natural pairs)
    # five cards without the wild: 5s6s7s8s9d straight 9 = 1
    # with the wild, leaving out
    #   5s: 6 7 8 9 + wild 5 or T -> straight 9, straight T = 2 (9d: no flush)
    #   6s / 7s / 8s: the wild fills the gap -> straight 9 = 1 each = 3
    #   9d: straight flush 9, 8 + straight 9, 8 = 4
    # straights: 6 to 9 + 1 to T + 1 to 8 = 8; straight flushes 2
    # 6 + 5 + 8 + 2 = 21
    moves = leads("5s 6s 7s 8s 9d 2h", "2")
    assert per_kind(moves) == {"single": 6, "pair": 5, "straight": 8, "straight_flush": 2}
    straights = {key(m) for m in moves if m.kind == "straight"}
    assert straights == {
        mv("straight", "9", "5s 6s 7s 8s 9d"),
        mv("straight", "9", "6s 7s 8s 9d 2h"),
        mv("straight", "T", "6s 7s 8s 9d 2h"),
        mv("straight", "9", "5s 7s 8s 9d 2h"),
        mv("straight", "9", "5s 6s 8s 9d 2h"),
        mv("straight", "9", "5s 6s 7s 9d 2h"),
        mv("straight", "9", "5s 6s 7s 8s 2h"),
        mv("straight", "8", "5s 6s 7s 8s 2h"),
    }


def test_following_straight_with_straights_and_bomb():
    # Level 2, previous 5d 6d 7c 8d 9d (straight to 9).
    # Hand 6s 7d 8c 9s Th Js 3s 3d 3c 3h: straights 6-T and 7-J beat it
    # (one physical way each), plus the bomb 3333 = 3.
    previous = one("5d 6d 7c 8d 9d", "2")
    assert keyset(follows("6s 7d 8c 9s Th Js 3s 3d 3c 3h", "2", previous)) == {
        mv("straight", "T", "6s 7d 8c 9s Th"),
        mv("straight", "J", "7d 8c 9s Th Js"),
        mv("bomb", "3", "3s 3d 3c 3h"),
    }


# ------------------------------------------------------------------ tubes


def test_tube_is_exactly_three_pairs():
    assert readings("3s 3d 4s 4d 5s 5d 6s 6d", "9") == set()
    assert readings("3s 3d 4s 4d", "9") == set()
    assert readings("3s 3d 4s 4d 5s 5d", "9") == {("tube", "5")}
    # Hand 3s 3d 4s 4d 5s 5d 6s 6d, level 9:
    # 8 singles + 4 pairs + tubes 334455, 445566 = 14; no 8-card move.
    moves = leads("3s 3d 4s 4d 5s 5d 6s 6d", "9")
    assert per_kind(moves) == {"single": 8, "pair": 4, "tube": 2}
    assert {key(m) for m in moves if m.kind == "tube"} == {
        mv("tube", "5", "3s 3d 4s 4d 5s 5d"),
        mv("tube", "6", "4s 4d 5s 5d 6s 6d"),
    }


def test_tube_ends():
    assert readings("As Ad 2s 2d 3s 3d", "9") == {("tube", "3")}
    assert readings("Qs Qd Ks Kd As Ad", "9") == {("tube", "A")}
    assert readings("Ks Kd As Ad 2s 2d", "9") == set()  # no wrap-around
    # Level 2: the 2s keep their natural place, AA2233 is still a tube.
    assert readings("As Ad 2s 2d 3s 3d", "2") == {("tube", "3")}
    # ... and KKAA22 is still nothing, even with the wild 2h.
    assert readings("Ks Kd As Ad 2s 2h", "2") == set()
    assert guandan.beats(one("Qs Qd Ks Kd As Ad", "9"), one("As Ad 2s 2d 3s 3d", "9"), "9")


def test_tube_with_level_cards_in_natural_place():
    # Level 7: 667788 is a tube to 8, below 778899 (to 9).
    t8 = one("6s 6d 7s 7d 8s 8d", "7")
    t9 = one("7c 7c 8c 8d 9s 9d", "7")
    assert (t8.kind, t8.rank) == ("tube", "8")
    assert (t9.kind, t9.rank) == ("tube", "9")
    assert guandan.beats(t9, t8, "7")
    assert not guandan.beats(t8, t9, "7")
    # 7 is not after A in a tube: KKAA77 at level 7 is nothing.
    assert readings("Ks Kd As Ad 7s 7d", "7") == set()


def test_tube_with_wild():
    # 3s 3d 4s 4d 5s 2h at level 2: the wild is the second 5 -> tube to 5.
    # (A plate would need two wilds.)
    assert readings("3s 3d 4s 4d 5s 2h", "2") == {("tube", "5")}


# ----------------------------------------------------------------- plates


def test_plate_ends():
    assert readings("As Ad Ac 2s 2d 2c", "9") == {("plate", "2")}
    assert readings("Ks Kd Kc As Ad Ac", "9") == {("plate", "A")}
    # Level 2: 2s in natural place, AAA222 is still a plate.
    assert readings("As Ad Ac 2s 2d 2c", "2") == {("plate", "2")}
    assert guandan.beats(one("Ks Kd Kc As Ad Ac", "9"), one("As Ad Ac 2s 2d 2c", "9"), "9")
    # Wild as the third K: KKKAAA.
    assert readings("Ks Kd As Ad Ac 2h", "2") == {("plate", "A")}


def test_plate_with_level_cards_in_natural_place():
    # Level 7: 777888 is a plate to 8, 666777 a plate to 7.
    assert readings("7s 7d 7c 8s 8d 8c", "7") == {("plate", "8")}
    assert readings("6s 6d 6c 7s 7d 7c", "7") == {("plate", "7")}
    assert guandan.beats(one("7s 7d 7c 8s 8d 8c", "7"), one("6s 6d 6c 7s 7d 7c", "7"), "7")
    # AAA777 at level 7 is not a plate (7 is not next to A in sequences).
    assert readings("As Ad Ac 7s 7d 7c", "7") == set()


def test_plate_is_exactly_two_triples():
    assert readings("3s 3d 3c 4s 4d 4c 5s 5d 5c", "9") == set()
    # Hand 3s 3d 3c 4s 4d 4c 5s 5d 5c, level 9:
    # singles 9; pairs 3 per rank x 3 = 9; triples 3;
    # full houses: 3 triples x (2 other ranks x 3 pairs) = 18;
    # tubes 334455: 3 x 3 x 3 = 27; plates 333444, 444555 = 2
    # 9 + 9 + 3 + 18 + 27 + 2 = 68
    moves = leads("3s 3d 3c 4s 4d 4c 5s 5d 5c", "9")
    assert per_kind(moves) == {
        "single": 9,
        "pair": 9,
        "triple": 3,
        "full_house": 18,
        "tube": 27,
        "plate": 2,
    }


# ------------------------------------------------------------------ bombs


def test_four_jokers():
    jb = one("SJ SJ BJ BJ", "2")
    assert (jb.kind, jb.rank, jb.size) == ("joker_bomb", "BJ", 4)
    assert jb.wilds == 0
    # A wild never joins it.
    assert readings("SJ SJ BJ 2h", "2") == set()
    assert readings("SJ BJ BJ 2h", "2") == set()
    assert readings("SJ SJ BJ BJ 2h", "2") == set()
    # Hand SJ SJ BJ BJ 2h, level 2:
    # singles SJ BJ 2h = 3; pairs SJSJ BJBJ = 2; four jokers = 1 -> 6
    assert keyset(leads("SJ SJ BJ BJ 2h", "2")) == {
        mv("single", "SJ", "SJ"),
        mv("single", "BJ", "BJ"),
        mv("single", "2", "2h"),
        mv("pair", "SJ", "SJ SJ"),
        mv("pair", "BJ", "BJ BJ"),
        mv("joker_bomb", "BJ", "SJ SJ BJ BJ"),
    }


def test_bomb_with_two_wilds():
    assert readings("Ks Kd 2h 2h", "2") == {("bomb", "K")}
    b = one("Ks Kd 2h 2h", "2")
    assert b.size == 4 and b.wilds == 2
    assert declared_ranks(b) == ["K"] * 4


def test_no_joker_in_n_of_a_kind():
    assert readings("9s 9d 9c SJ", "2") == set()
    assert readings("9s 9d 9c 2h SJ", "2") == set()


def test_nine_and_ten_of_a_kind_need_wilds():
    # Eight natural 9s + the two 2h wilds at level 2 = ten of a kind.
    ten = one("9s 9s 9h 9h 9c 9c 9d 9d 2h 2h", "2")
    assert (ten.kind, ten.rank, ten.size, ten.wilds) == ("bomb", "9", 10, 2)
    nine = one("9s 9s 9h 9h 9c 9c 9d 9d 2h", "2")
    assert (nine.kind, nine.rank, nine.size, nine.wilds) == ("bomb", "9", 9, 1)
    eight = one("9s 9s 9h 9h 9c 9c 9d 9d", "2")
    assert (eight.kind, eight.rank, eight.size, eight.wilds) == ("bomb", "9", 8, 0)


def test_bomb_ladder():
    # Level 9 (wild 9h), weakest to strongest.  Within a tier: level order
    # for n-of-a-kind (9 above A), top card in natural order for straight
    # flushes (the level 9 in its natural place, below A).
    ladder = [
        ("3s 3d 3c 3h", "bomb", "3", 4),
        ("As Ad Ac Ah", "bomb", "A", 4),
        ("9s 9s 9d 9c", "bomb", "9", 4),
        ("2s 2s 2d 2c 2h", "bomb", "2", 5),
        ("9s 9s 9d 9d 9c", "bomb", "9", 5),
        ("As 2s 3s 4s 5s", "straight_flush", "5", 5),
        ("5d 6d 7d 8d 9d", "straight_flush", "9", 5),
        ("Td Jd Qd Kd Ad", "straight_flush", "A", 5),
        ("2s 2s 2d 2d 2c 2c", "bomb", "2", 6),
        ("As As Ad Ad Ac Ac", "bomb", "A", 6),
        ("2s 2s 2d 2d 2c 2c 2h", "bomb", "2", 7),
        ("2s 2s 2d 2d 2c 2c 2h 2h", "bomb", "2", 8),
        ("2s 2s 2d 2d 2c 2c 2h 2h 9h", "bomb", "2", 9),
        ("2s 2s 2d 2d 2c 2c 2h 2h 9h 9h", "bomb", "2", 10),
        ("SJ SJ BJ BJ", "joker_bomb", "BJ", 4),
    ]
    moves = []
    for cards, kind, rank, size in ladder:
        m = one(cards, "9")
        assert (m.kind, m.rank, m.size) == (kind, rank, size), cards
        moves.append(m)
    for i, low in enumerate(moves):
        assert not guandan.beats(low, low, "9")
        for high in moves[i + 1:]:
            assert guandan.beats(high, low, "9"), (key(high), key(low))
            assert not guandan.beats(low, high, "9"), (key(low), key(high))


def test_every_bomb_beats_every_non_bomb():
    non_bombs = [
        one("BJ", "9"),
        one("BJ BJ", "9"),
        one("9s 9d 9c", "9"),
        one("9s 9d 9c SJ SJ", "9"),
        one("Ts Jd Qc Ks Ad", "9"),
        one("Qs Qd Ks Kd As Ad", "9"),
        one("Ks Kd Kc As Ad Ac", "9"),
    ]
    bombs = [one("2s 2d 2c 2h", "9"), one("As 2s 3s 4s 5s", "9"), one("SJ SJ BJ BJ", "9")]
    for b in bombs:
        for n in non_bombs:
            assert guandan.beats(b, n, "9")
            assert not guandan.beats(n, b, "9")


def test_n_of_a_kind_uses_level_order():
    # Level 7: four 7s beat four As; at level 9 they do not.
    assert guandan.beats(one("7s 7s 7d 7c", "7"), one("As As Ad Ac", "7"), "7")
    assert not guandan.beats(one("As As Ad Ac", "7"), one("7s 7s 7d 7c", "7"), "7")
    assert guandan.beats(one("As As Ad Ac", "9"), one("7s 7s 7d 7c", "9"), "9")


def test_bigger_bomb_tier_beats_higher_rank():
    # Five 2s beat four of the level rank; a straight flush A2345 beats five
    # of the level rank; four of a kind never beats five of a kind.
    assert guandan.beats(one("2s 2s 2d 2c 2h", "7"), one("7s 7s 7d 7c", "7"), "7")
    assert guandan.beats(one("As 2s 3s 4s 5s", "7"), one("7s 7s 7d 7c 7d", "7"), "7")
    assert not guandan.beats(one("7s 7s 7d 7c", "7"), one("2s 2s 2d 2c 2h", "7"), "7")


def test_following_bomb_only_higher_bombs():
    # Level 9, previous four 6s.  Hand 5s 5s 5d 5c 5h 8s 8d 8c 8h:
    # four 5s (4 physical choices) are lower; four 8s (1) beats it;
    # five 5s (1) beats it (higher tier).  No non-bomb can follow.  = 2
    previous = one("6s 6d 6c 6h", "9")
    assert keyset(follows("5s 5s 5d 5c 5h 8s 8d 8c 8h", "9", previous)) == {
        mv("bomb", "8", "8s 8d 8c 8h"),
        mv("bomb", "5", "5s 5s 5d 5c 5h"),
    }


def test_following_level_rank_bomb():
    # Level 9, previous four 9s (above four As in level order).
    # Hand As Ad Ac Ah 2s 2s 2d 2c 2h: four As lose, four 2s (4 ways) lose,
    # five 2s win = 1.
    previous = one("9s 9d 9c 9s", "9")
    assert keyset(follows("As Ad Ac Ah 2s 2s 2d 2c 2h", "9", previous)) == {
        mv("bomb", "2", "2s 2s 2d 2c 2h"),
    }


def test_following_straight_flush():
    # Level 9, previous As 2s 3s 4s 5s (lowest straight flush).
    # Hand 4s 4s 4d 4d 4c 4c 3s 3s 3d 3c 3h: fours and fives lose to a
    # straight flush, no straight flush in hand, the one six-4s bomb wins = 1.
    previous = one("As 2s 3s 4s 5s", "9")
    assert keyset(follows("4s 4s 4d 4d 4c 4c 3s 3s 3d 3c 3h", "9", previous)) == {
        mv("bomb", "4", "4s 4s 4d 4d 4c 4c"),
    }


def test_nothing_beats_four_jokers():
    previous = one("SJ SJ BJ BJ", "2")
    hand = "2s 2s 2d 2d 2c 2c 2h 2h 9s 9s 9d 9d 9c 9c 9h 9h"
    assert follows(hand, "2", previous) == []


def test_leading_moves_two_bomb_ranks():
    # Hand 5s 5s 5d 5c 5h 8s 8d 8c 8h, level 9 (no wilds):
    # 5s: kinds s,s,d,c,h; 8s: s,d,c,h.
    # singles: 4 + 4 = 8
    # pairs: 5: C(4,2)+1 (5s5s) = 7; 8: C(4,2) = 6 -> 13
    # triples: 5: C(4,3)+3 (5s5s+x) = 7; 8: 4 -> 11
    # four of a kind: 5: 4 (leave out one kind); 8: 1 -> 5
    # five 5s: 1
    # full houses: triple 5 x pair 8 = 7 x 6 = 42; triple 8 x pair 5 = 4 x 7 = 28 -> 70
    # 8 + 13 + 11 + 5 + 1 + 70 = 108
    moves = leads("5s 5s 5d 5c 5h 8s 8d 8c 8h", "9")
    assert per_kind(moves) == {"single": 8, "pair": 13, "triple": 11, "bomb": 6, "full_house": 70}
    assert len(moves) == 108


# --------------------------------------------------------------- following


def test_following_pair_of_level_rank():
    # Level 7, previous 7s 7d.  Hand SJ SJ BJ 7h As Ad:
    # pairs: SJSJ (beats), AsAd, As7h, Ad7h (A, lose); 7h alone; BJ alone;
    # SJ/BJ with 7h never pair.  = 1
    previous = one("7s 7d", "7")
    assert keyset(follows("SJ SJ BJ 7h As Ad", "7", previous)) == {mv("pair", "SJ", "SJ SJ")}


def test_following_pair_of_nines():
    # Level 2, previous 9s 9h.  Hand 4s 4d 9c 9d Kc 2s 2h:
    # pairs: 4s4d 4s2h 4d2h (4), 9c9d 9c2h 9d2h (9), Kc2h (K), 2s2h (2 = level)
    # beating 9: Kc2h, 2s2h = 2; no four of a kind (at most 3 of a rank).
    previous = one("9s 9h", "2")
    assert keyset(follows("4s 4d 9c 9d Kc 2s 2h", "2", previous)) == {
        mv("pair", "K", "Kc 2h"),
        mv("pair", "2", "2s 2h"),
    }


def test_following_full_house():
    # Level 2, previous 9s 9d 9c 4s 4d.  Hand Ts Td Tc 3s 3d 8s 8d 8c:
    # triple T with pair 3s3d (1) or a pair of 8s (C(3,2) = 3) = 4;
    # full houses of 8 and 3 are lower; no bombs.
    previous = one("9s 9d 9c 4s 4d", "2")
    assert keyset(follows("Ts Td Tc 3s 3d 8s 8d 8c", "2", previous)) == {
        mv("full_house", "T", "Ts Td Tc 3s 3d"),
        mv("full_house", "T", "Ts Td Tc 8s 8d"),
        mv("full_house", "T", "Ts Td Tc 8s 8c"),
        mv("full_house", "T", "Ts Td Tc 8c 8d"),
    }


def test_following_tube():
    # Level 9, previous 2s 2d 3s 3d 4s 4d (tube to 4).  Hand 3c 3c 4c 4h 5s 5d 6s:
    # 334455 (one physical way) beats it; 445566 needs a second 6.  = 1
    previous = one("2s 2d 3s 3d 4s 4d", "9")
    assert keyset(follows("3c 3c 4c 4h 5s 5d 6s", "9", previous)) == {
        mv("tube", "5", "3c 3c 4c 4h 5s 5d"),
    }


def test_following_must_match_kind_and_size():
    # A straight cannot follow a tube; a pair cannot follow a single.
    previous = one("3s 3d 4s 4d 5s 5d", "9")
    assert follows("6s 7d 8c 9s Th Jd", "9", previous) == []
    # Over a single 3, hand Ks Kd gives the two singles only, not the pair.
    assert keyset(follows("Ks Kd", "9", one("3s", "9"))) == {
        mv("single", "K", "Ks"),
        mv("single", "K", "Kd"),
    }


def test_following_with_nothing_higher_is_empty():
    # Pass is not a move: with nothing that beats, the list is empty.
    assert follows("3s 4d", "2", one("As", "2")) == []
    assert follows("As", "2", one("Ad", "2")) == []  # equal does not beat


def test_equal_never_beats_equal_and_suits_never_rank():
    pairs = [("9s", "9d"), ("9s 9d", "9c 9h"), ("5s 6d 7c 8s 9s", "5d 6s 7h 8c 9d")]
    for a, b in pairs:
        ma, mb = one(a, "2"), one(b, "2")
        assert not guandan.beats(ma, mb, "2")
        assert not guandan.beats(mb, ma, "2")
    # Two straight flushes to 9 in different suits; two equal bombs.
    a, b = one("5s 6s 7s 8s 9s", "2"), one("5d 6d 7d 8d 9d", "2")
    assert not guandan.beats(a, b, "2") and not guandan.beats(b, a, "2")
    a, b = one("Ks Kd Kc Kh", "2"), one("Ks Kd Kc 2h", "2")
    assert not guandan.beats(a, b, "2") and not guandan.beats(b, a, "2")


def test_beats_needs_same_kind_and_size_for_non_bombs():
    pair_a = one("As Ad", "9")
    single_3 = one("3s", "9")
    triple_2 = one("2s 2d 2c", "9")
    straight = one("3s 4d 5c 6s 7d", "9")
    tube = one("3s 3d 4s 4d 5s 5d", "9")
    plate = one("3s 3d 3c 4s 4d 4c", "9")
    fh = one("3s 3d 3c 4s 4d", "9")
    assert not guandan.beats(pair_a, single_3, "9")
    assert not guandan.beats(single_3, pair_a, "9")
    assert not guandan.beats(pair_a, triple_2, "9")
    assert not guandan.beats(triple_2, pair_a, "9")
    # Tube and plate: both 6 cards, different kinds.
    assert not guandan.beats(plate, tube, "9")
    assert not guandan.beats(tube, plate, "9")
    # Full house and straight: both 5 cards, different kinds.
    assert not guandan.beats(fh, straight, "9")
    assert not guandan.beats(straight, fh, "9")


# ----------------------------------------------------------------- classify


def test_classify_non_combinations():
    for cards in [
        "3s 4d",  # two ranks
        "SJ BJ",  # mixed jokers
        "3s 3d 4s 4d",  # two pairs
        "3s 3d 3c 4s",  # triple plus one
        "3s 3d 3c 4s 4d 5s",  # full house plus one
        "As 2s 3d 4c",  # four-card run
        "3s 3d 4s 4d 5s 5d 6s 6d",  # four pairs
        "3s 3d 3c 4s 4d 4c 5s 5d 5c",  # three triples
        "SJ SJ BJ",
        "2s 3s 4s 5s 7s",  # gap
    ]:
        assert guandan.classify(cards, "9") == [], cards


def test_classify_every_kind():
    cases = [
        ("Kd", "single", "K", 1),
        ("SJ", "single", "SJ", 1),
        ("Kd Ks", "pair", "K", 2),
        ("Kd Ks Kc", "triple", "K", 3),
        ("Kd Ks Kc 3s 3d", "full_house", "K", 5),
        ("9s Td Jc Qs Kd", "straight", "K", 5),
        ("9s 9d Ts Td Js Jd", "tube", "J", 6),
        ("9s 9d 9c Ts Td Tc", "plate", "T", 6),
        ("Ks Kd Kc Kh", "bomb", "K", 4),
        ("9d Td Jd Qd Kd", "straight_flush", "K", 5),
        ("SJ SJ BJ BJ", "joker_bomb", "BJ", 4),
    ]
    for cards, kind, rank, size in cases:
        moves = guandan.classify(cards, "2")
        assert [(m.kind, m.rank, m.size) for m in moves] == [(kind, rank, size)], cards
        m = moves[0]
        assert m.wilds == 0
        assert declared_key(m) == cards_key(m.cards)
        idx = [c.index for c in m.cards]
        assert idx == sorted(idx)


# ------------------------------------------------------------ grouped_moves


def group_key(m):
    return (m.kind, m.size, m.rank)


def check_grouped(hand, level, previous=None):
    """grouped_moves has one move per (kind, size, rank) of legal_moves, each
    one of the legal moves and using the fewest wilds of its group."""
    all_moves = guandan.legal_moves(hand, level, previous)
    grouped = guandan.grouped_moves(hand, level, previous)
    groups = {}
    for m in all_moves:
        groups.setdefault(group_key(m), []).append(m)
    assert sorted(group_key(m) for m in grouped) == sorted(groups)
    legal = keyset(all_moves)
    for m in grouped:
        assert key(m) in legal
        assert m.wilds == min(x.wilds for x in groups[group_key(m)])
    return {group_key(m): m for m in grouped}


def test_grouped_moves_fewest_wilds_small():
    # Hand 9s 9d 2h, level 2: 3 singles + 3 pairs + 1 triple = 7 moves in
    # 4 groups: single 9, single 2, pair 9, triple 9.
    g = check_grouped("9s 9d 2h", "2")
    assert set(g) == {("single", 1, "9"), ("single", 1, "2"), ("pair", 2, "9"), ("triple", 3, "9")}
    assert cards_key(g["pair", 2, "9"].cards) == ("9d", "9s")
    assert g["pair", 2, "9"].wilds == 0
    assert g["triple", 3, "9"].wilds == 1


def test_grouped_moves_straights():
    # Hand 5s 6s 7s 8s 9d 2h, level 2 (21 moves, see above) in groups:
    # singles 5 6 7 8 9 2 = 6; pairs 5 6 7 8 9 = 5; straights to 8, 9, T = 3;
    # straight flushes to 8, 9 = 2.  6 + 5 + 3 + 2 = 16
    g = check_grouped("5s 6s 7s 8s 9d 2h", "2")
    assert len(g) == 16
    # The straight to 9 has a wild-free choice: 5s 6s 7s 8s 9d.
    s9 = g["straight", 5, "9"]
    assert s9.wilds == 0
    assert cards_key(s9.cards) == ("5s", "6s", "7s", "8s", "9d")
    assert g["straight", 5, "T"].wilds == 1
    assert g["straight", 5, "8"].wilds == 1
    assert g["straight_flush", 5, "9"].wilds == 1
    for r in "56789":
        assert g["pair", 2, r].wilds == 1


def test_grouped_moves_bombs_by_size():
    # Hand 9s 9d 9c 2h 2h, level 2 (24 moves) in 8 groups: single 9, single 2,
    # pair 9, pair 2, triple 9, four 9s, five 9s, full house 9.
    g = check_grouped("9s 9d 9c 2h 2h", "2")
    assert set(g) == {
        ("single", 1, "9"),
        ("single", 1, "2"),
        ("pair", 2, "9"),
        ("pair", 2, "2"),
        ("triple", 3, "9"),
        ("bomb", 4, "9"),
        ("bomb", 5, "9"),
        ("full_house", 5, "9"),
    }
    assert g["triple", 3, "9"].wilds == 0
    assert cards_key(g["triple", 3, "9"].cards) == ("9c", "9d", "9s")
    assert g["bomb", 4, "9"].wilds == 1
    assert cards_key(g["bomb", 4, "9"].cards) == ("2h", "9c", "9d", "9s")
    assert g["bomb", 5, "9"].wilds == 2
    assert g["full_house", 5, "9"].wilds == 2


def test_grouped_moves_following():
    # The four full houses of T over a full house of 9 form one group.
    previous = one("9s 9d 9c 4s 4d", "2")
    g = check_grouped("Ts Td Tc 3s 3d 8s 8d 8c", "2", previous)
    assert set(g) == {("full_house", 5, "T")}


# ----------------------------------------------------------- move objects


def test_move_cards_sorted_and_hashable():
    moves = leads("Ks 2h 2h 3d", "2")
    for m in moves:
        idx = [c.index for c in m.cards]
        assert idx == sorted(idx)
        assert m.size == len(m.cards) == len(m.declared)
    # Equal moves are equal and hash equal whichever way they were built.
    assert one("9d 9s", "2") == one("9s 9d", "2")
    assert hash(one("9d 9s", "2")) == hash(one("9s 9d", "2"))
    assert one("9s 9d", "2") != one("9s 9c", "2")
    assert len({one("9d 9s", "2"), one("9s 9d", "2"), one("9s 9c", "2")}) == 2


def test_inputs_forms_agree():
    hand_str = "5s 6s 7s 8s 2h"
    expected = keyset(guandan.legal_moves(hand_str, "2"))
    assert keyset(guandan.legal_moves(guandan.Hand(hand_str), "2")) == expected
    assert keyset(guandan.legal_moves(guandan.parse_cards(hand_str), "2")) == expected
    assert keyset(guandan.legal_moves(hand_str.split(), "2")) == expected
    assert keyset(guandan.legal_moves("5S 6s 7s 8s 2H", "2")) == expected


@pytest.mark.parametrize("ruleset", ["pagat", "standard", "app"])
def test_rulesets_agree_without_jokers_and_wilds_together(ruleset):
    # Only app differs, and only on combinations holding a wild and a joker.
    # Hand 5s 6s 7s 8s 2h has no joker: 13 moves in every ruleset.
    assert len(leads("5s 6s 7s 8s 2h", "2", ruleset)) == 13


# ------------------------------------------------ more wild-card readings


def test_triples_with_two_wilds_follow_the_natural_card():
    # Level 7: As 7h 7h is a triple of A (not of 7); 7s 7h 7h a triple of 7.
    assert readings("As 7h 7h", "7") == {("triple", "A")}
    assert readings("7s 7h 7h", "7") == {("triple", "7")}
    assert guandan.beats(one("7s 7h 7h", "7"), one("As 7h 7h", "7"), "7")


def test_four_of_level_rank_with_two_wilds():
    assert readings("7s 7d 7h 7h", "7") == {("bomb", "7")}
    assert guandan.beats(one("7s 7d 7h 7h", "7"), one("As As Ad Ac", "7"), "7")


def test_level_rank_five_cards_with_two_wilds():
    # Same shape as the docs/rules.md §4.3 example, at level 7: 7s 7d 7c 7h 7h is a
    # full house of 7 (wild pair declared as another rank) or five 7s.
    assert readings("7s 7d 7c 7h 7h", "7") == {("full_house", "7"), ("bomb", "7")}


def test_full_house_triple_or_pair_from_level_cards():
    # Level 7, As 7h 7h 7s 7d:
    # - triple As + 2 wilds (A), pair 7s 7d -> full house of A;
    # - triple 7s 7d + wild (7), pair As + wild (A) -> full house of 7.
    # No five of a kind (As differs).
    assert readings("As 7h 7h 7s 7d", "7") == {("full_house", "A"), ("full_house", "7")}


def test_straights_with_wild_at_level_ace():
    # Level A (Ah wild).  Ts Jd Qc Ks Ah: the wild is an A (TJQKA) or a 9
    # (9TJQK); suits mixed, so 2 straights.
    assert readings("Ts Jd Qc Ks Ah", "A") == {("straight", "A"), ("straight", "K")}
    # 2s 3d 4c 5s Ah: the wild is an A (A2345) or a 6 (23456).
    assert readings("2s 3d 4c 5s Ah", "A") == {("straight", "5"), ("straight", "6")}
    # Ts Js Qs Ks Ah: As / 9s -> straight flushes to A and K; another suit ->
    # straights to A and K = 4.
    assert readings("Ts Js Qs Ks Ah", "A") == {
        ("straight_flush", "A"),
        ("straight_flush", "K"),
        ("straight", "A"),
        ("straight", "K"),
    }


def test_lowest_straight_flush_with_level_two_wild():
    # Level 2, As 3s 4s 5s 2h: the only run holding A 3 4 5 is A2345, so the
    # wild is a 2: 2s -> straight flush to 5, other suits -> straight to 5.
    assert readings("As 3s 4s 5s 2h", "2") == {("straight_flush", "5"), ("straight", "5")}


def test_two_wilds_tube_or_plate():
    # Level 2, 3s 3d 4s 4d 2h 2h:
    # - wilds as 2 2 -> tube 223344 (to 4);
    # - wilds as 5 5 -> tube 334455 (to 5);
    # - wilds as 3 and 4 -> plate 333444 (to 4).
    # (AA2233 and 222333 would need more than two wilds.)
    assert readings("3s 3d 4s 4d 2h 2h", "2") == {("tube", "4"), ("tube", "5"), ("plate", "4")}
    # Level 2, Ks Kd As Ad 2h 2h: wilds as K and A -> plate KKKAAA; as Q Q ->
    # tube QQKKAA.  KKAA22 wraps: no.
    assert readings("Ks Kd As Ad 2h 2h", "2") == {("plate", "A"), ("tube", "A")}


def test_lower_straight_flush_beats_the_highest_straight():
    # Level 2, previous Ts Jd Qc Ks Ad (straight to A).  Hand 5s 6s 7s 8s 9s:
    # its only 5-card move is the straight flush to 9, a bomb = 1.
    previous = one("Ts Jd Qc Ks Ad", "2")
    assert keyset(follows("5s 6s 7s 8s 9s", "2", previous)) == {
        mv("straight_flush", "9", "5s 6s 7s 8s 9s")
    }
    # Previous straight to 9, hand 5s 6s 7s 8s 9s Td:
    # 6s 7s 8s 9s Td -> straight to T; 5s..9s -> straight flush to 9 = 2.
    previous = one("5d 6d 7c 8d 9d", "2")
    assert keyset(follows("5s 6s 7s 8s 9s Td", "2", previous)) == {
        mv("straight", "T", "6s 7s 8s 9s Td"),
        mv("straight_flush", "9", "5s 6s 7s 8s 9s"),
    }


def test_following_five_of_a_kind_loses_to_straight_flush():
    # Level 9, previous 5d 6d 7d 8d 9d (straight flush to 9).
    # Hand 6c 7c 8c 9c Tc Ks Ks Kd Kd Kc: straight flush to T (1) beats it;
    # five Ks (lower tier) and four Ks do not.
    previous = one("5d 6d 7d 8d 9d", "9")
    assert keyset(follows("6c 7c 8c 9c Tc Ks Ks Kd Kd Kc", "9", previous)) == {
        mv("straight_flush", "T", "6c 7c 8c 9c Tc"),
    }


def test_following_single_level_card_with_wild():
    # Level 7, previous single 7d.  Hand 7h SJ: 7h is a single 7 (equal, not
    # higher); SJ beats it = 1.
    previous = one("7d", "7")
    assert keyset(follows("7h SJ", "7", previous)) == {mv("single", "SJ", "SJ")}


def test_following_full_house_app_ruleset():
    # Level 2, previous 8s 8d 8c 4s 4d.  Hand 9s 2h 2h SJ SJ:
    # standard: full house of 9 (wilds in the triple, SJ SJ pair) = 1;
    # app: that is the only full house and it holds a wild and a joker = 0.
    # (Triple 9s 2h 2h with no pair, no bomb: nothing else follows.)
    previous = one("8s 8d 8c 4s 4d", "2")
    assert keyset(follows("9s 2h 2h SJ SJ", "2", previous)) == {
        mv("full_house", "9", "9s 2h 2h SJ SJ")
    }
    assert follows("9s 2h 2h SJ SJ", "2", previous, "app") == []


def test_generated_and_classified_wild_moves_are_equal():
    moves = leads("5s 6s 7s 8s 2h", "2")
    for m in guandan.classify("5s 6s 7s 8s 2h", "2"):
        assert m in moves
        assert hash(m) in {hash(x) for x in moves}


def test_grouped_single_of_level_prefers_the_natural_card():
    # Level 7, hand 7h 7d: singles 7h and 7d are both rank 7.  docs/rules.md §4.2 does
    # not say whether a lone wild "uses" a wild card; the careful reading is
    # that it does (the physical wild is spent), so the representative of
    # the single-7 group is 7d, keeping the wild.
    g = check_grouped("7h 7d", "7")
    assert set(g) == {("single", 1, "7"), ("pair", 2, "7")}
    assert cards_key(g["single", 1, "7"].cards) == ("7d",)
    assert g["single", 1, "7"].wilds == 0
