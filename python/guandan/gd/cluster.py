"""The same simulation on a Ray cluster (``pip install guandan-engine[ray]``).

The run is cut into chunks of consecutive deal (or match) indices; each chunk
is one Ray task calling :func:`guandan.simulate` with ``first=`` its first
index, and the chunks are merged in index order. Since deal ``i`` depends
only on the seed and ``i``, the result is identical to the single-machine
run with the same seed.
"""

from __future__ import annotations

from typing import Optional, Union

from ..common.checks import check_seed, checked_integer
from .ruleset import RulesetLike, as_ruleset
from .simulate import (
    MAX_N,
    MAX_ROLLOUTS,
    MAX_THREADS,
    DealResults,
    MatchResults,
    PolicyLike,
    Progress,
    policy_list,
    simulate,
    simulate_matches,
)


def _require_ray():
    try:
        import ray
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("the Ray cluster path needs Ray: pip install 'guandan-engine[ray]'") from None
    return ray


def _chunk(matches: bool, first: int, count: int, policy, ruleset, seed: int, threads: int, search_rollouts: int):
    run = simulate_matches if matches else simulate
    return run(count, policy=policy, ruleset=ruleset, seed=seed, threads=threads, first=first,
               search_rollouts=search_rollouts)


def simulate_on_ray(
    address: str,
    n: int,
    matches: bool = False,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    chunk: Optional[int] = None,
    threads_per_task: int = 1,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
) -> Union[DealResults, MatchResults]:
    """Simulate ``n`` deals (or matches) as Ray tasks.

    ``address``: ``"local"`` starts a Ray instance on this machine for the
    run; anything else (``"auto"``, ``"ray://host:10001"``, ...) connects to a
    running cluster. An already initialised Ray is used as it is. The
    arguments have the ranges of :func:`guandan.simulate`; ``chunk`` >= 1.
    The arguments are checked before Ray is started.
    """
    if not isinstance(address, str):
        raise TypeError(f"address must be a string ('local', 'auto' or a Ray address), got {address!r}")
    n = checked_integer("the number to simulate", n, 0, MAX_N)
    if chunk is not None:
        chunk = checked_integer("chunk", chunk, 1)
    threads_per_task = checked_integer("threads_per_task", threads_per_task, 1, MAX_THREADS)
    search_rollouts = checked_integer("search_rollouts", search_rollouts, 1, MAX_ROLLOUTS)
    policy_list(policy)
    check_seed(seed)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {progress!r}")
    ray = _require_ray()
    rules = as_ruleset(ruleset)
    started_here = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started_here = True
    try:
        size = chunk or (2_000 if matches else 100_000)
        task = ray.remote(_chunk)
        starts = list(range(0, n, size))
        pending = {task.remote(matches, start, min(size, n - start), policy, rules, seed, threads_per_task,
                               search_rollouts): start for start in starts}
        parts = {}
        done = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            start = pending.pop(ready[0])
            parts[start] = ray.get(ready[0])
            done += len(parts[start])
            if progress is not None:
                progress(done, n)
        kind = MatchResults if matches else DealResults
        if not parts:
            return (simulate_matches if matches else simulate)(0)
        return kind.concatenate([parts[start] for start in starts])
    finally:
        if started_here:
            ray.shutdown()
