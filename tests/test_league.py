"""The arena league: every pair of bots on duplicate deals, a table and ratings."""

import csv
import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest

from guandan.cli import main
from guandan.gd.arena import arena
from guandan.gd.league import league, league_bots
from guandan.common.ratings import fit_ratings
from guandan.common.statistics import pair_win_share
from guandan.gd.simulate import POLICIES, simulate

simulate_module = sys.modules["guandan.gd.simulate"]  # guandan.simulate is the function


@pytest.fixture(scope="module")
def small_league():
    # 40 duplicate deal pairs per match-up; the search at 20 playouts keeps it to seconds.
    return league(["random", "rule", "search"], 40, seed=5, threads=2, search_rollouts=20, bootstrap=200)


def test_every_pair_of_bots_plays_once_in_the_order_given(small_league):
    assert small_league.bots == ("random", "rule", "search")
    assert [(m.a, m.b) for m in small_league.matchups] == [("random", "rule"), ("random", "search"), ("rule", "search")]
    assert all(m.deals == 80 for m in small_league.matchups)
    assert small_league.anchor == "random"


def test_every_deal_is_played_with_both_team_assignments():
    # The arena plays deal k of the seed with the first bot in seats 0, 2 and
    # again in seats 1, 3. Replay both halves seat by seat: each must be the
    # seeded deal with that assignment, and the halves must be the same cards
    # (the tribute, decided by the cards and the previous placing, agrees).
    result = league(["rule", "random"], 30, seed=11, bootstrap=10)
    arena = result.matchups[0].arena
    first = simulate(30, policy=["rule", "random", "rule", "random"], seed=11)
    second = simulate(30, policy=["random", "rule", "random", "rule"], seed=11)
    assert (arena.a_first.placing == first.placing).all() and (arena.a_second.placing == second.placing).all()
    assert (arena.a_first.tribute == arena.a_second.tribute).all()
    # Swapping seats changes who wins: the rule bot wins from both sides.
    assert (arena.a_first.winning_team == 0).mean() > 0.8 and (arena.a_second.winning_team == 1).mean() > 0.8


def test_match_ups_share_the_deals(small_league):
    tributes = [m.arena.a_first.tribute for m in small_league.matchups]
    assert all((t == tributes[0]).all() for t in tributes)


def test_the_table_counts_what_the_deals_say(small_league):
    for m in small_league.matchups:
        wins = m.arena.a_pair_wins()
        assert wins.min() >= 0 and wins.max() <= 2 and wins.sum() == m.arena.a_wins
        low, high = m.a_win_interval
        assert low <= m.a_win_rate <= high
        mean, level_low, level_high = m.levels_per_deal
        assert level_low <= mean <= level_high and -3 <= mean <= 3


def test_ratings_order_the_bots_as_the_pairwise_results_do(small_league):
    rating = {r.bot: r.rating for r in small_league.ratings}
    assert rating["random"] == 0.0  # the anchor
    for m in small_league.matchups:
        if m.a_win_rate != 0.5:
            assert (rating[m.a] > rating[m.b]) == (m.a_win_rate > 0.5), (m.a, m.b, m.a_win_rate, rating)
    for r in small_league.ratings:
        assert r.low <= r.rating <= r.high


def test_the_fit_recovers_known_ratings():
    # Win counts expected from ratings 0, 150, -300: the fit gives them back
    # (up to the prior's half win, a fraction of a point at 100,000 games).
    true = np.array([0.0, 150.0, -300.0])
    pairs = [(0, 1), (0, 2), (1, 2)]
    games = np.full(3, 100_000)
    wins = np.array([n / (1 + 10 ** ((true[j] - true[i]) / 400)) for n, (i, j) in zip(games, pairs)])
    assert np.allclose(fit_ratings(3, pairs, wins, games), true, atol=1.0)
    # A matrix of wins is fitted row by row.
    both = fit_ratings(3, pairs, np.stack([wins, games - wins]), games)
    assert np.allclose(both[0], true, atol=1.0) and np.allclose(both[1], -true, atol=1.0)
    # A clean sweep still gives a finite, ordered rating.
    sweep = fit_ratings(2, [(0, 1)], np.array([50]), np.array([50]))
    assert np.isfinite(sweep).all() and sweep[1] < -400


def test_the_same_seed_gives_the_same_league_for_any_thread_count():
    one = league(["rule", "random", "search"], 6, seed=3, threads=1, search_rollouts=10, bootstrap=50)
    two = league(["rule", "random", "search"], 6, seed=3, threads=2, search_rollouts=10, bootstrap=50)
    assert one.to_dict() == two.to_dict()
    other = league(["rule", "random", "search"], 6, seed=4, threads=2, search_rollouts=10, bootstrap=50)
    assert [m.arena.a_pair_wins().tolist() for m in other.matchups] != [m.arena.a_pair_wins().tolist() for m in one.matchups] \
        or [m.arena.a_first.plays.tolist() for m in other.matchups] != [m.arena.a_first.plays.tolist() for m in one.matchups]


def test_progress_counts_the_deals_of_the_whole_league():
    seen = []
    league(["random", "rule", "search"], 3, seed=1, search_rollouts=5, bootstrap=5, progress=lambda d, t: seen.append((d, t)))
    assert {t for _, t in seen} == {3 * 2 * 3}
    assert seen[-1] == (18, 18) and [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("bots, error, words", [
    (["rule"], ValueError, "at least two"),
    (["rule", "RULE"], ValueError, "twice"),
    (["rule", "nonesuch"], ValueError, "unknown bot 'nonesuch'"),
    (["rule", "search:nonesuch=1"], ValueError, "search has no option 'nonesuch'"),
    (["rule", "no_such_module:Bot"], ValueError, "cannot import module 'no_such_module'"),
    ("rule,random", TypeError, "sequence"),
    (["rule", 3], TypeError, "bot"),
])
def test_the_library_refuses_bad_bots(bots, error, words):
    with pytest.raises(error, match=words):
        league(bots, 2)


def test_names_are_accepted_in_any_case():
    assert league_bots([" Rule", "RANDOM"]) == ("rule", "random")


@pytest.mark.parametrize("deals", [0, -1, True, 2.5])
def test_the_library_refuses_a_bad_number_of_deals(deals):
    with pytest.raises(ValueError, match="deals"):
        league(["rule", "random"], deals)


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv, words", [
    (["--league", "rule"], ["--league", "at least two"]),
    (["--league", "rule,Rule"], ["--league", "rule listed twice"]),
    (["--league", "rule,deep"], ["--league", "'deep'", ", ".join(POLICIES)]),
    (["--league", "rule,,random"], ["--league", "''"]),
    (["--league", "rule,random", "--bots", "rule,random"], ["not allowed"]),
    (["--league", "rule,random", "--out", "table.txt"], ["--out", ".json or .csv"]),
    (["--league", "rule,random", "--out", "missing/table.json"], ["--out", "missing"]),
    (["--out", "table.json"], ["--out", "--league"]),
    (["--league", "rule,random", "--deals", "0"], ["--deals"]),
    (["--league", "rule,random,search", "--deals", str(10**12)], ["GB", "memory"]),
])
def test_the_command_refuses_bad_leagues_in_one_line(argv, words, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def refuse(*args, **kwargs):
        raise AssertionError("a league started")

    monkeypatch.setattr("guandan.gd.league.league", refuse)
    status, out, err = run(["arena"] + argv)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, (status, out, err)
    for word in words:
        assert word in err, (word, err)


def test_the_command_prints_the_table_and_writes_json_and_csv(tmp_path):
    status, out, err = run(["arena", "--league", "Random,RULE", "--deals", "12", "--seed", "2", "--quiet",
                            "--out", str(tmp_path / "t.json")])
    assert status == 0, err
    assert "random vs rule" in out and "random anchored at 0" in out
    table = json.loads((tmp_path / "t.json").read_text())
    expected = league(["random", "rule"], 12, seed=2).to_dict()
    assert {k: v for k, v in table.items() if k != "run"} == expected
    assert table["run"]["bots"] == ["random", "rule"] and table["run"]["deals"] == 12

    assert run(["arena", "--league", "random,rule", "--deals", "12", "--seed", "2", "--quiet",
                "--out", str(tmp_path / "t.csv")])[0] == 0
    rows = list(csv.DictReader((tmp_path / "t.csv").open()))
    assert [r["row"] for r in rows] == ["matchup", "rating", "rating"]
    assert int(rows[0]["a_wins"]) == expected["matchups"][0]["a_wins"]
    assert float(rows[2]["rating"]) == pytest.approx(expected["ratings"][1]["rating"])


def test_the_command_draws_one_bar_over_the_whole_league(capsys):
    assert main(["arena", "--league", "random,rule,search", "--deals", "2", "--rollouts", "5"]) == 0
    err = capsys.readouterr().err
    assert "League of 3 bots" in err and "12/12" in err and "/4 " not in err


def test_the_arena_does_not_import_the_league():
    # One direction only: the league is built on the arena.
    import ast
    import inspect

    import guandan.gd.arena

    tree = ast.parse(inspect.getsource(guandan.gd.arena))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not any(name and name.split(".")[-1] == "league" for name in imported)
    with pytest.raises(AttributeError):
        guandan.gd.arena.league  # noqa: B018


def test_the_win_interval_is_over_deal_pairs():
    from guandan.gd.summary import wilson_interval

    deals = np.subtract(*wilson_interval(100, 200)[::-1])  # 100 of 200 deals as if independent
    split = np.ones(100, dtype=int)  # every pair split: the cards decided, the bots are even
    low, high = pair_win_share(split)[1:]
    assert low < 0.5 < high and high - low < deals
    agree = np.array([0, 2] * 50)  # every pair went one way: 100 of 200 again, but only 100 independent results
    low, high = pair_win_share(agree)[1:]
    assert high - low > deals
    assert (low, high) == pytest.approx(wilson_interval(50, 100), abs=0.01)


def test_both_games_share_the_duplicate_checks_and_progress():
    from guandan.common.duplicate import check_pairs, play_both_ways
    from guandan.gdy.arena import arena as gdy_arena

    seen = []
    sides = play_both_ways(3, lambda index, report: [report(n, 3) for n in (1, 3)] and index,
                           progress=lambda done, total: seen.append((done, total)))
    assert sides == (0, 1) and seen == [(1, 6), (3, 6), (4, 6), (6, 6)]
    with pytest.raises(ValueError, match="deals must be an integer >= 2"):
        check_pairs(1, least=2)
    for bad_bots in (("rule", "nobody"), ("nobody", "rule")):
        with pytest.raises(ValueError, match="unknown bot 'nobody'"):
            arena(*bad_bots, deals=2)
        with pytest.raises(ValueError, match="unknown bot 'nobody'"):
            gdy_arena(*bad_bots, deals=2)
    counted = []
    gdy_arena("rule", "random", deals=4, players=3, progress=lambda done, total: counted.append((done, total)))
    assert counted[-1] == (8, 8)
