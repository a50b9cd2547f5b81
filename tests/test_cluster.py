"""The Ray path gives the same numbers as the local path for the same seed.

Runs on a local Ray instance; skipped (with the reason shown) when the
``ray`` extra is not installed.
"""

import guandan
import numpy as np
import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'guandan-engine[ray]'")

from guandan.cluster import simulate_on_ray  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
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
