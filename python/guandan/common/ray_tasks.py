"""Runs on a Ray cluster, for every game's ``simulate_on_ray``.

The rows [0, n) of a run are cut into chunks of consecutive rows; each chunk
is one Ray task that plays its rows with the game's ``simulate(first=...)``
and returns them, or a summary of them (``aggregate``). Row ``i`` depends
only on the seed and ``i``, so the parts, taken in row order, give what
the run gives on one machine.

A task asks Ray for as many CPUs as the threads (or bot processes) it runs,
so Ray places no more tasks on a node than it has CPUs. The task's job
(the game's function and its arguments, bots included) is pickled once and
sent through Ray's object store.

Also here: :class:`Moments`, exact sums that summaries of very large runs
merge, and the ``--ray`` and ``--aggregate`` options of ``simulate``.
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np

from .command_line import CommandError
from .lines import mean_text
from .runner import Progress
from .statistics import Z95

#: part(first, count): what a task returns for rows [first, first + count).
Part = Callable[[int, int], Any]


def require_ray() -> Any:
    """The ``ray`` module; ImportError naming the extra when it is missing."""
    try:
        import ray
    except ImportError:
        raise ImportError("the Ray cluster path needs Ray: pip install 'guandan-engine[ray]'") from None
    return ray


def check_address(address: str) -> str:
    if not isinstance(address, str):
        raise TypeError(f"address must be a string ('local', 'auto' or a Ray address), got {address!r}")
    return address


def check_picklable(policy: Any) -> None:
    """TypeError for a bot object of ``policy`` (one player for every seat,
    or one per seat) that cannot be pickled: every task gets its own copy
    of the bots, sent pickled. Specs (strings) are sent as they are and
    resolved inside the tasks."""
    players = list(policy) if isinstance(policy, Sequence) and not isinstance(policy, str) else [policy]
    for player in players:
        if isinstance(player, str):
            continue
        try:
            pickle.dumps(player)
        except Exception as error:  # pickle raises PicklingError, TypeError or AttributeError
            raise TypeError(f"the bot {type(player).__name__} cannot be pickled, and a Ray task needs a copy of it "
                            f"({error}); give it as a spec (MODULE:CLASS) or make it picklable") from None


def _play(part: Part, first: int, count: int) -> Any:
    return part(first, count)


def run_tasks(address: str, n: int, chunk: int, part: Part, threads_per_task: int,
              progress: Optional[Progress] = None) -> List[Any]:
    """``part`` of each chunk of [0, n) as Ray tasks of ``threads_per_task``
    CPUs each; the parts in row order. ``address`` ``"local"`` starts Ray on
    this machine for the run, anything else connects to a cluster; an
    already initialised Ray is used as it is. The arguments are checked by
    the caller."""
    ray = require_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address == "local":
            if threads_per_task > (os.cpu_count() or 1):
                raise ValueError(f"threads_per_task is {threads_per_task}, more than this machine's "
                                 f"{os.cpu_count()} CPUs: no task could start")
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    pending: Dict[Any, int] = {}
    try:
        task = ray.remote(_play).options(num_cpus=threads_per_task)
        job = ray.put(part)  # sent once, not with every task
        starts = range(0, n, chunk)
        pending = {task.remote(job, start, min(chunk, n - start)): start for start in starts}
        parts: Dict[int, Any] = {}
        done = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            start = pending.pop(ready[0])
            parts[start] = ray.get(ready[0])
            done += min(chunk, n - start)
            if progress is not None:
                progress(done, n)
        return [parts[start] for start in starts]
    except BaseException:
        # Stopped or failed: the cluster need not finish the run. Cancelling
        # is a courtesy; the error that stopped the run is the one to raise.
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:
                pass
        raise
    finally:
        if started_here:
            ray.shutdown()


@dataclass(frozen=True)
class Moments:
    """The count, sum and sum of squares of whole numbers: exact (Python
    integers), merged by adding, and enough for a mean, its 95% interval and
    the standard deviation (those of :func:`guandan.common.statistics.mean_and_half`)."""

    count: int = 0
    total: int = 0
    squares: int = 0

    @classmethod
    def of(cls, values: np.ndarray) -> "Moments":
        whole = np.asarray(values, dtype=np.int64)
        return cls(len(whole), int(whole.sum()), int((whole * whole).sum()))

    def merge(self, other: "Moments") -> "Moments":
        return Moments(self.count + other.count, self.total + other.total, self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two values)."""
        if self.count < 2:
            return 0.0
        # n * sum(x^2) - sum(x)^2 in integers: no cancellation however many values.
        spread = self.count * self.squares - self.total * self.total
        return math.sqrt(max(0, spread) / (self.count * (self.count - 1)))

    @property
    def half(self) -> float:
        """The half-width of the mean's 95% interval (normal approximation)."""
        return Z95 * self.sd / math.sqrt(self.count) if self.count > 1 else 0.0

    def record(self, per: int = 1) -> Dict[str, float]:
        """The mean as :func:`~guandan.common.lines.mean_record` gives it of
        the values (each divided by ``per``): mean, half width, spread."""
        return {"mean": self.mean / per, "half": self.half / per, "sd": self.sd / per}

    def line(self, label: str, per: int = 1) -> str:
        """The summary line of the mean (:func:`~guandan.common.lines.mean_line`), of the values divided by ``per``."""
        return mean_text(label, **self.record(per))


# --- the command line ---------------------------------------------------------

def ray_address(text: str) -> str:
    """An argparse type: 'auto', 'local' or the address of a Ray cluster."""
    address = text.strip()
    if not address:
        raise argparse.ArgumentTypeError("give 'auto', 'local' or the address of a Ray cluster")
    return address.lower() if address.lower() in ("auto", "local") else address


def add_ray_options(parser: argparse.ArgumentParser) -> None:
    """``--ray`` and ``--aggregate`` of ``simulate``, the same in every game."""
    parser.add_argument("--ray", type=ray_address, default=None, metavar="ADDRESS",
                        help="run on a Ray cluster ('auto', 'local' or an address; needs guandan-engine[ray]); "
                             "each task asks for --threads CPUs")
    parser.add_argument("--aggregate", action="store_true",
                        help="with --ray: sum the deals inside the tasks and keep only the summary (for runs too "
                             "large to keep every row)")


def check_ray_options(args: argparse.Namespace) -> None:
    """The one-line refusals of ``--ray`` and ``--aggregate``, before anything runs."""
    if args.aggregate:
        if not args.ray:
            raise CommandError("--aggregate sums the deals inside Ray tasks: use it with --ray")
        if args.matches:
            raise CommandError("--aggregate sums single deals: it cannot be used with --matches")
        if args.out:
            raise CommandError("--out writes every row, which --aggregate does not keep: use one or the other")
    if args.ray:
        try:
            require_ray()
        except ImportError:
            raise CommandError("--ray needs Ray: pip install 'guandan-engine[ray]'") from None
