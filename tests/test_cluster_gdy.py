"""Gan Deng Yan on Ray gives the same numbers as the local path for the same arguments.

Runs on one local Ray instance for the module; the tests that need it are
skipped (with the reason shown) when the ``ray`` extra is not installed.
The argument checks run without Ray: they come before any cluster starts.
"""

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from cluster_bots import LastPlay
from guandan import gdy
from guandan.cli import main
from guandan.gdy.cluster import DealAggregate, simulate_on_ray
from guandan.gdy.summary import deal_summary


class Unpicklable(LastPlay):
    """A bot holding a function made on the fly, which cannot be pickled."""

    def __init__(self):
        self.order = lambda moves: moves


def run(argv):
    """(exit status, stdout, stderr) of ``guandan argv``, in-process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"n": -1}, ValueError, "number to simulate"),
    ({"players": 7}, ValueError, "2..6 players"),
    ({"players": "4"}, TypeError, "players"),
    ({"chunk": 0}, ValueError, "chunk"),
    ({"threads_per_task": 0}, ValueError, "threads_per_task"),
    ({"policy": "clever"}, ValueError, "unknown bot 'clever'"),
    ({"policy": ["rule"] * 3}, ValueError, "one per seat"),
    ({"policy": Unpicklable()}, TypeError, "Unpicklable cannot be pickled"),
    ({"seed": 2**64}, ValueError, "seed"),
    ({"address": 1}, TypeError, "address"),
    ({"target": 30}, ValueError, "games=True"),
    ({"games": True, "target": 0}, ValueError, "target"),
    ({"games": True, "aggregate": True}, ValueError, "aggregate=True sums single deals"),
    ({"games": True, "policy": LastPlay()}, ValueError, "simulate_games plays the core's policies"),
])
def test_arguments_are_checked_before_ray_starts(kwargs, error, match):
    args = dict(address="local", n=10)
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate_on_ray(**args)


@pytest.mark.parametrize("argv, words", [
    (["--deals", "10", "--aggregate"], ["--aggregate", "--ray"]),
    (["--ray", "local", "--aggregate", "--matches", "5"], ["--aggregate", "--matches"]),
    (["--ray", "local", "--aggregate", "--out", "run.npz"], ["--out", "--aggregate"]),
])
def test_aggregate_options_that_do_not_combine(argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(["simulate", "--game", "gdy", "--quiet"] + argv)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    for word in words:
        assert word in err, (word, err)


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'guandan-engine[ray]'")
    # The workers import the test bots' module as they would a bot module of one's own.
    bots = str(Path(__file__).with_name("cluster_bots.py"))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"py_modules": [bots]})
    yield ray
    ray.shutdown()


def assert_same_rows(local, remote):
    assert type(local) is type(remote) and len(local) == len(remote)
    for name, column in local.arrays().items():
        assert np.array_equal(column, remote.arrays()[name]), name


@pytest.mark.parametrize("players", [2, 5, 6])
def test_ray_deals_equal_local_deals(local_ray, players):
    local = gdy.simulate(3000, players, policy="rule", seed=12)
    seen = []
    remote = simulate_on_ray("local", 3000, players, policy="rule", seed=12, chunk=700,
                             progress=lambda done, total: seen.append((done, total)))
    assert_same_rows(local, remote)
    assert remote.penalties.shape == (3000, players) and seen[-1] == (3000, 3000)


def test_ray_games_equal_local_games(local_ray):
    local = gdy.simulate_games(200, 4, policy=["rule", "random"] * 2, target=40, seed=6)
    remote = simulate_on_ray("local", 200, 4, policy=["rule", "random"] * 2, games=True, target=40, seed=6, chunk=60)
    assert_same_rows(local, remote)


def test_python_bots_and_specs_play_in_the_tasks(local_ray):
    # A bot object (pickled) and a MODULE:CLASS spec (made in the task).
    policy = [LastPlay(), "cluster_bots:LastPlay", LastPlay()]
    local = gdy.simulate(150, 3, policy=policy, seed=30)
    assert_same_rows(local, simulate_on_ray("local", 150, 3, policy=policy, seed=30, chunk=40))
    assert_same_rows(local, simulate_on_ray("local", 150, 3, policy=policy, seed=30, chunk=75, threads_per_task=2))


def test_aggregate_equals_the_aggregate_of_the_rows(local_ray):
    rows = simulate_on_ray("local", 4000, 5, policy=["rule", "random"] * 2 + ["rule"], seed=2, chunk=900)
    summed = simulate_on_ray("local", 4000, 5, policy=["rule", "random"] * 2 + ["rule"], seed=2, chunk=900,
                             aggregate=True)
    assert isinstance(summed, DealAggregate)
    assert summed == DealAggregate.of(rows)
    assert summed.deals == 4000 and summed.wins == tuple(int((rows.winner == s).sum()) for s in range(5))
    assert summed.starter_wins == int((rows.winner == rows.starter).sum())
    assert summed.penalties.total == int(rows.penalties.sum()) and summed.draws.total == int(rows.draws.sum())
    assert summed.penalties.mean / 4 == pytest.approx((rows.penalties.sum(axis=1) / 4).mean())
    assert summed.plays.sd == pytest.approx(rows.plays.std(ddof=1))
    assert summed.summary_lines(1.5) == deal_summary(rows, 1.5)


def test_merge_adds_two_runs_of_the_same_table():
    first, second = gdy.simulate(300, 4, policy="rule", seed=1), gdy.simulate(200, 4, policy="rule", seed=1, first=300)
    merged = DealAggregate.of(first).merge(DealAggregate.of(second))
    assert merged == DealAggregate.of(gdy.simulate(500, 4, policy="rule", seed=1))
    assert DealAggregate.empty(4).merge(merged) == merged
    with pytest.raises(ValueError, match="4 players with deals of 3"):
        merged.merge(DealAggregate.empty(3))


@pytest.mark.parametrize("amount", [["--deals", "2000"], ["--matches", "100", "--target", "30"]])
def test_cli_on_ray_prints_the_local_summary(local_ray, amount):
    local = ["simulate", "--game", "gdy", "--players", "5", "--policy", "rule", "--seed", "4", "--quiet"] + amount
    status, out, err = run(local)
    assert status == 0, err
    ways = [["--ray", "local"]] + ([["--ray", "local", "--aggregate"]] if amount[0] == "--deals" else [])
    for extra in ways:
        status, on_ray, err = run(local + extra)
        assert status == 0, err
        assert "Ray cluster local" in on_ray.splitlines()[0]
        # Everything after the throughput line is the same.
        assert on_ray.split("/s\n", 1)[1] == out.split("/s\n", 1)[1]
