"""Random whole matches under every ruleset, with invariants after every step.

Conformance in the OpenSpiel style: random actions (plays, passes, tribute
and return cards), and after each one the card count is checked (108 cards
between the hands and the played pile, no card in two places), every play is
checked legal independently of the engine's own check, and the finishing
order and levels stay consistent. The log of each match replays to the same
states. ``GUANDAN_MATCHES`` sets the number of matches per ruleset (default 340,
so over a thousand in all).
"""

import os
import random

import guandan
import pytest
from guandan.gd.log import match_log, replay

MATCHES = int(os.environ.get("GUANDAN_MATCHES", "340"))
LEVELS = set(guandan.RANKS)


def full_deck():
    return guandan.Hand(" ".join(str(guandan.Card.from_index(k)) for k in range(54) for _ in range(2)))


DECK = full_deck()


def snapshot(deal):
    return (deal.phase, deal.turn, [str(h) for h in deal.hands], deal.last_play, deal.last_player, deal.finishing_order)


def check_play_is_legal(deal, move):
    hand = deal.hands[deal.turn]
    assert move.cards in hand
    assert move in guandan.classify(move.cards, deal.level, deal.ruleset)
    if deal.last_play is not None:
        assert guandan.beats(move, deal.last_play, deal.level)


def check_cards(deal, played):
    everything = played
    for hand in deal.hands:
        everything = everything + hand  # raises on a third copy of any card
    assert everything == DECK


def random_step(deal, rng, played):
    if deal.phase in ("tribute", "return"):
        deal.give(rng.choice(deal.tribute_options()))
        return played
    moves = deal.legal_moves()
    if deal.can_pass() and (not moves or rng.random() < 0.35):
        deal.pass_turn()
        return played
    assert moves, "a leader always has a move"
    move = rng.choice(moves)
    check_play_is_legal(deal, move)
    deal.play(move)
    return played + guandan.Hand(move.cards)


def play_match(ruleset, seed, snapshots):
    rng = random.Random(seed)
    match = guandan.Match(ruleset, seed=seed)
    for _ in range(400):
        deal = match.deal
        played = guandan.Hand()
        assert deal.level == match.state.deal_level
        check_cards(deal, played)
        while not deal.is_over:
            in_tribute = deal.phase in ("tribute", "return")
            played = random_step(deal, rng, played)
            check_cards(deal, played)
            snapshots.append(snapshot(deal))
            if in_tribute and deal.phase == "play":
                assert deal.card_counts == [27, 27, 27, 27], "tribute and return leave 27 cards each"
            order = deal.finishing_order
            assert len(set(order)) == len(order)
            assert all(deal.card_counts[s] == 0 for s in order)
            assert all(deal.card_counts[s] > 0 for s in range(4) if s not in order) or deal.is_over
        assert deal.outcome in ("1-2", "1-3", "1-4")
        if match.ruleset.deal_end == "three_out":
            assert len(deal.finishing_order) == 3
        else:
            team = deal.finishing_order[-1] % 2
            assert {s for s in deal.finishing_order if s % 2 == team} == {team, team + 2}
        state = match.finish_deal()
        assert set(state.levels) <= LEVELS
        if match.next_deal() is None:
            break
    assert match.is_over, "a random match should end within 400 deals"
    return match


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_random_matches_keep_every_invariant_and_replay(ruleset):
    for seed in range(MATCHES):
        snapshots = []
        match = play_match(ruleset, seed, snapshots)
        assert match.winner in (0, 1)
        # The log replays to exactly the same states, step by step.
        replayed = []
        again = replay(match_log(match), on_step=lambda deal, event: replayed.append(snapshot(deal)))
        assert replayed == snapshots
        assert again.states == match.states


# --- every position has an action ---------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from strategies import hands as small_hands  # noqa: E402
from strategies import levels  # noqa: E402


def _has_action(deal):
    if deal.phase in ("tribute", "return"):
        return bool(deal.tribute_options())
    return bool(deal.legal_moves()) or deal.can_pass()


@st.composite
def small_deals(draw):
    """A scenario deal of small hands (every seat holds a card), with or without tribute."""
    level = draw(levels())
    four, seen = [], guandan.Hand()
    for _ in range(4):
        # Keep at most two copies of a card between the four hands, and at
        # least one card per seat (the first kind still free).
        kept = []
        for card in guandan.Hand(draw(small_hands(level, min_size=1, max_size=6))):
            if seen.count(card) < 2:
                kept.append(card)
                seen = seen + [card]
        if not kept:
            free = next(c for c in map(guandan.Card.from_index, range(54)) if seen.count(c) < 2)
            kept, seen = [free], seen + [free]
        four.append(guandan.Hand(kept))
    ruleset = draw(st.sampled_from(guandan.PRESET_NAMES))
    if draw(st.booleans()):
        order = draw(st.permutations([0, 1, 2, 3]))
        return guandan.Deal(hands=four, level=level, ruleset=ruleset, previous_order=order)
    return guandan.Deal(hands=four, level=level, ruleset=ruleset, leader=draw(st.integers(0, 3)))


@settings(max_examples=300, deadline=None)
@given(small_deals(), st.randoms(use_true_random=False))
def test_no_reachable_position_lacks_an_action(deal, rng):
    # Scenario deals of small hands, tribute included: every position until
    # the end offers the seat to act at least one action.
    played = guandan.Hand()
    for _ in range(400):
        if deal.is_over:
            return
        assert _has_action(deal), deal.to_text()
        played = random_step(deal, rng, played)
    assert deal.is_over, "a deal of small hands ends"
