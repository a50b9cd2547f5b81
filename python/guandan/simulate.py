"""Monte Carlo simulation: many deals or matches played inside the C++ core.

Every deal is played by built-in policies (``"random"``: uniform over the
legal moves and passing; ``"rule"``: a cheap rule-based player) without any
Python per move; the GIL is released and the work is split across threads.
Deal ``i`` depends only on the seed and ``i``, so a run gives the same
results whatever the number of threads or how it is chunked.

    >>> from guandan import simulate
    >>> r = simulate(200, policy="rule", seed=7)
    >>> len(r), sorted(set(r.outcome.tolist()))
    (200, ['1-2', '1-3', '1-4'])
    >>> bool((r.winning_team == simulate(200, policy="rule", seed=7, threads=2).winning_team).all())
    True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from . import _core
from ._core import Hand
from .cards import CardsLike, as_hand, level_index
from .deal import check_seed
from .names import OUTCOME_NAMES
from .ruleset import RulesetLike, as_ruleset

POLICIES = ("random", "rule", "search")
TRIBUTE_EVENTS = ("none", "single", "double", "cancelled")
_OUTCOMES = np.array(("",) + OUTCOME_NAMES)

PolicyLike = Union[str, Sequence[str]]
Progress = Callable[[int, int], None]

_DEAL_COLUMNS = {
    "placing": (np.int8, 4),
    "partner_place": (np.int8, 1),
    "winning_team": (np.int8, 1),
    "levels_gained": (np.int8, 1),
    "tribute": (np.int8, 1),
    "plays": (np.int16, 1),
    "passes": (np.int16, 1),
    "bombs": (np.int16, 1),
}
_MATCH_COLUMNS = {
    "winner": (np.int8, 1),
    "deals": (np.int16, 1),
    "final_levels": (np.int8, 2),
    "plays": (np.int32, 1),
    "bombs": (np.int32, 1),
    "double_wins": (np.int16, 1),
}


class _Columns:
    """Shared behaviour of result tables: named numpy columns."""

    def arrays(self) -> Dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def save(self, path: str) -> None:
        """Write the arrays to a ``.npz`` file."""
        np.savez_compressed(path, **self.arrays())  # type: ignore[arg-type]

    @classmethod
    def concatenate(cls, parts: Sequence["_Columns"]):
        """The rows of ``parts``, in order."""
        columns = fields(cls)  # type: ignore[arg-type]
        return cls(**{f.name: np.concatenate([getattr(p, f.name) for p in parts]) for f in columns})


@dataclass(frozen=True)
class DealResults(_Columns):
    """One row per deal. ``placing``: seats first to last (n, 4);
    ``partner_place``: 1, 2, 3 for a 1-2, 1-3, 1-4; ``winning_team``: team of
    the first player out; ``levels_gained`` by the winners; ``tribute``: index
    into TRIBUTE_EVENTS; ``plays``, ``passes``, ``bombs`` played."""

    placing: np.ndarray
    partner_place: np.ndarray
    winning_team: np.ndarray
    levels_gained: np.ndarray
    tribute: np.ndarray
    plays: np.ndarray
    passes: np.ndarray
    bombs: np.ndarray

    def __len__(self) -> int:
        return len(self.winning_team)

    @property
    def outcome(self) -> np.ndarray:
        """'1-2', '1-3' or '1-4' per deal."""
        return _OUTCOMES[self.partner_place]


@dataclass(frozen=True)
class MatchResults(_Columns):
    """One row per match: ``winner`` (team, -1 if none within the cap),
    ``deals`` played, ``final_levels`` (level index by team), total ``plays``
    and ``bombs``, ``double_wins`` (deals won 1-2)."""

    winner: np.ndarray
    deals: np.ndarray
    final_levels: np.ndarray
    plays: np.ndarray
    bombs: np.ndarray
    double_wins: np.ndarray

    def __len__(self) -> int:
        return len(self.winner)


def _policies(policy: PolicyLike) -> list:
    names = [policy] * 4 if isinstance(policy, str) else list(policy)
    if len(names) != 4:
        raise ValueError(f"give one policy for all seats or one per seat (4), got {len(names)}")
    for name in names:
        if name not in POLICIES:
            raise ValueError(f"unknown policy '{name}' (expected one of {', '.join(POLICIES)})")
    return names


def _setup(seed, policy, ruleset, level, tribute, hands, sizes, leader, search_rollouts=4000) -> "_core.SimulationSetup":
    check_seed(seed)
    fixed: List[Optional[Hand]] = [None] * 4
    if hands is not None:
        items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
        for seat, cards in items:
            if seat not in (0, 1, 2, 3):
                raise ValueError(f"seat must be 0..3, got {seat!r}")
            fixed[seat] = None if cards is None else as_hand(cards)
    return _core.SimulationSetup(
        rules=as_ruleset(ruleset).core,
        seed=seed,
        policies=_policies(policy),
        level=level_index(level),
        tribute=tribute,
        fixed=fixed,
        sizes=list(sizes) if sizes is not None else [27, 27, 27, 27],
        leader=-1 if leader is None else leader,
        search_rollouts=search_rollouts,
    )


def _allocate(columns: Mapping, n: int) -> Dict[str, np.ndarray]:
    return {name: np.zeros((n, width) if width > 1 else n, dtype=dtype) for name, (dtype, width) in columns.items()}


def _run(kernel, setup, columns, n, first, threads, chunk, progress) -> Dict[str, np.ndarray]:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"the number to simulate must be a non-negative integer, got {n!r}")
    if not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    out = _allocate(columns, n)
    done = 0
    while done < n:
        count = min(chunk, n - done)
        kernel(setup, first + done, count, out, done, threads)
        done += count
        if progress is not None:
            progress(done, n)
    return out


def simulate(
    n_deals: int,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    level: str = "2",
    tribute: bool = True,
    hands: Optional[Union[Mapping[int, CardsLike], Sequence[Optional[CardsLike]]]] = None,
    sizes: Optional[Sequence[int]] = None,
    leader: Optional[int] = None,
    first: int = 0,
    chunk: int = 65536,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
) -> DealResults:
    """Play ``n_deals`` deals with ``policy`` (one name, or one per seat).

    Each deal starts with a tribute from a random previous placing unless
    ``tribute=False``. ``hands`` fixes some seats' cards (a mapping or a list
    with None for random seats); the other seats get ``sizes[seat]`` cards
    dealt at random from the unseen ones. ``first`` offsets the deal indices
    (deal ``first + i`` of the seed), so runs can be split and merged.
    ``progress(done, total)`` is called after each chunk. The ``search``
    policy plays ``search_rollouts`` playouts per decision.
    """
    setup = _setup(seed, policy, ruleset, level, tribute, hands, sizes, leader, search_rollouts)
    return DealResults(**_run(_core.simulate_deals, setup, _DEAL_COLUMNS, n_deals, first, threads, chunk, progress))


def simulate_matches(
    n_matches: int,
    policy: PolicyLike = "random",
    ruleset: RulesetLike = "standard",
    seed: int = 0,
    threads: int = 1,
    first: int = 0,
    chunk: int = 1024,
    progress: Optional[Progress] = None,
    search_rollouts: int = 4000,
) -> MatchResults:
    """Play ``n_matches`` whole matches (tribute and levels included), each
    seeded like ``guandan.Match(ruleset, seed=_core.match_deal_seed(seed, i))``."""
    setup = _setup(seed, policy, ruleset, "2", True, None, None, None, search_rollouts)
    return MatchResults(**_run(_core.simulate_matches, setup, _MATCH_COLUMNS, n_matches, first, threads, chunk, progress))
