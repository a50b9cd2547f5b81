"""Summary tables of simulation results, with confidence intervals."""

from __future__ import annotations

from typing import List

import numpy as np

from ..common.intervals import Z95, mean_and_half, paired_wilson_interval, wilson_interval  # noqa: F401 (the summary's API)
from ..common.lines import mean_line, rate_line, throughput_line
from .names import OUTCOME_NAMES
from .simulate import TRIBUTE_EVENTS, DealResults, MatchResults

def _head(what: str, winners: np.ndarray, seconds: float) -> List[str]:
    """Throughput, then the win rate of each team (``winners``: one team per row)."""
    n = len(winners)
    lines = [throughput_line(n, what, seconds), ""]
    lines.append(f"  {'':<26}{'rate':>8}   95% interval")
    lines.append(rate_line("team 0 (seats 0, 2) wins", int((winners == 0).sum()), n))
    lines.append(rate_line("team 1 (seats 1, 3) wins", int((winners == 1).sum()), n))
    return lines


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    n = len(results)
    lines = _head("deals", results.winning_team, seconds)
    for place, outcome in enumerate(OUTCOME_NAMES, 1):
        name = f"{outcome} (double win)" if place == 1 else outcome
        lines.append(rate_line(name, int((results.partner_place == place).sum()), n))
    for code, name in enumerate(TRIBUTE_EVENTS):
        count = int((results.tribute == code).sum())
        if count:
            lines.append(rate_line(f"tribute: {name}", count, n))
    lines.append("")
    lines.append(mean_line("plays per deal", results.plays))
    lines.append(mean_line("passes per deal", results.passes))
    lines.append(mean_line("bombs per deal", results.bombs))
    lines.append(mean_line("levels gained", results.levels_gained))
    return lines


def match_summary(results: MatchResults, seconds: float) -> List[str]:
    n = len(results)
    lines = _head("matches", results.winner, seconds)
    unfinished = int((results.winner < 0).sum())
    if unfinished:
        lines.append(rate_line("no winner within the cap", unfinished, n))
    lines.append("")
    lines.append(mean_line("deals per match", results.deals))
    lines.append(mean_line("plays per match", results.plays))
    lines.append(mean_line("double wins per match", results.double_wins))
    return lines
