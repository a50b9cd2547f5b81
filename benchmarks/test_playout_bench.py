"""Playout benchmarks: whole deals (tribute included) played in the core.

    pytest benchmarks --benchmark-enable -k playout

Deals per second = deals / the median time of one round (in extra_info).
The search policy is timed on 1 and 2 threads: rows are handed out deal by
deal, so on a two-core machine 2 threads should give about twice the
deals/s of 1 (the scale target is at least 1.8x).
"""

import guandan
import pytest

DEALS = 10_000
SEARCH_DEALS = 16
SEARCH_ROLLOUTS = 200


def _deals_per_second(benchmark, deals):
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.median


@pytest.mark.parametrize("policy", ["random", "rule_v1", "rule"])
def test_playout_deals_one_thread(benchmark, policy):
    result = benchmark(guandan.simulate, DEALS, policy=policy, seed=7, threads=1)
    assert len(result) == DEALS
    _deals_per_second(benchmark, DEALS)


@pytest.mark.parametrize("threads", [1, 2])
def test_playout_search_deals(benchmark, threads):
    result = benchmark.pedantic(guandan.simulate, args=(SEARCH_DEALS,),
                                kwargs=dict(policy="search", search_rollouts=SEARCH_ROLLOUTS, seed=7, threads=threads),
                                rounds=3, iterations=1)
    assert len(result) == SEARCH_DEALS
    _deals_per_second(benchmark, SEARCH_DEALS)


def test_playout_matches_one_thread(benchmark):
    result = benchmark(guandan.simulate_matches, 200, policy="rule", seed=7, threads=1)
    assert len(result) == 200
