"""The card and move boundary: every Move from outside is a generated reading,
bad arguments raise TypeError or ValueError, and legal_moves is a lazy,
list-like sequence.

Each reproducer of issue 8 for cards and moves is a test here.
"""

import collections.abc
import copy
import pickle
import random

import guandan as g
import numpy as np
import pytest
from guandan import _core
from guandan import MoveSequence

# --- reproducers -----------------------------------------------------------


def test_from_bits_refuses_a_wild_declared_past_the_rank_table():
    # The second wild's nibble is 15 (no rank): declared_cards used to index
    # past its table when the move was printed.
    with pytest.raises(ValueError):
        repr(g.Move.from_bits(3477060387306733570, 270215977642229760, 0))


def test_from_bits_refuses_a_full_house_whose_wild_stands_for_the_pair():
    # 4d 4d 8s 8c 8h at level 8, with the wild 8h declared as a 4: the
    # generator reads this full house with the wild as an 8, never as a 4.
    with pytest.raises(ValueError):
        g.Move.from_bits(1783425452556158976, 54043195528448000, 6)
    generated = [m.bits for m in g.classify("4d 4d 8s 8c 8h", "8") if m.kind == "full_house" and m.rank == "8"]
    assert generated and (1783425452556158976, 54043195528448000) not in generated


def test_from_bits_refuses_three_of_a_kind_labelled_a_bomb():
    # Qs Qh Qd with the kind bits of a bomb, at level 6: bombs are four to
    # ten of a kind, and the generator reads three queens only as a triple.
    with pytest.raises(ValueError, match="legal move"):
        g.Move.from_bits(3008416645711396864, 0, 4, True)
    triple = [m for m in g.classify("Qs Qh Qd", "6")]
    assert [(m.kind, m.rank) for m in triple] == [("triple", "Q")]
    assert g.Move.from_bits(*triple[0].bits, 4, True) == triple[0]


def test_deal_refuses_a_move_the_generator_never_makes_and_stays_unchanged():
    d = g.Deal(hands=["4d 4d 8s 8c 8h 3s", "5s 6s", "7s 9s", "Ts Js"], level="8", leader=0)
    before = (d.turn, [str(h) for h in d.hands], len(d.history))
    # The Move cannot even be built; a hand-made bit pattern reaching the
    # core directly is refused by the state's own check too.
    with pytest.raises(ValueError):
        d.play(g.Move.from_bits(1783425452556158976, 54043195528448000, 6))
    assert (d.turn, [str(h) for h in d.hands], len(d.history)) == before


def test_deal_refuses_a_move_read_at_another_level():
    # A level-8 full house (8h wild, declared as an 8) in a level-K deal,
    # where 8h is a natural card: not a reading of those cards at K.
    level_8 = next(m for m in g.classify("4d 4d 8s 8c 8h", "8") if m.kind == "full_house" and m.rank == "8")
    assert level_8.wilds == 1
    d = g.Deal(hands=["4d 4d 8s 8c 8h 3s", "5s 6s", "7s 9s", "Ts Js"], level="K", leader=0)
    before = ([str(h) for h in d.hands], len(d.history))
    with pytest.raises(ValueError):
        d.play(level_8)
    assert ([str(h) for h in d.hands], len(d.history)) == before
    assert not d._state.is_legal(level_8)
    # The same cards as the level-K deal reads them are accepted.
    at_k = next(m for m in d.legal_moves() if m.cards == level_8.cards and m.kind == "full_house")
    d.play(at_k)
    assert str(d.hands[0]) == "3s"


def test_deal_is_legal_needs_the_cards_in_hand_and_a_play_that_beats():
    d = g.Deal(hands=["3s 4s 9d", "5s 5d Ks", "7s 9s", "Ts Js"], level="2", leader=0)
    assert not d._state.is_legal(g.classify("Ks", "2")[0])  # seat 0 does not hold it
    d.play("9d")
    assert d._state.is_legal(g.classify("Ks", "2")[0])
    assert not d._state.is_legal(g.classify("5s", "2")[0])  # held, but 5 does not beat 9
    assert not d._state.is_legal(g.classify("5s 5d", "2")[0])  # a pair does not follow a single
    assert not d._state.is_legal(g.classify("As", "2")[0])  # would beat, not held
    assert [str(m) for m in d.legal_moves()] == ["Ks"]


def test_every_legal_move_of_a_position_is_accepted_by_is_legal():
    for seed in range(3):
        d = g.Deal(seed=seed, level="2")
        rng = random.Random(seed)
        for _ in range(12):
            if d.phase != "play":
                break
            moves = d.legal_moves()
            assert all(d._state.is_legal(m) for m in moves)
            if d.can_pass() and (not moves or rng.random() < 0.3):
                d.pass_turn()
            else:
                d.play(rng.choice(moves))


def test_unpickled_card_with_a_bad_index_is_refused():
    with pytest.raises(ValueError, match="card index"):
        pickle.loads(pickle.dumps(g.Card("As")).replace(b"K0", b"K\xc8"))


def test_hand_count_of_a_non_card_is_a_type_error():
    with pytest.raises(TypeError, match="card"):
        g.Hand("As").count(5)
    assert g.Hand("As As").count("as") == 2


@pytest.mark.parametrize("text", ["\ud800", "As \udfff", "\ud800\udc00"])
def test_text_with_a_lone_surrogate_is_a_value_error(text):
    with pytest.raises(ValueError):
        g.Hand(text)
    with pytest.raises(ValueError):
        g.Card(text)
    with pytest.raises(ValueError):
        g.Hand([text])
    with pytest.raises(ValueError):
        g.Hand("As").count(text)


def test_batch_of_plain_rows_is_checked_not_an_attribute_error():
    with pytest.raises(ValueError, match="canonical"):
        g.legal_moves_batch([[1, 2]], "2")
    # A plain list of valid rows works like the array.
    hand = g.Hand("As Ad Ks")
    batch = g.legal_moves_batch([list(hand.bits)], "2")
    assert [str(batch.move(0, i)) for i in range(int(batch.counts()[0]))] == [str(m) for m in g.legal_moves(hand, "2")]


def test_from_bits_level_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match="level"):
        g.Move.from_bits(0, 0, 2**31)
    with pytest.raises(ValueError, match="level"):
        g.Move.from_bits(0, 0, -1)
    with pytest.raises(TypeError):
        g.Move.from_bits(0, 0, 1.5)
    with pytest.raises(ValueError, match="lo"):
        g.Move.from_bits(2**64, 0, 0)
    with pytest.raises(ValueError, match="hi"):
        g.Move.from_bits(0, -1, 0)
    with pytest.raises(TypeError):
        g.Move.from_bits("1", 0, 0)


# --- every path a Move comes in by ----------------------------------------


class Reduced:
    """Pickles as `function(*args)`: a pickle of a Move or Card with its
    payload replaced, as a tampered file would hold."""

    def __init__(self, function, args, state=None):
        self.reduced = (function, args) if state is None else (function, args, state)

    def __reduce__(self):
        return self.reduced


def _a_generated_move_and_a_forgery():
    # Move.bits of a generated pair with a wild, and the same bits with its
    # wild declaration changed to another rank (not what the generator makes).
    move = next(m for m in g.legal_moves("5s 2h", "2") if m.kind == "pair")
    lo, hi = move.bits
    forged_hi = (hi & ~(0xFF << 54)) | ((6 + 1) << 54)  # the wild declared as an 8
    return move, (lo, forged_hi)


def test_forged_bits_are_refused_by_every_entry_point():
    move, (lo, forged_hi) = _a_generated_move_and_a_forgery()
    assert g.Move.from_bits(*move.bits, 0) == move
    with pytest.raises(ValueError):
        g.Move.from_bits(lo, forged_hi, 0)
    # Unpickling goes through from_bits.
    payload = pickle.dumps(move)
    assert pickle.loads(payload) == move
    assert pickle.loads(pickle.dumps(Reduced(g.Move.from_bits, (*move.bits, 0)))) == move
    with pytest.raises(ValueError):
        pickle.loads(pickle.dumps(Reduced(g.Move.from_bits, (lo, forged_hi, 0))))
    # A batch's previous rows and a MoveBatch read back.
    hands = np.array([g.Hand("6s 6d 2h").bits], dtype=np.uint64)
    with pytest.raises(ValueError, match="previous"):
        g.legal_moves_batch(hands, "2", previous=np.array([[lo, forged_hi]], dtype=np.uint64))
    batch = g.MoveBatch(offsets=np.array([0, 1]), moves=np.array([[lo, forged_hi]], dtype=np.uint64), levels=np.array([0]))
    with pytest.raises(ValueError):
        batch.move(0, 0)


def test_a_move_of_another_level_is_checked_at_the_level_it_is_used_at():
    level_8 = next(m for m in g.classify("4d 4d 8s 8c 8h", "8") if m.kind == "full_house" and m.rank == "8")
    with pytest.raises(ValueError, match="previous"):
        g.legal_moves("9s 9d 9c 5s 5d", "K", previous=level_8)
    with pytest.raises(ValueError):
        g.beats(level_8, level_8, "K")
    # Without wilds the same bits read the same at any level.
    plain = g.classify("9s 9d", "8")[0]
    assert [str(m) for m in g.legal_moves("Ts Td", "K", previous=plain)] == ["Ts Td"]
    assert g.beats(g.classify("Ts Td", "K")[0], plain, "K")


def test_app_rules_refuse_a_wild_full_house_over_a_joker_pair():
    move = next(m for m in g.classify("5s 5d 2h SJ SJ", "2") if m.kind == "full_house")
    assert move.wilds == 1
    assert g.classify("5s 5d 2h SJ SJ", "2", ruleset="app") == []
    with pytest.raises(ValueError, match="previous"):
        g.legal_moves("9s 9d 9c 6s 6d", "2", previous=move, ruleset="app")
    assert len(g.legal_moves("9s 9d 9c 6s 6d", "2", previous=move)) > 0


def test_batch_arrays_of_the_wrong_dtype_or_shape():
    with pytest.raises(TypeError, match="integer"):
        g.legal_moves_batch(np.array([[1.5, 0.0]]), "2")
    with pytest.raises(TypeError):
        g.legal_moves_batch(np.array([["As", "Ad"]]), "2")
    with pytest.raises(ValueError, match="negative"):
        g.legal_moves_batch(np.array([[-1, 0]]), "2")
    with pytest.raises(ValueError, match="shape"):
        g.legal_moves_batch(np.zeros((2, 3), dtype=np.uint64), "2")
    with pytest.raises(ValueError, match="levels"):
        g.legal_moves_batch(np.zeros((2, 2), dtype=np.uint64), np.array([0, 13]))
    with pytest.raises(ValueError, match="levels"):
        g.legal_moves_batch(np.zeros((2, 2), dtype=np.uint64), ["2"])
    with pytest.raises(TypeError):
        g.legal_moves_batch(np.zeros((1, 2), dtype=np.uint64), 5)
    with pytest.raises(TypeError):
        g.legal_moves_batch("As", "2")
    with pytest.raises(TypeError, match="previous"):
        g.legal_moves_batch(np.zeros((1, 2), dtype=np.uint64), "2", previous=np.array([[0.5, 0.0]]))
    # The private core takes exact dtypes only: no silent cast.
    with pytest.raises(TypeError, match="uint64"):
        _core.legal_moves_batch(np.zeros((1, 2)), np.zeros(1, dtype=np.int64), None, True, False)
    with pytest.raises(TypeError, match="grouped"):
        g.legal_moves_batch(np.zeros((1, 2), dtype=np.uint64), "2", grouped=None)
    assert len(g.legal_moves_batch([], "2").offsets) == 1


def test_move_batch_move_checks_its_indices():
    batch = g.legal_moves_batch([g.Hand("As Ad")], "2")
    assert batch.move(0, 2).kind == "pair"
    for hand, i in [(1, 0), (-1, 0), (0, 3), (0, -1)]:
        with pytest.raises(ValueError):
            batch.move(hand, i)
    with pytest.raises(TypeError):
        batch.move(0.0, 0)


def test_card_and_hand_constructors_and_pickles():
    with pytest.raises(ValueError):
        g.Card.from_index(54)
    with pytest.raises(ValueError):
        g.Card.from_index(2**70)
    with pytest.raises(TypeError):
        g.Card.from_index("1")
    with pytest.raises(TypeError):
        g.Card(5)
    with pytest.raises(ValueError):
        g.Hand.from_bits(-1, 0)
    with pytest.raises(ValueError):
        g.Hand.from_bits(0, 1)  # hi not a subset of lo
    with pytest.raises(ValueError):
        _core.rank_name(15)
    with pytest.raises(ValueError):
        _core.rank_name(-2**80)
    with pytest.raises(ValueError):
        _core.rank_index("\ud800")
    with pytest.raises(ValueError):
        _core.deal(-1)
    hand = g.Hand("As As SJ")
    assert pickle.loads(pickle.dumps(hand)) == hand
    for state in [(1, 2), (2**64, 0), (-1, 0)]:
        with pytest.raises(ValueError):
            g.Hand.__new__(g.Hand).__setstate__(state)
    for state in [(1,), "x", (1, "2")]:
        with pytest.raises(TypeError):
            g.Hand.__new__(g.Hand).__setstate__(state)
    for state in [54, -1, 2**64]:
        with pytest.raises(ValueError):
            g.Card.__new__(g.Card).__setstate__(state)
    with pytest.raises(TypeError):
        g.Card.__new__(g.Card).__setstate__("As")


# --- the lazy sequence ------------------------------------------------------


def test_legal_moves_is_a_lazy_list_like_sequence():
    hand = g.Hand("As Ad Ks 2h")
    moves = g.legal_moves(hand, "2")
    eager = list(moves)
    assert isinstance(moves, MoveSequence)
    assert isinstance(moves, collections.abc.Sequence)
    assert len(moves) == len(eager) > 5
    assert moves == eager and eager == moves and not (moves != eager)
    assert moves != eager[:-1] and moves != eager[::-1]
    assert moves == g.legal_moves(hand, "2")
    assert moves != g.legal_moves(hand, "3")
    assert moves != tuple(eager)  # as for a list
    assert [moves[i] for i in range(-len(moves), len(moves))] == eager + eager
    with pytest.raises(IndexError):
        moves[len(moves)]
    with pytest.raises(IndexError):
        moves[-len(moves) - 1]
    with pytest.raises(TypeError):
        moves["0"]
    assert moves[1:4] == eager[1:4] and moves[::-2] == eager[::-2] and moves[10**9:] == []
    assert isinstance(moves[1:4], list)
    assert list(reversed(moves)) == eager[::-1]
    assert all(m in moves for m in eager) and eager[0] in moves
    assert g.classify("Qs", "2")[0] not in moves and 5 not in moves
    assert moves.index(eager[3]) == 3 and moves.count(eager[3]) == 1
    with pytest.raises(ValueError):
        moves.index(g.classify("Qs", "2")[0])
    assert repr(moves) == repr(eager) and str(moves) == str(eager)
    assert bool(moves) and not g.legal_moves("", "2") and len(g.legal_moves("", "2")) == 0
    assert moves + [] == eager and isinstance(moves + moves, list) and len(moves + moves) == 2 * len(eager)
    assert pickle.loads(pickle.dumps(moves)) == eager and copy.copy(moves) == eager
    assert sorted(moves, key=lambda m: m.bits) == sorted(eager, key=lambda m: m.bits)
    assert random.Random(1).choice(moves) in eager and len(random.Random(1).sample(moves, 3)) == 3
    with pytest.raises(TypeError):
        hash(moves)
    with pytest.raises(TypeError):
        MoveSequence()


def test_the_sequence_outlives_the_next_call():
    first = g.legal_moves("As Ad", "2")
    snapshot = [str(m) for m in first]
    g.legal_moves(g.deal(3)[0], "2")
    assert [str(m) for m in first] == snapshot


def test_grouped_moves_and_classify_are_sequences_too():
    assert isinstance(g.grouped_moves("As Ad 2h", "2"), MoveSequence)
    assert isinstance(g.classify("As Ad", "2"), MoveSequence)
    assert [str(m) for m in g.grouped_moves("As Ad", "2")] == ["As", "As Ad"]


def test_core_legal_moves_argument_errors():
    hand = g.Hand("As")
    with pytest.raises(TypeError):
        _core.legal_moves("As", 0, None, True, False)
    with pytest.raises(ValueError):
        _core.legal_moves(hand, 13, None, True, False)
    with pytest.raises(TypeError):
        _core.legal_moves(hand, 0, None, 1, False)
    with pytest.raises(TypeError):
        _core.legal_moves(hand, 0, None, True)
    with pytest.raises(TypeError, match="previous"):
        _core.legal_moves(hand, 0, "As", True, False)
    with pytest.raises(TypeError):
        g.legal_moves(hand, "2", previous=[g.classify("As", "2")[0]])


def test_sequences_of_many_sizes_made_and_dropped_in_turn_keep_their_moves():
    # Freed sequences are reused by later calls: none may see another's moves.
    hands = [g.Hand("")] + [h for seed in range(3) for h in g.deal(seed)] + [g.Hand("As"), g.Hand("5s 5d 5c 2h 2h")]
    kept = []
    for round_ in range(3):
        for i, hand in enumerate(hands):
            moves = g.legal_moves(hand, "2")
            expected = [m.bits for m in moves]
            if (i + round_) % 3 == 0:
                kept.append((moves, expected))
            previous = moves[len(moves) // 2] if moves else None
            follows = g.legal_moves(hands[(i + 1) % len(hands)], "2", previous)
            assert previous is None or all(g.beats(m, previous, "2") for m in follows)
    for moves, expected in kept:
        assert [m.bits for m in moves] == expected
