"""Runs with Python bots, spread over worker processes.

A Python bot holds the GIL while it decides, so threads would take turns;
worker processes run side by side instead. The rows [first, first + n) are
cut into chunks; each worker plays its chunks with its own copy of the bots
(forked from this process, so a bot need not be picklable, nor its class
importable) and sends the chunk's columns back. Row i depends only on the
run's seed and i, so the deals are the same whatever the number of
processes; what a bot does with its own randomness is up to the bot (each
worker starts from the bot as it was when the run began).

Where ``fork`` is not available (Windows), the rows are played in this
process.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Callable, Dict, Mapping, Optional

import numpy as np

from .columns import allocate_columns
from .runner import Progress

#: job(begin, count, report): the columns of rows [begin, begin + count),
#: played in this process; report(done, count) as rows finish.
RowJob = Callable[[int, int, Optional[Progress]], Dict[str, np.ndarray]]

# The job of the run under way, for the forked workers to find (fork copies
# it; nothing is pickled on the way in).
_JOB: Optional[RowJob] = None
_ONE_RUN_AT_A_TIME = threading.Lock()  # the job is a global: runs from several threads take turns

# Chunks per worker: enough to keep every worker busy to the end and the
# progress moving, few enough that sending columns back costs nothing.
_CHUNKS_PER_WORKER = 8
_MAX_CHUNK = 2000


def _play_chunk(begin: int, count: int) -> Dict[str, np.ndarray]:
    assert _JOB is not None, "a worker runs only inside run_bot_rows"
    return _JOB(begin, count, None)


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def run_bot_rows(job: RowJob, columns: Mapping, n: int, first: int, processes: int,
                 progress: Optional[Progress] = None) -> Dict[str, np.ndarray]:
    """Rows [first, first + n) of ``job`` on ``processes`` worker processes
    (1: in this process), as full columns."""
    if processes <= 1 or n <= 1 or not can_fork():
        return job(first, n, progress)
    with _ONE_RUN_AT_A_TIME:
        return _run_in_workers(job, columns, n, first, processes, progress)


def _run_in_workers(job: RowJob, columns: Mapping, n: int, first: int, processes: int,
                    progress: Optional[Progress]) -> Dict[str, np.ndarray]:
    global _JOB
    out = allocate_columns(columns, n)
    chunk = max(1, min(_MAX_CHUNK, -(-n // (processes * _CHUNKS_PER_WORKER))))
    starts = list(range(0, n, chunk))
    _JOB = job
    executor = ProcessPoolExecutor(max_workers=min(processes, len(starts)),
                                   mp_context=multiprocessing.get_context("fork"))
    try:
        pending: Dict[Future, int] = {executor.submit(_play_chunk, first + start, min(chunk, n - start)): start
                                      for start in starts}
        done_rows = 0
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                start = pending.pop(future)
                part = future.result()  # a bot's error in a worker is raised here
                for name, values in part.items():
                    out[name][start:start + len(values)] = values
                done_rows += len(part[next(iter(part))])
                if progress is not None:
                    progress(done_rows, n)
    except BaseException:
        # A bot's error or Ctrl-C: the other chunks are not wanted.
        workers = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.terminate()
        raise
    finally:
        _JOB = None
    executor.shutdown(wait=True)
    return out
