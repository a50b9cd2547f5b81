"""The batched learning environment (guandan.learning.batch) against the
one-deal Python path: step for step, the same observations, masks, deals and
rewards as a guandan.Deal driven by guandan.learning.actions and encoding."""

import numpy as np
import pytest

from guandan import _core
from guandan.gd.deal import Deal
from guandan.gd.simulate import simulation_deal
from guandan.learning.actions import NUM_ACTIONS, PASS, GIVE_BASE, apply_action, legal_action_table
from guandan.learning.batch import ACTION_FEATURES, BatchEnv
from guandan.learning.encoding import OBSERVATION_SIZE, encode_observation
from vector_env_checks import check_vector_env


def mask_of(table):
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(table)] = 1
    return mask


@pytest.mark.parametrize("level, ruleset", [("2", "standard"), ("9", "pagat")])
def test_every_step_agrees_with_a_deal_driven_in_python(level, ruleset):
    envs, seed = 3, 11
    env = BatchEnv(envs=envs, seed=seed, level=level, ruleset=ruleset)
    step = env.reset()
    started = [1] * envs
    deals = [simulation_deal(int(step.deal_seed[j]), ruleset=ruleset, level=level) for j in range(envs)]
    for j in range(envs):
        assert int(step.deal_seed[j]) == _core.match_deal_seed(seed, j)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(700):
        for j, deal in enumerate(deals):
            assert step.seat[j] == deal.turn
            assert np.array_equal(step.observation[j], encode_observation(deal.observation(deal.turn)))
            assert np.array_equal(step.mask[j], mask_of(legal_action_table(deal)))
        actions = env.sample_actions(step.mask, rng)
        step = env.step(actions)
        for j, deal in enumerate(deals):
            apply_action(deal, int(actions[j]))
            if not deal.is_over:
                assert not step.done[j] and not step.reward[j].any()
                continue
            gained = deal.ruleset.levels_gained(deal.outcome)
            expected = [gained if s % 2 == deal.winning_team else -gained for s in range(4)]
            assert step.done[j] and step.reward[j].tolist() == expected
            # The next deal of env j: deal started * envs + j of the run.
            assert int(step.deal_seed[j]) == _core.match_deal_seed(seed, started[j] * envs + j)
            started[j] += 1
            deals[j] = simulation_deal(int(step.deal_seed[j]), ruleset=ruleset, level=level)
            ended += 1
    assert ended >= 3


def test_bots_play_their_seats_inside_the_step_and_threads_change_nothing():
    def run(threads):
        env = BatchEnv(envs=16, bots={1: "rule", 3: "random"}, seed=4, threads=threads)
        step = env.reset()
        rng = np.random.default_rng(1)
        seen = []
        for _ in range(120):
            assert set(step.seat.tolist()) <= {0, 2}
            assert (step.mask.sum(axis=1) > 0).all()
            seen.append((step.observation.copy(), step.reward.copy(), step.deal_seed.copy()))
            step = env.step(env.sample_actions(step.mask, rng))
        return seen

    one, two = run(1), run(2)
    assert sum(float(np.abs(r).sum()) for _, r, _ in one) > 0  # some deals ended
    for (o1, r1, s1), (o2, r2, s2) in zip(one, two):
        assert np.array_equal(o1, o2) and np.array_equal(r1, r2) and np.array_equal(s1, s2)


def test_a_seat_sees_its_own_hand_and_counts_only():
    env = BatchEnv(envs=6, bots={2: "rule"}, seed=9)
    step = env.reset()
    for _ in range(40):
        for j in range(env.envs):
            deal = Deal.from_text(env.deal_text(j))
            seat = int(step.seat[j])
            # The hand field is the acting seat's hand; the counts, everyone's.
            assert np.array_equal(step.observation[j][:54], encode_observation(deal.observation(seat))[:54])
            assert step.observation[j][108:112].tolist() == [
                deal.card_counts[(seat + r) % 4] for r in range(4)
            ]
        step = env.step(env.sample_actions(step.mask, np.random.default_rng(0)))


def test_action_rows_describe_each_legal_action():
    env = BatchEnv(envs=4, seed=2)
    step = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(30):
        rows, actions, offsets = env.action_rows()
        assert rows.shape == (int(step.mask.sum()), ACTION_FEATURES) and offsets[-1] == len(rows)
        for j in range(env.envs):
            mine = actions[offsets[j] : offsets[j + 1]]
            assert mine.tolist() == np.flatnonzero(step.mask[j]).tolist()
            deal = Deal.from_text(env.deal_text(j))
            table = legal_action_table(deal)
            for row, action in zip(rows[offsets[j] : offsets[j + 1]], mine):
                what = table[int(action)]
                if action == PASS:
                    assert row[54 + 10 + 15] == 1 and row[:54].sum() == 0
                elif action >= GIVE_BASE:
                    assert row[-1] == 1 and row[what.index] == 1 and row[:54].sum() == 1
                else:
                    counts = np.zeros(54, dtype=np.int8)
                    for card in what.cards:
                        counts[card.index] += 1
                    assert np.array_equal(row[:54], counts)
        step = env.step(env.sample_actions(step.mask, rng))


def test_bad_input_is_refused_with_a_clear_error_and_changes_nothing():
    with pytest.raises(ValueError, match="learner"):
        BatchEnv(envs=2, bots={0: "rule", 1: "rule", 2: "rule", 3: "rule"})
    with pytest.raises(ValueError, match="seat 1"):
        BatchEnv(envs=2, bots={1: "no_such_bot"})
    with pytest.raises(ValueError, match="envs"):
        BatchEnv(envs=0)
    with pytest.raises(ValueError, match="cards must be one of first, planned"):
        BatchEnv(envs=2, cards="best")
    env = BatchEnv(envs=3, seed=6)
    with pytest.raises(RuntimeError, match="reset"):
        env.step([0, 0, 0])
    step = env.reset()
    legal = env.sample_actions(step.mask, np.random.default_rng(0))
    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(step.mask[1] == 0)[0])
    with pytest.raises(ValueError, match="env 1: action"):
        env.step(illegal)
    with pytest.raises(ValueError, match="one per env"):
        env.step(legal[:2])
    after = env.step(legal)
    fresh = BatchEnv(envs=3, seed=6)
    fresh.reset()
    assert np.array_equal(after.observation, fresh.step(legal).observation)


def test_the_sizes_are_those_of_the_python_encoding():
    assert _core.OBSERVATION_SIZE == OBSERVATION_SIZE and _core.NUM_ACTIONS == NUM_ACTIONS


def test_the_gymnasium_face_rewards_the_seat_that_acted():
    pytest.importorskip("gymnasium")
    from guandan.learning.vector_env import GuandanVectorEnv

    def levels_are_never_zero(reward, terminated):
        assert np.array_equal(terminated, reward != 0)

    check_vector_env(lambda: GuandanVectorEnv(num_envs=5, bots={1: "rule", 3: "rule"}), levels_are_never_zero)


def test_the_planned_reading_plays_other_cards_on_the_same_deals():
    # The same seeded deals, the same actions: where an action has several
    # moves, the planned reading describes (and plays) other cards than the
    # first one; the actions, their kinds and ranks stay the same.
    first, planned = BatchEnv(envs=8, seed=9), BatchEnv(envs=8, seed=9, cards="planned")
    a, b = first.reset(), planned.reset()
    assert np.array_equal(a.mask, b.mask)
    rows_a, actions_a, offsets_a = first.action_rows()
    rows_b, actions_b, offsets_b = planned.action_rows()
    assert np.array_equal(actions_a, actions_b) and np.array_equal(offsets_a, offsets_b)
    assert np.array_equal(rows_a[:, 54:], rows_b[:, 54:])  # kind, rank, pass, give
    assert (rows_a[:, :54] != rows_b[:, :54]).any(axis=1).sum() >= 5
