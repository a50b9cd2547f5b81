"""What one seat may know.

An :class:`Observation` holds the seat's own hand and the public record only:
card counts, every play and pass, the tribute and return cards (shown face up
at the table), the trick, the finishing order and, in a match, the levels.
Other hands never appear in it.

It is read from the core's state of the deal (``DealState``): the cards
played, the cards each seat is known to hold, who passed and the first-out
move come from the core, not from replaying the history, and ``view`` is the
core's own view of the seat (``PlayerView``), which the core policies and the
search read.

Copies and pickles carry the fields (``dataclasses.fields``), so they are
plain Observations, and the core view as it is (it pickles as its bytes,
with the deal's public record, from which the search reads what earlier
passes and plays showed), so a core bot decides alike from an unpickled
observation.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from .. import _core
from .._core import Hand, Move
from .events import Event

if TYPE_CHECKING:  # pragma: no cover
    from .ruleset import Ruleset
    from .tribute import TributePlan


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: Hand
    level: str
    ruleset: str
    phase: str
    turn: Optional[int]
    card_counts: Tuple[int, int, int, int]
    last_play: Optional[Move]
    last_player: Optional[int]
    finishing_order: Tuple[int, ...]
    history: Tuple[Event, ...]
    #: Match context (None for a lone deal): team levels, declarers, failed attempts at A.
    levels: Optional[Tuple[str, str]] = None
    declarers: Optional[int] = None
    failed_attempts: Optional[Tuple[int, int]] = None
    #: The ruleset itself (``ruleset`` is its name).
    rules: Optional["Ruleset"] = None
    #: The deal's tribute (who pays whom, whether it was cancelled, the cards
    #: given so far): all of it is public. None for a deal without tribute.
    tribute: Optional["TributePlan"] = None
    #: Every card played so far.
    played: Hand = field(default_factory=Hand)
    #: The cards each seat is known to hold (tribute and return cards, shown
    #: face up, until played).
    shown: Tuple[Hand, ...] = ()
    #: The seats that passed since the last play.
    passed: Tuple[int, ...] = ()
    #: The move the first player out went out with.
    first_out_last_play: Optional[Move] = None
    #: The core's view of this seat (``_core.PlayerView``), for the core policies.
    view: Any = field(default=None, compare=False, repr=False)

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    def field_values(self) -> Dict[str, Any]:
        """Every field but ``view``, by name (what compares equal)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(Observation) if f.name != "view"}

    def __copy__(self) -> "Observation":
        # The view is shared: the core's value cannot be changed from Python.
        return Observation(**self.field_values(), view=self.view)

    def __deepcopy__(self, memo: dict) -> "Observation":
        # Every field is an immutable value, so the copy is already deep.
        other = self.__copy__()
        memo[id(self)] = other
        return other

    def __reduce__(self):
        # By the public field values, so a subclass pickles as a plain Observation.
        return (unpickle_observation, (self.field_values(), self.view))

    def __reduce_ex__(self, protocol):
        if protocol < 2:
            # Protocols 0 and 1 cannot rebuild the core's cards (Hand, Card).
            raise ValueError(f"an Observation is pickled with protocol 2 or higher, got protocol {protocol}")
        return self.__reduce__()


def unpickle_observation(values: Dict[str, Any], view: Any = None) -> Observation:
    """The Observation of pickled ``values`` and core ``view``."""
    if view is not None and not isinstance(view, _core.PlayerView):
        raise TypeError(f"an Observation's view is a core PlayerView, got {type(view).__name__}")
    return Observation(**values, view=view)


class SeatRecord:
    """What one seat learns from a judge's messages, for a client of a judge
    that sends plays rather than our deal: its hand, the cards each seat
    holds, played and showed, the trick and who is out, as the core's view
    and an :class:`Observation`."""

    def __init__(self, seat: int, level: str, rules: "Ruleset", hand: Hand) -> None:
        self.seat, self.level, self.rules, self.hand = seat, level, rules, hand
        self.counts = [27, 27, 27, 27]
        self.played = Hand()
        self.shown = [Hand(), Hand(), Hand(), Hand()]
        self.last_play: Optional[Move] = None
        self.last_player = -1
        self.passed = 0
        self.out: list = []
        self.first_out_last_play: Optional[Move] = None

    def show(self, seat: int, cards: Hand) -> None:
        """``cards`` given face up to ``seat`` (a tribute or return)."""
        self.shown[seat % 4] = self.shown[seat % 4] + cards

    def record_pass(self, seat: int) -> None:
        self.passed |= 1 << seat

    def record_play(self, seat: int, move: Move, cards: Optional[Hand] = None) -> None:
        """``seat`` played ``move`` (with ``cards``, when they are not the move's own)."""
        cards = Hand(move.cards) if cards is None else cards
        self.played = self.played + cards
        self.counts[seat] = max(0, self.counts[seat] - len(cards))
        known = self.shown[seat]
        if known:
            self.shown[seat] = known - Hand([c for c in known if c in cards])
        self.last_play, self.last_player, self.passed = move, seat, 0
        if self.counts[seat] == 0 and seat not in self.out:
            self.out.append(seat)
            if len(self.out) == 1:
                self.first_out_last_play = move

    def new_trick(self) -> None:
        """This seat leads: nothing to beat."""
        self.last_play, self.last_player, self.passed = None, -1, 0

    def observation(self, phase: str) -> Observation:
        """The seat's observation; its core view when the facts fit together."""
        from .cards import level_index

        view = None
        # The cards known to be in other hands come from tribute notices
        # alone: when the core refuses them (a judge whose notices do not
        # match its game), the view is built without them.
        for shown in (list(self.shown), [Hand(), Hand(), Hand(), Hand()]):
            try:
                view = _core.PlayerView(self.seat, level_index(self.level), self.rules.core, self.hand,
                                        list(self.counts), self.played, shown, self.last_play, self.last_player,
                                        self.passed, list(self.out), self.first_out_last_play)
                break
            except (ValueError, TypeError):
                view = None  # a view the core refuses (a message missed): the bot falls back
        counts = self.counts
        return Observation(
            seat=self.seat, hand=self.hand, level=self.level, ruleset=self.rules.name, phase=phase,
            turn=self.seat, card_counts=(counts[0], counts[1], counts[2], counts[3]), last_play=self.last_play,
            last_player=None if self.last_player < 0 else self.last_player, finishing_order=tuple(self.out),
            history=(), rules=self.rules, played=self.played, shown=tuple(self.shown),
            first_out_last_play=self.first_out_last_play, view=view)
