"""A bot written in Python through the arena (docs/your_bot.md, "Speed").

    pytest benchmarks --benchmark-enable -k python_bot

Deals per second = deals / the median time of one round (in extra_info);
``python benchmarks/python_bot_arena.py`` prints the same rows as a table.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from examples.first_move import FirstMove  # noqa: E402
from guandan.gd.arena import arena  # noqa: E402

PAIRS = 1000


@pytest.mark.parametrize("threads", [1, 2])
def test_python_bot_arena(benchmark, threads):
    result = benchmark.pedantic(arena, args=(FirstMove(), "rule", PAIRS), kwargs=dict(threads=threads),
                                rounds=3, iterations=1)
    assert result.deals == 2 * PAIRS and result.bots == ("FirstMove", "rule")
    assert result.a_wins < PAIRS  # the first legal move loses to the planning player
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = 2 * PAIRS / benchmark.stats.stats.median
