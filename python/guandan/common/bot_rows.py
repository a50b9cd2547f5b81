"""Runs with Python bots, spread over worker processes.

A Python bot holds the GIL while it decides, so threads would take turns;
worker processes run side by side instead. The rows [first, first + n) are
cut into chunks; each worker plays its chunks with its own copy of the bots
(forked from this process, so a bot need not be picklable, nor its class
importable) and sends the chunk's columns back. Row i depends only on the
run's seed and i, so the deals are the same whatever the number of
processes; what a bot does with its own randomness is up to the bot (each
worker starts from the bot as it was when the run began).

The workers are plain processes with a pipe each, and the loop that feeds
them runs in the calling thread with no lock held: Ctrl-C can land anywhere
in it and still stop the run at once (``concurrent.futures`` holds locks its
own thread needs while it waits, and a Ctrl-C at the wrong moment left the
interpreter unable to exit). Workers ignore Ctrl-C; the caller stops them.

Where ``fork`` is not available (Windows), the rows are played in this
process.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import threading
import traceback
from collections import deque
from multiprocessing import connection
from multiprocessing.connection import Connection
from typing import Callable, Deque, Dict, List, Mapping, NamedTuple, Optional, Tuple, cast

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
    waiting: Deque[int] = deque(range(0, n, chunk))  # starts of the chunks no worker has yet
    _JOB = job
    workers: List[_Worker] = []
    finished = False
    try:
        workers = _start_workers(min(processes, len(waiting)))
        playing: Dict[Connection, int] = {}  # a worker's pipe -> the start of the chunk it plays
        for worker in workers:
            _send_next(worker.pipe, waiting, playing, first, n, chunk)
        done_rows = 0
        while playing:
            for ready in connection.wait(list(playing)):
                pipe = cast(Connection, ready)  # only pipes are waited on
                start = playing.pop(pipe)
                part = _receive(pipe)
                for name, values in part.items():
                    out[name][start:start + len(values)] = values
                done_rows += len(part[next(iter(part))])
                _send_next(pipe, waiting, playing, first, n, chunk)
                if progress is not None:
                    progress(done_rows, n)
        for worker in workers:
            worker.pipe.send(None)  # no chunks left: the worker returns
        finished = True
    finally:
        # Unless finished (a bot's error, Ctrl-C), the chunks the workers
        # still play are not wanted.
        _JOB = None
        _stop(workers, wait=finished)
    return out


class _Worker(NamedTuple):
    process: multiprocessing.process.BaseProcess
    pipe: Connection  # this process's end


class WorkerError(RuntimeError):
    """The traceback of an error raised in a worker process, attached as the
    ``__cause__`` of the error raised again here."""


def _start_workers(count: int) -> List[_Worker]:
    context = multiprocessing.get_context("fork")
    pipes = [context.Pipe() for _ in range(count)]
    workers: List[_Worker] = []
    try:
        for ours, theirs in pipes:
            # Every other pipe end is closed in the child, so that a worker's
            # end of the pipe lives in that worker alone: its death reads as
            # end-of-file here, and this process's death as one there.
            others = [end for pair in pipes for end in pair if end is not theirs]
            process = context.Process(target=_worker_main, args=(theirs, others), daemon=True,
                                      name="guandan-bot-rows")
            process.start()
            workers.append(_Worker(process, ours))
    except BaseException:
        _stop(workers, wait=False)
        raise
    finally:
        for _, theirs in pipes:
            theirs.close()
    return workers


def _worker_main(pipe: Connection, others: List[Connection]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle: it stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and stops us so, whatever handler it set
    for end in others:
        end.close()
    assert _JOB is not None, "a worker runs only inside run_bot_rows"
    while True:
        try:
            task = pipe.recv()
        except EOFError:  # the caller is gone
            return
        if task is None:
            return
        reply: Tuple[object, ...]
        try:
            reply = ("rows", _JOB(task[0], task[1], None))
        except BaseException as error:  # a bot's error: the caller raises it again
            reply = ("error", _sendable(error), traceback.format_exc())
        try:
            pipe.send(reply)
        except OSError:  # the caller is gone
            return


def _sendable(error: BaseException) -> BaseException:
    """``error`` if it survives the trip through a pipe, else a RuntimeError
    with its words."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")


def _send_next(pipe: Connection, waiting: Deque[int], playing: Dict[Connection, int], first: int,
               n: int, chunk: int) -> None:
    if waiting:
        start = waiting.popleft()
        pipe.send((first + start, min(chunk, n - start)))
        playing[pipe] = start


def _receive(pipe: Connection) -> Dict[str, np.ndarray]:
    try:
        kind, *body = pipe.recv()
    except EOFError:
        raise RuntimeError("a worker process playing Python bots stopped without answering "
                           "(killed, or its bot ended the process)") from None
    if kind == "error":
        error, remote_traceback = body
        raise error from WorkerError(remote_traceback)
    return body[0]


def _stop(workers: List[_Worker], wait: bool) -> None:
    """Ends the workers (``wait``: they were told to return) and closes their pipes."""
    for worker in workers:
        if wait:
            worker.process.join(timeout=5)
        if worker.process.is_alive():
            worker.process.terminate()
    for worker in workers:
        worker.process.join(timeout=5)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.pipe.close()
