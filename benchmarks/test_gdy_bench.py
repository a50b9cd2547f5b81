"""Gan Deng Yan benchmarks: whole deals played in the core, and the generator.

    pytest benchmarks --benchmark-enable -k gdy

Deals per second = deals / the median time of one round (in extra_info).
The target is at least 50,000 deals per second per core with the random
policy (four players).
"""

import pytest

from guandan import gdy

DEALS = 50_000


@pytest.mark.parametrize("policy", ["random", "rule"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_gdy_deals_one_thread(benchmark, policy, players):
    result = benchmark(gdy.simulate, DEALS, players=players, policy=policy, seed=7, threads=1)
    assert len(result) == DEALS
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = DEALS / benchmark.stats.stats.median


def test_gdy_games_one_thread(benchmark):
    games = 5_000
    result = benchmark(gdy.simulate_games, games, players=4, policy="rule", seed=7)
    assert len(result) == games
    if benchmark.stats is not None:
        benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.median


def test_gdy_leads_of_a_full_hand(benchmark):
    """The generator on the worst case: the whole deck as one hand (2,969 leads)."""
    hand = gdy.Cards.from_word(sum(4 << (4 * r) for r in range(13)) | (2 << 52))
    from guandan import _core

    plays = benchmark(_core.gdy.legal_plays, hand.word)
    assert len(plays) == 2969


def test_gdy_search_deals(benchmark):
    """The search bot in every seat of four (128 worlds for each play it tries)."""
    deals = 100
    result = benchmark.pedantic(gdy.simulate, args=(deals,), kwargs=dict(players=4, policy="search", seed=7),
                                rounds=3, iterations=1)
    assert len(result) == deals
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.median
