"""The checks of a batched environment's Gymnasium vector face
(guandan.learning.vector_env) that hold for both games: observations in
their space, the reward of the seat that acted, no truncation, deals that
end, and the same run again from the same seed."""

import numpy as np


def check_vector_env(make, check_step):
    """Random masked actions for 200 steps on ``make()`` reset with seed 8;
    ``check_step(reward, terminated)`` adds the game's own checks."""
    envs = make()
    obs, infos = envs.reset(seed=8)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(200):
        acted = infos["seat"].astype(int)
        actions = envs.batch.sample_actions(obs["action_mask"], rng)
        obs, reward, terminated, truncated, infos = envs.step(actions)
        assert envs.observation_space.contains(obs) and not truncated.any()
        assert np.array_equal(reward, infos["reward_by_seat"][np.arange(envs.num_envs), acted])
        check_step(reward, terminated)
        ended += int(terminated.sum())
    assert ended > 0
    # The same seed, the same run.
    again, _ = envs.reset(seed=8)
    first, _ = make().reset(seed=8)
    assert np.array_equal(again["observation"], first["observation"])
