"""The chunked simulation runner: a core kernel called chunk by chunk into
preallocated columns, with progress reports from inside each chunk."""

from __future__ import annotations

from typing import Callable, Dict

import numpy as np

from .._core import MAX_THREADS as CORE_MAX_THREADS
from .checks import checked_integer
from .columns import allocate_columns

#: progress(done, total): called as rows finish.
Progress = Callable[[int, int], None]
MAX_N = 10**9
MAX_THREADS: int = CORE_MAX_THREADS  # the core's bound (parallel_rows.h)


def run_in_chunks(kernel, setup, columns, n, first, threads, chunk, progress) -> Dict[str, np.ndarray]:
    n = checked_integer("the number to simulate", n, 0, MAX_N)
    first = checked_integer("first", first, 0, 2**64 - 1)
    if first + n > 2**64:
        raise ValueError(f"first + n must be at most 2**64 (deal indices), got {first} + {n}")
    threads = checked_integer("threads", threads, 1, MAX_THREADS)
    chunk = checked_integer("chunk", chunk, 1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {progress!r}")
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
