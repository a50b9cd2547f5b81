"""Matches: deal after deal, with tribute in between, until a team wins.

The match state (team levels, declarers, failed attempts at A, the winner)
moves by one pure function, :func:`next_match_state`, implemented in the C++
core (``cpp/src/match.cpp``) and driven by the ruleset:

- the first player out's team becomes the declarers (their level is the next
  deal's level) and advances by the ruleset's 1-2 / 1-3 / 1-4 figure, never
  past A;
- ``pagat``/``standard``: declarers at A who win 1-2 or 1-3 win the match; a
  1-4 at A keeps them at A as declarers; ``app``: a team at A whose player is
  first out wins;
- a deal played as declarers at A that does not end the match is a failed
  attempt; ``pagat`` sends the team back to 2 at the third, and also when the
  opponents' first player out went out with natural aces only.

    >>> from guandan import Match
    >>> m = Match("standard", seed=3)
    >>> m.state.levels, m.deal.level
    (('2', '2'), '2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from .. import _core
from .._core import Move
from .cards import level_index
from .deal import Deal, check_seed
from .observation import Observation
from .ruleset import Ruleset, RulesetLike, as_ruleset


@dataclass(frozen=True)
class MatchState:
    """Levels by team (team 0: seats 0 and 2), the declaring team (None
    before the first deal), failed attempts at A by team, and the winner."""

    levels: Tuple[str, str] = ("2", "2")
    declarers: Optional[int] = None
    failed_attempts: Tuple[int, int] = (0, 0)
    winner: Optional[int] = None

    def __post_init__(self) -> None:
        for level in self.levels:
            level_index(level)
        if len(self.levels) != 2 or len(self.failed_attempts) != 2:
            raise ValueError("levels and failed_attempts have one entry per team")
        if self.declarers not in (None, 0, 1) or self.winner not in (None, 0, 1):
            raise ValueError("declarers and winner are None, 0 or 1")

    @property
    def deal_level(self) -> str:
        """The level of the next deal: the declarers' level (for the first
        deal, the level both teams start at: 2 unless the match said otherwise)."""
        return self.levels[0] if self.declarers is None else self.levels[self.declarers]

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def next_match_state(
    state: MatchState,
    finishing_order: Sequence[int],
    first_out_last_play: Optional[Move],
    ruleset: RulesetLike = "standard",
) -> MatchState:
    """The match state after a deal that finished in ``finishing_order``
    (seats out, first first) with the first player out going out on
    ``first_out_last_play``."""
    levels, declarers, attempts, winner = _core.next_match_state(
        [level_index(lv) for lv in state.levels],
        -1 if state.declarers is None else state.declarers,
        list(state.failed_attempts),
        -1 if state.winner is None else state.winner,
        list(finishing_order),
        first_out_last_play,
        as_ruleset(ruleset).core,
    )
    return MatchState(
        levels=(_core.rank_name(levels[0]), _core.rank_name(levels[1])),
        declarers=None if declarers < 0 else declarers,
        failed_attempts=(attempts[0], attempts[1]),
        winner=None if winner < 0 else winner,
    )


class Match:
    """A whole match: ``m.deal`` is the current deal; once it is over,
    ``m.next_deal()`` applies :func:`next_match_state` and deals the next one
    (tribute first). Deal ``i`` uses the seed ``_core.match_deal_seed(seed, i)``."""

    def __init__(self, ruleset: RulesetLike = "standard", seed: int = 0, level: str = "2") -> None:
        self._ruleset = as_ruleset(ruleset)
        self._seed = check_seed(seed)
        # Both teams start at ``level`` (2 by the rules; a judge may start higher).
        level = _core.rank_name(level_index(level))
        self._state = MatchState(levels=(level, level))
        self._states: List[MatchState] = [self._state]
        self._deals: List[Deal] = [Deal(seed=_core.match_deal_seed(seed, 0), level=level, ruleset=self._ruleset)]

    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def state(self) -> MatchState:
        return self._state

    @property
    def states(self) -> List[MatchState]:
        """The state before each deal, and after the last finished one."""
        return list(self._states)

    @property
    def deal(self) -> Deal:
        """The current (or, once the match is won, the last) deal."""
        return self._deals[-1]

    @property
    def deals(self) -> List[Deal]:
        return list(self._deals)

    @property
    def is_over(self) -> bool:
        return self._state.winner is not None

    @property
    def winner(self) -> Optional[int]:
        return self._state.winner

    def finish_deal(self) -> MatchState:
        """Apply the finished deal's result to the match state (once)."""
        deal = self.deal
        if not deal.is_over:
            raise ValueError("the current deal is not over")
        if len(self._states) == len(self._deals):
            self._state = next_match_state(self._state, deal.finishing_order, deal.first_out_last_play, self._ruleset)
            self._states.append(self._state)
        return self._state

    def next_deal(self) -> Optional[Deal]:
        """Finish the current deal and start the next; None if the match is won."""
        self.finish_deal()
        if self.is_over:
            return None
        previous = self.deal
        self._deals.append(
            Deal(
                seed=_core.match_deal_seed(self._seed, len(self._deals)),
                level=self._state.deal_level,
                ruleset=self._ruleset,
                previous_order=previous.placing,
            )
        )
        return self.deal

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know of the current deal and the match."""
        return self.deal.observation(seat, match=self)

    # --- copies and pickles ---------------------------------------------------
    def copy(self) -> "Match":
        """An independent copy: every deal is copied (Deal.copy); the states are immutable."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._states = list(self._states)
        other._deals = [deal.copy() for deal in self._deals]
        return other

    def __copy__(self) -> "Match":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Match":
        other = self.copy()
        memo[id(self)] = other
        return other

    def __reduce_ex__(self, protocol):
        # The attributes pickle as they are: each deal through its own pickling.
        if protocol < 2:
            raise ValueError(f"a Match is pickled with protocol 2 or higher, got protocol {protocol}")
        return super().__reduce_ex__(protocol)

    def __repr__(self) -> str:
        return f"<Match {self._ruleset.name} levels {self._state.levels} declarers {self._state.declarers} deals {len(self._deals)}>"
