"""The engine's move sets against the slow reference of tests/reference.

The reference was written from docs/rules.md §2 to §5 alone; `leads` fills declared
patterns, `brute_force_leads` classifies every sub-multiset under every wild
declaration. The engine must agree with both, move for move.
"""

import guandan
from hypothesis import given
from hypothesis import strategies as st
from reference import brute_force_leads, follows, leads
from strategies import hands, levels

RULESETS = {"pagat": True, "standard": True, "app": False}


def as_tuples(moves):
    return {(m.kind, m.rank, tuple(str(c) for c in m.cards)) for m in moves}


def engine_move(move_tuple, level, ruleset):
    """The engine's Move for a reference (kind, rank, cards) tuple."""
    kind, rank, cards = move_tuple
    matches = [m for m in guandan.classify(" ".join(cards), level, ruleset) if (m.kind, m.rank) == (kind, rank)]
    assert len(matches) == 1, (move_tuple, matches)
    return matches[0]


def describe_difference(engine, reference):
    return f"engine only: {sorted(engine - reference)[:10]}\nreference only: {sorted(reference - engine)[:10]}"


@st.composite
def positions(draw, max_size=12):
    level = draw(levels())
    hand = draw(hands(level, max_size=max_size))
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    return hand, level, ruleset


@given(positions(max_size=14))
def test_leads_match_pattern_reference(position):
    hand, level, ruleset = position
    engine = guandan.legal_moves(hand, level, ruleset=ruleset)
    got, want = as_tuples(engine), leads(hand, level, RULESETS[ruleset])
    assert got == want, describe_difference(got, want)
    assert len(engine) == len(got), "the engine listed a move twice"


@given(positions(max_size=7))
def test_leads_match_brute_force_reference(position):
    hand, level, ruleset = position
    got = as_tuples(guandan.legal_moves(hand, level, ruleset=ruleset))
    want = brute_force_leads(hand, level, RULESETS[ruleset])
    assert got == want, describe_difference(got, want)


@given(st.data())
def test_follows_match_reference(data):
    hand, level, ruleset = data.draw(positions(max_size=14))
    # The previous play: any lead of another hand drawn from the same pool.
    other = data.draw(hands(level, max_size=12))
    other_leads = sorted(leads(other, level, RULESETS[ruleset]))
    if not other_leads:
        return
    kind, rank, cards = data.draw(st.sampled_from(other_leads))
    previous = engine_move((kind, rank, cards), level, ruleset)
    engine = guandan.legal_moves(hand, level, previous=previous, ruleset=ruleset)
    got = as_tuples(engine)
    want = follows(hand, level, kind, rank, len(cards), RULESETS[ruleset])
    assert got == want, describe_difference(got, want)
    assert len(engine) == len(got)
    assert all(guandan.beats(m, previous, level) for m in engine)


@given(st.data())
def test_beats_matches_reference(data):
    from reference import beats as reference_beats

    level = data.draw(levels())
    ruleset = data.draw(st.sampled_from(sorted(RULESETS)))
    moves = sorted(leads(data.draw(hands(level, max_size=12)), level, RULESETS[ruleset]))
    if not moves:
        return
    a = data.draw(st.sampled_from(moves))
    b = data.draw(st.sampled_from(moves))
    want = reference_beats(a[0], a[1], len(a[2]), b[0], b[1], len(b[2]), level)
    assert guandan.beats(engine_move(a, level, ruleset), engine_move(b, level, ruleset), level) == want


# Hands with the most leads found by a hill-climbing search over 27-card hands
# (cpp/include/guandan/move_list.h sizes the fixed move list from these).
EXTREME_HANDS = [
    ("2s 2h 2c 2d 3s 3h 3c 3d 4s 4h 4c 4d 5s 5h 5c 5d 6s 6h 6c 6d 7s 7h 7c 7d 8s 8h 8h", "8", 17002),
    ("3h 3h 8s 9s 9h 9c 9d Ts Th Tc Td Js Jh Jc Jd Qs Qh Qc Qd Ks Kh Kc Kd As Ah Ac Ad", "3", 16434),
]


def test_extreme_hands_match_reference():
    for hand, level, count in EXTREME_HANDS:
        cards = hand.split()
        got = as_tuples(guandan.legal_moves(cards, level))
        assert len(got) == count
        assert got == leads(cards, level, True)
