"""Confidence intervals of rates and means (95% by default)."""

from __future__ import annotations

import math
from typing import Tuple

import numpy as np

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


def mean_and_half(values: np.ndarray) -> Tuple[float, float, float]:
    """The mean of ``values``, the half-width of its 95% interval (normal
    approximation) and the sample standard deviation."""
    mean = float(values.mean()) if len(values) else 0.0
    sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    half = Z95 * sd / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half, sd
