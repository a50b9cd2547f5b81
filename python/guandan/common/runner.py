"""The chunked simulation runner: a core kernel called chunk by chunk into
preallocated columns, with progress reports from inside each chunk."""

from __future__ import annotations

from typing import Callable, Dict, Optional, Tuple

import numpy as np

from .._core import MAX_THREADS as CORE_MAX_THREADS
from .checks import checked_integer
from .columns import allocate_columns

#: progress(done, total): called as rows finish.
Progress = Callable[[int, int], None]
MAX_N = 10**9
MAX_THREADS: int = CORE_MAX_THREADS  # the core's bound (parallel_rows.h)


def check_rows(n, first, threads) -> Tuple[int, int, int]:
    """The rows [first, first + n) of a run and its threads, checked:
    ValueError or TypeError naming the argument."""
    n = checked_integer("the number to simulate", n, 0, MAX_N)
    first = checked_integer("first", first, 0, 2**64 - 1)
    if first + n > 2**64:
        raise ValueError(f"first + n must be at most 2**64 (deal indices), got {first} + {n}")
    return n, first, checked_integer("threads", threads, 1, MAX_THREADS)


def check_progress(progress: Optional[Progress]) -> None:
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {progress!r}")


def run_in_chunks(kernel, setup, columns, n, first, threads, chunk, progress) -> Dict[str, np.ndarray]:
    n, first, threads = check_rows(n, first, threads)
    chunk = checked_integer("chunk", chunk, 1)
    check_progress(progress)
    out = allocate_columns(columns, n)
    done = 0
    while done < n:
        count = min(chunk, n - done)
        # The core reports rows as they finish (several times a second, and
        # once at the end of the chunk), so a progress bar moves from the
        # first deals even within one chunk.
        report = None if progress is None else (lambda rows, base=done: progress(base + rows, n))
        kernel(setup, first + done, count, out, done, threads, report)
        done += count
    return out
