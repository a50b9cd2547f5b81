"""Python bots inside the core's runs: what a seat played by a bot is told.

The core plays the deals (:func:`guandan.simulate` and everything built on
it); a seat played by a Python bot calls its :class:`SeatDriver` with the
core's view of the seat and the legal moves. The driver hands the bot a
:class:`SeatObservation`, which holds exactly what :meth:`Deal.observation`
would hold at that point (the seat's own hand and the public record, the
history included) but converts each field only when the bot first reads it:
a bot that looks at three fields pays for three. The public history comes
from the core's record of the deal (``_core.DealRecord``), which every seat's
actions go to.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from .. import _core
from .._core import Card, Move
from .events import Event
from .observation import Observation
from .tribute import TributePlan

if TYPE_CHECKING:  # pragma: no cover
    from .ruleset import Ruleset


class DealContext:
    """What the seats of one deal share: its level and ruleset, the tribute
    planned at its start, the match around it, and its public record."""

    def __init__(self, start: "_core.DealState", rules: "Ruleset", match: Optional[tuple],
                 record: "_core.DealRecord") -> None:
        self.level = _core.rank_name(start.level)
        self.rules = rules
        self.record = record
        previous = start.previous_order
        self._tribute_start = None if previous is None else (
            start.tribute_cancelled, tuple((p, r) for p, r in start.payments), previous[0])
        if match is None:
            self.levels = self.declarers = self.failed_attempts = None
        else:
            level_0, level_1, declarers, failed = match
            self.levels = (_core.rank_name(level_0), _core.rank_name(level_1))
            self.declarers = None if declarers < 0 else declarers
            self.failed_attempts = tuple(failed)
        self._events: List[Event] = []
        self._history: Tuple[Event, ...] = ()

    def history(self, actions: int) -> Tuple[Event, ...]:
        """The first ``actions`` public events, as :class:`Event` objects."""
        if len(self._events) < actions:
            for kind, seat, move, card, to in self.record.entries(len(self._events), actions):
                self._events.append(Event(kind, seat, move=move, card=card, to=to))
        if len(self._history) != actions:
            self._history = tuple(self._events[:actions])
        return self._history

    def tribute(self, actions: int) -> Optional[TributePlan]:
        """The tribute after the first ``actions`` events (None without one)."""
        if self._tribute_start is None:
            return None
        cancelled, payments, first_place = self._tribute_start
        # (giver, receiver, card) of each card given so far, in order.
        gives = [(e.kind, (e.seat, e.to, e.card)) for e in self.history(min(actions, 2 * len(payments)))
                 if e.kind in ("tribute", "return") and e.to is not None and e.card is not None]
        return TributePlan(
            cancelled=cancelled, payments=payments, first_place=first_place,
            paid=tuple(given for kind, given in gives if kind == "tribute"),
            returned=tuple(given for kind, given in gives if kind == "return"))

    def giving_phase(self) -> str:
        """``"tribute"`` while tribute cards are still owed, then ``"return"``."""
        assert self._tribute_start is not None, "a card is given only in a deal with a tribute"
        paid = sum(1 for kind, *_ in self.record.entries(0, len(self.record)) if kind == "tribute")
        return "tribute" if paid < len(self._tribute_start[1]) else "return"


class SeatObservation(Observation):
    """An :class:`Observation` read from the core's view of a seat as it acts
    in a core run. Equal field by field to what :meth:`Deal.observation`
    gives at the same point; each field is converted on first read. It
    pickles as a plain :class:`Observation`."""

    @classmethod
    def of(cls, view: "_core.PlayerView", phase: str, deal: DealContext) -> "SeatObservation":
        observation = object.__new__(cls)
        fields = observation.__dict__
        fields["view"] = view
        fields["phase"] = phase
        fields["_deal"] = deal
        fields["_actions"] = len(deal.record)
        return observation

    # The fields, each converted once when first read.
    seat = cached_property(lambda self: self.view.seat)  # type: ignore[assignment]
    hand = cached_property(lambda self: self.view.hand)  # type: ignore[assignment]
    level = cached_property(lambda self: self._deal.level)  # type: ignore[assignment]
    ruleset = cached_property(lambda self: self._deal.rules.name)  # type: ignore[assignment]
    turn = cached_property(lambda self: self.view.seat)  # type: ignore[assignment]
    card_counts = cached_property(lambda self: self.view.counts)  # type: ignore[assignment]
    last_play = cached_property(lambda self: self.view.last_play)  # type: ignore[assignment]
    last_player = cached_property(lambda self: self.view.last_player)  # type: ignore[assignment]
    finishing_order = cached_property(lambda self: self.view.finishing_order)  # type: ignore[assignment]
    history = cached_property(lambda self: self._deal.history(self._actions))  # type: ignore[assignment]
    levels = cached_property(lambda self: self._deal.levels)  # type: ignore[assignment]
    declarers = cached_property(lambda self: self._deal.declarers)  # type: ignore[assignment]
    failed_attempts = cached_property(lambda self: self._deal.failed_attempts)  # type: ignore[assignment]
    rules = cached_property(lambda self: self._deal.rules)  # type: ignore[assignment]
    tribute = cached_property(lambda self: self._deal.tribute(self._actions))  # type: ignore[assignment]
    played = cached_property(lambda self: self.view.played)  # type: ignore[assignment]
    shown = cached_property(lambda self: self.view.shown)  # type: ignore[assignment]
    passed = cached_property(lambda self: self.view.passed)  # type: ignore[assignment]
    first_out_last_play = cached_property(lambda self: self.view.first_out_last_play)  # type: ignore[assignment]

    def to_observation(self) -> Observation:
        """The same observation as a plain :class:`Observation`."""
        from dataclasses import fields

        return Observation(**{f.name: getattr(self, f.name) for f in fields(Observation)})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.to_observation() == (other.to_observation() if isinstance(other, SeatObservation) else other)

    __hash__ = Observation.__hash__

    def __reduce__(self):
        return self.to_observation().__reduce__()


class SeatDriver:
    """Asks one bot for one seat's decisions in a core run, and checks them."""

    def __init__(self, bot: Any, seat: int, run: "BotRun") -> None:
        self.bot = bot
        self.seat = seat
        self.run = run

    def play(self, view: "_core.PlayerView", moves: Any, can_pass: bool) -> int:
        observation = SeatObservation.of(view, "play", self.run.deal)
        move = self.bot.choose_move(observation, moves, can_pass)
        if move is None:
            if not can_pass:
                raise ValueError(f"{self._who()} passed but leads the trick (a leader must play)")
            return -1
        if not isinstance(move, Move):
            raise TypeError(f"{self._who()} chose {move!r}: choose_move returns one of the moves or None")
        try:
            return moves.index(move)
        except ValueError:
            raise ValueError(f"{self._who()} chose {move}, which is not one of its legal moves") from None

    def card(self, view: "_core.PlayerView", options: List[Card]) -> Card:
        observation = SeatObservation.of(view, self.run.deal.giving_phase(), self.run.deal)
        card = self.bot.choose_card(observation, options)
        if not isinstance(card, Card):
            try:
                card = Card(card)
            except (TypeError, ValueError):
                raise TypeError(f"{self._who()} chose {card!r}: choose_card returns one of the options") from None
        if card not in options:
            raise ValueError(f"{self._who()} chose {card}, not one of {', '.join(map(str, options))}")
        return card

    def _who(self) -> str:
        return f"bot {type(self.bot).__name__} (seat {self.seat})"


class BotRun:
    """The shared state of one run with Python bots: the ruleset and the
    deal under way (set by the core as each deal starts)."""

    def __init__(self, rules: "Ruleset") -> None:
        self.rules = rules
        self.deal: DealContext

    def deal_started(self, seed: int, start: "_core.DealState", match: Optional[tuple],
                     record: "_core.DealRecord") -> None:
        self.deal = DealContext(start, self.rules, match, record)
