"""A mistyped command gets one line on stderr and exit status 2, never a traceback.

Each reproducer of a traceback once printed by the command is a test; a
hypothesis test then builds argument lists from the real parsers' options
with random values and runs them in-process on tiny workloads.
"""

import argparse
import builtins
import functools
import io
import os
import re
import signal
import subprocess
import sys
import time
import types
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import guandan
import guandan.gd.arena  # noqa: F401 - imported before any test replaces simulate, so it keeps the real one
from guandan.gd import arguments
from guandan.cli import _parser, main
from guandan.common.results_file import read_results
from guandan.gd.simulate import POLICIES

import sigint_child

simulate_module = sys.modules["guandan.gd.simulate"]  # guandan.simulate is the function


def run(argv):
    """(exit status, stdout, stderr) of ``guandan argv``, in-process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def assert_refused(argv, *words):
    """Exit 2, nothing on stdout, one line on stderr naming ``words``."""
    status, out, err = run(argv)
    assert status == 2, (argv, status, out, err)
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)
    return err


@pytest.fixture
def no_run(monkeypatch):
    """Fails the test if a deal is played (the command must be refused before)."""
    for name in ("simulate", "simulate_matches"):
        real = getattr(simulate_module, name)

        @functools.wraps(real)  # the same signature: the command reads defaults from it
        def refuse(n, *args, real=real, **kwargs):
            if n:
                raise AssertionError("a simulation started")
            return real(n, *args, **kwargs)  # empty results: the row size of a run

        monkeypatch.setattr(simulate_module, name, refuse)


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--threads", "0"], ["--threads", "0"]),
    (["simulate", "--threads", str(10**6)], ["--threads", f"{arguments.MAX_THREADS:,}"]),
    (["simulate", "--threads", "two"], ["--threads", "'two'"]),
    (["simulate", "--policy", "foo"], ["--policy", "'foo'", ", ".join(POLICIES)]),
    (["simulate", "--policy", "rule,random"], ["--policy", "four"]),
    (["simulate", "--policy", "rule,,rule,rule"], ["--policy", "''"]),
    (["simulate", "--rollouts", "0"], ["--rollouts"]),
    (["simulate", "--rollouts", str(2**31 - 1)], ["--rollouts", "1,000,000"]),
    (["simulate", "--deals", "0"], ["--deals", "from 1"]),
    (["simulate", "--deals", "-5"], ["--deals"]),
    (["simulate", "--deals", str(10**13)], ["--deals"]),
    (["simulate", "--deals", "1" * 5000], ["--deals", "not an integer"]),
    (["simulate", "--matches", "0"], ["--matches"]),
    (["simulate", "--deals", "5", "--matches", "5"], ["not allowed"]),
    (["simulate", "--seed", str(2**64)], ["--seed", "2**64"]),
    (["simulate", "--level", "1"], ["--level", "'1'"]),
    (["simulate", "--ruleset", "house"], ["--ruleset", "pagat, standard, app"]),
    (["simulate", "--ray", ""], ["--ray"]),
    (["simulate", "--bogus"], ["unrecognized arguments: --bogus"]),
    (["arena", "--deals", "0"], ["--deals"]),
    (["arena", "--bots", "simple"], ["--bots", "'simple'"]),
    (["arena", "--bots", "rule"], ["--bots", "two"]),
    (["arena", "--bots", "rule,random,search"], ["--bots", "two"]),
    (["arena", "--rollouts", "0"], ["--rollouts"]),
    (["arena", "--threads", "-1"], ["--threads"]),
    (["demo", "--seed", "-1"], ["--seed", "-1"]),
    (["demo", "--seat", "4"], ["--seat", "4"]),
    (["demo", "--level", "11"], ["--level", "'11'"]),
    (["demo", "--examples", "-1"], ["--examples"]),
    (["play", "--bots", "deep"], ["--bots", "simple"]),
    (["play", "--seat", "x"], ["--seat"]),
    (["play", "--seed", "1.5"], ["--seed"]),
    (["frobnicate"], ["invalid choice"]),
    ([], ["required"]),
])
def test_a_mistyped_option_gets_one_line_and_exit_2(argv, words, no_run):
    assert_refused(argv, *words)


def test_a_huge_run_is_refused_for_memory_before_it_starts(no_run):
    # 10**12 deals need 14 TB for their result arrays.
    assert_refused(["simulate", "--deals", str(10**12)], "GB", "memory")
    assert_refused(["arena", "--deals", str(10**12)], "GB", "memory")


def test_names_are_accepted_in_any_case(capsys):
    assert main(["demo", "--level", "10", "--ruleset", "PAGAT", "--examples", "1"]) == 0
    assert "level T, ruleset pagat" in capsys.readouterr().out
    assert main(["demo", "--level", "q"]) == 0
    assert "level Q" in capsys.readouterr().out
    assert main(["simulate", "--deals", "5", "--policy", "Rule", "--quiet"]) == 0
    assert main(["simulate", "--deals", "5", "--policy", "RULE, random ,Rule,RANDOM", "--quiet"]) == 0
    assert main(["arena", "--bots", "Rule,RANDOM", "--deals", "2", "--quiet"]) == 0
    assert "rule vs random: 4 deals" in capsys.readouterr().out


def test_arena_library_refuses_no_deals():
    from guandan.gd.arena import arena

    for deals in (0, -1, True, 2.0):
        with pytest.raises(ValueError, match="deals"):
            arena("rule", "random", deals)


def test_options_that_do_not_combine(no_run):
    assert_refused(["simulate", "--matches", "3", "--level", "5"], "--level", "match")


def test_ray_without_ray_installed_names_the_extra(monkeypatch, no_run):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as when the extra is missing
    assert_refused(["simulate", "--deals", "10", "--ray", "auto"], "guandan-engine[ray]")


def test_ray_with_no_cluster_gets_one_line(monkeypatch):
    # Ray's own message for a missing cluster spans several lines.
    def init(**kwargs):
        raise ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to.")

    fake_ray = types.SimpleNamespace(is_initialized=lambda: False, init=init, shutdown=lambda: None)
    monkeypatch.setitem(sys.modules, "ray", fake_ray)
    status, out, err = run(["simulate", "--deals", "10", "--ray", "auto", "--quiet"])
    assert status == 2 and out.startswith("guandan simulate: 10 deals")  # the run had started
    assert err == "guandan: error: cannot run on the Ray cluster 'auto': Could not find any running Ray instance.\n"


def test_aggregate_is_refused_where_it_cannot_apply(monkeypatch, no_run, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", types.SimpleNamespace())
    assert_refused(["simulate", "--deals", "10", "--aggregate"], "--aggregate", "--ray")
    assert_refused(["simulate", "--matches", "10", "--ray", "auto", "--aggregate"], "--aggregate",
                   "--matches")
    assert_refused(["simulate", "--deals", "10", "--ray", "auto", "--aggregate", "--out", str(tmp_path / "r.npz")],
                   "--out", "--aggregate")


# --- --out is checked before the run ----------------------------------------

def test_out_to_a_missing_folder_is_refused_before_any_deal(tmp_path, no_run):
    missing = tmp_path / "no" / "such" / "run.npz"
    assert_refused(["simulate", "--deals", "10", "--out", str(missing)], "--out", "does not exist")
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("name", ["run", "run.csv", "run.npz.tmp", "run.json"])
def test_out_with_an_unknown_suffix_is_refused(tmp_path, name, no_run):
    assert_refused(["simulate", "--deals", "10", "--out", str(tmp_path / name)], "--out", ".npz or .parquet")


def test_out_to_a_folder_is_refused(tmp_path, no_run):
    folder = tmp_path / "results.npz"
    folder.mkdir()
    assert_refused(["simulate", "--deals", "10", "--out", str(folder)], "--out", "is a folder")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a user that file modes apply to")
def test_out_to_a_read_only_folder_is_refused(tmp_path, no_run):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert_refused(["simulate", "--deals", "10", "--out", str(folder / "run.npz")], "not writable")
    finally:
        folder.chmod(0o700)


def test_parquet_without_pyarrow_is_refused_naming_the_extra(tmp_path, monkeypatch, no_run):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as when the extra is missing
    assert_refused(["simulate", "--deals", "10", "--out", str(tmp_path / "run.parquet")],
                   "pyarrow", "guandan-engine[parquet]")


@pytest.mark.parametrize("suffix", [".npz", ".NPZ", ".parquet"])
def test_out_records_the_run_besides_the_columns(tmp_path, suffix, capsys):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    path = tmp_path / f"run{suffix}"
    argv = ["simulate", "--deals", "300", "--policy", "rule,random,rule,random", "--ruleset", "pagat",
            "--seed", "11", "--level", "9", "--threads", "2", "--rollouts", "30", "--out", str(path), "--quiet"]
    assert main(argv) == 0
    assert f"Wrote {path}" in capsys.readouterr().out
    assert sorted(os.listdir(tmp_path)) == [path.name]  # no second suffix added
    results, record = read_results(str(path))
    assert record["what"] == "deals" and record["count"] == 300 and record["seed"] == 11
    assert record["policies"] == ["rule", "random", "rule", "random"]
    assert record["ruleset"] == guandan.Ruleset.preset("pagat").to_dict()
    assert record["level"] == "9" and record["search_rollouts"] == 30 and record["threads"] == 2
    assert record["version"] == guandan.__version__
    again = guandan.simulate(300, policy=record["policies"], ruleset="pagat", seed=11, level="9")
    for name, column in again.arrays().items():
        assert np.array_equal(getattr(results, name), column), name
        assert getattr(results, name).dtype == column.dtype


def test_out_of_matches_records_them(tmp_path):
    path = tmp_path / "matches.npz"
    assert run(["simulate", "--matches", "4", "--seed", "3", "--out", str(path), "--quiet"])[0] == 0
    results, record = read_results(str(path))
    assert record["what"] == "matches" and record["count"] == 4 and record["policies"] == ["random"] * 4
    assert np.array_equal(results.final_levels, guandan.simulate_matches(4, seed=3).final_levels)
    with np.load(path) as data:  # the run is a plain string entry: no pickle needed
        assert '"what": "matches"' in data["run"].item()


def test_simulate_rollouts_reach_the_search_policy(monkeypatch):
    seen = {}
    real = simulate_module.simulate

    def spy(n, **kwargs):
        seen.update(kwargs)
        return real(n, **kwargs)

    monkeypatch.setattr(simulate_module, "simulate", spy)
    assert run(["simulate", "--deals", "2", "--policy", "search", "--rollouts", "20", "--quiet"])[0] == 0
    assert seen["search_rollouts"] == 20 and seen["policy"] == "search"


# --- version, errors from the library, Ctrl-C ---------------------------------

def test_version():
    status, out, err = run(["--version"])
    assert status == 0 and out == f"guandan {guandan.__version__}\n" and err == ""
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", guandan.__version__)  # a release number, as version.py writes it


def test_help_exits_0():
    for argv in (["--help"], ["simulate", "--help"], ["arena", "-h"], ["demo", "--help"], ["play", "--help"]):
        status, out, _ = run(argv)
        assert status == 0 and "usage: guandan" in out


def test_a_library_error_is_one_line(monkeypatch):
    @functools.wraps(simulate_module.simulate)
    def bad(*args, **kwargs):
        raise ValueError("first line of a long message\nsecond line")

    monkeypatch.setattr(simulate_module, "simulate", bad)
    status, out, err = run(["simulate", "--deals", "3", "--quiet"])
    assert status == 2 and err == "guandan: error: first line of a long message\n"


def test_ctrl_c_exits_130_with_one_line(monkeypatch):
    real = simulate_module.simulate

    @functools.wraps(real)
    def interrupted(n, progress=None, **kwargs):
        if n == 0:
            return real(0)  # the command sizes a run's results from empty ones
        if progress is not None:
            progress(1, n)  # the bar is drawn, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "simulate", interrupted)
    status, _, err = run(["simulate", "--deals", "10", "--quiet"])
    assert status == 130 and err == "guandan: interrupted\n"
    status, _, err = run(["simulate", "--deals", "10"])
    assert status == 130 and err.splitlines()[-1] == "guandan: interrupted"
    assert err.count("\n") == 2  # the unfinished bar is ended, then the message on its own line


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_in_a_real_run():
    command = [sys.executable, "-m", "guandan.cli", "simulate", "--deals", "100000000", "--policy", "rule", "--quiet"]
    process = sigint_child.start(command)
    try:
        assert process.stdout.readline().startswith("guandan simulate:")  # the run has started
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == "guandan: interrupted\n"


# --- fuzz: options from the real parsers, random values -----------------------

def _subcommands():
    """{name: {option: action}} read from the real parser."""
    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {a.option_strings[0]: a for a in p._actions if a.option_strings and a.dest != "help"}
            for name, p in sub.choices.items()}


# serve runs until stopped, judge waits for clients and connect for a judge,
# botzone is a bot program reading its match from stdin, botzone-judge runs
# bot programs, train-net trains for minutes: their option errors are tested
# in tests/web, tests/judge, tests/test_botzone*.py and tests/test_net.py.
LONG_RUNNING = ("serve", "judge", "connect", "botzone", "botzone-judge", "train-net")
SUBCOMMANDS = {name: options for name, options in _subcommands().items() if name not in LONG_RUNNING}
WORKLOAD = {"--deals", "--matches", "--rollouts"}  # options that set the amount of work
NAMES = ["random", "rule", "search", "simple", "Rule", "pagat", "STANDARD", "app", "2", "10", "t", "A", "k",
         "auto", "local", "rule,random", "search,rule", "rule,random,rule,random", ""]


def _huge_or_invalid():
    return st.one_of(st.integers(max_value=0), st.integers(min_value=arguments.MAX_COUNT + 1)).map(str)


def _value(option):
    """Random text for an option; workload options are tiny when valid."""
    if option in WORKLOAD:
        return st.one_of(st.integers(1, 3).map(str), _huge_or_invalid(), st.text(max_size=6))
    if option == "--out":
        stems = st.text(st.characters(whitelist_categories=("Ll", "Nd")), min_size=1, max_size=5)
        suffixes = st.sampled_from([".npz", ".parquet", ".NPZ", ".csv", "", "/"])
        folders = st.sampled_from(["", "missing/", "./"])
        return st.builds(lambda f, s, x: f + s + x, folders, stems, suffixes)
    return st.one_of(st.integers(-2**70, 2**70).map(str), st.integers(0, 4).map(str),
                     st.sampled_from(NAMES), st.text(max_size=8))


@st.composite
def command_lines(draw):
    name = draw(st.sampled_from(sorted(SUBCOMMANDS)))
    options = SUBCOMMANDS[name]
    # Every run is tiny unless an option below overrides the workload with a value that must be refused.
    argv = [name] + (["--deals", "2", "--rollouts", "3"] if name in ("simulate", "arena") else [])
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(sorted(options) + ["--nope", "-x"]))
        action = options.get(option)
        if action is not None and action.nargs == 0:
            argv.append(option)
        else:
            argv += [option, draw(_value(option))]
    return argv


@settings(max_examples=max(20, settings().max_examples // 3), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=command_lines())
def test_fuzzed_command_lines_exit_0_or_2_with_one_line(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # --out writes here
    monkeypatch.setitem(sys.modules, "ray", None)  # never start or look for a cluster
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")  # `play` quits at its first prompt
    status, out, err = run(argv)
    assert "Traceback" not in err and "Traceback" not in out
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert len(err.splitlines()) == 1, (argv, err)


def test_a_closed_pipe_stops_quietly():
    # `guandan demo | head -1`: the reader goes away before the output ends.
    process = subprocess.Popen([sys.executable, "-m", "guandan.cli", "demo", "--examples", "100000"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""
    process.stderr.close()
