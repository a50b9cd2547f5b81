"""The ``guandan train-net`` command: trains the learned bot ``net``
(guandan.learning.net_trainer), resumes, exports its weights for the core."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..common.options import bot_names, real_in
from ..gd import arguments
from .batch import CARD_READINGS
from .net_trainer import BASELINES


_positive = arguments.integer_in(1, 100_000_000)


def _train(args: argparse.Namespace) -> int:
    from .. import _core
    from .net_trainer import run, score

    for name in args.score:  # refused now, not after the training
        _core.policy_spec(name)
    net = run(
        Path(args.out),
        states=args.positions,
        batches=args.steps,
        seed=args.seed,
        teacher=args.teacher,
        resume=args.resume,
        export=None if args.export is None else Path(args.export),
        threads=args.threads,
        deals=args.deals,
        opponent=args.opponent,
        baseline=args.baseline,
        win_bonus=args.win_bonus,
        lam=args.lam,
        predict_hands=args.predict_hands,
        cards=args.cards,
        init=None if args.init is None else Path(args.init),
        critic_warmup=args.critic_warmup,
    )
    if args.score:
        print(f"net after {net.imitation_steps:,} steps of imitation and {net.deals:,} deals, each action read as "
              f"planned (as the bot net plays), on the held-out deals:", flush=True)
    for name in args.score:
        print("  " + score(net, name, pairs=args.score_pairs, threads=args.threads).line(), flush=True)
    return 0


def add_commands(sub) -> None:
    train = sub.add_parser(
        "train-net",
        help="train the learned bot `net` on the batched environment (numpy only)",
        description="Imitates the teacher in self-play deals (its decisions kept in OUT), then with --deals learns "
        "from results against --opponent, with checkpoints in OUT; --export writes the weights the core builds "
        "in (docs/bots.md gives the command of the shipped weights; then rebuild).",
    )
    train.add_argument("--out", required=True, help="folder for the positions and the checkpoint")
    train.add_argument("--positions", type=_positive, default=300_000, help="decisions to collect (default 300000)")
    train.add_argument("--steps", type=_positive, default=10_000, help="training steps in all (default 10000)")
    train.add_argument("--seed", type=arguments.seed, default=0, help="seed of the deals and the network (default 0)")
    train.add_argument("--teacher", type=arguments.bot, default="rule",
                       help="the core's bot imitated, a spec such as rule (default rule)")
    train.add_argument("--deals", type=arguments.integer_in(0, 100_000_000), default=0,
                       help="then deals of learning from results against --opponent (default 0)")
    train.add_argument("--opponent", type=bot_names, default=["rule"],
                       help="the core's bot played against while learning from results, or several, comma-separated, "
                       "which take the chunks of 10000 deals in turn (default rule)")
    train.add_argument("--baseline", choices=BASELINES, default="mean",
                       help="what a decision is expected to bring while learning from results: the running mean "
                       "of the deals' results, a critic that learns it from the decision's view, or (oracle) one "
                       "that also sees every other hand, for training only (default mean)")
    train.add_argument("--lam", type=real_in(0, 1), default=1.0,
                       help="with a critic, how far its later estimates stand in for the deal's result in a "
                       "decision's advantage: 1 the result alone, below 1 the next estimates weigh in (default 1)")
    train.add_argument("--predict-hands", type=real_in(0, 100), default=0.0, metavar="WEIGHT",
                       help="while learning from results, also teach the first layer to predict the other hands "
                       "from the view, its loss weighted by WEIGHT (training only; default 0: off)")
    train.add_argument("--win-bonus", type=real_in(0, 6), default=0.0,
                       help="levels a deal won counts beyond those it pays while learning from results (default 0)")
    train.add_argument("--cards", choices=CARD_READINGS, default="first",
                       help="which move of an action the deals play: its first (the one spending the fewest "
                       "wilds), or the planned one, as the bot net plays it (default first)")
    train.add_argument("--init", default=None, metavar="FILE",
                       help="without a checkpoint in OUT, start from the weights in FILE (an --export), their "
                       "steps and deals counted as done (--deals counts all)")
    train.add_argument("--critic-warmup", type=arguments.integer_in(0, 100_000_000), default=0, metavar="DEALS",
                       help="a critic the net lacks first learns DEALS deals with the policy held (default 0)")
    train.add_argument("--resume", action="store_true", help="go on from OUT's checkpoint")
    train.add_argument("--export", default=None, metavar="FILE", help="write the weights as C++ source to FILE")
    train.add_argument("--score", type=bot_names, default=[], metavar="BOTS",
                       help="then score the net against each of these bots (comma-separated), as the bot net "
                       "plays: its share of the deals and levels per deal over --score-pairs duplicate pairs, "
                       "with 95%% intervals (with --resume and no --steps or --deals left to go: the checkpoint "
                       "as it is)")
    train.add_argument("--score-pairs", type=_positive, default=1000, metavar="PAIRS",
                       help="duplicate pairs of each --score (default 1000)")
    train.add_argument("--threads", type=arguments.threads, default=1,
                       help="threads collecting positions and playing --score's deals (default 1)")
    train.set_defaults(run=_train)
