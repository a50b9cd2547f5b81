"""What one seat may know.

An :class:`Observation` holds the seat's own hand and the public record only:
card counts, every play and pass, the tribute and return cards (shown face up
at the table), the trick, the finishing order and, in a match, the levels.
Other hands never appear in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Tuple

from ._core import Hand, Move
from .events import Event

if TYPE_CHECKING:  # pragma: no cover
    from .deal import Deal
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

    @staticmethod
    def of(deal: "Deal", seat: int, match=None) -> "Observation":
        state = None if match is None else match.state
        counts = deal.card_counts
        return Observation(
            seat=seat,
            hand=deal.hands[seat],
            level=deal.level,
            ruleset=deal.ruleset.name,
            phase=deal.phase,
            turn=deal.turn,
            card_counts=(counts[0], counts[1], counts[2], counts[3]),
            last_play=deal.last_play,
            last_player=deal.last_player,
            finishing_order=tuple(deal.finishing_order),
            history=deal.events,
            levels=None if state is None else state.levels,
            declarers=None if state is None else state.declarers,
            failed_attempts=None if state is None else state.failed_attempts,
            rules=deal.ruleset,
            tribute=deal.tribute,
        )

    @property
    def partner(self) -> int:
        return self.seat ^ 2
