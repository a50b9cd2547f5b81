"""The Ray path gives the same numbers as the local path for the same arguments.

Runs on one local Ray instance for the module; the tests that need it are
skipped (with the reason shown) when the ``ray`` extra is not installed.
The argument checks run without Ray: they come before any cluster starts.
"""

import io
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import guandan
import numpy as np
import pytest

from cluster_bots import FirstMove
from guandan.cli import main
from guandan.gd.cluster import DealAggregate, simulate_on_ray
from guandan.gd.summary import deal_summary


class Unpicklable(FirstMove):
    """A bot holding a lock, which cannot be pickled."""

    def __init__(self):
        self.lock = threading.Lock()


def run(argv):
    """(exit status, stdout, stderr) of ``guandan argv``, in-process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"n": -1}, ValueError, "number to simulate"),
    ({"n": 1.5}, TypeError, "number to simulate"),
    ({"chunk": 0}, ValueError, "chunk"),
    ({"threads_per_task": 10**6}, ValueError, "threads_per_task"),
    ({"search_rollouts": 0}, ValueError, "search_rollouts"),
    ({"policy": "clever"}, ValueError, "unknown bot 'clever'"),
    ({"policy": "no_such_module:Bot"}, ValueError, "cannot import module 'no_such_module'"),
    ({"policy": Unpicklable()}, TypeError, "Unpicklable cannot be pickled"),
    ({"policy": ["rule", "rule", Unpicklable(), "rule"]}, TypeError, "Unpicklable cannot be pickled"),
    ({"seed": -1}, ValueError, "seed"),
    ({"address": None}, TypeError, "address"),
    ({"level": "1"}, ValueError, "level"),
    ({"tribute": "no"}, TypeError, "tribute"),
    ({"sizes": [27, 27, 0, 27]}, ValueError, "seat 2 has no cards"),
    ({"hands": {5: "As"}}, ValueError, "seat must be 0..3"),
    ({"leader": 1}, ValueError, "leader is given only with tribute=False"),
    ({"matches": True, "level": "5"}, ValueError, "level set single deals"),
    ({"matches": True, "tribute": False, "leader": 0}, ValueError, "tribute, leader set single deals"),
    ({"matches": True, "aggregate": True}, ValueError, "aggregate=True sums single deals"),
    ({"aggregate": 1}, TypeError, "aggregate must be True or False"),
])
def test_arguments_are_checked_before_ray_starts(kwargs, error, match):
    # Checked first, so a mistake costs no cluster start (and needs no Ray).
    args = dict(address="local", n=10)
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate_on_ray(**args)


def test_a_local_start_refuses_tasks_larger_than_the_machine(monkeypatch):
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'guandan-engine[ray]'")
    if ray.is_initialized():
        pytest.skip("Ray is already running: the run would use it as it is")
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    with pytest.raises(ValueError, match="threads_per_task is 3, more than this machine's 2 CPUs"):
        simulate_on_ray("local", 10, threads_per_task=3)
    assert not ray.is_initialized()


@pytest.mark.parametrize("argv, words", [
    (["--aggregate"], ["--aggregate", "--ray"]),
    (["--ray", "local", "--aggregate", "--matches", "5"], ["--aggregate", "--matches"]),
    (["--ray", "local", "--aggregate", "--out", "run.npz"], ["--out", "--aggregate"]),
])
def test_aggregate_options_that_do_not_combine(argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(["simulate", "--quiet"] + argv)
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


def test_ray_deals_equal_local_deals(local_ray):
    local = guandan.simulate(5000, policy="rule", ruleset="pagat", seed=17, threads=2)
    seen = []
    remote = simulate_on_ray("local", 5000, policy="rule", ruleset="pagat", seed=17, chunk=1300,
                             progress=lambda done, total: seen.append((done, total)))
    assert_same_rows(local, remote)
    assert seen[-1] == (5000, 5000) and len(seen) == 4  # one report per task


def test_ray_matches_equal_local_matches(local_ray):
    local = guandan.simulate_matches(120, policy="random", ruleset="app", seed=4)
    remote = simulate_on_ray("local", 120, matches=True, policy="random", ruleset="app", seed=4, chunk=50)
    assert_same_rows(local, remote)


def test_every_deal_option_reaches_the_tasks(local_ray):
    options = dict(policy=["search", "rule", "random", "rule"], ruleset="pagat", seed=3, level="9", tribute=False,
                   hands={0: "SJ BJ As As Kd"}, sizes=[5, 8, 8, 8], leader=2, search_rollouts=20)
    local = guandan.simulate(300, **options)
    remote = simulate_on_ray("local", 300, chunk=70, **options)
    assert_same_rows(local, remote)
    assert (remote.tribute == 0).all() and (remote.plays < 30).all()  # no tribute, short hands
    # Each option changes the rows, so the equal rows show that the tasks got it.
    for name, other in (("level", "2"), ("leader", 0), ("hands", None), ("search_rollouts", 1)):
        changed = guandan.simulate(300, **{**options, name: other})
        assert any(not np.array_equal(column, changed.arrays()[key]) for key, column in local.arrays().items()), name


def test_python_bots_and_specs_play_in_the_tasks(local_ray):
    # A bot object (pickled), a MODULE:CLASS spec and a built-in bot with options (both made in the task).
    policy = [FirstMove(), "cluster_bots:FirstMove", "simple:bomb_threshold=3", "rule"]
    local = guandan.simulate(90, policy=policy, ruleset="app", seed=8)
    assert_same_rows(local, simulate_on_ray("local", 90, policy=policy, ruleset="app", seed=8, chunk=40))
    # Two worker processes inside each task, as --threads 2 runs them on one machine.
    assert_same_rows(local, simulate_on_ray("local", 90, policy=policy, ruleset="app", seed=8, chunk=45,
                                            threads_per_task=2))


def test_each_task_asks_for_its_threads_as_cpus(local_ray):
    from guandan.common.ray_tasks import run_tasks

    def assigned_cpus(first, count):
        return local_ray.get_runtime_context().get_assigned_resources().get("CPU")

    assert run_tasks("local", 3, 1, assigned_cpus, threads_per_task=2) == [2.0, 2.0, 2.0]
    assert run_tasks("local", 2, 1, assigned_cpus, threads_per_task=1) == [1.0, 1.0]


def test_aggregate_equals_the_aggregate_of_the_rows(local_ray):
    options = dict(policy=["rule", "random", "rule", "random"], ruleset="standard", seed=21)
    rows = simulate_on_ray("local", 3000, chunk=700, **options)
    summed = simulate_on_ray("local", 3000, chunk=700, aggregate=True, **options)
    assert isinstance(summed, DealAggregate)
    assert summed == DealAggregate.of(rows)
    assert summed == DealAggregate.of(guandan.simulate(3000, **options))
    # The sums are those of the rows.
    assert summed.deals == 3000 and summed.team_wins[0] == int((rows.winning_team == 0).sum())
    assert summed.outcome_counts == tuple(int((rows.partner_place == p).sum()) for p in (1, 2, 3))
    assert summed.plays.total == int(rows.plays.sum()) and summed.bombs.squares == int((rows.bombs.astype(int) ** 2).sum())
    assert summed.levels.mean == pytest.approx(rows.levels_gained.mean())
    assert summed.passes.sd == pytest.approx(rows.passes.std(ddof=1))
    assert summed.summary_lines(2.0) == deal_summary(rows, 2.0)


def test_merge_adds_two_runs():
    first = guandan.simulate(400, policy="rule", seed=5)
    second = guandan.simulate(600, policy="rule", seed=5, first=400)
    merged = DealAggregate.of(first).merge(DealAggregate.of(second))
    assert merged == DealAggregate.of(guandan.simulate(1000, policy="rule", seed=5))
    assert DealAggregate().merge(merged) == merged and DealAggregate().deals == 0


def test_cli_on_ray_prints_the_local_summary(local_ray):
    local = ["simulate", "--deals", "60", "--policy", "rule,search,rule,search", "--rollouts", "20", "--level", "7",
             "--seed", "9", "--quiet"]
    status, out, err = run(local)
    assert status == 0, err
    for extra in (["--ray", "local"], ["--ray", "local", "--aggregate"]):
        status, on_ray, err = run(local + extra)
        assert status == 0, err
        assert "Ray cluster local" in on_ray.splitlines()[0]
        # Everything after the throughput line is the same.
        assert on_ray.split(" deals/s\n", 1)[1] == out.split(" deals/s\n", 1)[1]
