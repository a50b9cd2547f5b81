"""`guandan simulate|arena|play --game gdy`: the summaries, and one line
with exit status 2 for every mistyped command."""

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from guandan.cli import main


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_simulate_deals_prints_every_seat_and_the_means():
    status, out, err = run(["simulate", "--game", "gdy", "--players", "5", "--deals", "2000", "--quiet"])
    assert status == 0, err
    assert "Gan Deng Yan, 2,000 deals, 5 players" in out
    assert all(f"seat {s} wins" in out for s in range(5)) and "seat 5" not in out
    assert "penalty per loser" in out and "cards drawn per deal" in out


def test_simulate_games_and_per_seat_policies():
    status, out, err = run(["simulate", "--game", "gdy", "--players", "3", "--matches", "300", "--target", "30",
                            "--policy", "rule,random,rule", "--quiet"])
    assert status == 0, err
    assert "300 games" in out and "target 30" in out and "deals per game" in out


def test_arena_compares_two_bots():
    status, out, err = run(["arena", "--game", "gdy", "--bots", "rule,random", "--deals", "300", "--players", "3",
                            "--quiet"])
    assert status == 0, err
    assert "rule vs random, 3 players: 600 deals (300 duplicate pairs)" in out and "95% interval" in out


@pytest.mark.parametrize("what, flag", [("deals", "--deals"), ("games", "--matches")])
def test_simulate_out_writes_the_columns_and_the_run(tmp_path, what, flag):
    import numpy as np

    from guandan import gdy
    from guandan.common.results_file import read_results

    path = str(tmp_path / "run.npz")
    status, out, err = run(["simulate", "--game", "gdy", "--players", "3", flag, "200", "--seed", "4",
                            "--out", path, "--quiet"])
    assert status == 0, err
    results, record = read_results(path)
    assert record["game"] == "gdy" and record["what"] == what and record["players"] == 3
    again = (gdy.simulate_games(200, players=3, seed=4) if what == "games" else gdy.simulate(200, players=3, seed=4))
    assert type(results) is type(again)
    for name, column in again.arrays().items():
        assert np.array_equal(column, getattr(results, name)), name


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--game", "gdy", "--players", "7"], ["--players", "7"]),
    (["simulate", "--game", "gdy", "--players", "1"], ["--players"]),
    (["simulate", "--game", "go"], ["--game", "'go'"]),
    (["simulate", "--players", "3"], ["--players", "--game gdy"]),
    (["simulate", "--game", "gdy", "--policy", "rule_v1"], ["rule_v1", "random, rule, search"]),
    (["simulate", "--game", "gdy", "--players", "3", "--policy", "rule,rule"], ["--policy", "3"]),
    (["simulate", "--game", "gdy", "--target", "30"], ["--target", "--matches"]),
    (["simulate", "--game", "gdy", "--matches", "5", "--target", "0"], ["--target"]),
    (["simulate", "--game", "gdy", "--level", "5"], ["--level"]),
    (["simulate", "--game", "gdy", "--ruleset", "pagat"], ["--ruleset"]),
    (["simulate", "--game", "gdy", "--rollouts", "5"], ["--rollouts"]),
    (["simulate", "--policy", "rule,random"], ["--policy", "four"]),
    (["arena", "--game", "gdy", "--bots", "rule,rule_v1"], ["rule_v1"]),
    (["arena", "--game", "gdy", "--league", "rule,random"], ["--league"]),
    (["arena", "--game", "gdy", "--deals", "1"], ["--deals"]),
    (["arena", "--players", "3"], ["--players", "--game gdy"]),
    (["play", "--game", "gdy", "--players", "3", "--seat", "3"], ["--seat", "0..2"]),
    (["play", "--game", "gdy", "--players", "3", "--seat", "-1"], ["--seat", "0..2", "-1"]),
    (["play", "--game", "gdy", "--bots", "foo"], ["--bots", "Gan Deng Yan bot 'foo' (expected one of random, rule, search)"]),
    (["simulate", "--game", "gdy", "--policy", "foo"], ["--policy", "Gan Deng Yan bot 'foo' (expected one of random, rule, search)"]),
    (["play", "--seat", "-1"], ["--seat", "0..3", "-1"]),
    (["play", "--game", "gdy", "--bots", "simple"], ["--bots", "simple"]),
    (["play", "--game", "gdy", "--ruleset", "app"], ["--ruleset"]),
    (["play", "--seat", "5"], ["--seat", "0..3"]),
    (["play", "--target", "30"], ["--target", "--game gdy"]),
    (["play", "--game", "gdy", "--seat", "6"], ["--seat"]),
])
def test_mistyped_commands_get_one_line_and_status_2(argv, words):
    status, out, err = run(argv)
    assert status == 2, (argv, out, err)
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)
