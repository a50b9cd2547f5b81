"""Result tables as data: a structured summary (the printed lines derive
from it), Arrow and pandas, short reprs, per-row seeds."""

from __future__ import annotations

import json

import numpy as np

import guandan
from guandan.gd.summary import deal_summary, match_summary


def test_the_summary_is_data_and_the_printed_lines_come_from_it():
    results = guandan.simulate(500, policy="rule", seed=3)
    summary = results.summary()
    json.dumps(summary)  # plain values
    assert summary["deals"] == 500
    wins = [team["count"] for team in summary["team_wins"]]
    assert wins == [int((results.winning_team == t).sum()) for t in (0, 1)] and sum(wins) == 500
    assert sum(o["count"] for o in summary["outcomes"].values()) == 500
    for rate in summary["outcomes"].values():
        assert rate["low"] < rate["rate"] < rate["high"]
    plays = summary["means"]["plays per deal"]
    assert abs(plays["mean"] - results.plays.mean()) < 1e-9 and plays["half"] > 0
    text = "\n".join(deal_summary(results, 1.0))
    assert f"{plays['mean']:8.2f}" in text and f"{summary['team_wins'][0]['rate']:8.2%}" in text
    matches = guandan.simulate_matches(5, policy="rule", seed=3)
    data = matches.summary()
    assert data["matches"] == 5 and sum(t["count"] for t in data["team_wins"]) + data["unfinished"]["count"] == 5
    assert "deals per match" in "\n".join(match_summary(matches, 1.0))


def test_arrow_and_pandas_hold_every_column():
    results = guandan.simulate(50, policy="random", seed=1)
    table = results.to_arrow()
    assert table.num_rows == 50 and table.column_names == list(results.arrays())
    placing = np.array(table.column("placing").to_pylist())
    assert np.array_equal(placing, results.placing)
    frame = results.to_pandas()
    assert len(frame) == 50 and list(frame["placing_2"]) == results.placing[:, 2].tolist()
    assert frame["seed"].dtype == np.uint64 and np.array_equal(frame["seed"].to_numpy(), results.seed)


def test_a_repr_is_one_short_line():
    text = repr(guandan.simulate(2000, policy="random"))
    assert text.startswith("DealResults(2,000 rows") and "\n" not in text and len(text) < 200


def test_each_row_has_its_deals_seed():
    results = guandan.simulate(10, policy="random", seed=9, first=5)
    assert results.seed.tolist() == [guandan._core.match_deal_seed(9, 5 + i) for i in range(10)]
    assert len(set(results.seed.tolist())) == 10
