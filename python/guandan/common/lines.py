"""Lines of the summaries every game prints: a rate or a mean with its
interval, and a throughput."""

from __future__ import annotations

import numpy as np

from .statistics import mean_and_half, wilson_interval


def rate_line(label: str, successes: int, n: int) -> str:
    low, high = wilson_interval(successes, n)
    return f"  {label:<26}{successes / n:8.2%}   [{low:.2%}, {high:.2%}]" if n else f"  {label:<26}     n/a"


def mean_line(label: str, values: np.ndarray) -> str:
    mean, half, sd = mean_and_half(values)
    return mean_text(label, mean, half, sd)


def mean_text(label: str, mean: float, half: float, sd: float) -> str:
    """A mean with the half width of its 95% interval and the spread."""
    return f"  {label:<26}{mean:8.2f}   ± {half:.2f} (sd {sd:.2f})"


def rate_record(successes: int, n: int) -> dict:
    """A rate as plain values: count, rate and its 95% Wilson interval."""
    low, high = wilson_interval(successes, n)
    return {"count": successes, "rate": successes / n if n else None, "low": low, "high": high}


def mean_record(values: np.ndarray) -> dict:
    """A mean as plain values: mean, half width of its 95% interval, spread."""
    mean, half, sd = mean_and_half(values)
    return {"mean": mean, "half": half, "sd": sd}


def throughput_line(n: int, what: str, seconds: float) -> str:
    """'1,000 deals in 0.5 s: 2,000 deals/s' (the count alone when no time passed)."""
    return f"{n:,} {what} in {seconds:.1f} s: {n / seconds:,.0f} {what}/s" if seconds > 0 else f"{n:,} {what}"
