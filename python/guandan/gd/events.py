"""Public events of a deal: what every seat sees happen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .._core import Card, Move


@dataclass(frozen=True)
class Event:
    """One public event.

    ``kind`` is ``"play"`` (``move`` set), ``"pass"``, ``"tribute"`` (``card``
    paid by ``seat`` to ``to``) or ``"return"`` (``card`` given back by
    ``seat`` to ``to``). Tribute and return cards are shown to everyone.
    """

    kind: str
    seat: int
    move: Optional[Move] = None
    card: Optional[Card] = None
    to: Optional[int] = None

    def __str__(self) -> str:
        if self.kind == "play" and self.move is not None:
            return f"seat {self.seat} plays {self.move.kind} {self.move.rank}: {self.move}"
        if self.kind == "pass":
            return f"seat {self.seat} passes"
        verb = "pays tribute" if self.kind == "tribute" else "returns"
        return f"seat {self.seat} {verb} {self.card} to seat {self.to}"
