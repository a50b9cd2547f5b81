"""Fuzz tests of the public card and move API (hypothesis).

Any input either raises ValueError or TypeError, or gives an object that is
right: a card or hand whose string round-trips through the parser, a Move the
generator makes for its cards at its level.
"""

import pickle
import pickletools

import guandan as g
import numpy as np
import pytest
from guandan import _core
from hypothesis import assume, event, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from strategies import hands as rule_hands
from strategies import levels

BOUNDARY_ERRORS = (ValueError, TypeError)
WORD = st.integers(0, 2**64 - 1)
ANY_INT = st.one_of(WORD, st.integers(-(2**70), 2**70), st.sampled_from([-1, 2**31, 2**63, 2**64]))

# Text of every kind, lone surrogates included, and text made of card
# characters so that many inputs do parse.
ANY_TEXT = st.text(st.characters(blacklist_categories=()), max_size=30)
CARD_TEXT = st.text(st.sampled_from(list("23456789TJQKA10shcdSBJ tx\t\udc80")), max_size=30)
TOKENS = st.sampled_from(["As", "ah", "10d", "TD", "sj", "BJ", "Bj", "2H", "Kc", "1", "Ax", "S", "J", "\ud800"])
TEXT = st.one_of(ANY_TEXT, CARD_TEXT, TOKENS, st.lists(TOKENS, max_size=6).map(" ".join))
NOT_TEXT = st.one_of(st.none(), st.integers(), st.floats(), st.binary(max_size=4), st.lists(st.integers(), max_size=2))


def assert_generated(move):
    """The move is a reading the generator makes of its cards at its level."""
    assert isinstance(move, g.Move)
    readings = g.classify(g.Hand(move.cards), move.level)
    assert move in readings
    assert g.Move.from_bits(*move.bits, g.RANKS.index(move.level)) == move
    assert str(move) and repr(move) and len(move.declared) == move.size


def assert_card_ok(card):
    assert g.Card(str(card)) == card and 0 <= card.index < 54


def assert_hand_ok(hand):
    assert g.Hand(str(hand)) == hand and g.Hand.from_bits(*hand.bits) == hand
    assert all(hand.count(c) <= 2 for c in hand)


# --- parsers -----------------------------------------------------------------


@given(st.one_of(TEXT, NOT_TEXT))
def test_card_parser(text):
    try:
        card = g.Card(text)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_card_ok(card)
    assert str(card).lower() == text.strip().lower().replace("10", "t")


@given(st.one_of(TEXT, NOT_TEXT, st.lists(st.one_of(TEXT, NOT_TEXT), max_size=5)))
def test_hand_parser(cards):
    try:
        hand = g.Hand(cards)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_hand_ok(hand)


@given(st.one_of(TEXT, NOT_TEXT))
def test_parse_cards_and_rank_index(text):
    try:
        cards = g.parse_cards(text)
    except BOUNDARY_ERRORS:
        pass
    else:
        for card in cards:
            assert_card_ok(card)
    try:
        index = _core.rank_index(text)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert 0 <= index <= 12 and _core.rank_index(_core.rank_name(index)) == index


@given(hand=st.one_of(TEXT, st.builds(lambda lo, hi: g.Hand.from_bits(lo, lo & hi), WORD.map(lambda w: w & ((1 << 54) - 1)), WORD)),
       card=st.one_of(TEXT, NOT_TEXT, st.integers(0, 53).map(g.Card.from_index)))
def test_hand_count_and_contains(hand, card):
    try:
        hand = g.Hand(hand) if isinstance(hand, str) else hand
        count = hand.count(card)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert 0 <= count <= 2
    assert (count > 0) == (card in hand)


@given(ANY_INT, ANY_INT)
def test_hand_from_bits(lo, hi):
    try:
        hand = g.Hand.from_bits(lo, hi)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert hand.bits == (lo, hi)
    assert_hand_ok(hand)


# --- moves -----------------------------------------------------------------


@given(ANY_INT, ANY_INT, st.one_of(ANY_INT, st.integers(-3, 15)), st.booleans())
def test_move_from_arbitrary_words(lo, hi, level, wild_with_joker):
    try:
        move = g.Move.from_bits(lo, hi, level, wild_with_joker)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_generated(move)


@st.composite
def mutated_moves(draw):
    """The bits of a generated move with a few bits flipped (mostly in the
    kind, rank and wild-declaration fields), and a level."""
    level = draw(levels())
    hand = draw(rule_hands(level, max_size=10))
    moves = g.legal_moves(hand, level)
    assume(len(moves) > 0)
    move = moves[draw(st.integers(0, len(moves) - 1))]
    lo, hi = move.bits
    for _ in range(draw(st.integers(1, 3))):
        word = draw(st.sampled_from(["lo", "hi"]))
        bit = draw(st.one_of(st.integers(54, 63), st.integers(0, 63)))
        if word == "lo":
            lo ^= 1 << bit
        else:
            hi ^= 1 << bit
    at = draw(st.one_of(st.just(level), levels()))
    return lo, hi, g.RANKS.index(at)


@given(mutated_moves(), st.booleans())
def test_move_from_mutated_bits(bits, wild_with_joker):
    lo, hi, level = bits
    try:
        move = g.Move.from_bits(lo, hi, level, wild_with_joker)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_generated(move)
    # A Move that is accepted is accepted everywhere at its level.
    previous = g.legal_moves(g.Hand(move.cards), move.level, previous=move)
    assert all(g.beats(m, move, move.level) for m in previous)


@given(st.one_of(TEXT, st.lists(TEXT, max_size=4), levels().flatmap(lambda lv: rule_hands(lv).map(" ".join))),
       st.one_of(levels(), TEXT, NOT_TEXT))
def test_legal_moves_and_classify_with_arbitrary_input(hand, level):
    try:
        moves = g.legal_moves(hand, level)
        readings = g.classify(hand, level)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    for move in list(moves)[:40]:
        assert_generated(move)
    for move in readings:
        assert_generated(move)
        assert move in moves


# --- pickles ---------------------------------------------------------------


class Reduced:
    """Pickles as `function(*args)` (then `__setstate__(state)`): the payload
    a tampered pickle of a Card, Hand or Move would hold."""

    def __init__(self, reduced):
        self.reduced = reduced

    def __reduce__(self):
        return self.reduced


PAYLOAD = st.one_of(ANY_INT, TEXT, NOT_TEXT, st.tuples(ANY_INT, ANY_INT), st.tuples(ANY_INT), st.tuples(ANY_INT, TEXT))


def assert_unpickled_ok(obj):
    if isinstance(obj, g.Card):
        assert_card_ok(obj)
    elif isinstance(obj, g.Hand):
        assert_hand_ok(obj)
    else:
        assert_generated(obj)


def pickle_with_state(genuine, state):
    """A protocol-2 pickle of `genuine` (a Card or Hand) whose state is replaced
    by `state`: `cls.__new__(cls)` then `__setstate__(state)`."""
    data = pickle.dumps(genuine, protocol=2)
    build = data.rindex(pickle.BUILD)
    newobj = data.index(pickle.NEWOBJ)
    prefix = data[: newobj + 1]
    return prefix + pickle.dumps(state, protocol=2)[2:-1] + data[build:]


def test_pickle_with_state_is_a_faithful_tamper():
    assert pickle.loads(pickle_with_state(g.Card("As"), g.Card("Kd").index)) == g.Card("Kd")
    assert pickle.loads(pickle_with_state(g.Hand("As"), g.Hand("2h 2h").bits)) == g.Hand("2h 2h")


@given(st.sampled_from([g.Card("As"), g.Hand("As Kd")]), PAYLOAD)
def test_card_and_hand_pickles_with_arbitrary_state(genuine, state):
    payload = pickle_with_state(genuine, state)
    try:
        obj = pickle.loads(payload)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_unpickled_ok(obj)


GENERATED_WORDS = st.sampled_from([w for m in g.legal_moves("5s 5d 5c 2h 2h 6s 7s 8s 9s SJ SJ", "2") for w in m.bits])


@given(st.one_of(ANY_INT, GENERATED_WORDS), st.one_of(ANY_INT, GENERATED_WORDS), st.one_of(ANY_INT, st.integers(0, 12), NOT_TEXT))
def test_move_pickles_with_arbitrary_state(lo, hi, level):
    payload = pickle.dumps(Reduced((g.Move.from_bits, (lo, hi, level))))
    try:
        obj = pickle.loads(payload)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert_unpickled_ok(obj)


def _payload_bytes(data):
    """Offsets of the bytes of the integers in a pickle (not its opcodes)."""
    offsets = []
    ops = list(pickletools.genops(data))
    for (op, _arg, pos), (_next_op, _next_arg, next_pos) in zip(ops, ops[1:]):
        if op.name in ("BININT", "BININT1", "BININT2", "LONG1", "LONG4"):
            first = pos + 1 + (1 if op.name == "LONG1" else 4 if op.name == "LONG4" else 0)
            offsets.extend(range(first, next_pos))
    return offsets


GENUINE = [g.Card("As"), g.Card("BJ"), g.Hand("As As 2h SJ"), g.Hand("")]
GENUINE += list(g.legal_moves("5s 5d 5c 2h 2h 6s 7s 8s 9s SJ SJ", "2"))[::40]


@given(st.sampled_from(GENUINE), st.integers(0, 2), st.data())
def test_pickles_with_mutated_payload_bytes(original, protocol, data):
    payload = bytearray(pickle.dumps(original, protocol=protocol + 2))
    offsets = _payload_bytes(bytes(payload))
    assume(offsets)
    for _ in range(data.draw(st.integers(1, 3))):
        payload[data.draw(st.sampled_from(offsets))] = data.draw(st.integers(0, 255))
    try:
        obj = pickle.loads(bytes(payload))
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    assert type(obj) is type(original)
    assert_unpickled_ok(obj)


# --- the batch path -----------------------------------------------------------

ARRAY_DTYPES = st.sampled_from([np.uint64, np.int64, np.int32, np.uint8, np.float64, np.bool_])


@st.composite
def arrays(draw, rows):
    shape = draw(st.one_of(st.just((rows, 2)), hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3)))
    dtype = draw(ARRAY_DTYPES)
    if draw(st.booleans()) and dtype == np.uint64 and shape == (rows, 2):
        # Mostly canonical hands of up to 27 cards, so that some calls pass.
        values = draw(st.lists(st.tuples(WORD, WORD), min_size=rows, max_size=rows))
        out = []
        for lo, hi in values:
            lo &= (1 << 54) - 1
            while bin(lo).count("1") > 20:
                lo &= lo - 1
            out.append((lo, lo & hi & (hi >> 7)))
        return np.array(out, dtype=np.uint64).reshape(shape)
    return draw(hnp.arrays(dtype, shape))


@st.composite
def batch_arguments(draw):
    n = draw(st.integers(0, 3))
    hands = draw(arrays(n))
    level_arg = draw(st.one_of(
        st.sampled_from(["2", "K", "x", ""]),
        hnp.arrays(st.sampled_from([np.int64, np.uint8, np.float64]), n),
        st.lists(st.one_of(levels(), TEXT), min_size=n, max_size=n),
    ))
    previous = draw(st.one_of(st.none(), arrays(n)))
    return hands, level_arg, previous


@given(batch_arguments(), st.booleans())
def test_batch_with_arbitrary_arrays(args, grouped):
    hands, levels_arg, previous = args
    try:
        batch = g.legal_moves_batch(hands, levels_arg, previous=previous, grouped=grouped)
    except BOUNDARY_ERRORS as error:
        event(f"refused: {type(error).__name__}")
        return
    event("accepted")
    n = len(batch.offsets) - 1
    assert batch.offsets[0] == 0 and (np.diff(batch.offsets) >= 0).all() and batch.offsets[-1] == len(batch.moves)
    for hand in range(n):
        for i in range(min(int(batch.counts()[hand]), 5)):
            move = batch.move(hand, i)
            assert_generated(move)
            hand_cards = g.Hand.from_bits(*(int(w) for w in np.asarray(hands, dtype=np.uint64)[hand]))
            assert move.cards in hand_cards


def test_fuzzed_previous_rows_reach_the_single_check():
    # The zero row leads; every other row must be a generated move at that level.
    hand = g.Hand("5s 5d 6s 6d 2h")
    pair = next(m for m in g.legal_moves(hand, "2") if m.kind == "pair")
    hands = np.array([hand.bits, hand.bits], dtype=np.uint64)
    good = g.legal_moves_batch(hands, "2", previous=np.array([[0, 0], pair.bits], dtype=np.uint64))
    assert good.counts()[0] == len(g.legal_moves(hand, "2"))
    assert good.counts()[1] == len(g.legal_moves(hand, "2", previous=pair))
    lo, hi = pair.bits
    with pytest.raises(ValueError, match=r"previous\[1\]"):
        g.legal_moves_batch(hands, "2", previous=np.array([[0, 0], [lo, hi | (15 << 58)]], dtype=np.uint64))
