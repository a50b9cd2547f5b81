"""The Ray path gives the same numbers as the local path for the same seed.

Runs on a local Ray instance; skipped (with the reason shown) when the
``ray`` extra is not installed.
"""

import guandan
import numpy as np
import pytest

from guandan.gd.cluster import simulate_on_ray


@pytest.mark.parametrize("kwargs, error, match", [
    ({"n": -1}, ValueError, "number to simulate"),
    ({"n": 1.5}, TypeError, "number to simulate"),
    ({"chunk": 0}, ValueError, "chunk"),
    ({"threads_per_task": 10**6}, ValueError, "threads_per_task"),
    ({"search_rollouts": 0}, ValueError, "search_rollouts"),
    ({"policy": "clever"}, ValueError, "unknown policy"),
    ({"seed": -1}, ValueError, "seed"),
    ({"address": None}, TypeError, "address"),
])
def test_arguments_are_checked_before_ray_starts(kwargs, error, match):
    # Checked first, so a mistake costs no cluster start (and needs no Ray).
    args = dict(address="local", n=10)
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate_on_ray(**args)


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'guandan-engine[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_deals_equal_local_deals(local_ray):
    local = guandan.simulate(5000, policy="rule", ruleset="pagat", seed=17, threads=2)
    seen = []
    remote = simulate_on_ray("local", 5000, policy="rule", ruleset="pagat", seed=17, chunk=1300,
                             progress=lambda done, total: seen.append((done, total)))
    for name, column in local.arrays().items():
        assert np.array_equal(column, remote.arrays()[name]), name
    assert seen[-1] == (5000, 5000)


def test_ray_matches_equal_local_matches(local_ray):
    local = guandan.simulate_matches(120, policy="random", ruleset="app", seed=4)
    remote = simulate_on_ray("local", 120, matches=True, policy="random", ruleset="app", seed=4, chunk=50)
    for name, column in local.arrays().items():
        assert np.array_equal(column, remote.arrays()[name]), name
