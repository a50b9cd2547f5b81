"""The sequential probability ratio test on duplicate pairs
(guandan.common.statistics.SPRT), the sequential arena built on it
(guandan.gd.sprt) and ``guandan arena --sprt``."""

import io
import math
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest

from guandan.cli import main
from guandan.common.statistics import SPRT, elo_to_share, share_to_elo, sprt_bounds, sprt_llr
from guandan.gd.arena import arena
from guandan.gd.sprt import arena_sprt

ALPHA = BETA = 0.05


def test_the_bounds_and_the_log_likelihood_ratio_are_the_formulas():
    lower, upper = sprt_bounds(0.05, 0.1)
    assert lower == pytest.approx(math.log(0.1 / 0.95)) and upper == pytest.approx(math.log(0.9 / 0.05))
    # 10 pairs: 2 lost both, 5 split, 3 won both; half a pseudo-pair on each outcome.
    p = np.array([2.5, 5.5, 3.5]) / 11.5
    mean = p @ [0, 0.5, 1]
    variance = p @ [0, 0.25, 1] - mean ** 2
    s0, s1 = 0.5, elo_to_share(20)
    assert sprt_llr([2, 5, 3], s0, s1) == pytest.approx(10 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance))
    assert elo_to_share(0) == 0.5 and share_to_elo(elo_to_share(35.0)) == pytest.approx(35.0)
    assert elo_to_share(400) == pytest.approx(10 / 11)  # 400 points: 10-to-1 odds


def run_tests(probs, elo0, elo1, tests, seed, batch=1, most=20_000):
    """``tests`` SPRTs at once on pairs drawn from ``probs`` (lost both,
    split, won both), each looked at after every ``batch`` pairs: the share
    that accepted H1, that rejected it, and that had not decided."""
    rng = np.random.default_rng(seed)
    s0, s1 = elo_to_share(elo0), elo_to_share(elo1)
    lower, upper = sprt_bounds(ALPHA, BETA)
    counts = np.zeros((tests, 3))
    verdict = np.zeros(tests, dtype=int)  # 1 accept, -1 reject, 0 going on
    for _ in range(most // batch):
        going = np.flatnonzero(verdict == 0)
        if not len(going):
            break
        counts[going] += rng.multinomial(batch, probs, size=len(going))
        llr = sprt_llr(counts[going], s0, s1)
        verdict[going[llr >= upper]] = 1
        verdict[going[llr <= lower]] = -1
    return (verdict == 1).mean(), (verdict == -1).mean(), (verdict == 0).mean()


def at_share(share, split):
    """Pair outcome probabilities with this expected score and share of split pairs."""
    won = share - split / 2
    return [1 - split - won, split, won]


# 60% split pairs, as duplicate deals give when the cards decide much of a
# deal; no split pairs, the other extreme (the test's variance is the data's).
@pytest.mark.parametrize("split", [0.6, 0.0])
def test_the_error_rates_are_about_alpha_and_beta(split):
    # 20,000 tests at each bound, the verdict looked at after every pair:
    # H1 accepted at elo0 and rejected at elo1 each about 5% of the time
    # (the normal approximation lets them reach 1.1 times the nominal rate).
    tests = 20_000
    accept, reject, undecided = run_tests(at_share(elo_to_share(0), split), 0, 40, tests, seed=1)
    assert undecided == 0 and 0.035 <= accept <= 1.2 * ALPHA
    accept, reject, undecided = run_tests(at_share(elo_to_share(40), split), 0, 40, tests, seed=2)
    assert undecided == 0 and 0.035 <= reject <= 1.2 * BETA


def test_looking_after_each_batch_keeps_the_error_rates_below_alpha_and_beta():
    # As arena_sprt does: the verdict read after every 50 pairs.
    accept, _, _ = run_tests(at_share(elo_to_share(0), 0.3), 0, 40, 10_000, seed=3, batch=50)
    _, reject, _ = run_tests(at_share(elo_to_share(40), 0.3), 0, 40, 10_000, seed=4, batch=50)
    assert accept <= ALPHA and reject <= BETA


def test_a_clearly_better_bot_is_accepted_after_a_few_pairs():
    test = SPRT(elo0=0, elo1=20)
    rng = np.random.default_rng(5)
    while test.verdict == "continue":
        test.add(rng.choice(3, p=[0.02, 0.18, 0.8]))  # A wins both deals of most pairs
    assert test.verdict == "accept" and test.pairs <= 30 and test.llr >= test.upper
    with pytest.raises(ValueError, match="already decided"):
        test.add(1)
    worse = SPRT(elo0=0, elo1=20)
    worse.add([0] * 15)
    assert worse.verdict == "reject" and worse.llr <= worse.lower


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(elo0=20, elo1=0), ValueError, "elo0 must be below elo1"),
    (dict(elo0=0, elo1=float("inf")), ValueError, "elo1"),
    (dict(elo0="0", elo1=20), TypeError, "elo0"),
    (dict(alpha=0), ValueError, "alpha"),
    (dict(beta=0.7), ValueError, "beta"),
])
def test_bad_tests_are_refused(kwargs, error, words):
    with pytest.raises(error, match=words):
        SPRT(**kwargs)


def test_the_sequential_arena_stops_after_the_first_batch_on_a_clear_difference():
    result = arena_sprt("random", "rule", elo0=0, elo1=20, batch=40, max_pairs=400, seed=3)
    assert result.verdict == "reject" and result.pairs == 40 and result.arena.pairs == 40
    assert result.llr == result.test.llr <= result.test.lower
    assert "reject H1" in str(result) and "after 40 pairs" in str(result)


def test_the_batches_are_consecutive_deals_of_the_seed():
    # A bot against itself splits every pair: too few pairs to decide within
    # 30, played in three batches of 10, the same deals as one arena of 30.
    result = arena_sprt("rule", "rule", elo0=0, elo1=20, batch=10, max_pairs=30, seed=8)
    assert result.verdict == "continue" and result.pairs == 30
    whole = arena("rule", "rule", 30, seed=8)
    for name, column in whole.a_first.arrays().items():
        assert (getattr(result.arena.a_first, name) == column).all(), name
    assert len(set(whole.a_first.seed.tolist())) == 30  # thirty different deals, not one batch thrice
    assert "no decision within 30 pairs" in str(result)
    with pytest.raises(TypeError, match="first"):
        arena_sprt("rule", "random", first=3)


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_the_command_runs_the_test_and_prints_the_verdict():
    status, out, err = run(["arena", "--bots", "random,rule", "--sprt", "0,20", "--deals", "400", "--quiet"])
    assert status == 0, err
    assert "SPRT elo0 0, elo1 20" in out and "reject H1" in out and "after 100 pairs" in out
    assert "random vs rule: 200 deals" in out


@pytest.mark.parametrize("value, words", [
    ("20", ["--sprt", "ELO0,ELO1"]),
    ("0,20,40", ["--sprt", "ELO0,ELO1"]),
    ("a,b", ["--sprt", "'a,b'"]),
    ("20,0", ["--sprt", "elo0 must be below elo1"]),
    ("0,nan", ["--sprt", "elo1"]),
    ("0,5000", ["--sprt", "elo1"]),
])
def test_the_command_refuses_a_malformed_value_in_one_line(value, words):
    status, out, err = run(["arena", "--bots", "random,rule", "--sprt", value, "--quiet"])
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, (status, err)
    for word in words:
        assert word in err, (word, err)


def test_the_command_refuses_a_test_of_a_league():
    status, out, err = run(["arena", "--league", "random,rule,search", "--sprt", "0,20", "--quiet"])
    assert status == 2 and out == "" and "--sprt" in err and "--bots" in err and len(err.splitlines()) == 1
