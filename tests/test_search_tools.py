"""The search's building blocks (guandan.gd.bots.search_tools): worlds consistent
with an observation, the deal of a world, playouts, values, exact endgames."""

from __future__ import annotations

import os
import sys

import pytest

import guandan
from guandan import Deal, Hand
from guandan.gd.bots import search_tools as st
from guandan.gd.bots import RuleBot, play_deal


def _mid_deal(seed: int, actions: int) -> Deal:
    deal = Deal(seed=seed, previous_order=[0, 1, 2, 3])
    bots = [RuleBot() for _ in range(4)]
    from guandan.gd.bots import step

    for _ in range(actions):
        step(deal, bots)
    return deal


@pytest.mark.parametrize("weighted", [False, True])
def test_a_world_keeps_to_what_the_seat_knows(weighted):
    for seed in range(6):
        deal = _mid_deal(seed, 30)
        seat = deal.turn
        observation = deal.observation(seat)
        for world_seed in range(5):
            hands = st.sample_world(observation, world_seed, weighted=weighted)
            assert hands[seat] == deal.hands[seat]
            assert [len(h) for h in hands] == deal.card_counts
            # Every card once more in a hand or among those played: adding
            # them raises on a third copy, and the count is the deck's.
            everything = observation.played
            for hand in hands:
                everything = everything + hand
            assert len(everything) == 108
            for other in range(4):
                # Cards shown face up in the tribute stay with their holder.
                assert all(hands[other].count(card) >= observation.shown[other].count(card)
                           for card in observation.shown[other])


def test_worlds_differ_and_are_reproducible():
    observation = _mid_deal(1, 20).observation(_mid_deal(1, 20).turn)
    assert st.sample_world(observation, 3) == st.sample_world(observation, 3)
    assert st.sample_world(observation, 3) != st.sample_world(observation, 4)
    true_hands = _mid_deal(1, 20).hands
    assert st.world_likelihood(observation, true_hands) > 0


def test_the_true_world_gives_the_real_deal_back():
    deal = _mid_deal(2, 25)
    observation = deal.observation(deal.turn)
    world = st.world_deal(observation, deal.hands)
    assert world.hands == deal.hands and world.turn == deal.turn
    assert list(world.legal_moves()) == list(deal.legal_moves())
    assert world.events == deal.events


def test_play_out_in_the_core_matches_the_bots_in_python():
    deal = _mid_deal(3, 12)
    end = st.play_out(deal, "rule", seed=1)
    again = play_deal(deal.copy(), [RuleBot() for _ in range(4)])
    assert end.is_over and end.placing == again.placing
    assert not deal.is_over  # the deal itself is unchanged
    mixed = st.play_out(deal, ["rule", RuleBot(), "rule", RuleBot()], seed=1)
    assert mixed.placing == again.placing
    assert st.deal_score(end, end.finishing_order[0]) in (1, 2, 3)
    assert st.deal_score(end, (end.finishing_order[0] + 1) % 4) in (-1, -2, -3)
    with pytest.raises(ValueError, match="not over"):
        st.deal_score(deal, 0)
    with pytest.raises(ValueError, match="unknown policy"):
        st.play_out(deal, "nobody")


def test_move_values_value_every_option():
    deal = _mid_deal(4, 9)
    observation = deal.observation(deal.turn)
    moves = list(deal.grouped_moves())[:4]
    values = st.move_values(observation, moves, deal.can_pass(), rollouts=200, seed=1)
    assert len(values) == len(moves) + deal.can_pass()
    assert all(-3 <= v.mean <= 3 and 0 <= v.win_rate <= 1 and v.playouts > 0 for v in values)


def test_the_endgame_solver_is_exact_on_a_position_worked_by_hand():
    # At level 2, seat 0 holds 3s and the level card 2s (above the kings);
    # seat 1 4h 5h, seat 2 (its partner) 9c, seat 3 Kd Kd. Leading 3s: seat 2
    # beats whatever seat 1 plays with 9c and goes out; seat 0's 2s then beats
    # a king (or leads after the trick) and goes out second. Leading 2s: no
    # one beats it, seat 0 leads 3s and goes out, and seat 2's 9c beats
    # seat 1's 4h or 5h. Either way team 0 goes out first and second: a
    # 1-2, 3 levels (standard rules).
    deal = Deal(hands=["2s 3s", "4h 5h", "9c", "Kd Kd"], leader=0)
    result = st.solve_endgame(deal, 0)
    assert result.solved and result.value == 3.0 and result.best in deal.legal_moves()
    values = st.solve_endgame_options(deal, deal.legal_moves())
    assert values is not None and max(values) == result.value
    # The same for seat 1's team, negated; a budget too small is unsolved.
    assert st.solve_endgame(deal, 1).value == -3.0
    assert not st.solve_endgame(Deal(seed=1, leader=0), 0, max_nodes=10).solved
    with pytest.raises(ValueError, match="max_nodes"):
        st.solve_endgame(deal, 0, max_nodes=0)


def test_the_endgame_value_agrees_with_playing_the_best_move_out():
    # Take the solver's move at every turn for both teams: the deal ends
    # with the score the solver promised the first seat's team.
    deal = Deal(hands=["3s 3h 7c", "4d 9s", "Ts Jd", "5c 5d Qh"], leader=1)
    promised = st.solve_endgame(deal, 0).value
    while not deal.is_over:
        best = st.solve_endgame(deal, deal.turn)
        deal.pass_turn() if best.best_is_pass else deal.play(best.best)
    assert st.deal_score(deal, 0) == promised


def test_a_flat_search_written_in_python_plays_through_the_arena():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    from examples.flat_search import FlatSearch
    from guandan.gd.arena import arena

    result = arena(FlatSearch(worlds=2, candidates=3), "rule", 2)
    assert result.deals == 4 and result.bots == ("FlatSearch", "rule")


def test_building_blocks_refuse_what_is_not_an_observation():
    with pytest.raises(TypeError, match="Observation"):
        st.sample_world(Deal(seed=1), 0)
    deal = Deal(seed=1, previous_order=[0, 1, 2, 3])
    with pytest.raises(ValueError, match="play phase"):
        st.world_deal(deal.observation(deal.turn), deal.hands)
    with pytest.raises(ValueError, match="own hand"):
        played = _mid_deal(1, 10)
        hands = list(played.hands)
        seat = played.turn
        hands[seat], hands[(seat + 1) % 4] = hands[(seat + 1) % 4], hands[seat]
        st.world_deal(played.observation(seat), hands)
    assert guandan  # the package imports the tools lazily
