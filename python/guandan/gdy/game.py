"""A game of Gan Deng Yan: deals until one takes someone to the target; the
lowest score wins (docs/gdy_rules.md §7).

Deal ``i`` of a game with seed ``s`` is dealt from ``match_deal_seed(s, i)``
(the same seeding as Guandan's matches); the first deal's starter is drawn,
then the last deal's winner starts.

    >>> from guandan.gdy import Game
    >>> g = Game(players=2, seed=3, target=20)
    >>> while not g.is_over:
    ...     d = g.deal
    ...     while not d.is_over:
    ...         d.play(d.legal_plays()[-1])
    ...     _ = g.next_deal()
    >>> max(g.scores) >= 20 and g.winners == [s for s in range(2) if g.scores[s] == min(g.scores)]
    True
"""

from __future__ import annotations

import copy
from typing import List, Optional

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from ..common.checks import check_seed
from .deal import Deal, check_players
from .plays import Play

DEFAULT_TARGET: int = core_gdy.DEFAULT_TARGET
MAX_TARGET: int = core_gdy.MAX_TARGET


def check_target(target: int) -> int:
    if not isinstance(target, int) or isinstance(target, bool):
        raise TypeError(f"target must be an integer number of points, got {target!r}")
    if not 1 <= target <= MAX_TARGET:
        raise ValueError(f"target must be 1..{MAX_TARGET} points, got {target}")
    return target


class Game:
    """A game for ``players`` to ``target`` points; ``deal`` is the deal under way."""

    def __init__(self, players: int = 4, seed: int = 0, target: int = DEFAULT_TARGET) -> None:
        check_players(players)
        check_seed(seed)
        check_target(target)
        self._core = core_gdy.Game(players, seed, target)
        self._deals: List[Deal] = []
        self._deal: Optional[Deal] = self._start()

    def _start(self) -> Deal:
        return Deal.from_core(self._core.next_deal())  # the core deals it: seed and starter as above

    @property
    def players(self) -> int:
        return self._core.players

    @property
    def seed(self) -> int:
        return self._core.seed

    @property
    def target(self) -> int:
        return self._core.target

    @property
    def deal(self) -> Deal:
        """The deal under way (the last one, finished, once the game is over)."""
        return self._deal if self._deal is not None else self._deals[-1]

    @property
    def deals(self) -> List[Deal]:
        """The finished deals, in order."""
        return list(self._deals)

    @property
    def scores(self) -> List[int]:
        return [self._core.score(s) for s in range(self.players)]

    @property
    def is_over(self) -> bool:
        return bool(self._core.over)

    @property
    def winners(self) -> List[int]:
        """Seats with the lowest score (ties share the win); empty until the game is over."""
        if not self.is_over:
            return []
        mask = self._core.winners
        return [s for s in range(self.players) if mask >> s & 1]

    def next_deal(self) -> Optional[Deal]:
        """Scores the finished deal and starts the next; None when the game is over."""
        if self._deal is None:
            raise ValueError("the game is over")
        if not self._deal.is_over:
            raise ValueError("the deal under way is not finished")
        self._core.record(self._deal.core)
        self._deals.append(self._deal)
        self._deal = None if self.is_over else self._start()
        return self._deal

    # --- copies and pickles -------------------------------------------------------
    def copy(self) -> "Game":
        """An independent copy: the core state and every deal are copied."""
        twin = type(self).__new__(type(self))
        twin._core = copy.copy(self._core)
        twin._deals = [deal.copy() for deal in self._deals]
        twin._deal = None if self._deal is None else self._deal.copy()
        return twin

    def __copy__(self) -> "Game":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Game":
        twin = self.copy()
        memo[id(self)] = twin
        return twin

    def __getstate__(self) -> dict:
        """What a game's log holds (gdy/log.py): the players, seed, target and
        the actions of each finished deal and of the deal under way (None
        once the game is over); unpickling replays them. The scores check the
        replay."""
        return {"players": self.players, "seed": self.seed, "target": self.target,
                "deals": [deal.__getstate__()["actions"] for deal in self._deals],
                "deal": None if self._deal is None else self._deal.__getstate__()["actions"],
                "scores": self.scores}

    def __setstate__(self, state: dict) -> None:
        Game.__init__(self, state["players"], state["seed"], state["target"])
        for i, actions in enumerate(state["deals"]):
            self._replay(actions, f"deal {i}")
            self.next_deal()  # ValueError if the deal is not over
        if state["deal"] is not None:
            self._replay(state["deal"], "the deal under way")
        if (self._deal is None) != (state["deal"] is None) or self.scores != state["scores"]:
            raise ValueError("the pickled game does not replay to its state: the pickle is damaged")

    def _replay(self, actions, which: str) -> None:
        if self._deal is None:
            raise ValueError(f"the pickled game does not replay: it is over before {which}")
        for seat, word in actions:
            if seat != self._deal.turn:
                raise ValueError(f"the pickled game does not replay: in {which} seat {seat} acts "
                                 f"where seat {self._deal.turn} is to act")
            self._deal.play(Play(word))  # ValueError if it is not legal here

    def __repr__(self) -> str:
        return f"<gdy.Game players={self.players} seed={self.seed} target={self.target} scores={self.scores}>"
