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
