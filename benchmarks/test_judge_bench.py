"""The judge's own cost per decision: the ``act`` message built and written
as JSON, the answer read and checked, the move applied and the notices
written (docs/judge.md; target: under 1 ms median).

    pytest benchmarks/test_judge_bench.py --benchmark-enable --benchmark-columns=median,mean,rounds

One round plays whole seeded matches through :class:`guandan.judge.table.JudgeTable`,
every seat answering as a client would (a random valid index); the median
and 90th percentile per decision are in extra_info (and printed).
"""

import json
import random
import time

from guandan import Match
from guandan.judge.table import JudgeTable

MATCHES = 3


def _play(seed: int, times: list) -> int:
    rng = random.Random(seed)
    match = Match("standard", seed=seed)
    table = JudgeTable(match)
    decisions = 0
    while True:
        for _, message in table.start_deal():
            json.dumps(message)
        while True:
            started = time.perf_counter()
            decision = table.decision()
            if decision is None:
                break
            json.dumps(decision.message, separators=(",", ":"))
            index = json.loads(json.dumps({"actIndex": rng.randrange(len(decision.options))}))["actIndex"]
            for _, message in table.answer(index)[1]:
                json.dumps(message, separators=(",", ":"))
            times.append(time.perf_counter() - started)
            decisions += 1
        for _, message in table.end_deal():
            json.dumps(message)
        if match.next_deal() is None:
            return decisions


def test_judge_cost_per_decision(benchmark):
    times: list = []
    decisions = benchmark(lambda: sum(_play(seed, times) for seed in range(MATCHES)))
    assert decisions > 100
    times.sort()
    median, p90 = times[len(times) // 2], times[int(len(times) * 0.9)]
    benchmark.extra_info.update(decisions=len(times), median_us=median * 1e6, p90_us=p90 * 1e6)
    print(f"\njudge cost per decision: median {median * 1e6:.0f} µs, 90th percentile {p90 * 1e6:.0f} µs "
          f"over {len(times):,} decisions")
