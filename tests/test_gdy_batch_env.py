"""Gan Deng Yan's batched learning environment (guandan.learning.gdy_batch)
against the one-deal Python path: step for step, the same observations,
masks, deals and rewards as a guandan.gdy.Deal driven by
guandan.learning.gdy_actions and gdy_encoding; the same deals as
guandan.gdy.simulate; observations with no hidden card in them."""

import numpy as np
import pytest

from guandan import _core
from guandan._core import gdy as core_gdy
from guandan.gdy import Deal, simulate
from guandan.gdy.plays import KIND_NAMES, play_from_core
from guandan.learning import gdy_encoding
from guandan.learning.gdy_actions import NUM_ACTIONS, PASS, apply_action, legal_action_table
from guandan.learning.gdy_batch import ACTION_FEATURES, GdyBatchEnv
from guandan.learning.gdy_encoding import FIELDS, OBSERVATION_SIZE, encode_observation, field
from vector_env_checks import check_vector_env


def mask_of(table):
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(table)] = 1
    return mask


def bot_play(deal, name):
    """The play the core's bot `name` makes for the seat to act (rule and
    random choose from the deal's seat view only)."""
    return play_from_core(core_gdy.Bot(name).choose(deal.core))


@pytest.mark.parametrize("players, bots", [(2, {}), (3, {1: "rule"}), (4, {}), (5, {0: "rule", 3: "rule"}), (6, {})])
def test_every_step_agrees_with_a_deal_driven_in_python(players, bots):
    envs, seed = 3, 11
    env = GdyBatchEnv(envs=envs, players=players, bots=bots, seed=seed)
    step = env.reset()
    started = [1] * envs
    deals = [Deal(players, int(step.deal_seed[j])) for j in range(envs)]

    def play_bots(deal):
        while not deal.is_over and deal.turn in bots:
            deal.play(bot_play(deal, bots[deal.turn]))

    for j in range(envs):
        assert int(step.deal_seed[j]) == _core.match_deal_seed(seed, j)
        play_bots(deals[j])
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        for j, deal in enumerate(deals):
            assert step.seat[j] == deal.turn and deal.turn not in bots
            assert np.array_equal(step.observation[j], encode_observation(deal.observation(deal.turn)))
            assert np.array_equal(step.mask[j], mask_of(legal_action_table(deal)))
        actions = env.sample_actions(step.mask, rng)
        step = env.step(actions)
        for j, deal in enumerate(deals):
            apply_action(deal, int(actions[j]))
            play_bots(deal)
            if not deal.is_over:
                assert not step.done[j] and not step.reward[j].any()
                continue
            assert step.done[j] and step.reward[j].tolist() == [-p for p in deal.penalties]
            # The next deal of env j: deal started * envs + j of the run.
            assert int(step.deal_seed[j]) == _core.match_deal_seed(seed, started[j] * envs + j)
            started[j] += 1
            deals[j] = Deal(players, int(step.deal_seed[j]))
            play_bots(deals[j])
            assert not deals[j].is_over  # (a deal the bots finish at once would add its reward here)
            ended += 1
    assert ended >= 5


def deal_index(env, j, step, first):
    """The index in the run of the deal env j shows: the first of env j's
    deals (first, first + envs, ...) whose seed it is."""
    index = first
    while _core.match_deal_seed(env.seed, index) != int(step.deal_seed[j]):
        index += env.envs
        assert index < first + 10 * env.envs, "the env skipped more deals than the bots could end"
    return index


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_learner_playing_like_the_bots_gets_simulates_deals(players):
    """The learner's seat takes the rule bot's action, the other seats are
    rule bots: env j plays deals j, j + envs, j + 2 envs... of simulate, in
    order, and each step that ends deals rewards minus their penalties (the
    bots may end the next deal too before the learner acts again)."""
    envs, seed = 4, 3
    env = GdyBatchEnv(envs=envs, players=players, bots={s: "rule" for s in range(1, players)}, seed=seed)
    results = simulate(envs * 120, players=players, policy="rule", seed=seed)
    step = env.reset()
    # A deal the bots end before the learner's first turn is skipped at the
    # reset, unrewarded: the learner (seat 0) did not win it.
    shown = [deal_index(env, j, step, j) for j in range(envs)]
    for j in range(envs):
        assert all(results.winner[i] != 0 for i in range(j, shown[j], envs))
    ended = 0
    for _ in range(250):
        step = env.step(env.teacher_actions("rule"))
        for j in range(envs):
            if not step.done[j]:
                assert not step.reward[j].any()
                continue
            now = deal_index(env, j, step, shown[j] + envs)
            finished = list(range(shown[j], now, envs))
            assert step.reward[j].tolist() == (-results.penalties[finished].sum(axis=0)).tolist()
            shown[j] = now
            ended += len(finished)
    assert ended >= 5 * envs


def test_bots_play_their_seats_inside_the_step_and_threads_change_nothing():
    def run(threads):
        env = GdyBatchEnv(envs=16, players=5, bots={1: "rule", 3: "random", 4: "rule"}, seed=4, threads=threads)
        step = env.reset()
        rng = np.random.default_rng(1)
        seen = []
        for _ in range(150):
            assert set(step.seat.tolist()) <= {0, 2}
            assert (step.mask.sum(axis=1) > 0).all()
            rows, actions, offsets = env.action_rows()
            seen.append((step.observation.copy(), step.reward.copy(), step.deal_seed.copy(), rows))
            step = env.step(env.sample_actions(step.mask, rng))
        return seen

    one, two = run(1), run(2)
    assert sum(float(np.abs(r).sum()) for _, r, _, _ in one) > 0  # some deals ended
    for first, second in zip(one, two):
        assert all(np.array_equal(a, b) for a, b in zip(first, second))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_no_observation_holds_a_hidden_card(players):
    """What the vector says of cards is the seat's own hand and the plays
    everyone saw; the other hands and the stock appear only as counts."""
    env = GdyBatchEnv(envs=6, players=players, bots={players - 1: "rule"}, seed=9)
    step = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(60):
        for j in range(env.envs):
            vector, seat = step.observation[j], int(step.seat[j])
            hands = env.hands(j)
            sizes = field(vector, "hand_sizes")
            assert sizes.tolist() == [len(hands[(seat + r) % players]) for r in range(players)] + [0] * (6 - players)
            # The only cards by kind: the seat's own hand, and the cards played
            # (by each seat, summing to all played; the play to beat among them).
            assert field(vector, "hand").tolist() == [hands[seat].word >> 4 * r & 0xF for r in range(13)] + [
                hands[seat].jokers]
            played = field(vector, "played")
            by_seat = field(vector, "played_by").reshape(6, 14)
            assert np.array_equal(by_seat.sum(axis=0), played) and not by_seat[players:].any()
            assert (field(vector, "table_cards") <= played).all()
            # Every card is in the hand, played, or counted (not shown) in
            # another hand or the stock.
            stock = int(field(vector, "stock_left")[0])
            assert field(vector, "hand").sum() + played.sum() + sizes.sum() - sizes[0] + stock == 54
        step = env.step(env.sample_actions(step.mask, rng))


def test_the_vector_is_the_observations_alone():
    """Two seats' views of one position differ where their hands do, and
    the observation the vector is built from (guandan.gdy.Observation) holds
    no other hand (tests/test_gdy_bots.py checks that in depth)."""
    deal = Deal(players=4, seed=8)
    for _ in range(5):
        deal.play(deal.legal_plays()[-1])
    for seat in range(4):
        observation = deal.observation(seat)
        vector = encode_observation(observation)
        others = {s: deal.hand(s) for s in range(4) if s != seat}
        assert observation.hand == deal.hand(seat) and not any(
            value in others.values() for value in vars(observation).values())
        assert field(vector, "turn")[(deal.turn - seat) % 4] == 1
        # The same vector from an observation that differs only in the
        # seat's own hand is different: the hand is read, from the observation.
        swapped = type(observation)(**{**vars(observation), "hand": deal.hand((seat + 1) % 4)})
        assert not np.array_equal(encode_observation(swapped), vector)


def test_action_rows_describe_each_legal_action():
    env = GdyBatchEnv(envs=4, players=3, seed=2)
    step = env.reset()
    rng = np.random.default_rng(3)
    deals = [Deal(3, int(s)) for s in step.deal_seed]
    for _ in range(40):
        rows, actions, offsets = env.action_rows()
        assert rows.shape == (int(step.mask.sum()), ACTION_FEATURES) and offsets[-1] == len(rows)
        for j, deal in enumerate(deals):
            mine = actions[offsets[j] : offsets[j + 1]]
            assert mine.tolist() == np.flatnonzero(step.mask[j]).tolist()
            table = legal_action_table(deal)
            for row, action in zip(rows[offsets[j] : offsets[j + 1]], mine):
                play = table[int(action)]
                word = play.cards.word
                assert row[:14].tolist() == [word >> 4 * r & 0xF for r in range(13)] + [play.cards.jokers]
                assert row[14:21].tolist() == [int(k == play.kind) for k in KIND_NAMES]
                if action == PASS:
                    assert not row[21:].any()
                else:
                    assert row[21:].sum() == 1 and row[21 + gdy_encoding._rank_index(play.rank)] == 1
        actions_taken = env.sample_actions(step.mask, rng)
        step = env.step(actions_taken)
        for j in range(env.envs):
            apply_action(deals[j], int(actions_taken[j]))
            if deals[j].is_over:
                deals[j] = Deal(3, int(step.deal_seed[j]))


def test_bad_input_is_refused_with_a_clear_error_and_changes_nothing():
    with pytest.raises(ValueError, match="learner"):
        GdyBatchEnv(envs=2, players=3, bots={0: "rule", 1: "rule", 2: "rule"})
    with pytest.raises(ValueError, match="seat 1"):
        GdyBatchEnv(envs=2, bots={1: "no_such_bot"})
    with pytest.raises(ValueError, match="seat 1"):
        GdyBatchEnv(envs=2, bots={1: "mybots:Greedy"})  # a Python bot cannot play inside the core
    with pytest.raises(ValueError, match="seats are 0..2"):
        GdyBatchEnv(envs=2, players=3, bots={3: "rule"})
    with pytest.raises(TypeError, match="spec string"):
        GdyBatchEnv(envs=2, bots={1: 5})
    with pytest.raises(ValueError, match="2..6"):
        GdyBatchEnv(envs=2, players=7)
    with pytest.raises(ValueError, match="2..6"):
        GdyBatchEnv(envs=2, players=1)
    with pytest.raises(TypeError, match="players"):
        GdyBatchEnv(envs=2, players="4")
    with pytest.raises(ValueError, match="envs"):
        GdyBatchEnv(envs=0)
    with pytest.raises(ValueError, match="threads"):
        GdyBatchEnv(envs=2, threads=0)
    env = GdyBatchEnv(envs=3, players=4, seed=6)
    for call in (lambda: env.step([0, 0, 0]), env.action_rows, env.teacher_actions, lambda: env.hands(0)):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    step = env.reset()
    legal = env.sample_actions(step.mask, np.random.default_rng(0))
    for bad in (int(np.flatnonzero(step.mask[1] == 0)[0]), NUM_ACTIONS, -1):
        illegal = legal.copy()
        illegal[1] = bad
        with pytest.raises(ValueError, match="env 1: action"):
            env.step(illegal)
    with pytest.raises(ValueError, match="one per env"):
        env.step(legal[:2])
    with pytest.raises(ValueError, match="one per env"):
        env.step(legal.astype(float))
    with pytest.raises(ValueError, match="unknown policy"):
        env.teacher_actions("no_such_bot")
    with pytest.raises(TypeError, match="teacher"):
        env.teacher_actions(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="env"):
        env.hands(3)
    after = env.step(legal)
    fresh = GdyBatchEnv(envs=3, players=4, seed=6)
    fresh.reset()
    again = fresh.step(legal)
    assert np.array_equal(after.observation, again.observation) and np.array_equal(after.mask, again.mask)


def test_a_deal_the_bots_end_before_the_learner_acts_is_skipped_at_reset():
    # A bot can go out before the learner's first turn (six cards in one
    # play, or five over a play it beats). Such a deal is no episode of the
    # learner's: the reset shows the next one and no ended deal.
    env = GdyBatchEnv(envs=512, players=3, bots={1: "rule", 2: "rule"}, seed=0)
    step = env.reset()
    assert not step.done.any() and not step.reward.any() and (step.seat == 0).all()
    skipped = [j for j in range(env.envs) if deal_index(env, j, step, j) != j]
    assert skipped  # seed 0 has some
    results = simulate(env.envs, players=3, policy="rule", seed=0)
    for j in skipped:
        assert deal_index(env, j, step, j) == env.envs + j and results.winner[j] != 0


def test_the_layout_is_documented_and_contiguous_and_the_sizes_are_the_cores():
    start = 0
    for name, first, size, high in FIELDS:
        assert first == start
        start += size
        assert f"``{name}``" in gdy_encoding.__doc__  # the layout is documented where it is built
        span = f"{first}..{first + size - 1}" if size > 1 else f"{first} "
        assert span in gdy_encoding.__doc__
    assert start == OBSERVATION_SIZE == core_gdy.OBSERVATION_SIZE == 184
    assert NUM_ACTIONS == core_gdy.NUM_ACTIONS == 201
    low, high = gdy_encoding.observation_bounds()
    assert low.shape == high.shape == (184,)


def test_the_gymnasium_face_rewards_the_seat_that_acted():
    pytest.importorskip("gymnasium")
    from guandan.learning.vector_env import GdyVectorEnv

    def penalties_only_at_ends(reward, terminated):
        # The winner's reward is 0, so a deal's end shows in terminated, not the reward.
        assert (reward[~terminated] == 0).all() and (reward <= 0).all()

    check_vector_env(lambda: GdyVectorEnv(num_envs=5, players=4, bots={1: "rule", 3: "rule"}), penalties_only_at_ends)
