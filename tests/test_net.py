"""The learned bot `net` (cpp/include/guandan/bots/net.h) and its trainer
(guandan.learning.net_trainer)."""

from pathlib import Path

import numpy as np
import pytest

import guandan
from guandan import _core
from guandan.learning import net_trainer as trainer
from guandan.learning.batch import BatchEnv

SHIPPED = Path(__file__).resolve().parents[1] / "cpp" / "src" / "bots" / "net_weights.inc"


def test_the_core_scores_as_the_trainer_computes_with_the_shipped_weights():
    net = trainer.read_exported(SHIPPED)
    env = BatchEnv(envs=8, seed=3)
    step = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(25):
        views = env.view_features()
        rows, _, offsets = trainer.action_inputs(env)
        for j in range(env.envs):
            mine = rows[offsets[j] : offsets[j + 1]]
            x = np.concatenate([np.repeat(views[j][None], len(mine), axis=0), mine], axis=1).astype(np.float32)
            expected, _ = net.scores(x)
            assert np.allclose(_core.net_scores(views[j], mine), expected, rtol=1e-4, atol=1e-4)
        step = env.step(env.sample_actions(step.mask, rng))


def test_export_reads_back_exactly(tmp_path):
    net = trainer.Net.initial(7)
    trainer.export_weights(net, tmp_path / "w.inc")
    back = trainer.read_exported(tmp_path / "w.inc")
    for name in trainer.PARAM_NAMES:
        assert np.array_equal(back.params[name], net.params[name])


def test_net_plays_whole_deals_and_is_repeatable():
    first = guandan.simulate(40, policy="net", seed=5)
    again = guandan.simulate(40, policy="net", seed=5)
    assert np.array_equal(first.placing, again.placing)
    assert len(first) == 40


def test_the_teacher_is_asked_for_legal_actions_only():
    env = BatchEnv(envs=6, seed=1)
    step = env.reset()
    for _ in range(60):
        chosen = env.teacher_actions("rule")
        assert step.mask[np.arange(env.envs), chosen].all()
        step = env.step(chosen)
    with pytest.raises(ValueError, match="unknown policy"):
        env.teacher_actions("no_such_bot")


def test_training_imitates_the_teacher_and_resumes_exactly(tmp_path):
    data = trainer.collect(1500, seed=2, envs=32)
    assert len(data) == 1500 and data.starts[-1] == len(data.rows)
    held = np.arange(1200, 1500)
    train = trainer.Positions(data.views[:1200], data.rows, data.starts[:1201], data.targets[:1200])
    net = trainer.Net.initial(0)
    before = trainer.accuracy(net, data, held)
    trainer.train(net, train, 150, seed=0)
    assert trainer.accuracy(net, data, held) > before + 0.2

    # 60 steps, a checkpoint, 60 more: the same weights as 120 at once.
    whole = trainer.Net.initial(0)
    trainer.train(whole, train, 120, seed=0)
    half = trainer.Net.initial(0)
    trainer.train(half, train, 60, seed=0)
    half.save(tmp_path / "checkpoint.npz")
    resumed = trainer.Net.load(tmp_path / "checkpoint.npz")
    trainer.train(resumed, train, 60, seed=0)
    for name in trainer.PARAM_NAMES:
        assert np.array_equal(resumed.params[name], whole.params[name])


def test_train_net_refuses_bad_options_in_one_line(capsys):
    from guandan.cli import main

    assert main(["train-net", "--out", "x", "--positions", "0"]) == 2
    assert "--positions" in capsys.readouterr().err
    assert main(["train-net"]) == 2
    assert "--out" in capsys.readouterr().err


def test_train_net_imitates_learns_from_results_checkpoints_resumes_and_exports(tmp_path, capsys):
    from guandan.cli import main

    out, export = tmp_path / "net", tmp_path / "weights.inc"
    assert main(["train-net", "--out", str(out), "--positions", "400", "--steps", "20"]) == 0
    first = trainer.Net.load(out / "checkpoint.npz")
    assert first.imitation_steps == 20 and "agrees with rule" in capsys.readouterr().out
    assert main(["train-net", "--out", str(out), "--positions", "400", "--steps", "40", "--deals", "300",
                 "--resume", "--export", str(export)]) == 0
    said = capsys.readouterr().out
    assert "resuming after 20 steps of imitation, 0 deals" in said and "300 deals against rule" in said
    after = trainer.Net.load(out / "checkpoint.npz")
    assert after.imitation_steps == 40 and after.deals == 300
    assert trainer.read_exported(export).params["w1"].shape == (trainer.INPUTS, trainer.HIDDEN1)


def test_training_under_the_planned_reading_keeps_its_own_positions_and_scores(tmp_path, capsys):
    # --cards planned: the deals read each action as net plays it, in the
    # imitation's positions (a file of their own) and in the scoring.
    from guandan.cli import main

    out = tmp_path / "planned"
    assert main(["train-net", "--out", str(out), "--positions", "300", "--steps", "10", "--cards", "planned"]) == 0
    assert (out / "positions-rule-0-300-planned.npz").exists()
    assert main(["train-net", "--out", "x", "--cards", "best"]) == 2
    assert "--cards" in capsys.readouterr().err
    net = trainer.read_exported(SHIPPED)
    assert trainer.evaluate(net, 60, cards="planned") != trainer.evaluate(net, 60)


def test_a_run_can_start_from_exported_weights_and_warm_its_critic_up_first(tmp_path, capsys):
    # --init: the shipped weights, their steps and deals counted as done, so
    # no imitation runs and --deals counts on from theirs; --critic-warmup:
    # the critic it lacks learns first with the policy held.
    from guandan.cli import main

    shipped = trainer.read_exported(SHIPPED)
    assert shipped.imitation_steps > 0 and shipped.deals > 0
    out = tmp_path / "init"
    assert main(["train-net", "--out", str(out), "--init", str(SHIPPED), "--critic-warmup", "200",
                 "--deals", str(shipped.deals + 300), "--baseline", "critic", "--steps", str(shipped.imitation_steps),
                 "--export", str(tmp_path / "w.inc")]) == 0
    said = capsys.readouterr().out
    assert "starting from" in said and "imitation step" not in said
    assert "the critic learned 200 deals against rule with the policy held" in said
    after = trainer.Net.load(out / "checkpoint.npz")
    assert after.deals == shipped.deals + 300 and "v1" in after.params
    assert not np.array_equal(after.params["w1"], shipped.params["w1"])
    assert main(["train-net", "--out", "x", "--critic-warmup", "-1"]) == 2


def test_the_policy_gradient_moves_the_policy_and_is_repeatable():
    def learned():
        net = trainer.Net.initial(3)
        trainer.reinforce(net, 150, seed=4, envs=32, batch=512, log=lambda _: None)
        return net

    one, two = learned(), learned()
    assert one.steps > 0
    assert not np.array_equal(one.params["w1"], trainer.Net.initial(3).params["w1"])
    for name in trainer.PARAM_NAMES:
        assert np.array_equal(one.params[name], two.params[name])
    assert -3 <= trainer.evaluate(one, deals=40) <= 3


def test_the_critic_learns_the_results_it_is_shown_and_leaves_the_policys_start_alone():
    net = trainer.Net.initial(3)
    policy = {k: v.copy() for k, v in net.params.items()}
    net.add_critic(5)
    assert all(np.array_equal(net.params[k], v) for k, v in policy.items())
    # Results that depend on one input column: the critic's error falls.
    rng = np.random.default_rng(0)
    views = rng.integers(0, 3, (256, trainer.VIEW_FEATURES)).astype(np.float32)
    returns = (views[:, 0] - 1).astype(np.float32)

    def error():
        return float(np.mean((net.values(views)[0] - returns) ** 2))

    before = error()
    for _ in range(200):
        expected, hidden = net.values(views)
        trainer.adam_step(net, trainer._critic_grads(net, views, hidden, expected, returns), 1e-3)
    assert error() < before / 4


def test_learning_from_results_with_a_critic_is_repeatable_and_checkpoints_it(tmp_path):
    def learned():
        net = trainer.Net.initial(3)
        trainer.reinforce(net, 150, seed=4, envs=32, batch=512, baseline="critic", log=lambda _: None)
        return net

    one, two = learned(), learned()
    assert one.steps > 0 and "v1" in one.params
    for name in trainer.PARAM_NAMES + trainer.CRITIC_NAMES:
        assert np.array_equal(one.params[name], two.params[name])
    one.save(tmp_path / "c.npz")
    loaded = trainer.Net.load(tmp_path / "c.npz")
    for name in trainer.CRITIC_NAMES:
        assert np.array_equal(loaded.params[name], one.params[name])
    with pytest.raises(ValueError, match="baseline"):
        trainer.reinforce(trainer.Net.initial(3), 10, seed=4, baseline="median")


def test_train_net_refuses_an_unknown_baseline_in_one_line(capsys):
    from guandan.cli import main

    assert main(["train-net", "--out", "x", "--baseline", "median"]) == 2
    assert "--baseline" in capsys.readouterr().err


def test_a_win_bonus_changes_what_learning_from_results_moves_toward(capsys):
    from guandan.cli import main

    def learned(bonus):
        net = trainer.Net.initial(3)
        trainer.reinforce(net, 150, seed=4, envs=32, batch=512, win_bonus=bonus, log=lambda _: None)
        return net

    plain, bonus, again = learned(0.0), learned(2.0), learned(2.0)
    assert not np.array_equal(plain.params["w1"], bonus.params["w1"])
    assert np.array_equal(bonus.params["w1"], again.params["w1"])
    assert main(["train-net", "--out", "x", "--win-bonus", "7"]) == 2
    assert "--win-bonus" in capsys.readouterr().err


def test_a_pool_of_opponents_takes_the_chunks_in_turn_and_is_scored_against_each(tmp_path):
    said = []
    # 250 deals give more than the 4,096 decisions of one policy step.
    common = dict(states=300, batches=10, deals=750, chunk=250, scored_deals=20, baseline="critic", log=said.append)
    net = trainer.run(tmp_path / "pool", opponent=["rule", "tempo"], **common)
    rounds = [line for line in said if "deals, the last 250 against" in line]
    assert [line.split(" against ")[1].split(":")[0] for line in rounds] == ["rule", "tempo", "rule"]
    assert all("against rule," in line and line.rstrip(")").split("(")[0].strip().endswith("against tempo")
               for line in rounds)
    # The pool changes what is learned, and the same pool learns the same.
    alone = trainer.run(tmp_path / "alone", opponent="rule", **common)
    again = trainer.run(tmp_path / "again", opponent=["rule", "tempo"], **common)
    assert not np.array_equal(net.params["w1"], alone.params["w1"])
    assert np.array_equal(net.params["w1"], again.params["w1"])


def test_an_unknown_opponent_in_a_pool_is_refused_before_any_work(tmp_path, capsys):
    from guandan.cli import main

    with pytest.raises(ValueError, match="nosuch"):
        trainer.run(tmp_path / "bad", states=300, batches=10, deals=100, opponent=["rule", "nosuch"])
    assert not (tmp_path / "bad" / "checkpoint.npz").exists()
    assert main(["train-net", "--out", str(tmp_path / "cli"), "--opponent", "rule,nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err
    assert not (tmp_path / "cli" / "checkpoint.npz").exists()


def test_hidden_features_hold_the_other_hands_and_their_plans():
    from guandan.learning.encoding import _counts

    env = BatchEnv(envs=6, seed=4)
    step = env.reset()
    rng = np.random.default_rng(1)
    part = 54 + 2
    assert trainer.HIDDEN_FEATURES == 3 * part
    own_plan = {}  # (env, seat) -> (hand counts, turns and bombs) when it last acted
    compared = 0
    for _ in range(120):
        hidden, views = env.hidden_features(), env.view_features()
        for j in range(env.envs):
            deal = guandan.Deal.from_text(env.deal_text(j))
            me = deal.turn
            for r in (1, 2, 3):
                seat = (me + r) % 4
                mine = hidden[j, (r - 1) * part : r * part]
                hand = _counts(deal.hands[seat].bits)
                assert np.array_equal(mine[:54], hand)
                assert mine[:54].sum() == views[j, 245 + r - 1]  # the count the view shows
                if hand.sum() == 0:
                    assert mine[54] == mine[55] == 0
                seen = own_plan.get((j, seat))
                if seen is not None and np.array_equal(seen[0], hand):
                    assert tuple(mine[54:]) == seen[1]
                    compared += 1
            own_plan[(j, me)] = (_counts(deal.hands[me].bits), tuple(views[j, 265:267]))
        step = env.step(env.sample_actions(step.mask, rng))
    assert compared > 200


def test_td_advantages_run_from_the_result_to_the_next_estimate():
    expected = np.array([0.5, -0.25, 1.0], np.float32)
    # lam 1: the result less each estimate; lam 0: the next estimate (or the result) less this one.
    assert np.allclose(trainer.td_advantages(expected, 2.0, 1.0), 2.0 - expected)
    assert np.allclose(trainer.td_advantages(expected, 2.0, 0.0), [-0.75, 1.25, 1.0])
    errors = np.array([-0.75, 1.25, 1.0])
    assert np.allclose(trainer.td_advantages(expected, 2.0, 0.5),
                       [errors[0] + 0.5 * errors[1] + 0.25 * errors[2], errors[1] + 0.5 * errors[2], errors[2]])


def test_an_oracle_critic_reads_every_hand_learns_repeatably_and_is_refused_a_bad_lam(tmp_path, capsys):
    from guandan.cli import main

    def learned(lam):
        net = trainer.Net.initial(3)
        trainer.reinforce(net, 150, seed=4, envs=32, batch=512, baseline="oracle", lam=lam, log=lambda _: None)
        return net

    one, two, other = learned(0.9), learned(0.9), learned(1.0)
    assert one.params["v1"].shape == (trainer.VIEW_FEATURES + trainer.HIDDEN_FEATURES, trainer.CRITIC_HIDDEN)
    for name in trainer.PARAM_NAMES + trainer.CRITIC_NAMES:
        assert np.array_equal(one.params[name], two.params[name])
    assert not np.array_equal(one.params["w1"], other.params["w1"])  # lam changes the advantages
    # A view-only critic is replaced by one of the oracle's width, not reused.
    net = trainer.Net.initial(3)
    net.add_critic(5)
    assert net.params["v1"].shape[0] == trainer.VIEW_FEATURES
    net.add_critic(5, trainer.VIEW_FEATURES + trainer.HIDDEN_FEATURES)
    assert net.params["v1"].shape[0] == trainer.VIEW_FEATURES + trainer.HIDDEN_FEATURES
    with pytest.raises(ValueError, match="lam"):
        trainer.reinforce(trainer.Net.initial(3), 10, seed=4, baseline="oracle", lam=1.5)
    # Holding the policy, only the critic learns.
    held = trainer.Net.initial(3)
    trainer.reinforce(held, 150, seed=4, envs=32, batch=512, baseline="oracle", hold_policy=True, log=lambda _: None)
    start = trainer.Net.initial(3)
    assert held.steps > 0
    assert all(np.array_equal(held.params[k], start.params[k]) for k in trainer.PARAM_NAMES)
    fresh = trainer.Net.initial(3)
    fresh.add_critic(4, trainer.VIEW_FEATURES + trainer.HIDDEN_FEATURES)
    assert not np.array_equal(held.params["v1"], fresh.params["v1"])
    with pytest.raises(ValueError, match="hold_policy"):
        trainer.reinforce(trainer.Net.initial(3), 10, seed=4, baseline="mean", hold_policy=True)
    assert main(["train-net", "--out", str(tmp_path), "--lam", "2"]) == 2
    assert "--lam" in capsys.readouterr().err


def test_the_hand_predictor_learns_the_hidden_hands_and_moves_only_the_view_rows():
    env = BatchEnv(envs=64, seed=6)
    step = env.reset()
    rng = np.random.default_rng(2)
    views, hands = [], []
    for _ in range(8):
        views.append(env.view_features())
        hands.append(trainer.hand_counts(env.hidden_features()))
        step = env.step(env.sample_actions(step.mask, rng))
    views = np.concatenate(views).astype(np.float32)
    hands = np.concatenate(hands).astype(np.float32)
    assert hands.shape == (len(views), trainer.HAND_COUNTS) and hands.max() <= 2
    net = trainer.Net.initial(3)
    net.add_predictor(5)
    first, grads = trainer.predictor_grads(net, views, hands, 1.0)
    # Only the first layer's view rows (and its bias) and the predictor move.
    assert set(grads) == {"w1", "b1", "p1", "pb1"}
    assert not grads["w1"][trainer.VIEW_FEATURES :].any() and grads["w1"][: trainer.VIEW_FEATURES].any()
    for _ in range(300):
        _, grads = trainer.predictor_grads(net, views, hands, 1.0)
        trainer.adam_step(net, grads, 1e-3)
    last, _ = trainer.predictor_grads(net, views, hands, 1.0)
    assert last < first / 2


def test_learning_from_results_with_the_hand_predictor_is_repeatable_and_checkpoints_it(tmp_path):
    def learned(weight):
        net = trainer.Net.initial(3)
        trainer.reinforce(net, 150, seed=4, envs=32, batch=512, baseline="critic", predict_hands=weight,
                          log=lambda _: None)
        return net

    one, two, without = learned(1.0), learned(1.0), learned(0.0)
    assert "p1" in one.params and "p1" not in without.params
    for name in trainer.PARAM_NAMES + trainer.PREDICTOR_NAMES:
        assert np.array_equal(one.params[name], two.params[name])
    assert not np.array_equal(one.params["w1"], without.params["w1"])
    one.save(tmp_path / "p.npz")
    assert np.array_equal(trainer.Net.load(tmp_path / "p.npz").params["p1"], one.params["p1"])
    with pytest.raises(ValueError, match="predict_hands"):
        trainer.reinforce(trainer.Net.initial(3), 10, seed=4, predict_hands=-1.0)


def test_train_net_passes_the_hand_predictor_on_and_refuses_a_negative_weight(tmp_path, capsys):
    from guandan.cli import main

    out = tmp_path / "pred"
    assert main(["train-net", "--out", str(out), "--positions", "300", "--steps", "10", "--deals", "250",
                 "--baseline", "critic", "--predict-hands", "0.5"]) == 0
    assert "p1" in trainer.Net.load(out / "checkpoint.npz").params
    capsys.readouterr()
    assert main(["train-net", "--out", str(out), "--predict-hands", "-1"]) == 2
    assert "--predict-hands" in capsys.readouterr().err


def test_scoring_plays_the_net_as_the_bot_plays_it_tribute_cards_included():
    # The trainer's net with the shipped weights against the core's bot net:
    # one player on both sides, so every duplicate pair splits. With the
    # trainer's net choosing its own tribute and return cards (the bot asks
    # rule for them), 43 pairs in 100 did not, and it lost 0.25 levels a deal.
    net = trainer.read_exported(SHIPPED)
    for bot, cards in (("net", "planned"), ("net_v1", "first")):
        result = trainer.score(net, bot, pairs=40, cards=cards)
        assert result.pairs == 40
        assert result.win_share.mean == 0.5 and result.levels.mean == 0.0, bot
    against_random = trainer.score(net, "random", pairs=20)
    assert against_random.win_share.low > 0.7 and against_random.levels.low > 0
    assert against_random.line().startswith("against random: wins ")
    with pytest.raises(ValueError, match="nosuch"):
        trainer.score(net, "nosuch", pairs=2)
    with pytest.raises(ValueError, match="pairs"):
        trainer.score(net, "rule", pairs=0)


def test_train_net_scores_the_net_it_trained_against_each_bot_named(tmp_path, capsys):
    from guandan.cli import main

    out = tmp_path / "scored"
    assert main(["train-net", "--out", str(out), "--positions", "300", "--steps", "10",
                 "--score", "random,search_v3:think_ms=0,rollouts=20", "--score-pairs", "3"]) == 0
    said = capsys.readouterr().out
    assert "net after 10 steps of imitation and 0 deals" in said
    assert "against random: wins" in said and "(3 duplicate pairs)" in said
    assert "against search_v3:think_ms=0,rollouts=20: wins" in said
    # An unknown bot is refused before any training.
    assert main(["train-net", "--out", str(tmp_path / "bad"), "--score", "rule,nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err
    assert not (tmp_path / "bad" / "checkpoint.npz").exists()
    assert main(["train-net", "--out", str(out), "--score-pairs", "0"]) == 2
