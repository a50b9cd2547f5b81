"""Playout benchmarks: whole deals (tribute included) played in the core.

    pytest benchmarks --benchmark-enable -k playout

Deals per second = 10,000 / the time of one round (one thread).
"""

import guandan
import pytest

DEALS = 10_000


@pytest.mark.parametrize("policy", ["random", "rule"])
def test_playout_deals_one_thread(benchmark, policy):
    result = benchmark(guandan.simulate, DEALS, policy=policy, seed=7, threads=1)
    assert len(result) == DEALS
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = DEALS / benchmark.stats.stats.median


def test_playout_matches_one_thread(benchmark):
    result = benchmark(guandan.simulate_matches, 200, policy="rule", seed=7, threads=1)
    assert len(result) == 200
