"""Move-generation benchmarks through the Python and numpy APIs.

    pytest benchmarks --benchmark-enable --benchmark-columns=median,mean,rounds

The per-hand benchmarks time one hand per round over the 1,000 workload hands,
so their median is the median per hand, measured cold: every call gets a
different 27-card hand, as a bot sees them. The batch benchmarks time one call
for all 1,000 hands: divide by 1,000 for the per-hand figure. The C++-only
figures come from the guandan_bench executable (README.md).

Targets for ``legal_moves`` (median, cold): leading 6 µs, following 1 µs.
They are checked when GUANDAN_CHECK_TARGETS=1 is set with --benchmark-enable
(on a quiet machine: a loaded one inflates every figure).
"""

import itertools
import os

import guandan
import pytest
from workload import workload

ROUNDS = 1000
TARGET_MEDIAN_SECONDS = {"lead": 6e-6, "follow": 1e-6}


def per_hand(benchmark, fn, make_args):
    cases = itertools.cycle(make_args())
    benchmark.pedantic(fn, setup=lambda: (next(cases), {}), rounds=ROUNDS, iterations=1, warmup_rounds=100)


def check_target(benchmark, name):
    if benchmark.stats is None or os.environ.get("GUANDAN_CHECK_TARGETS") != "1":
        return
    median = benchmark.stats.stats.median
    assert median <= TARGET_MEDIAN_SECONDS[name], f"{name}: median {median * 1e6:.2f} µs"


def test_lead_python(benchmark):
    # A lazy MoveSequence: the Move objects are not built here.
    w = workload()
    per_hand(benchmark, guandan.legal_moves, lambda: list(zip(w.hands, w.levels)))
    check_target(benchmark, "lead")


def test_follow_python(benchmark):
    w = workload()
    per_hand(benchmark, guandan.legal_moves, lambda: list(zip(w.hands, w.levels, w.previous)))
    check_target(benchmark, "follow")


def test_lead_python_every_move_read(benchmark):
    # What a caller pays that reads every move (builds every Move object).
    w = workload()
    read = []
    per_hand(benchmark, lambda hand, level: read.append(len(list(guandan.legal_moves(hand, level)))),
             lambda: list(zip(w.hands, w.levels)))
    # Each call read every move of its hand, the hands in turn (warm-up and
    # rounds go through them in order; one call with timing disabled): as
    # many moves as the numpy batch path counts for the same hands.
    counts = guandan.legal_moves_batch(w.hand_bits, w.level_indices).counts().tolist()
    assert read and read == [counts[i % len(counts)] for i in range(len(read))]


def test_lead_numpy_batch_1000_hands(benchmark):
    w = workload()
    bits, levels = w.hand_bits, w.level_indices
    result = benchmark(guandan.legal_moves_batch, bits, levels)
    assert len(result.offsets) == len(w.hands) + 1


def test_follow_numpy_batch_1000_hands(benchmark):
    w = workload()
    bits, levels, previous = w.hand_bits, w.level_indices, w.previous_bits
    result = benchmark(guandan.legal_moves_batch, bits, levels, previous)
    assert len(result.offsets) == len(w.hands) + 1


@pytest.mark.parametrize("grouped", [False, True], ids=["concrete", "grouped"])
def test_lead_counts_are_stable(grouped):
    # A bench signature: the workload's total number of leads changes only
    # when the rules change.
    w = workload()
    result = guandan.legal_moves_batch(w.hand_bits, w.level_indices, grouped=grouped)
    assert int(result.counts().sum()) == (56165 if grouped else 796739)
