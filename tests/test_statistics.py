"""The statistics every tool shares (guandan.common.statistics): intervals
over duplicate pairs, rating intervals that are never zero wide, and the
summaries of the arenas and the league built on them."""

import math

import numpy as np
import pytest

from guandan.common.duplicate import league_ratings
from guandan.common.statistics import Z95, pair_interval, pair_win_share, wilson_interval
from guandan.gd.arena import arena
from guandan.gd.league import league
from guandan.gdy.arena import arena as gdy_arena


def width(interval):
    return interval[-1] - interval[-2]


# --- the interval over pairs ---------------------------------------------------

def test_the_pair_interval_matches_a_hand_computed_example():
    # Five pairs scoring 1, .5, .5, 1, .5, and the pseudo-pairs 0 and 1:
    # seven values summing to 4.5, their squares to 3.75.
    variance = (3.75 - 4.5 ** 2 / 7) / 6  # = 1/7
    half = Z95 * math.sqrt(variance / 5)
    mean, low, high = pair_interval([1, 0.5, 0.5, 1, 0.5], 0.0, 1.0)
    assert variance == pytest.approx(1 / 7)
    assert mean == pytest.approx(0.7) and low == pytest.approx(0.7 - half) and high == 1.0  # clipped at the top
    # Level margins in [-3, 3]: 1, -1, .5, .5 and the pseudo-pairs -3, 3: six
    # values summing to 1, their squares to 20.5.
    variance = (20.5 - 1 ** 2 / 6) / 5
    half = Z95 * math.sqrt(variance / 4)
    assert pair_interval([1, -1, 0.5, 0.5], -3, 3) == pytest.approx((0.25, 0.25 - half, 0.25 + half))


def test_the_pair_interval_is_narrower_than_the_deal_interval_when_the_cards_decide():
    # The same cards go to the same seats twice, so when the cards decide the
    # deal each bot wins one of the pair: 300 split pairs, 60 won both, 40 lost both.
    wins = np.array([1] * 300 + [2] * 60 + [0] * 40)
    deals = wilson_interval(wins.sum(), 2 * len(wins))
    pairs = pair_win_share(wins)
    assert pairs.mean == pytest.approx(wins.sum() / 800)
    assert width(pairs) < 0.75 * width(deals)
    # When the two deals of every pair go the same way there are only 400
    # independent results, and the pair interval is the wider one.
    agree = np.array([2] * 210 + [0] * 190)
    assert width(pair_win_share(agree)) > 1.3 * width(wilson_interval(agree.sum(), 800))


def test_the_pair_interval_covers_the_true_share_95_percent_of_the_time():
    # 4,000 arenas of 200 pairs, 80% of pairs split: the pair interval holds
    # the true share about 95% of the time; the deal interval, which ignores
    # the pairing, almost always (it is far too wide).
    rng = np.random.default_rng(7)
    lost, split, won = 0.05, 0.8, 0.15
    truth = won + split / 2
    covered_pairs = covered_deals = 0
    for _ in range(4000):
        wins = rng.choice(3, size=200, p=[lost, split, won])
        _, low, high = pair_win_share(wins)
        covered_pairs += low <= truth <= high
        low, high = wilson_interval(wins.sum(), 400)
        covered_deals += low <= truth <= high
    assert 0.93 <= covered_pairs / 4000 <= 0.97
    assert covered_deals / 4000 > 0.99


@pytest.mark.parametrize("wins", [[1] * 50, [2] * 50, [0] * 50, [1]])
def test_no_pair_interval_is_zero_wide(wins):
    share = pair_win_share(wins)
    assert share.low < share.high
    assert share.low <= share.mean <= share.high
    # A clean sweep of 50 pairs is about as sure as the Wilson interval of its 100 deals.
    if wins == [2] * 50:
        assert share.low == pytest.approx(wilson_interval(100, 100)[0], abs=0.01)


@pytest.mark.parametrize("call, error, words", [
    (lambda: pair_win_share([0, 3]), ValueError, "0, 1 or 2"),
    (lambda: pair_win_share([0.5, 1.0]), TypeError, "integers"),
    (lambda: pair_win_share([True, False]), TypeError, "integers"),
    (lambda: pair_interval([], 0, 1), ValueError, "non-empty"),
    (lambda: pair_interval([0.5, 2.0], 0, 1), ValueError, r"lie in \[0.0, 1.0\]"),
    (lambda: pair_interval([0.5, float("nan")], 0, 1), ValueError, "finite"),
    (lambda: pair_interval([0.5], 1, 0), ValueError, "low < high"),
])
def test_bad_input_is_refused_naming_what_is_wrong(call, error, words):
    with pytest.raises(error, match=words):
        call()


# --- rating intervals ----------------------------------------------------------

def test_a_league_of_two_has_a_rating_interval_that_is_not_zero_wide():
    # rule wins every deal of 12 pairs against random: the data say only that
    # the gap is large, and the interval says how far a lost pair would move it.
    result = league(["random", "rule"], 12, seed=2)
    assert result.matchups[0].arena.a_wins == 0
    rule = result.ratings[1]
    assert rule.low < rule.high and rule.low <= rule.rating <= rule.high and rule.low > 0
    assert "(anchor)" in str(result) and f"[{rule.low:+.0f}, {rule.high:+.0f}]" in str(result)


def test_a_lopsided_league_has_intervals_for_every_bot_but_the_anchor():
    # Three bots: the first loses every pair to both others, who split every pair.
    names = ["weak", "even_1", "even_2"]
    wins = np.stack([np.zeros(30, dtype=np.int64), np.zeros(30, dtype=np.int64), np.ones(30, dtype=np.int64)])
    ratings = league_ratings(names, wins, bootstrap=300, seed=1)
    assert ratings[0].low == ratings[0].high == 0.0  # the anchor
    for rating in ratings[1:]:
        assert rating.low < rating.high and rating.low <= rating.rating <= rating.high
    assert ratings[1].rating == pytest.approx(ratings[2].rating)  # the split pairs rate them equal


# --- the summaries built on them -------------------------------------------------

def test_the_arena_summary_is_plain_values_and_its_text_is_read_from_them():
    result = arena("rule", "random", 40, seed=4)
    summary = result.summary()
    assert summary["bots"] == ["rule", "random"] and summary["deals"] == 80 and summary["pairs"] == 40
    outcomes = summary["pair_outcomes"]
    assert outcomes["a_won_both"] + outcomes["split"] + outcomes["b_won_both"] == 40
    assert 2 * outcomes["a_won_both"] + outcomes["split"] == summary["a_wins"] == result.a_wins
    share = summary["win_share"]
    assert share["low"] < share["mean"] == pytest.approx(result.a_wins / 80) and share["high"] > share["low"]
    levels = summary["levels_per_deal"]
    assert levels["low"] < levels["mean"] < levels["high"]
    text = str(result)
    assert text == "\n".join(result.summary_lines())
    assert f"[{share['low']:.1%}, {share['high']:.1%}]" in text and f"{levels['mean']:+.3f}" in text
    assert f"rule {summary['double_wins']['a']}, random {summary['double_wins']['b']}" in text


def test_two_equal_deterministic_bots_split_every_pair_and_still_get_intervals():
    result = arena("rule", "rule", 30, seed=2)
    summary = result.summary()
    assert summary["pair_outcomes"]["split"] == 30  # the same cards, the same play
    assert summary["win_share"]["low"] < 0.5 < summary["win_share"]["high"]
    assert summary["levels_per_deal"]["low"] < 0 < summary["levels_per_deal"]["high"]


def test_the_gan_deng_yan_arena_summary_is_plain_values_too():
    result = gdy_arena("rule", "random", deals=60, players=3, seed=5)
    summary = result.summary()
    assert summary["pairs"] == 60 and summary["deals"] == 120 and summary["players"] == 3
    assert summary["a_wins"] == result.pair_wins().sum()
    assert summary["win_share"] == result.win_share().to_dict()
    margin = summary["penalty_margin"]
    assert margin["low"] < margin["mean"] < margin["high"]
    assert f"{margin['mean']:+.2f}" in str(result) and str(result) == "\n".join(result.summary_lines())


def test_results_have_short_reprs():
    result = league(["random", "rule"], 5, seed=1, bootstrap=20)
    text = repr(result)
    assert text.startswith("LeagueResult(") and "pairs=5" in text and len(text) < 200
    deals = result.matchups[0].arena.a_first
    assert repr(deals).startswith("DealResults(5 rows; columns placing, ") and "\n" not in repr(deals)
    assert len(repr(result.matchups[0].arena)) < 600
