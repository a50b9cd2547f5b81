"""Monte Carlo simulation: many deals or matches played inside the C++ core.

Every deal is played by the core's policies (:data:`POLICIES`, read from
the core's policy registry: ``"random"``, uniform over the legal moves and
passing; ``"rule"``, a cheap rule-based player; ``"search"``, Monte Carlo
search) without any Python per move; the GIL is released and the work is
split across threads, which take deals as they free up. Deal ``i`` depends
only on the seed and ``i``, so a run gives the same results whatever the
number of threads or how it is chunked. Ctrl-C stops a run within a second.

Ranges (anything else raises ``ValueError``, or ``TypeError`` for a value
of the wrong type): ``n`` 0..10**9; ``threads`` 1..256; ``chunk`` >= 1;
``search_rollouts`` 1..1,000,000; ``seed`` 0..2**64-1; ``first`` >= 0 with
``first + n`` <= 2**64; every seat starts with 1..27 cards (``sizes``, or
the fixed ``hands``): a seat without cards would be out before the deal
starts; ``leader`` a seat 0..3, only with ``tribute=False``.

    >>> from guandan import simulate
    >>> r = simulate(200, policy="rule", seed=7)
    >>> len(r), sorted(set(r.outcome.tolist()))
    (200, ['1-2', '1-3', '1-4'])
    >>> bool((r.winning_team == simulate(200, policy="rule", seed=7, threads=2).winning_team).all())
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Mapping, Optional, Sequence, Union

import numpy as np

from .. import _core
from .._core import Hand
from .cards import CardsLike, as_hand, level_index
from ..common.checks import check_seed, checked_integer, seat_policies
from ..common.columns import Columns
from ..common.runner import MAX_N, MAX_THREADS, Progress, run_in_chunks  # noqa: F401 (MAX_*: this module's API too)
from .names import OUTCOME_NAMES
from .ruleset import RulesetLike, as_ruleset

POLICIES = tuple(_core.policy_names())  # the core's registry (bots/registry.cpp), in its order
TRIBUTE_EVENTS = ("none", "single", "double", "cancelled")
_OUTCOMES = np.array(("",) + OUTCOME_NAMES)

PolicyLike = Union[str, Sequence[str]]

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


@dataclass(frozen=True)
class DealResults(Columns):
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

    @property
    def outcome(self) -> np.ndarray:
        """'1-2', '1-3' or '1-4' per deal."""
        return _OUTCOMES[self.partner_place]


@dataclass(frozen=True)
class MatchResults(Columns):
    """One row per match: ``winner`` (team, -1 if none within the cap),
    ``deals`` played, ``final_levels`` (level index by team), total ``plays``
    and ``bombs``, ``double_wins`` (deals won 1-2)."""

    winner: np.ndarray
    deals: np.ndarray
    final_levels: np.ndarray
    plays: np.ndarray
    bombs: np.ndarray
    double_wins: np.ndarray


MAX_ROLLOUTS: int = _core.MAX_ROLLOUTS


def policy_list(policy: PolicyLike) -> list:
    """The four seats' policy names of ``policy`` (one name for all, or four), checked."""
    return seat_policies(policy, 4, POLICIES)


def _fixed_hands(hands) -> List[Optional[Hand]]:
    fixed: List[Optional[Hand]] = [None] * 4
    if hands is None:
        return fixed
    if isinstance(hands, Mapping):
        items = list(hands.items())
    elif isinstance(hands, Sequence) and not isinstance(hands, str):
        if len(hands) != 4:
            raise ValueError(f"hands as a list has one entry per seat (4), got {len(hands)}")
        items = list(enumerate(hands))
    else:
        raise TypeError(f"hands must be a mapping seat -> cards or a list of four, got {hands!r}")
    for seat, cards in items:
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        fixed[seat] = None if cards is None else as_hand(cards)
    return fixed


def _sizes(sizes) -> List[int]:
    if sizes is None:
        return [27, 27, 27, 27]
    if isinstance(sizes, str) or not isinstance(sizes, Sequence):
        raise TypeError(f"sizes must be four hand sizes, got {sizes!r}")
    if len(sizes) != 4:
        raise ValueError(f"sizes has one entry per seat (4), got {len(sizes)}")
    checked = []
    for seat, size in enumerate(sizes):
        if isinstance(size, (int, np.integer)) and not isinstance(size, (bool, np.bool_)) and size == 0:
            raise ValueError(f"seat {seat} has no cards: every seat starts a deal with 1..27 cards "
                             "(a seat without cards would be out before the deal starts)")
        checked.append(checked_integer(f"sizes[{seat}] (cards of seat {seat})", size, 1, 27))
    return checked


def _setup(seed, policy, ruleset, level, tribute, hands, sizes, leader, search_rollouts=4000) -> "_core.SimulationSetup":
    check_seed(seed)
    if not isinstance(tribute, (bool, np.bool_)):
        raise TypeError(f"tribute must be True or False, got {tribute!r}")
    if leader is not None:
        leader = checked_integer("leader", leader, 0, 3)
        if tribute:
            raise ValueError("leader is given only with tribute=False (the tribute decides who leads)")
    return _core.SimulationSetup(
        rules=as_ruleset(ruleset).core,
        seed=seed,
        policies=policy_list(policy),
        level=level_index(level),
        tribute=bool(tribute),
        fixed=_fixed_hands(hands),
        sizes=_sizes(sizes),
        leader=-1 if leader is None else leader,
        search_rollouts=checked_integer("search_rollouts", search_rollouts, 1, MAX_ROLLOUTS),
    )


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
    ``progress(done, total)`` is called as deals finish. The ``search``
    policy plays ``search_rollouts`` playouts per decision. The ranges of
    the arguments are in the module's docstring.
    """
    setup = _setup(seed, policy, ruleset, level, tribute, hands, sizes, leader, search_rollouts)
    return DealResults(**run_in_chunks(_core.simulate_deals, setup, _DEAL_COLUMNS, n_deals, first, threads, chunk, progress))


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
    seeded like ``guandan.Match(ruleset, seed=_core.match_deal_seed(seed, i))``.
    The arguments have the ranges of :func:`simulate`."""
    setup = _setup(seed, policy, ruleset, "2", True, None, None, None, search_rollouts)
    return MatchResults(**run_in_chunks(_core.simulate_matches, setup, _MATCH_COLUMNS, n_matches, first, threads, chunk, progress))
