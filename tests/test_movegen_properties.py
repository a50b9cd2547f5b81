"""Invariants of move generation that hold for every hand.

These complement the reference comparison with properties that need no
reference: moves use only cards held, every move is a reading of its own
cards, following is leading filtered by `beats`, the grouped view and the
batch path agree with the list API.
"""

from collections import defaultdict

import guandan
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands, levels

RULESET_NAMES = ["pagat", "standard", "app"]


@st.composite
def positions(draw, max_size=20):
    level = draw(levels())
    return draw(hands(level, max_size=max_size)), level, draw(st.sampled_from(RULESET_NAMES))


@given(positions())
def test_every_lead_is_a_reading_of_its_own_cards(position):
    hand, level, ruleset = position
    held = guandan.Hand(hand)
    moves = guandan.legal_moves(held, level, ruleset=ruleset)
    assert len(set(moves)) == len(moves)
    for move in moves:
        assert move.cards in held
        assert move.size == len(move.cards) == len(move.declared)
        assert move in guandan.classify(move.cards, level, ruleset)
        # Declared cards keep the naturals and replace only the wilds.
        wild = guandan.Card(level + "h")
        naturals = [c for c in move.cards if c != wild]
        assert all(move.declared.count(c) >= naturals.count(c) for c in naturals)
        assert move.wilds == move.cards.count(wild)


@given(st.data())
def test_following_is_leading_filtered_by_beats(data):
    hand, level, ruleset = data.draw(positions())
    other, _, _ = data.draw(positions())
    other_moves = guandan.legal_moves(other, level, ruleset=ruleset)
    if not other_moves:
        return
    previous = data.draw(st.sampled_from(other_moves))
    leads = guandan.legal_moves(hand, level, ruleset=ruleset)
    follows = guandan.legal_moves(hand, level, previous=previous, ruleset=ruleset)
    assert set(follows) == {m for m in leads if guandan.beats(m, previous, level)}


@given(positions())
def test_grouped_view_has_one_fewest_wilds_representative_per_kind_size_rank(position):
    hand, level, ruleset = position
    moves = guandan.legal_moves(hand, level, ruleset=ruleset)
    groups = guandan.grouped_moves(hand, level, ruleset=ruleset)
    fewest = defaultdict(lambda: 99)
    for m in moves:
        key = (m.kind, m.size, m.rank)
        fewest[key] = min(fewest[key], m.wilds)
    assert [(g.kind, g.size, g.rank) for g in groups] == list(dict.fromkeys((m.kind, m.size, m.rank) for m in moves))
    for g in groups:
        assert g in moves
        assert g.wilds == fewest[(g.kind, g.size, g.rank)]


@given(st.lists(positions(max_size=27), min_size=1, max_size=6), st.booleans())
def test_batch_path_matches_list_api(batch, grouped):
    # One ruleset per batch call: use the first position's.
    ruleset = batch[0][2]
    hand_objects = [guandan.Hand(h) for h, _, _ in batch]
    level_names = [lv for _, lv, _ in batch]
    result = guandan.legal_moves_batch(hand_objects, level_names, ruleset=ruleset, grouped=grouped)
    listing = guandan.grouped_moves if grouped else guandan.legal_moves
    for i, (hand, level) in enumerate(zip(hand_objects, level_names)):
        expected = listing(hand, level, ruleset=ruleset)
        assert result.moves_of(i) == expected
        start, stop = result.offsets[i], result.offsets[i + 1]
        assert [guandan.KIND_NAMES[k] for k in result.kind[start:stop]] == [m.kind for m in expected]
        assert list(result.size[start:stop]) == [m.size for m in expected]
        assert [guandan._core.rank_name(int(r)) for r in result.rank[start:stop]] == [m.rank for m in expected]


def test_batch_following_uses_zero_rows_as_leads():
    hands = guandan.deal(3)
    previous = guandan.classify("7s", "2")[0]
    prev_rows = np.zeros((4, 2), dtype=np.uint64)
    prev_rows[1] = previous.bits
    result = guandan.legal_moves_batch(hands, "2", previous=prev_rows)
    assert result.moves_of(0) == guandan.legal_moves(hands[0], "2")
    assert result.moves_of(1) == guandan.legal_moves(hands[1], "2", previous=previous)


def test_batch_rejects_bad_input():
    import pytest

    with pytest.raises(ValueError, match="canonical"):
        guandan.legal_moves_batch(np.array([[0, 1]], dtype=np.uint64), "2")
    with pytest.raises(ValueError, match="levels"):
        guandan.legal_moves_batch(np.array([[1, 0]], dtype=np.uint64), np.array([13]))
    bogus = np.array([[1 | (1 << 54), 0]], dtype=np.uint64)  # "pair" of one card
    with pytest.raises(ValueError, match="previous"):
        guandan.legal_moves_batch(np.array([[3, 0]], dtype=np.uint64), "2", previous=bogus)


@given(st.text(max_size=30))
def test_parser_fuzz_raises_value_error_or_round_trips(text):
    try:
        cards = guandan.parse_cards(text)
    except ValueError:
        return
    again = guandan.parse_cards(" ".join(str(c) for c in cards))
    assert again == cards
    try:
        hand = guandan.Hand(text)
    except ValueError:
        return
    assert guandan.Hand(str(hand)) == hand


def test_move_pickles_and_hashes():
    import pickle

    move = guandan.classify("9s 9d 9c 5h 5h", "5")[0]
    assert pickle.loads(pickle.dumps(move)) == move
    assert hash(pickle.loads(pickle.dumps(move))) == hash(move)
    hand = guandan.Hand("Ah Ah SJ")
    assert pickle.loads(pickle.dumps(hand)) == hand
