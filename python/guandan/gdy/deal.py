"""One deal of Gan Deng Yan, played step by step (docs/gdy_rules.md §5).

The state lives in the core (``core_gdy.Deal``); this class adds the
record of actions, observations and friendly arguments.

    >>> from guandan.gdy import Deal
    >>> d = Deal(players=3, seed=4)
    >>> d.turn == d.starter, len(d.hand(d.starter)), d.stock_left
    (True, 6, 38)
    >>> while not d.is_over:
    ...     d.play(d.legal_plays()[-1])
    >>> d.penalties[d.winner]
    0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from ..common.checks import check_seed
from .cards import Cards
from .plays import Play, PlayLike, choose_play, play_from_core

MIN_PLAYERS: int = core_gdy.MIN_PLAYERS
MAX_PLAYERS: int = core_gdy.MAX_PLAYERS


def check_players(players: int) -> int:
    """``players`` if it is an int 2..6; TypeError or ValueError otherwise."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError(f"players must be an integer 2..6, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Gan Deng Yan is for 2..6 players, got {players}")
    return players


@dataclass(frozen=True)
class Action:
    """One action of a deal: ``seat`` played ``play`` (Play.PASS for a pass)."""

    seat: int
    play: Play


@dataclass(frozen=True)
class Observation:
    """What ``seat`` may know: its hand and the public state, nothing hidden
    (no other hand, no stock card, not the order of the stock). It is all a
    bot is given (:class:`guandan.gdy.bots.Bot`)."""

    seat: int
    players: int
    hand: Cards
    turn: Optional[int]
    table: Optional[Play]        # the play to beat; None when the player to act leads
    last_player: int             # who played it
    hand_sizes: Tuple[int, ...]
    stock_left: int
    bombs: int
    played: Tuple[bool, ...]     # whether each seat has played a card this deal
    history: Tuple[Action, ...]
    winner: Optional[int]

    @property
    def passed(self) -> Tuple[int, ...]:
        """The seats that passed on the play to beat, in turn order (none when leading)."""
        if self.table is None:
            return ()
        seats: List[int] = []
        for action in reversed(self.history):
            if not action.play.is_pass:
                break
            seats.append(action.seat)
        return tuple(reversed(seats))

    @property
    def cards_played(self) -> Cards:
        """Every card played so far this deal (everyone saw them)."""
        # Each rank has its own 4 bits and the deck at most 4 of a rank, so the
        # words of disjoint plays add without a carry.
        return Cards.from_word(sum(a.play.cards.word for a in self.history))


class Deal:
    """A deal for ``players`` (2..6) from ``seed`` (0..2**64-1); the starter
    is drawn from the seed unless given."""

    def __init__(self, players: int = 4, seed: int = 0, starter: Optional[int] = None) -> None:
        check_players(players)
        check_seed(seed)
        if starter is not None and (not isinstance(starter, int) or isinstance(starter, bool)):
            raise TypeError(f"starter must be a seat number, got {starter!r}")
        if starter is not None and not 0 <= starter < players:
            raise ValueError(f"starter must be a seat 0..{players - 1}, got {starter}")
        self._core = core_gdy.Deal(players, seed, starter)
        self._history: List[Action] = []

    @classmethod
    def from_core(cls, state: "core_gdy.Deal") -> "Deal":
        """A deal over a core state at its start (a game's next deal)."""
        deal = cls.__new__(cls)
        deal._core = state
        deal._history = []
        return deal

    @property
    def core(self) -> "core_gdy.Deal":
        """The core's state of this deal, for what runs in the core with it
        (bots, a game's scoring); changing it behind the deal's back breaks
        the deal's history."""
        return self._core

    # --- what everyone sees --------------------------------------------------
    @property
    def players(self) -> int:
        return self._core.players

    @property
    def seed(self) -> int:
        return self._core.seed

    @property
    def starter(self) -> int:
        return self._core.starter

    @property
    def turn(self) -> Optional[int]:
        """The seat to act (None once the deal is over)."""
        return None if self._core.over else self._core.turn

    @property
    def table(self) -> Optional[Play]:
        """The play to beat, or None when the player to act leads."""
        return None if self._core.leading else play_from_core(self._core.table)

    @property
    def last_player(self) -> int:
        return self._core.last_player

    @property
    def hand_sizes(self) -> List[int]:
        return [self._core.hand_size(s) for s in range(self.players)]

    @property
    def stock_left(self) -> int:
        return self._core.stock_left

    @property
    def bombs(self) -> int:
        """Bombs (the joker bomb included) played so far: each doubles the penalties, up to x4."""
        return self._core.bombs

    @property
    def history(self) -> List[Action]:
        return list(self._history)

    @property
    def is_over(self) -> bool:
        return bool(self._core.over)

    @property
    def winner(self) -> Optional[int]:
        return self._core.winner

    @property
    def penalties(self) -> List[int]:
        """Each seat's penalty points once the deal is over (0 for the winner); zeros before."""
        return [self._core.penalty(s) for s in range(self.players)]

    def has_played(self, seat: int) -> bool:
        return bool(self._core.has_played(seat))

    # --- hidden state (the engine's view) --------------------------------------
    def hand(self, seat: int) -> Cards:
        """A seat's cards (hidden from the other players: see observation())."""
        return Cards.from_word(self._core.hand(seat))

    @property
    def hands(self) -> List[Cards]:
        return [self.hand(s) for s in range(self.players)]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know (ValueError for a seat not at the table): the
        only thing a bot is shown of the deal."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        return Observation(
            seat=seat, players=self.players, hand=self.hand(seat), turn=self.turn, table=self.table,
            last_player=self.last_player, hand_sizes=tuple(self.hand_sizes), stock_left=self.stock_left,
            bombs=self.bombs, played=tuple(self.has_played(s) for s in range(self.players)),
            history=tuple(self._history), winner=self.winner)

    # --- acting ------------------------------------------------------------------
    def legal_plays(self) -> List[Play]:
        """The player to act's plays; when following, the pass comes first. Empty once over."""
        if self._core.over:
            return []
        return [play_from_core(w) for w in self._core.legal_plays()]

    def can_pass(self) -> bool:
        return not self._core.over and not self._core.leading

    def play(self, play: PlayLike) -> None:
        """Plays a Play, or text naming one ('5 6 7', 'pass', 'run 5 6 JK JK') for
        the player to act; ValueError if it is not legal."""
        if self._core.over:
            raise ValueError("the deal is over")
        chosen = choose_play(play, self.legal_plays())
        seat = self._core.turn
        self._core.apply(chosen.word)
        self._history.append(Action(seat, chosen))

    def pass_turn(self) -> None:
        """Passes (ValueError when leading or over)."""
        self.play(Play.PASS)

    # --- copies and pickles -------------------------------------------------------
    def copy(self) -> "Deal":
        """An independent copy (the core state is copied; actions are immutable)."""
        twin = type(self).__new__(type(self))
        twin._core = self._core.__copy__()
        twin._history = list(self._history)
        return twin

    def __copy__(self) -> "Deal":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Deal":
        twin = self.copy()
        memo[id(self)] = twin
        return twin

    def __getstate__(self) -> dict:
        """What a deal's log holds (gdy/log.py): the players, seed, starter
        and each action; unpickling replays them."""
        return {"players": self.players, "seed": self.seed, "starter": self.starter,
                "actions": [(action.seat, action.play.word) for action in self._history]}

    def __setstate__(self, state: dict) -> None:
        self._core = core_gdy.Deal(state["players"], state["seed"], state["starter"])
        self._history = []
        for seat, word in state["actions"]:
            if seat != self._core.turn:
                raise ValueError(f"the pickled deal does not replay: seat {seat} acts where seat {self._core.turn} is to act")
            self.play(Play(word))  # ValueError if it is not legal here

    def perft(self, depth: int) -> int:
        """Action sequences of ``depth`` actions from here (a finished deal counts once)."""
        return int(self._core.perft(depth))

    def __repr__(self) -> str:
        state = f"won by seat {self.winner}" if self.is_over else f"seat {self.turn} to act"
        return f"<gdy.Deal players={self.players} seed={self.seed} {state}>"
