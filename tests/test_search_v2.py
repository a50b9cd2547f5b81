"""Search v2 (cpp/include/guandan/bots/search.h): the time budget, root-parallel
threads and their determinism, the sampled worlds' consistency with the
public record, the search policy (v2) and bot."""

import random
import time

import guandan
import pytest
from guandan import _core
from guandan.gd.bots import RuleBot, SearchBot, play_deal

from random_play import random_action

FULL_DECK = guandan.Hand(" ".join(str(guandan.Card.from_index(k)) for k in range(54) for _ in range(2)))


def _opening():
    deal = guandan.Deal(seed=1)
    return deal, deal.observation(deal.turn).view, deal.legal_moves()


def _holds(hand, cards):
    """Whether `hand` holds every card of `cards` (as a multiset)."""
    return len(hand - cards) == len(hand) - len(cards)


def _mid_deal_positions(count, seed):
    """Views of the seat to act at random points of random deals, half of
    them after a tribute (the receivers are known to hold the cards given)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        previous = rng.choice([None, [0, 1, 2, 3], [2, 1, 0, 3], [1, 3, 0, 2]])
        deal = guandan.Deal(seed=rng.randrange(10**6), previous_order=previous)
        for _ in range(rng.randrange(0, 80)):
            if deal.is_over:
                break
            random_action(deal, rng)
        if deal.is_over or deal.phase in ("tribute", "return"):
            continue
        positions.append((deal, deal.observation(deal.turn)))
    return positions


def test_sampled_worlds_respect_everything_public():
    tributes = 0
    for deal, obs in _mid_deal_positions(60, seed=4):
        view = obs.view
        played = FULL_DECK - sum(deal.hands, guandan.Hand())
        tributes += any(len(h) for h in obs.shown)
        for seed in range(5):
            world = _core.sample_world(view, seed)
            assert world[obs.seat] == obs.hand
            for s in range(4):
                # Card counts, and the tribute and return cards known held.
                assert len(world[s]) == obs.card_counts[s]
                assert _holds(world[s], obs.shown[s])
            # The cards played are nobody's: the hands and the cards played
            # make up the two decks exactly.
            total = sum(world, guandan.Hand())
            assert total + played == FULL_DECK
    assert tributes > 0  # the shown cards were exercised


def test_worlds_differ_where_the_record_leaves_room():
    deal, view, _ = _opening()
    worlds = {tuple(str(h) for h in _core.sample_world(view, seed)) for seed in range(5)}
    assert len(worlds) == 5


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_same_seed_and_thread_count_same_result(threads):
    deal, view, moves = _opening()
    first = _core.search_v2_move(view, moves, False, 1500, 0, threads, 7)
    again = _core.search_v2_move(view, moves, False, 1500, 0, threads, 7)
    assert first == again
    # A playout budget is spent in whole worlds of the options still in play,
    # at least one world a round: 273 options and 9 rounds of 166 playouts
    # give the first round one world of 273.
    assert 750 < first[1] <= 1500 + len(moves)


def test_threads_draw_disjoint_streams():
    # Different thread counts sample different worlds (each thread its own
    # stream), so their statistics differ while the playouts run match.
    deal, view, moves = _opening()
    results = {threads: _core.search_v2_move(view, moves, False, 3000, 0, threads, 7) for threads in (1, 2)}
    assert results[1][1] == results[2][1]
    assert results[1] != results[2]


def test_time_budget_stops_the_search():
    deal, view, moves = _opening()
    for think_ms, threads in ((30, 1), (30, 2)):
        started = time.perf_counter()
        choice, rollouts, _ = _core.search_v2_move(view, moves, False, 1_000_000, think_ms, threads, 3)
        elapsed = time.perf_counter() - started
        assert 0 <= choice < len(moves)
        assert 0 < rollouts < 1_000_000  # the clock, not the cap, stopped it
        # At least the budget, and at most a playout and a thread join over
        # it (generous here: the machine may be shared).
        assert think_ms / 1000 * 0.9 <= elapsed < think_ms / 1000 + 0.05


def test_playout_cap_comes_first_when_smaller():
    deal, view, moves = _opening()
    started = time.perf_counter()
    _, rollouts, _ = _core.search_v2_move(view, moves, False, len(moves), 60_000, 1, 3)
    # 9 halving rounds of 273 / 9 = 30 playouts, one world at least:
    # 273 + 137 + 69 + 35 + 18, then whole worlds of 9, 5, 3, 2 options
    # within 30: 27 + 30 + 30 + 30; in all 649.
    assert rollouts == 649 and time.perf_counter() - started < 5


@pytest.mark.parametrize("think_ms", [-1, 60_001, 2**31 - 1])
def test_think_ms_range(think_ms):
    deal, view, moves = _opening()
    with pytest.raises(ValueError, match="think_ms must be 1..60,000"):
        _core.search_v2_move(view, moves, False, 100, think_ms, 1, 1)
    with pytest.raises(ValueError, match="think_ms must be 1..60,000"):
        _core.policy_play("search", view, moves, False, 1, 100, think_ms)
    with pytest.raises(ValueError, match="think_ms must be 1..60,000"):
        SearchBot(think_ms=think_ms)


@pytest.mark.parametrize("threads", [0, -1, 65])
def test_threads_range(threads):
    deal, view, moves = _opening()
    with pytest.raises(ValueError, match="threads must be 1..64"):
        _core.search_v2_move(view, moves, False, 100, 0, threads, 1)
    with pytest.raises(ValueError, match="threads must be 1..64"):
        _core.policy_play("search", view, moves, False, 1, 100, 0, threads)
    with pytest.raises(ValueError, match="threads must be 1..64"):
        SearchBot(threads=threads)


def test_bot_arguments_must_be_integers():
    for name in ("think_ms", "threads", "rollouts"):
        with pytest.raises(TypeError, match=name):
            SearchBot(**{name: "10"})
        with pytest.raises(TypeError, match=name):
            SearchBot(**{name: True})


def test_search_v2_bot_plays_legal_games_to_the_end():
    for ruleset in guandan.PRESET_NAMES:
        deal = guandan.Deal(seed=5, ruleset=ruleset, previous_order=[2, 1, 0, 3])
        bots = [SearchBot(seed=1, think_ms=2, threads=2), RuleBot(seed=2),
                SearchBot(seed=3, think_ms=0, rollouts=60), RuleBot(seed=4)]
        play_deal(deal, bots)  # play_deal rejects any illegal choice
        assert deal.is_over


def test_search_v2_goes_out_when_it_can():
    deal = guandan.Deal(hands=["9s 9d", "3s 4s 5s", "6d 7d 8d", "Tc Jc Qc"], level="2", leader=0)
    move = SearchBot(seed=5, think_ms=20).choose_move(deal.observation(0), deal.legal_moves(), False)
    assert (move.kind, move.rank) == ("pair", "9")


def test_search_v2_policy_in_simulate_is_deterministic():
    # Without a time budget (simulate passes a playout budget) the policy
    # depends only on the seeds.
    first = guandan.simulate(2, policy=["search", "rule", "search", "rule"], seed=3, search_rollouts=60)
    again = guandan.simulate(2, policy=["search", "rule", "search", "rule"], seed=3, search_rollouts=60)
    assert list(first.placing[0]) == list(again.placing[0]) and list(first.placing[1]) == list(again.placing[1])


def test_passing_while_leading_is_rejected():
    deal, view, moves = _opening()
    with pytest.raises(ValueError, match="cannot pass"):
        _core.search_v2_move(view, moves, True, 50, 0, 2, 1)


def test_pruning_keeps_the_rule_policys_choice_and_indexes_the_moves_given():
    deal, view, moves = _opening()
    rule_choice = _core.policy_play("rule", view, moves, False, 1)
    # One candidate kept: the rule policy's own choice, without a playout.
    assert _core.search_v2_move(view, moves, False, 500, 0, 1, 1, 1)[:2] == (rule_choice, 0)
    # 24 kept: 5 halving rounds of 1000 / 5 = 200 playouts in whole worlds
    # of 24, 12, 6, 3, 2 options: 8*24 + 16*12 + 33*6 + 66*3 + 100*2 =
    # 192 + 192 + 198 + 198 + 200 = 980; the choice indexes the moves as given.
    choice, rollouts, _ = _core.search_v2_move(view, moves, False, 1000, 0, 1, 1, 24)
    assert rollouts == 980 and 0 <= choice < len(moves)
    with pytest.raises(ValueError, match="max_candidates"):
        _core.search_v2_move(view, moves, False, 500, 0, 1, 1, -1)


def test_each_search_has_its_own_candidate_cut():
    # None asks for the policy's own cut: 12 for search (v4) and search_v3,
    # 24 for search_v2. One candidate searches nothing: the choice to beat,
    # at once: the learned bot's for v4, the planning player's before.
    deal, view, moves = _opening()
    assert (_core.SEARCH_MAX_CANDIDATES, _core.DEFAULT_MAX_CANDIDATES) == (12, 24)
    assert SearchBot(seed=1).max_candidates is None
    assert SearchBot(seed=1, max_candidates=5).max_candidates == 5
    rule_choice = _core.policy_play("rule", view, moves, False, 1)
    net_choice = _core.policy_play("net", view, moves, False, 1)
    assert net_choice != rule_choice  # else this deal tells the two apart by nothing
    for policy, prior in (("search", net_choice), ("search_v3", rule_choice), ("search_v2", rule_choice)):
        assert _core.policy_play(policy, view, moves, False, 1, 200, 0, 1, 1) == prior
        assert 0 <= _core.policy_play(policy, view, moves, False, 1, 200, 0, 1, None) < len(moves)
        with pytest.raises(ValueError, match="max_candidates"):
            _core.policy_play(policy, view, moves, False, 1, 200, 0, 1, -1)
    with pytest.raises(ValueError, match="max_candidates"):
        SearchBot(max_candidates=-1)
    with pytest.raises(TypeError, match="max_candidates"):
        SearchBot(max_candidates="12")
