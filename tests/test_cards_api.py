"""Tests of the public card, hand and level API: parsing, formatting,
validation and error messages (docs/rules.md §1.3)."""

import re

import pytest

import guandan

RANKS = "23456789TJQKA"
SUITS = "shcd"
ALL_KINDS = [r + s for r in RANKS for s in SUITS] + ["SJ", "BJ"]


# ------------------------------------------------------------------ cards


def test_all_54_kinds_round_trip_with_index():
    # index = rank_index * 4 + suit_index (s, h, c, d = 0..3), SJ = 52, BJ = 53
    assert len(ALL_KINDS) == 54
    for i, text in enumerate(ALL_KINDS):
        card = guandan.Card(text)
        assert str(card) == text
        assert card.index == i
        assert str(guandan.Card(str(card))) == text
        assert [str(c) for c in guandan.parse_cards(text)] == [text]
    parsed = guandan.parse_cards(" ".join(ALL_KINDS))
    assert [str(c) for c in parsed] == ALL_KINDS
    assert [c.index for c in parsed] == list(range(54))


def test_rank_and_suit():
    for r in RANKS:
        for s in SUITS:
            card = guandan.Card(r + s)
            assert card.rank == r
            assert card.suit == s
            assert card.index == RANKS.index(r) * 4 + SUITS.index(s)
    for joker, index in (("SJ", 52), ("BJ", 53)):
        card = guandan.Card(joker)
        assert card.rank == joker
        assert card.suit is None
        assert card.index == index


def test_ten_spellings():
    assert str(guandan.Card("10d")) == "Td"
    assert guandan.Card("10d") == guandan.Card("Td")
    assert guandan.Card("10d").rank == "T"
    assert guandan.Card("10d").index == guandan.Card("Td").index == 35
    assert [str(c) for c in guandan.parse_cards("10d Td 10H th 10s")] == [
        "Td",
        "Td",
        "Th",
        "Th",
        "Ts",
    ]


def test_case_insensitive_input_canonical_output():
    for text in ("ah", "AH", "aH", "Ah"):
        assert str(guandan.Card(text)) == "Ah"
    for text in ("sj", "Sj", "sJ", "SJ"):
        assert str(guandan.Card(text)) == "SJ"
    for text in ("bj", "Bj", "bJ", "BJ"):
        assert str(guandan.Card(text)) == "BJ"
    assert str(guandan.Card("tD")) == "Td"
    assert str(guandan.Card("kc")) == "Kc"
    assert [str(c) for c in guandan.parse_cards("Ah Td 10d sj BJ")] == ["Ah", "Td", "Td", "SJ", "BJ"]


def test_whitespace_separation():
    cards = guandan.parse_cards("  Ah\tTd\n  sj   2c  ")
    assert [str(c) for c in cards] == ["Ah", "Td", "SJ", "2c"]
    assert all(isinstance(c, guandan.Card) for c in cards)


def test_card_equality_and_hash():
    assert guandan.Card("Ah") == guandan.Card("ah")
    assert guandan.Card("Ah") != guandan.Card("Ad")
    assert hash(guandan.Card("Ah")) == hash(guandan.Card("AH"))
    assert len({guandan.Card(t) for t in ("Ah", "ah", "AH", "Ad", "10d", "Td")}) == 3


@pytest.mark.parametrize("token", ["Xx", "1h", "11s", "Ax", "Zs", "10x", "0d", "SK", "Jj", "1"])
def test_unknown_card_names_the_token(token):
    pattern = re.escape(token)
    with pytest.raises(ValueError, match=pattern):
        guandan.Card(token)
    with pytest.raises(ValueError, match=pattern):
        guandan.parse_cards(f"Ah {token} Td")
    with pytest.raises(ValueError, match=pattern):
        guandan.Hand(f"Ah {token} Td")
    with pytest.raises(ValueError, match=pattern):
        guandan.legal_moves(f"Ah {token} Td", "2")
    with pytest.raises(ValueError, match=pattern):
        guandan.classify(f"Ah {token}", "2")


# ------------------------------------------------------------------ hands


def test_hand_basics():
    hand = guandan.Hand("ah 10d sj 2S 2s")
    assert len(hand) == 5
    # Canonical, sorted by index: 2s (0), 2s (0), Td (35), Ah (49), SJ (52).
    assert str(hand).split() == ["2s", "2s", "Td", "Ah", "SJ"]
    assert hand.count(guandan.Card("2s")) == 2
    assert hand.count(guandan.Card("Ah")) == 1
    assert hand.count(guandan.Card("Td")) == 1
    assert hand.count(guandan.Card("BJ")) == 0
    assert hand.count(guandan.Card("2d")) == 0
    # str round-trips through the constructor.
    assert str(guandan.Hand(str(hand))) == str(hand)


def test_hand_from_iterables():
    expected = str(guandan.Hand("Ah Td SJ 2c"))
    assert str(guandan.Hand(["Ah", "Td", "SJ", "2c"])) == expected
    assert str(guandan.Hand([guandan.Card("Ah"), "10d", "sj", guandan.Card("2c")])) == expected
    assert str(guandan.Hand(guandan.parse_cards("2c SJ Td Ah"))) == expected
    assert str(guandan.Hand(c for c in ["2c", "SJ", "Td", "Ah"])) == expected


def test_full_deck_hand():
    # Two copies of each of the 54 kinds: 108 cards.
    hand = guandan.Hand(" ".join(ALL_KINDS * 2))
    assert len(hand) == 108
    assert str(hand).split() == [k for k in ALL_KINDS for _ in range(2)]
    for k in ALL_KINDS:
        assert hand.count(guandan.Card(k)) == 2


def test_empty_hand():
    assert len(guandan.Hand([])) == 0


@pytest.mark.parametrize(
    "text, token",
    [
        ("Ah Ah Ah", "Ah"),
        ("ah AH Ah", "Ah"),
        ("SJ 3c SJ SJ", "SJ"),
        ("bj BJ Bj", "BJ"),
        ("Td 10d 10D", "Td"),
    ],
)
def test_third_copy_names_the_card(text, token):
    # Two copies of a kind exist; a third is an error naming the card
    # (as canonical or as written: matched case-insensitively, 10 for T).
    pattern = "(?i)" + re.escape(token)
    if token == "Td":
        pattern = "(?i)(Td|10d)"
    with pytest.raises(ValueError, match=pattern):
        guandan.Hand(text)
    with pytest.raises(ValueError, match=pattern):
        guandan.Hand(text.split())
    with pytest.raises(ValueError, match=pattern):
        guandan.legal_moves(text, "2")
    with pytest.raises(ValueError, match=pattern):
        guandan.grouped_moves(text, "2")


def test_two_copies_allowed():
    hand = guandan.Hand("SJ SJ BJ BJ Ah Ah")
    assert len(hand) == 6
    assert hand.count(guandan.Card("SJ")) == 2


# ----------------------------------------------------------------- levels


@pytest.mark.parametrize("level", list(RANKS) + ["10", "t", "a", "j", "q", "k"])
def test_every_rank_is_a_level(level):
    # A lone big joker is one single at any level.
    moves = guandan.legal_moves("BJ", level)
    assert [(m.kind, m.rank) for m in moves] == [("single", "BJ")]


def test_ten_level_spellings_agree():
    # At level T the Th is wild: As Th is a pair of A; at level 9 it is not.
    for level in ("T", "t", "10"):
        assert [(m.kind, m.rank) for m in guandan.classify("As Th", level)] == [("pair", "A")]
        assert [(m.kind, m.rank) for m in guandan.classify("Th", level)] == [("single", "T")]
    assert guandan.classify("As Th", "9") == []


def test_lower_case_level():
    # Level A: Ah is wild, Ks Ah a pair of K.
    assert [(m.kind, m.rank) for m in guandan.classify("Ks Ah", "a")] == [("pair", "K")]
    assert [(m.kind, m.rank) for m in guandan.classify("Ks Ah", "A")] == [("pair", "K")]
    assert guandan.classify("Ks Ah", "K") == []


@pytest.mark.parametrize("level", ["1", "SJ", "BJ", "B", "15", "0", "11", "x", "Ah", "2s"])
def test_bad_level_names_the_token(level):
    pattern = re.escape(level)
    with pytest.raises(ValueError, match=pattern):
        guandan.legal_moves("Ah", level)
    with pytest.raises(ValueError, match=pattern):
        guandan.grouped_moves("Ah", level)
    with pytest.raises(ValueError, match=pattern):
        guandan.classify("Ah", level)


def test_empty_level():
    with pytest.raises(ValueError):
        guandan.legal_moves("Ah", "")


# ------------------------------------------------------------------ other


def test_previous_that_is_not_a_combination_at_the_level():
    # As 7h is a pair of A at level 7 (7h wild); at level 9 the 7h is an
    # ordinary card and As 7h is no combination, so it cannot be followed.
    (pair,) = guandan.classify("As 7h", "7")
    assert (pair.kind, pair.rank) == ("pair", "A")
    with pytest.raises(ValueError):
        guandan.legal_moves("Ks Kd", "9", pair)
    with pytest.raises(ValueError):
        guandan.grouped_moves("Ks Kd", "9", pair)
    # Same for a full house whose pair is 3s + wild 2h at level 2: at level 5
    # the cards 9 9 9 3 2 are no combination.
    (fh,) = guandan.classify("9s 9d 9c 3s 2h", "2")
    assert (fh.kind, fh.rank) == ("full_house", "9")
    with pytest.raises(ValueError):
        guandan.legal_moves("Ts Td Tc 3s 3d", "5", fh)


def test_wrong_types():
    with pytest.raises(TypeError):
        guandan.legal_moves(123, "2")
    with pytest.raises(TypeError):
        guandan.grouped_moves(123, "2")
    with pytest.raises(TypeError):
        guandan.classify(123, "2")
    with pytest.raises(TypeError):
        guandan.legal_moves([1, 2], "2")
    with pytest.raises(TypeError):
        guandan.Hand(123)
    with pytest.raises(TypeError):
        guandan.Hand([1.5])
    with pytest.raises(TypeError):
        guandan.parse_cards(None)
    # The level is a rank string.
    with pytest.raises(TypeError):
        guandan.legal_moves("Ah", None)
    with pytest.raises(TypeError):
        guandan.legal_moves("Ah", 7)
