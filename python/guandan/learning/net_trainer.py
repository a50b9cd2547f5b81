"""Trains the learned bot ``net`` (cpp/include/guandan/bots/net.h) with numpy alone.

The network scores (view, action) pairs: the seat's view features, one
action's features and what the planner says of it (bots/net_features.h,
bots/action_space.h) -> 256 ReLU -> 64 ReLU -> a score; the bot plays the
legal action it scores highest.

Training has two phases (:func:`run`). First it imitates a teacher
(``rule`` by default) on the batched environment
(:mod:`guandan.learning.batch`): the learner plays all four seats, each step
asks the teacher what it would do at every env's seat to act, records the
view, the legal actions' feature rows and the teacher's choice, and plays
the teacher's choice (a random legal action with probability ``explore``, so
that positions off the teacher's path are seen too); the loss is the
cross-entropy of a softmax over each position's legal actions. Then it
learns from results (:func:`reinforce`): the net plays seats 0 and 2
against an opponent and the policy gradient moves it toward the actions of
the deals that went better than usual. Only play decisions are learned from
results: the bot asks ``rule`` for its tribute and return cards, and so do
:func:`evaluate` and :func:`score`.

    guandan train-net --out build/net --deals 80000      # imitate, learn from results, checkpoint
    guandan train-net --out build/net --deals 80000 --resume   # go on from the last checkpoint
    guandan train-net --out build/net --deals 80000 --export cpp/src/bots/net_weights.inc

Everything is seeded: the same options on the same machine give the same
weights (numpy's matrix products may round differently on another CPU).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from .. import _core
from ..common.checks import checked_integer
from ..common.statistics import Estimate, pair_interval, pair_win_share
from ..gd.arena import MOST_LEVELS
from .batch import CARD_READINGS, BatchEnv
from .batch_base import MAX_ENVS

VIEW_FEATURES: int = _core.NET_VIEW_FEATURES
# An action's row: its features (bots/action_space.h), then the planner's (bots/net_features.h).
ACTION_FEATURES: int = _core.ACTION_FEATURES + _core.NET_PLAN_FEATURES
INPUTS = VIEW_FEATURES + ACTION_FEATURES
HIDDEN1, HIDDEN2 = _core.NET_HIDDEN
GIVE_BASE = _core.NUM_ACTIONS - 54
PARAM_NAMES = ("w1", "b1", "w2", "b2", "w3", "b3")
# The critic of learning from results (baseline "critic"): the seat's view
# -> 64 ReLU -> the deal's expected result for the learner's team. Training
# only: the bot does not use it and it is not exported.
CRITIC_HIDDEN = 64
CRITIC_NAMES = ("v1", "vb1", "v2", "vb2")
# The baseline "oracle" is a critic that also reads what the seat cannot see
# (every other hand and its plan), as PerfectDou's does: training only.
HIDDEN_FEATURES: int = _core.NET_HIDDEN_FEATURES
BASELINES = ("mean", "critic", "oracle")
# The hand predictor (learning from results with predict_hands): the view's
# part of the first layer (the view's rows of w1, and b1, through the ReLU)
# -> the other three hands' card counts. Training only: it makes the first
# layer carry what the view tells of the hidden hands; not exported.
PREDICTOR_NAMES = ("p1", "pb1")
HAND_COUNTS = 3 * 54
HELD_OUT_SEED = 10**9  # the deals that score the net: it never trains on them
# Who chooses the tribute and return cards of the net's team when it is
# scored: the bot net asks rule for them (bots/net.h), so its score must too.
CARD_GIVER = "rule"


def action_inputs(env: BatchEnv) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each legal action's part of the net's input now: its features, then
    the planner's (``(rows, actions, offsets)`` as :meth:`BatchEnv.action_rows`)."""
    rows, actions, offsets = env.action_rows()
    return np.concatenate([rows, env.plan_rows()], axis=1), actions, offsets


@dataclass
class Positions:
    """Recorded decisions: position i's view is ``views[i]``, its legal
    actions' feature rows ``rows[starts[i]:starts[i + 1]]``, the teacher's
    choice row ``starts[i] + targets[i]``."""

    views: np.ndarray
    rows: np.ndarray
    starts: np.ndarray
    targets: np.ndarray

    def __len__(self) -> int:
        return len(self.views)


def collect(
    states: int,
    seed: int = 0,
    teacher: str = "rule",
    envs: int = 256,
    explore: float = 0.1,
    threads: int = 1,
    progress: Optional[Callable[[int], None]] = None,
    cards: str = "first",
) -> Positions:
    """Play self-play deals led by ``teacher`` until ``states`` play decisions
    with more than one legal action are recorded (each action read as
    ``cards`` says: :class:`~guandan.learning.batch.BatchEnv`)."""
    env = BatchEnv(envs=envs, seed=seed, threads=threads, cards=cards)
    rng = np.random.default_rng(seed)
    step = env.reset()
    views: List[np.ndarray] = []
    rows: List[np.ndarray] = []
    counts: List[int] = []
    targets: List[int] = []
    recorded = 0
    while recorded < states:
        chosen = env.teacher_actions(teacher)
        legal = step.mask.sum(axis=1)
        keep = (chosen < GIVE_BASE) & (legal > 1)
        if keep.any():
            view = env.view_features()
            all_rows, actions, offsets = action_inputs(env)
            for j in np.flatnonzero(keep):
                mine = actions[offsets[j] : offsets[j + 1]]
                views.append(view[j])
                rows.append(all_rows[offsets[j] : offsets[j + 1]])
                counts.append(len(mine))
                targets.append(int(np.searchsorted(mine, chosen[j])))
            recorded += int(keep.sum())
            if progress is not None:
                progress(min(recorded, states))
        play = np.where(rng.random(envs) < explore, env.sample_actions(step.mask, rng), chosen)
        step = env.step(play)
    n = states
    starts = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.asarray(counts[:n], dtype=np.int64), out=starts[1:])
    return Positions(
        views=np.stack(views[:n]).astype(np.int8),
        rows=np.concatenate(rows[:n]).astype(np.int8),
        starts=starts,
        targets=np.asarray(targets[:n], dtype=np.int64),
    )


@dataclass
class Net:
    """The network's parameters (float32) and the optimiser's state."""

    params: Dict[str, np.ndarray]
    moments: Dict[str, np.ndarray] = field(default_factory=dict)
    steps: int = 0  # the optimiser's steps (of the phase under way)
    imitation_steps: int = 0  # steps of imitation done
    deals: int = 0  # deals of the policy gradient done

    @classmethod
    def initial(cls, seed: int) -> "Net":
        rng = np.random.default_rng(seed)

        def he(fan_in: int, shape: Tuple[int, ...]) -> np.ndarray:
            return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)

        params = {
            "w1": he(INPUTS, (INPUTS, HIDDEN1)),
            "b1": np.zeros(HIDDEN1, np.float32),
            "w2": he(HIDDEN1, (HIDDEN1, HIDDEN2)),
            "b2": np.zeros(HIDDEN2, np.float32),
            "w3": he(HIDDEN2, (HIDDEN2,)),
            "b3": np.zeros(1, np.float32),
        }
        return cls(params)

    def scores(self, x: np.ndarray) -> Tuple[np.ndarray, tuple]:
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        return h2 @ p["w3"] + p["b3"][0], (x, h1, h2)

    def add_critic(self, seed: int, inputs: int = VIEW_FEATURES) -> None:
        """The critic's parameters for rows of `inputs` features, drawn from
        their own stream (the policy's are unchanged), unless the net has a
        critic of that width already (one of another width is replaced, with
        its optimiser state)."""
        if "v1" in self.params and self.params["v1"].shape[0] == inputs:
            return
        for name in CRITIC_NAMES:
            self.moments.pop(f"{name}_m", None)
            self.moments.pop(f"{name}_v", None)
        rng = np.random.default_rng((seed, 7))
        self.params["v1"] = (rng.standard_normal((inputs, CRITIC_HIDDEN)) * np.sqrt(2.0 / inputs)).astype(np.float32)
        self.params["vb1"] = np.zeros(CRITIC_HIDDEN, np.float32)
        self.params["v2"] = (rng.standard_normal(CRITIC_HIDDEN) * np.sqrt(2.0 / CRITIC_HIDDEN)).astype(np.float32)
        self.params["vb2"] = np.zeros(1, np.float32)

    def add_predictor(self, seed: int) -> None:
        """The hand predictor's parameters, from their own stream, if the net has none yet."""
        if "p1" in self.params:
            return
        rng = np.random.default_rng((seed, 11))
        self.params["p1"] = (rng.standard_normal((HIDDEN1, HAND_COUNTS)) * np.sqrt(2.0 / HIDDEN1)).astype(np.float32)
        self.params["pb1"] = np.zeros(HAND_COUNTS, np.float32)

    def values(self, views: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """The critic's expected results of `views` (float32 rows), and its hidden layer."""
        p = self.params
        h = np.maximum(views @ p["v1"] + p["vb1"], 0)
        return h @ p["v2"] + p["vb2"][0], h

    def save(self, path: Path) -> None:
        arrays: Dict[str, Any] = {f"param_{k}": v for k, v in self.params.items()}
        arrays.update({f"moment_{k}": v for k, v in self.moments.items()})
        for counter in ("steps", "imitation_steps", "deals"):
            arrays[counter] = np.int64(getattr(self, counter))
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: Path) -> "Net":
        with np.load(path) as data:
            params = {k: data[f"param_{k}"] for k in PARAM_NAMES + CRITIC_NAMES + PREDICTOR_NAMES
                      if f"param_{k}" in data.files}
            moments = {k[len("moment_") :]: data[k] for k in data.files if k.startswith("moment_")}
            return cls(params, moments, int(data["steps"]), int(data["imitation_steps"]), int(data["deals"]))


def _gather(data: Positions, chosen: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The input rows of positions ``chosen``, one per legal action:
    ``(x, sizes, group, first)``, position k's rows being
    ``x[first[k]:first[k + 1]]`` (``sizes[k]`` of them, ``group`` k)."""
    sizes = data.starts[chosen + 1] - data.starts[chosen]
    rows = np.concatenate([np.arange(data.starts[i], data.starts[i + 1]) for i in chosen])
    group = np.repeat(np.arange(len(chosen)), sizes)
    x = np.concatenate([data.views[chosen][group], data.rows[rows]], axis=1).astype(np.float32)
    first = np.zeros(len(chosen) + 1, dtype=np.int64)
    np.cumsum(sizes, out=first[1:])
    return x, sizes, group, first


def batch_loss(
    net: Net, data: Positions, chosen: np.ndarray, weights: Optional[np.ndarray] = None
) -> Tuple[float, Dict[str, np.ndarray]]:
    """The mean cross-entropy of the targets over positions ``chosen``, each
    weighted by ``weights`` (default 1: imitation; an advantage: the policy
    gradient), and its gradient. Positions whose ``views`` have no columns
    hold whole input rows in ``rows``."""
    x, sizes, group, first = _gather(data, chosen)
    s, (x, h1, h2) = net.scores(x)
    top = np.maximum.reduceat(s, first[:-1])
    e = np.exp(s - top[group])
    p = e / np.add.reduceat(e, first[:-1])[group]
    target_rows = first[:-1] + data.targets[chosen]
    loss = float(-np.log(p[target_rows] + 1e-12).mean())
    ds = p.copy()
    ds[target_rows] -= 1
    if weights is not None:
        ds *= np.repeat(weights, sizes)
    ds /= len(chosen)
    w = net.params
    grads = {"w3": h2.T @ ds, "b3": np.array([ds.sum()], np.float32)}
    dh2 = np.outer(ds, w["w3"]) * (h2 > 0)
    grads["w2"], grads["b2"] = h1.T @ dh2, dh2.sum(axis=0)
    dh1 = (dh2 @ w["w2"].T) * (h1 > 0)
    grads["w1"], grads["b1"] = x.T @ dh1, dh1.sum(axis=0)
    return loss, {k: v.astype(np.float32) for k, v in grads.items()}


def adam_step(
    net: Net,
    grads: Dict[str, np.ndarray],
    lr: float,
    beta1=0.9,
    beta2=0.999,
    eps=1e-8,
    lr_scale: Optional[Dict[str, float]] = None,
) -> None:
    """One Adam step of every parameter in `grads`, at `lr` times its
    `lr_scale` (default 1)."""
    net.steps += 1
    for k, g in grads.items():
        step_lr = lr * (lr_scale or {}).get(k, 1.0)
        m = net.moments.setdefault(f"{k}_m", np.zeros_like(g))
        v = net.moments.setdefault(f"{k}_v", np.zeros_like(g))
        m *= beta1
        m += (1 - beta1) * g
        v *= beta2
        v += (1 - beta2) * g * g
        m_hat = m / (1 - beta1**net.steps)
        v_hat = v / (1 - beta2**net.steps)
        net.params[k] -= (step_lr * m_hat / (np.sqrt(v_hat) + eps)).astype(np.float32)


def accuracy(net: Net, data: Positions, chosen: np.ndarray) -> float:
    """The share of positions where the net's best action is the teacher's."""
    if len(chosen) == 0:
        return 0.0
    x, _, _, first = _gather(data, chosen)
    scores, _ = net.scores(x)
    best = _pick(scores, first, None, 1.0) - first[:-1]
    return float(np.mean(best == data.targets[chosen]))


def train(
    net: Net,
    data: Positions,
    batches: int,
    seed: int,
    batch_size: int = 256,
    lr: float = 1e-3,
    on_batch: Optional[Callable[[int, float], None]] = None,
) -> float:
    """``batches`` Adam steps on random batches of positions; the last loss.
    Step k's batch depends only on (seed, k), so a run resumed from a
    checkpoint takes the same steps as one that never stopped."""
    loss = float("nan")
    for b in range(batches):
        chosen = np.random.default_rng((seed, net.steps)).integers(0, len(data), batch_size)
        loss, grads = batch_loss(net, data, chosen)
        adam_step(net, grads, lr)
        if on_batch is not None:
            on_batch(b, loss)
    return loss


def export_weights(net: Net, path: Path) -> None:
    """Writes the weights as the C++ source net.cpp includes: each float32 in
    the shortest decimal that reads back as the same float32."""

    def floats(values: np.ndarray) -> str:
        items = [str(v) + "f" for v in values.astype(np.float32).ravel()]
        lines = [", ".join(items[i : i + 8]) for i in range(0, len(items), 8)]
        return "{\n    " + ",\n    ".join(lines) + "}"

    p = net.params
    text = [
        "// The learned bot's weights (bots/net.h), written by guandan train-net --export.",
        f"// {net.imitation_steps} steps of imitation, then {net.deals} deals learning from results."
        " Do not edit: retrain and export instead.",
        f"constexpr float kNetW1[{INPUTS * HIDDEN1}] = {floats(p['w1'])};",
        f"constexpr float kNetB1[{HIDDEN1}] = {floats(p['b1'])};",
        f"constexpr float kNetW2[{HIDDEN1 * HIDDEN2}] = {floats(p['w2'])};",
        f"constexpr float kNetB2[{HIDDEN2}] = {floats(p['b2'])};",
        f"constexpr float kNetW3[{HIDDEN2}] = {floats(p['w3'])};",
        f"constexpr float kNetB3 = {str(p['b3'].astype(np.float32)[0])}f;",
    ]
    Path(path).write_text("\n".join(text) + "\n", encoding="utf-8")


def read_exported(path: Path) -> Net:
    """The weights of an exported file (export_weights), as a Net (no
    optimiser state), with the steps of imitation and the deals its header
    says they had."""
    import re

    text = Path(path).read_text(encoding="utf-8")
    params = {}
    for name, key in (("W1", "w1"), ("B1", "b1"), ("W2", "w2"), ("B2", "b2"), ("W3", "w3")):
        body = re.search(r"kNet%s\[\d+\] = \{([^}]*)\}" % name, text)
        if body is None:
            raise ValueError(f"{path}: no kNet{name}")
        params[key] = np.array([float(v.rstrip("f")) for v in body.group(1).split(",")], dtype=np.float32)
    bias = re.search(r"kNetB3 = ([^;]*);", text)
    if bias is None:
        raise ValueError(f"{path}: no kNetB3")
    params["b3"] = np.array([float(bias.group(1).rstrip("f"))], dtype=np.float32)
    params["w1"] = params["w1"].reshape(INPUTS, HIDDEN1)
    params["w2"] = params["w2"].reshape(HIDDEN1, HIDDEN2)
    net = Net(params)
    history = re.search(r"(\d+) steps of imitation, then (\d+) deals", text)
    if history is not None:
        net.imitation_steps, net.deals = int(history.group(1)), int(history.group(2))
    return net


def run(
    out: Path,
    states: int = 300_000,
    batches: int = 10_000,
    seed: int = 0,
    teacher: str = "rule",
    resume: bool = False,
    export: Optional[Path] = None,
    threads: int = 1,
    deals: int = 0,
    opponent: Union[str, Sequence[str]] = "rule",
    baseline: str = "mean",
    win_bonus: float = 0.0,
    log: Callable[[str], None] = print,
    chunk: int = 10_000,
    scored_deals: int = 1000,
    lam: float = 1.0,
    predict_hands: float = 0.0,
    cards: str = "first",
    init: Optional[Path] = None,
    critic_warmup: int = 0,
) -> Net:
    """The whole command, in two phases with a checkpoint in ``out`` after
    every chunk: imitation of ``teacher`` for ``batches`` steps (its
    positions kept in ``out``), then the policy gradient for ``deals``
    deals against ``opponent`` (reinforce), each chunk scored by
    :func:`evaluate`; then optionally the export. From scratch, or with
    ``resume`` from the checkpoint, to the same weights. Several opponents
    (a pool) take the chunks of ``chunk`` deals in turn, by the deals done,
    and each chunk is scored against every one of them. ``cards`` is how
    the environment reads each action, in every phase (the bot reads them
    as ``"planned"``). ``init`` starts a run without a checkpoint from
    exported weights (their header's steps and deals counted as done), and
    with ``critic_warmup`` a critic the net lacks first learns that many
    deals with the policy held still."""
    opponents = [opponent] if isinstance(opponent, str) else list(opponent)
    if not opponents:
        raise ValueError("opponent must name at least one bot")
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lam must be within 0..1, not {lam!r}")
    if predict_hands < 0:
        raise ValueError(f"predict_hands must be 0 or more, not {predict_hands!r}")
    if cards not in CARD_READINGS:
        raise ValueError(f"cards must be one of {', '.join(CARD_READINGS)}, not {cards!r}")
    if critic_warmup < 0:
        raise ValueError(f"critic_warmup must be 0 or more, not {critic_warmup!r}")
    for name in opponents:  # refused now, not after the imitation
        _core.policy_spec(name)
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint.npz"
    if resume and checkpoint.exists():
        net = Net.load(checkpoint)
    elif init is not None:
        net = read_exported(init)
        log(f"starting from {init}: {net.imitation_steps} steps of imitation, {net.deals:,} deals")
    else:
        net = Net.initial(seed)
    if resume:
        done = f"{net.imitation_steps} steps of imitation, {net.deals:,} deals" if checkpoint.exists() else ""
        log(f"resuming after {done}" if done else "no checkpoint: starting from scratch")
    if net.imitation_steps < batches:
        data = _positions(out, states, seed, teacher, threads, log, cards)
        held_out = np.arange(len(data) - min(2000, len(data) // 10), len(data))
        first_held = int(held_out[0])
        training = Positions(data.views[:first_held], data.rows, data.starts[: first_held + 1], data.targets[:first_held])
        while net.imitation_steps < batches:
            n = min(500, batches - net.imitation_steps)
            loss = train(net, training, n, seed)
            net.imitation_steps = net.steps
            net.save(checkpoint)
            log(f"imitation step {net.imitation_steps}: loss {loss:.3f}, agrees with {teacher} on "
                f"{accuracy(net, data, held_out[:500]):.1%} of held-out positions")
    if critic_warmup > 0 and baseline != "mean" and net.deals < deals and "v1" not in net.params:
        reinforce(net, critic_warmup, seed=seed * 1_000_003 + 1_000_002, opponent=opponents[0], baseline=baseline,
                  win_bonus=win_bonus, lam=lam, hold_policy=True, log=lambda _: None, cards=cards)
        net.save(checkpoint)
        log(f"the critic learned {critic_warmup:,} deals against {opponents[0]} with the policy held")
    while net.deals < deals:
        if net.deals == 0:
            net.moments, net.steps = {}, 0  # a new objective: the optimiser starts over
        n = min(chunk, deals - net.deals)
        against = opponents[(net.deals // chunk) % len(opponents)]
        reinforce(net, n, seed=seed * 1_000_003 + net.deals // chunk, opponent=against, baseline=baseline,
                  win_bonus=win_bonus, lam=lam, predict_hands=predict_hands, log=lambda _: None, cards=cards)
        net.deals += n
        net.save(checkpoint)
        if len(opponents) == 1:
            log(f"{net.deals:,} deals against {against}: "
                f"{evaluate(net, scored_deals, opponent=against, cards=cards):+.3f} "
                f"levels per deal against it ({scored_deals:,} duplicate deals)")
        else:
            scores = ", ".join(f"{evaluate(net, scored_deals, opponent=o, cards=cards):+.3f} against {o}"
                               for o in dict.fromkeys(opponents))
            log(f"{net.deals:,} deals, the last {n:,} against {against}: levels per deal {scores} "
                f"({scored_deals:,} duplicate deals each)")
    if export is not None:
        export_weights(net, export)
        log(f"exported the weights to {export}")
    return net


def _positions(out: Path, states: int, seed: int, teacher: str, threads: int, log: Callable[[str], None],
               cards: str = "first") -> Positions:
    """The imitation's positions: collected once, then read from ``out``."""
    reading = "" if cards == "first" else f"-{cards}"
    path = out / f"positions-{teacher}-{seed}-{states}{reading}.npz"
    if path.exists():
        with np.load(path) as saved:
            data = Positions(saved["views"], saved["rows"], saved["starts"], saved["targets"])
        log(f"{len(data):,} positions from {path}")
        return data
    start = time.perf_counter()
    data = collect(states, seed=seed, teacher=teacher, threads=threads, cards=cards)
    np.savez(path, views=data.views, rows=data.rows, starts=data.starts, targets=data.targets)
    log(f"collected {len(data):,} positions of {teacher} in {time.perf_counter() - start:.0f} s")
    return data


# --- learning from results: the policy gradient against opponents ------------


def _decisions(net: Net, env: BatchEnv) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The inputs of every env's legal actions now: (x, actions, offsets, scores)."""
    views = env.view_features()
    rows, actions, offsets = action_inputs(env)
    group = np.repeat(np.arange(env.envs), np.diff(offsets))
    x = np.concatenate([views[group], rows], axis=1)
    scores, _ = net.scores(x.astype(np.float32))
    return x, actions, offsets, scores


def _pick(scores: np.ndarray, offsets: np.ndarray, rng: Optional[np.random.Generator], temperature: float) -> np.ndarray:
    """Per env, the index of its chosen row: the best, or drawn from the softmax at `temperature`."""
    starts = offsets[:-1]
    group = np.repeat(np.arange(len(starts)), np.diff(offsets))
    top = np.maximum.reduceat(scores, starts)
    if rng is None:
        best = np.full(len(starts), -1)
        is_top = scores == top[group]
        first = np.flatnonzero(is_top)
        best[group[first[::-1]]] = first[::-1]  # the first best row of each env
        return best
    e = np.exp((scores - top[group]) / temperature)
    cumulative = np.cumsum(e)
    before = np.concatenate([[0.0], cumulative])[starts]
    draw = before + rng.random(len(starts)) * (cumulative[offsets[1:] - 1] - before)
    return np.minimum(np.searchsorted(cumulative, draw, side="right"), offsets[1:] - 1)


def _cards_given_by_rule(env: BatchEnv, actions: np.ndarray) -> np.ndarray:
    """`actions` with each tribute or return card replaced by rule's choice
    (CARD_GIVER), as the bot net plays."""
    giving = actions >= GIVE_BASE
    return np.where(giving, env.teacher_actions(CARD_GIVER), actions) if giving.any() else actions


def _results(net: Net, deals: int, seed: int, opponent: str, cards: str, threads: int = 1) -> np.ndarray:
    """`net`'s levels (its team's: positive for a deal won, negative for one
    lost) on `deals` seeded deals played twice against `opponent`, first in
    seats 0 and 2, then with the seats swapped: shape (2, deals)."""
    results = np.zeros((2, deals))
    for side, mine in enumerate(((0, 2), (1, 3))):
        env = BatchEnv(envs=deals, seed=seed, bots={s: opponent for s in range(4) if s not in mine}, cards=cards,
                       threads=threads)
        step = env.reset()
        finished = np.zeros(deals, dtype=bool)
        while not finished.all():
            _, actions, offsets, scores = _decisions(net, env)
            step = env.step(_cards_given_by_rule(env, actions[_pick(scores, offsets, None, 1.0)]))
            fresh = step.done & ~finished
            results[side, fresh] = step.reward[fresh, mine[0]]
            finished |= step.done
    return results


def evaluate(net: Net, deals: int = 1000, seed: int = HELD_OUT_SEED, opponent: str = "rule",
             cards: str = "first") -> float:
    """Levels per deal of `net` (playing its best, each action read as
    `cards` says, its tribute and return cards rule's as the bot's are)
    minus `opponent`'s, over `deals` seeded deals played twice with the
    seats swapped (duplicate)."""
    return float(_results(net, deals, seed, opponent, cards).sum()) / (2 * deals)


class NetScore(NamedTuple):
    """How the net did against one opponent over duplicate pairs, with 95 %
    intervals over the pairs (as ``guandan arena`` gives them)."""

    opponent: str
    pairs: int
    win_share: Estimate  # the net's share of the deals
    levels: Estimate  # its levels per deal minus the opponent's

    def line(self) -> str:
        w, v = self.win_share, self.levels
        return (f"against {self.opponent}: wins {w.mean:.1%} of deals [{w.low:.1%}, {w.high:.1%}], "
                f"levels per deal {v.mean:+.3f} [{v.low:+.3f}, {v.high:+.3f}] ({self.pairs:,} duplicate pairs)")


def score(net: Net, opponent: str, pairs: int = 1000, seed: int = HELD_OUT_SEED, cards: str = "planned",
          threads: int = 1) -> NetScore:
    """`net` playing its best against `opponent` on `pairs` duplicate pairs
    (each seeded deal played twice, the seats swapped), each action read as
    `cards` says (``"planned"``: as the bot ``net`` plays): its share of the
    deals and its levels per deal minus the opponent's."""
    checked_integer("pairs", pairs, 1, MAX_ENVS)
    _core.policy_spec(opponent)  # a clear error for a bot that does not exist
    results = _results(net, pairs, seed, opponent, cards, threads)
    wins = (results > 0).sum(axis=0)
    return NetScore(opponent, pairs, pair_win_share(wins),
                    pair_interval(results.sum(axis=0) / 2, -MOST_LEVELS, MOST_LEVELS))


# The critic learns faster than the policy: it has one step per batch of
# decisions as the policy has, and must follow the policy as it changes.
CRITIC_LR_SCALE = {name: 10.0 for name in CRITIC_NAMES}


def td_advantages(expected: np.ndarray, result: float, lam: float) -> np.ndarray:
    """The advantages of one deal's decisions, in order, from the critic's
    `expected` results before each and the deal's `result`: with lam 1 the
    result less each estimate (Monte Carlo); below 1 the estimates of the
    decisions after weigh in (generalised advantage estimation, no
    discount: each step's error is the next estimate, or the result, less
    this one, and a decision's advantage sums the errors from it on, the
    k-th later one weighted lam**k), which trades a little bias for much
    less noise than one result credited to every decision of the deal."""
    following = np.append(expected[1:], np.float32(result))
    errors = following - expected
    advantages = np.empty_like(errors)
    running = 0.0
    for t in range(len(errors) - 1, -1, -1):
        running = errors[t] + lam * running
        advantages[t] = running
    return advantages


def _critic_grads(
    net: Net, views: np.ndarray, hidden: np.ndarray, expected: np.ndarray, returns: np.ndarray
) -> Dict[str, np.ndarray]:
    """The gradient of the critic's mean squared error (halved) on `returns`."""
    d = (expected - returns) / len(returns)
    dh = np.outer(d, net.params["v2"]) * (hidden > 0)
    grads = {"v2": hidden.T @ d, "vb2": np.array([d.sum()]), "v1": views.T @ dh, "vb1": dh.sum(axis=0)}
    return {k: v.astype(np.float32) for k, v in grads.items()}


def hand_counts(hidden: np.ndarray) -> np.ndarray:
    """The other three hands' card counts (HAND_COUNTS columns) of hidden
    feature rows (BatchEnv.hidden_features), without their plans."""
    return hidden.reshape(len(hidden), 3, -1)[:, :, :54].reshape(len(hidden), HAND_COUNTS)


def predictor_grads(net: Net, views: np.ndarray, hands: np.ndarray, weight: float) -> Tuple[float, Dict[str, np.ndarray]]:
    """The hand predictor's mean squared error (halved, per count) on the
    true `hands` (hand_counts rows) from `views` (float32 view feature rows),
    and its gradient times `weight`, which reaches the first layer's view
    rows and bias."""
    p = net.params
    before = views @ p["w1"][:VIEW_FEATURES] + p["b1"]
    hidden = np.maximum(before, 0)
    error = hidden @ p["p1"] + p["pb1"] - hands
    d = error * (weight / error.size)
    grads = {"p1": hidden.T @ d, "pb1": d.sum(axis=0)}
    d_hidden = (d @ p["p1"].T) * (before > 0)
    w1 = np.zeros_like(p["w1"])
    w1[:VIEW_FEATURES] = views.T @ d_hidden
    grads["w1"], grads["b1"] = w1, d_hidden.sum(axis=0)
    return float(0.5 * np.mean(error * error)), {k: v.astype(np.float32) for k, v in grads.items()}


def reinforce(
    net: Net,
    deals: int,
    seed: int,
    opponent: str = "rule",
    envs: int = 256,
    temperature: float = 0.5,
    lr: float = 3e-4,
    batch: int = 4096,
    baseline: str = "mean",
    win_bonus: float = 0.0,
    lam: float = 1.0,
    hold_policy: bool = False,
    predict_hands: float = 0.0,
    log: Callable[[str], None] = print,
    cards: str = "first",
) -> Net:
    """Plays `deals` deals as seats 0 and 2 against `opponent`, drawing from
    the softmax at `temperature`, and moves the policy toward the actions
    that did better than expected (REINFORCE): the method that learns from
    results, not from a teacher. What a decision is expected to bring is,
    with `baseline` "mean", the running mean of the deals' results (one
    figure for every decision of a deal), with "critic" the critic's
    estimate from the decision's own view, which learns alongside, and with
    "oracle" a critic that also sees every other hand (training only: the
    policy still reads the view alone). With a critic, a decision's
    advantage is its deal's result less that estimate, or with `lam` below
    1 the critic's later estimates weigh in (:func:`td_advantages`). A
    deal's result is the levels the team gained (negative: lost), and
    `win_bonus` more levels for a deal won (fewer for one lost), as the
    search's win_bonus counts it: going out first is worth more than it
    pays. With `hold_policy` only the critic learns (a new critic fitted
    before it steers a trained policy). With `predict_hands` above 0 the
    first layer also learns to predict the other hands from the view (the
    hand predictor, its loss weighted by `predict_hands`). Each action is
    read as `cards` says (:class:`~guandan.learning.batch.BatchEnv`). The
    team's tribute and return cards are not learned here, but played as the
    net scores them (drawn as its plays are); the bot asks rule for them
    (docs/bots.md, "The learning curve, as the bot plays", measures asking
    rule here too)."""
    if baseline not in BASELINES:
        raise ValueError(f"baseline must be one of {', '.join(BASELINES)}, not {baseline!r}")
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lam must be within 0..1, not {lam!r}")
    if baseline != "mean":
        net.add_critic(seed, VIEW_FEATURES + (HIDDEN_FEATURES if baseline == "oracle" else 0))
    elif hold_policy:
        raise ValueError("hold_policy needs a critic to learn (baseline critic or oracle)")
    if predict_hands < 0:
        raise ValueError(f"predict_hands must be 0 or more, not {predict_hands!r}")
    if predict_hands > 0:
        net.add_predictor(seed)
    lr_scale = {**{name: 0.0 for name in PARAM_NAMES}, **CRITIC_LR_SCALE} if hold_policy else CRITIC_LR_SCALE
    rng = np.random.default_rng((seed, net.steps))
    env = BatchEnv(envs=envs, seed=seed + net.steps, bots={1: opponent, 3: opponent}, cards=cards)
    env.reset()
    open_rows: List[List[np.ndarray]] = [[] for _ in range(envs)]
    open_pick: List[List[int]] = [[] for _ in range(envs)]
    open_views: List[List[np.ndarray]] = [[] for _ in range(envs)]
    open_hands: List[List[np.ndarray]] = [[] for _ in range(envs)]
    done_views: List[np.ndarray] = []
    done_hands: List[np.ndarray] = []
    done_x: List[np.ndarray] = []
    done_sizes: List[int] = []
    done_pick: List[int] = []
    done_deals: List[Tuple[int, float]] = []  # each ended deal's decisions (how many) and result
    played, mean_result = 0, 0.0
    while played < deals:
        x, actions, offsets, scores = _decisions(net, env)
        seen = env.hidden_features() if baseline == "oracle" or predict_hands > 0 else None
        hidden = seen if baseline == "oracle" else None
        hands = hand_counts(seen) if predict_hands > 0 and seen is not None else None
        chosen = _pick(scores, offsets, rng, temperature)
        for j in range(envs):
            lo, hi = offsets[j], offsets[j + 1]
            if hi - lo > 1 and actions[chosen[j]] < GIVE_BASE:
                open_rows[j].append(x[lo:hi])
                open_pick[j].append(int(chosen[j] - lo))
                view = x[lo, :VIEW_FEATURES]
                open_views[j].append(view if hidden is None else np.concatenate([view, hidden[j]]))
                if hands is not None:
                    open_hands[j].append(hands[j])
        step = env.step(actions[chosen])
        for ended in np.flatnonzero(step.done).tolist():
            levels = float(step.reward[ended, 0])
            result = levels + win_bonus * float(np.sign(levels))
            done_x.extend(open_rows[ended])
            done_sizes.extend(len(rows) for rows in open_rows[ended])
            done_pick.extend(open_pick[ended])
            done_views.extend(open_views[ended])
            done_hands.extend(open_hands[ended])
            done_deals.append((len(open_pick[ended]), result))
            open_rows[ended], open_pick[ended], open_views[ended], open_hands[ended] = [], [], [], []
            played += 1
            mean_result += (result - mean_result) * 0.01
        if len(done_pick) >= batch:
            data = Positions(
                views=np.zeros((len(done_pick), 0), np.int8),
                rows=np.concatenate(done_x),
                starts=np.concatenate([[0], np.cumsum(done_sizes)]),
                targets=np.asarray(done_pick),
            )
            returns = np.concatenate([np.full(n, r, np.float32) for n, r in done_deals])
            views = np.stack(done_views).astype(np.float32)  # the view, then with "oracle" the hidden features
            if baseline == "mean":
                _, grads = batch_loss(net, data, np.arange(len(done_pick)), weights=returns - mean_result)
            else:
                expected, hidden_layer = net.values(views)
                if lam == 1.0:
                    advantages = returns - expected
                else:
                    bounds = np.cumsum([0] + [n for n, _ in done_deals])
                    advantages = np.concatenate([td_advantages(expected[a:b], r, lam)
                                                 for (a, b), (_, r) in zip(zip(bounds[:-1], bounds[1:]), done_deals)])
                _, grads = batch_loss(net, data, np.arange(len(done_pick)), weights=advantages)
                grads.update(_critic_grads(net, views, hidden_layer, expected, returns))
            if predict_hands > 0:
                _, predicted = predictor_grads(net, views[:, :VIEW_FEATURES], np.stack(done_hands).astype(np.float32),
                                               predict_hands)
                grads["w1"] += predicted.pop("w1")
                grads["b1"] += predicted.pop("b1")
                grads.update(predicted)
            adam_step(net, grads, lr, lr_scale=lr_scale if baseline != "mean" else None)
            done_x, done_sizes, done_pick, done_views, done_deals, done_hands = [], [], [], [], [], []
            if net.steps % 20 == 0:
                log(f"step {net.steps}: {played:,} deals, mean result {mean_result:+.3f}")
    return net
