"""A guard against large performance regressions, robust to machine speed.

Each workload is timed (best of several rounds) together with a calibration
workload that does not depend on this project's code (SHA-256 of a fixed
buffer, in the standard library's C code). Their ratio is compared with the
ratio recorded in baseline.json; the test fails when a workload has become
more than TOLERANCE times slower relative to the calibration. Re-record the
baseline after a deliberate change with:

    python benchmarks/test_regression.py --record
"""

import hashlib
import json
import sys
import time
from pathlib import Path

import guandan

BASELINE = Path(__file__).with_name("baseline.json")
TOLERANCE = 2.5
ROUNDS = 5
_BUFFER = bytes(range(256)) * (1 << 15)  # 8 MiB


def calibration():
    for _ in range(4):
        hashlib.sha256(_BUFFER).digest()


def _lead_workload():
    hands = [h for seed in range(50) for h in guandan.deal(1000 + seed)]
    return hands


_HANDS = None


def movegen():
    global _HANDS
    if _HANDS is None:
        _HANDS = _lead_workload()
    guandan.legal_moves_batch(_HANDS, "7")


def playout_random():
    guandan.simulate(2000, policy="random", seed=1, threads=1)


def playout_rule():
    # The baseline was recorded with the first rule player, now `rule_v1`.
    guandan.simulate(2000, policy="rule_v1", seed=1, threads=1)


WORKLOADS = {"movegen": movegen, "playout_random": playout_random, "playout_rule": playout_rule}


def best_time(fn, rounds=ROUNDS):
    fn()  # warm up
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def ratios():
    unit = best_time(calibration)
    return {name: best_time(fn) / unit for name, fn in WORKLOADS.items()}


def test_no_large_regression_against_baseline():
    baseline = json.loads(BASELINE.read_text())
    measured = ratios()
    slower = {name: measured[name] / baseline[name] for name in WORKLOADS}
    assert all(factor < TOLERANCE for factor in slower.values()), (
        f"relative to the calibration workload, slower than the baseline by {slower} (tolerance {TOLERANCE}x)"
    )


if __name__ == "__main__" and "--record" in sys.argv:
    BASELINE.write_text(json.dumps({k: round(v, 4) for k, v in ratios().items()}, indent=1) + "\n")
    print(BASELINE.read_text())
