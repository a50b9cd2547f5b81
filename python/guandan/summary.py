"""Summary tables of simulation results, with confidence intervals."""

from __future__ import annotations

import math
from typing import List, Tuple

import numpy as np

from .names import OUTCOME_NAMES
from .simulate import TRIBUTE_EVENTS, DealResults, MatchResults

Z95 = 1.959964


def wilson_interval(successes: float, n: float, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``n`` may
    be an effective sample size (not a whole number)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_wilson_interval(pair_successes, z: float = Z95) -> Tuple[float, float]:
    """Wilson interval of a proportion measured on pairs of trials
    (``pair_successes``: 0, 1 or 2 per pair), widened by the pairs' design
    effect: when the two trials of a pair go the same way more often than
    independent ones would, the pairs carry less information than
    ``2 * len(pair_successes)`` trials, and the interval uses that smaller
    effective size. Never narrower than the plain Wilson interval."""
    wins = np.asarray(pair_successes, dtype=np.float64)
    trials = 2 * len(wins)
    if trials == 0:
        return (0.0, 1.0)
    p = wins.sum() / trials
    design_effect = 1.0
    if len(wins) > 1 and 0 < p < 1:
        design_effect = max(1.0, float(wins.var()) / (2 * p * (1 - p)))  # both variances about the sample p
    effective = trials / design_effect
    return wilson_interval(p * effective, effective, z)


def _rate_line(label: str, successes: int, n: int) -> str:
    low, high = wilson_interval(successes, n)
    return f"  {label:<26}{successes / n:8.2%}   [{low:.2%}, {high:.2%}]" if n else f"  {label:<26}     n/a"


def mean_and_half(values: np.ndarray) -> Tuple[float, float, float]:
    """The mean of ``values``, the half-width of its 95% interval (normal
    approximation) and the sample standard deviation."""
    mean = float(values.mean()) if len(values) else 0.0
    sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    half = Z95 * sd / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half, sd


def _mean_line(label: str, values: np.ndarray) -> str:
    mean, half, sd = mean_and_half(values)
    return f"  {label:<26}{mean:8.2f}   ± {half:.2f} (sd {sd:.2f})"


def throughput_line(n: int, what: str, seconds: float) -> str:
    """'1,000 deals in 0.5 s: 2,000 deals/s' (the count alone when no time passed)."""
    return f"{n:,} {what} in {seconds:.1f} s: {n / seconds:,.0f} {what}/s" if seconds > 0 else f"{n:,} {what}"


def _head(what: str, winners: np.ndarray, seconds: float) -> List[str]:
    """Throughput, then the win rate of each team (``winners``: one team per row)."""
    n = len(winners)
    lines = [throughput_line(n, what, seconds), ""]
    lines.append(f"  {'':<26}{'rate':>8}   95% interval")
    lines.append(_rate_line("team 0 (seats 0, 2) wins", int((winners == 0).sum()), n))
    lines.append(_rate_line("team 1 (seats 1, 3) wins", int((winners == 1).sum()), n))
    return lines


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    n = len(results)
    lines = _head("deals", results.winning_team, seconds)
    for place, outcome in enumerate(OUTCOME_NAMES, 1):
        name = f"{outcome} (double win)" if place == 1 else outcome
        lines.append(_rate_line(name, int((results.partner_place == place).sum()), n))
    for code, name in enumerate(TRIBUTE_EVENTS):
        count = int((results.tribute == code).sum())
        if count:
            lines.append(_rate_line(f"tribute: {name}", count, n))
    lines.append("")
    lines.append(_mean_line("plays per deal", results.plays))
    lines.append(_mean_line("passes per deal", results.passes))
    lines.append(_mean_line("bombs per deal", results.bombs))
    lines.append(_mean_line("levels gained", results.levels_gained))
    return lines


def match_summary(results: MatchResults, seconds: float) -> List[str]:
    n = len(results)
    lines = _head("matches", results.winner, seconds)
    unfinished = int((results.winner < 0).sum())
    if unfinished:
        lines.append(_rate_line("no winner within the cap", unfinished, n))
    lines.append("")
    lines.append(_mean_line("deals per match", results.deals))
    lines.append(_mean_line("plays per match", results.plays))
    lines.append(_mean_line("double wins per match", results.double_wins))
    return lines
