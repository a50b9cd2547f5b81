"""The search's building blocks, for searches of your own.

The core's search (``search``, ``cpp/include/guandan/bots/search.h``) is
made of a few parts, each public here and each working from what one seat
may know (an :class:`Observation`), so a search written with them cannot
cheat:

- :func:`sample_world`: the hidden cards dealt to the other seats
  consistently with everything public (counts, cards played, cards a tribute
  showed), uniformly or weighted by how likely the world makes what the
  other seats' plays and passes showed (:func:`world_likelihood`);
- :func:`world_deal`: the deal at the observed position with a world's
  hands, to play on;
- :func:`play_out`: a position played to its end by the core's policies
  (any of the core's policies, ``guandan.gd.simulate.POLICIES``, at C++ speed) or by any bots;
- :func:`deal_score`: the levels a finished deal gives a seat's team;
- :func:`move_values`: every option valued by playouts over the same
  sampled worlds, in C++;
- :func:`solve_endgame`, :func:`solve_endgame_options`: exact values when
  every hand is known (a sampled world, or a real endgame).

A flat Monte Carlo search in a few lines (docs/bots.md, "A search of your
own", measures it against ``rule``):

    >>> from guandan import Deal
    >>> from guandan.gd.bots import search_tools as st
    >>> deal = Deal(seed=3, leader=0)
    >>> observation = deal.observation(0)
    >>> world = st.world_deal(observation, st.sample_world(observation, seed=1))
    >>> world.hands[0] == deal.hands[0], sum(world.card_counts)
    (True, 108)
    >>> end = st.play_out(world, "rule", seed=1)
    >>> st.deal_score(end, seat=0) in (-3, -2, -1, 1, 2, 3)
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Union

from ... import _core
from ..._core import Hand, Move
from ...common.checks import check_seed, checked_integer
from ..deal import Deal
from ..observation import Observation
from .core_bots import CoreBot
from .protocol import Bot, play_deal

#: Positions the endgame solver visits at most by default.
DEFAULT_MAX_NODES = 1_000_000


@dataclass(frozen=True)
class MoveValue:
    """One option's value by playouts: ``mean`` levels for the seat's team
    (negative when the other team wins), ``win_rate`` the share of playouts
    its team won, over ``playouts`` playouts."""

    mean: float
    win_rate: float
    playouts: int


@dataclass(frozen=True)
class EndgameResult:
    """The exact value of a position for a seat's team (``value``, levels as
    :func:`deal_score`), when ``solved``; ``best`` a move achieving it for
    the seat to act (None with ``best_is_pass``, or when the deal is over);
    ``nodes`` the positions visited."""

    solved: bool
    value: float
    nodes: int
    best: Optional[Move]
    best_is_pass: bool


def _view(observation: Observation) -> "_core.PlayerView":
    if not isinstance(observation, Observation):
        raise TypeError(f"expected an Observation, got {type(observation).__name__}")
    if observation.view is None:
        raise ValueError("this observation carries no core view: take it from Deal.observation or a bot's arguments")
    return observation.view


def sample_world(observation: Observation, seed: int = 0, weighted: bool = False) -> List[Hand]:
    """The four hands of one world consistent with ``observation``: the
    seat's own hand, and the unseen cards dealt to the others by their counts
    and the cards each is known to hold. ``weighted`` draws worlds in
    proportion to :func:`world_likelihood` (approximately: the best of
    several uniform draws by weighted resampling), as the search does."""
    view = _view(observation)
    check_seed(seed)
    if weighted:
        return _core.sample_world_weighted(view, seed)
    return _core.sample_world(view, seed)


def world_likelihood(observation: Observation, hands: Sequence[Hand]) -> float:
    """How likely the world ``hands`` makes the other seats' passes and plays
    so far (up to a constant factor: compare worlds of one observation)."""
    return _core.world_likelihood(_view(observation), list(hands))


def world_deal(observation: Observation, hands: Sequence[Hand]) -> Deal:
    """The deal at the observed position with these four hands (the seat's
    own hand first among them at its seat): a determinization to play on. Its
    history is the observation's."""
    if observation.phase != "play":
        raise ValueError(f"a world is played from the play phase, not the {observation.phase} phase")
    state = _core.world_state(_view(observation), list(hands))
    rules = observation.rules if observation.rules is not None else observation.ruleset
    return Deal.from_text(state.to_text(), rules, events=observation.history)


PlayersLike = Union[str, Sequence[Union[str, Bot]]]


def play_out(deal: Deal, players: PlayersLike = "rule", seed: int = 0, search_rollouts: int = 4000) -> Deal:
    """A copy of ``deal`` played to its end: ``players`` is one core policy
    name for every seat (played in C++, the fast path), or one player per
    seat, each a core policy name or a bot object (played through
    :func:`guandan.gd.bots.play_deal`). ``deal`` itself is unchanged."""
    if not isinstance(deal, Deal):
        raise TypeError(f"expected a Deal, got {type(deal).__name__}")
    check_seed(seed)
    policies = _core.policy_names()
    seats = [players] * 4 if isinstance(players, str) else list(players)
    if len(seats) != 4:
        raise ValueError(f"give one player for every seat or one per seat (4), got {len(seats)}")
    for player in seats:
        if isinstance(player, str) and player not in policies:
            raise ValueError(f"unknown policy {player!r} (expected one of {', '.join(policies)})")
    names = [p for p in seats if isinstance(p, str)]
    if len(names) == 4:
        checked_integer("search_rollouts", search_rollouts, 1, _core.MAX_ROLLOUTS)
        end = _core.play_position_out(deal._state, names, seed, search_rollouts)
        return Deal.from_text(end.to_text(), deal.ruleset)
    bots = [CoreBot(p, seed=seed + i) if isinstance(p, str) else p for i, p in enumerate(seats)]
    return play_deal(deal.copy(), bots)


def deal_score(deal: Deal, seat: int) -> int:
    """The levels a finished deal gives ``seat``'s team: what the winners
    gain (1, 2 or 3 by the ruleset), negative for the losing team."""
    if not deal.is_over:
        raise ValueError("the deal is not over")
    checked_integer("seat", seat, 0, 3)
    gained = deal.ruleset.levels_gained(deal.outcome)
    return gained if deal.winning_team == seat % 2 else -gained


def move_values(observation: Observation, moves: Sequence[Move], can_pass: bool, rollouts: int = 1000,
                think_ms: int = 0, seed: int = 0) -> List[MoveValue]:
    """Every option's value for the seat's team by playouts, all options
    played out in the same sampled worlds by the planning policy (C++): one
    :class:`MoveValue` per move, then one for passing when ``can_pass``.
    Stops at the first of ``rollouts`` (all options together) and
    ``think_ms`` (0: none)."""
    checked_integer("rollouts", rollouts, 1, _core.MAX_ROLLOUTS)
    checked_integer("think_ms", think_ms, 0, _core.MAX_THINK_MS)
    check_seed(seed)
    values = _core.move_values(_view(observation), list(moves), bool(can_pass), rollouts, think_ms, seed)
    return [MoveValue(mean, win_rate, playouts) for mean, win_rate, playouts in values]


def solve_endgame(deal: Deal, seat: int, max_nodes: int = DEFAULT_MAX_NODES) -> EndgameResult:
    """The exact value of ``deal`` (all four hands known, in the play phase)
    for ``seat``'s team, by alpha-beta over every line of play; unsolved
    when ``max_nodes`` positions were not enough."""
    checked_integer("seat", seat, 0, 3)
    checked_integer("max_nodes", max_nodes, 1, 10**9)
    solved, value, nodes, best, best_is_pass = _core.solve_endgame(deal._state, seat, max_nodes)
    return EndgameResult(bool(solved), float(value), int(nodes), best, bool(best_is_pass))


def solve_endgame_options(deal: Deal, moves: Sequence[Move], include_pass: bool = False,
                          max_nodes: int = DEFAULT_MAX_NODES) -> Optional[List[float]]:
    """The exact value of each option of the seat to act, for its team:
    one per move, then passing when ``include_pass``; None when
    ``max_nodes`` ran out."""
    checked_integer("max_nodes", max_nodes, 1, 10**9)
    if deal.turn is None:
        raise ValueError("the deal is over")
    return _core.solve_endgame_options(deal._state, list(moves), bool(include_pass), max_nodes)
