"""Lines of the summaries every game prints: a rate or a mean with its
interval, and a throughput."""

from __future__ import annotations

import numpy as np

from .intervals import mean_and_half, wilson_interval


def rate_line(label: str, successes: int, n: int) -> str:
    low, high = wilson_interval(successes, n)
    return f"  {label:<26}{successes / n:8.2%}   [{low:.2%}, {high:.2%}]" if n else f"  {label:<26}     n/a"


def mean_line(label: str, values: np.ndarray) -> str:
    mean, half, sd = mean_and_half(values)
    return f"  {label:<26}{mean:8.2f}   ± {half:.2f} (sd {sd:.2f})"


def throughput_line(n: int, what: str, seconds: float) -> str:
    """'1,000 deals in 0.5 s: 2,000 deals/s' (the count alone when no time passed)."""
    return f"{n:,} {what} in {seconds:.1f} s: {n / seconds:,.0f} {what}/s" if seconds > 0 else f"{n:,} {what}"
