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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Tuple

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
