"""The planning policy (`rule`): legal choices in every ruleset, deterministic for a seed,
the same results on any number of threads, and reachable as a bot."""

import guandan
import numpy as np
import pytest
from guandan import Match
from guandan.gd.bots import BOTS, make_bot, play_match
from checked_bot import Checked


def test_the_planning_policy_is_the_rule_bot():
    assert "rule" in BOTS


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_plan_only_makes_legal_choices(ruleset):
    for seed in range(6):
        bots = [Checked(make_bot("rule", seed * 4 + seat)) for seat in range(4)]
        match = play_match(Match(ruleset, seed=seed), bots)
        assert match.is_over
        assert all(b.moves > 0 for b in bots)


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_plan_simulations_finish_every_deal(ruleset):
    results = guandan.simulate(400, policy="rule", ruleset=ruleset, seed=3)
    # Every deal ends with four distinct places and a winner.
    assert all(sorted(row) == [0, 1, 2, 3] for row in results.placing.tolist())
    assert set(results.winning_team.tolist()) <= {0, 1}
    assert (results.levels_gained >= 1).all()


def test_plan_is_deterministic_for_a_seed_and_any_thread_count():
    runs = [guandan.simulate(300, policy="rule", seed=11, threads=t) for t in (1, 2, 3, 1)]
    for other in runs[1:]:
        for field in ("placing", "winning_team", "levels_gained", "plays", "passes", "bombs"):
            assert np.array_equal(getattr(runs[0], field), getattr(other, field)), field


def test_plan_beats_the_old_rule_player():
    # Seats 0 and 2 plan, 1 and 3 rule_v1, then the same deals with seats swapped.
    n = 400
    a = guandan.simulate(n, policy=["rule", "rule_v1", "rule", "rule_v1"], seed=5)
    b = guandan.simulate(n, policy=["rule_v1", "rule", "rule_v1", "rule"], seed=5)
    wins = int((a.winning_team == 0).sum() + (b.winning_team == 1).sum())
    assert wins / (2 * n) > 0.55
