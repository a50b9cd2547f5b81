"""Agent steps per second of the batched learning environments
(guandan.learning.batch, and Gan Deng Yan's guandan.learning.gdy_batch),
with random masked actions drawn in numpy.

    python benchmarks/batch_env.py                      # 2 threads, self-play
    python benchmarks/batch_env.py --threads 1 --envs 512
    python benchmarks/batch_env.py --bots 1=rule,3=rule
    python benchmarks/batch_env.py --game gdy --players 4

Each figure counts learner steps (one action of one env), the observation
and the mask included; "with rows" also fetches the action feature rows
after every step. Targets: 200,000 steps/s on 2 threads,
50,000 with rows.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from guandan.learning.batch import BatchEnv
from guandan.learning.batch_base import BatchEnvBase
from guandan.learning.gdy_batch import GdyBatchEnv


def steps_per_second(env: BatchEnvBase, seconds: float, rows: bool) -> float:
    rng = np.random.default_rng(0)
    step = env.reset()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step = env.step(env.sample_actions(step.mask, rng))
        if rows:
            env.action_rows()
        steps += env.envs
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--bots", default="", help="seat=spec,... played inside the step, e.g. 1=rule,3=rule")
    parser.add_argument("--game", choices=("guandan", "gdy"), default="guandan")
    parser.add_argument("--players", type=int, default=4, help="Gan Deng Yan's table size, 2..6")
    args = parser.parse_args()
    bots = {int(seat): spec for seat, spec in (item.split("=", 1) for item in args.bots.split(",") if item)}
    env: BatchEnvBase
    if args.game == "gdy":
        env = GdyBatchEnv(envs=args.envs, players=args.players, bots=bots, threads=args.threads, seed=1)
    else:
        env = BatchEnv(envs=args.envs, bots=bots, threads=args.threads, seed=1)
    table = f"{args.players} players, " if args.game == "gdy" else ""
    for rows in (False, True):
        rate = steps_per_second(env, args.seconds, rows)
        print(f"{args.game:7}  {'with rows' if rows else 'plain':9}  {rate:12,.0f} steps/s  "
              f"({table}{args.envs} envs, {args.threads} threads, bots {bots or 'none'})")


if __name__ == "__main__":
    main()
