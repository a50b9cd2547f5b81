"""Deals: seeded hands, and one deal played move by move.

The play of a deal (turns, passes, the end of a trick, going out, jiefeng,
the end of the deal) and its tribute phase run in the C++ core
(``cpp/include/guandan/deal.h``); :class:`Deal` drives it and keeps the public
history.

    >>> from guandan import Deal
    >>> d = Deal(seed=7)
    >>> d.phase, len(d.hands[d.turn])
    ('play', 27)
    >>> move = d.legal_moves()[0]
    >>> d.play(move)
    >>> d.last_play == move
    True
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from .. import _core
from .._core import Card, Hand, Move, MoveSequence
from .cards import CardsLike, as_hand, level_index
from .events import Event
from .names import OUTCOME_NAMES, PHASE_NAMES
from ..common.checks import check_seed  # noqa: F401 (also guandan.gd.deal.check_seed)
from .observation import Observation
from .ruleset import CORE_FIELDS, PRESET_NAMES, Ruleset, RulesetLike, as_ruleset
from .tribute import TributePlan

PHASES = PHASE_NAMES
OUTCOMES = {place: name for place, name in enumerate(OUTCOME_NAMES, 1)}


def ruleset_of_text(rules: "_core.Rules") -> Ruleset:
    """The ruleset the text form's rules field holds: the preset with those
    fields, else a custom ruleset."""
    fields = {field: getattr(rules, field) for field in CORE_FIELDS}
    for name in PRESET_NAMES:
        preset = Ruleset.preset(name)
        if all(getattr(preset, field) == value for field, value in fields.items()):
            return preset
    return Ruleset(name="custom", **fields)


def deal(seed: int) -> List[Hand]:
    """The four 27-card hands dealt from the shuffle of ``seed`` (seat 0 first)."""
    return _core.deal(check_seed(seed))


class Deal:
    """One deal, from tribute (if any) to the end.

    Seats 0..3 play in turn order; teams are seats {0, 2} and {1, 3}.

    - ``Deal(seed)`` deals the seeded hands at ``level``; the face-up card of
      the seeded cut decides who leads (override with ``leader``).
    - ``hands=`` plays given hands instead (any sizes, for scenarios); they may
      hold each card at most twice between them.
    - ``previous_order=`` (the previous deal's four places, first to last)
      starts with the tribute phase: ``give()`` the tribute and return cards,
      then play. The tribute decides who leads.
    - ``Deal.from_text(text)`` continues a position from its text form.

    Every seat starts with at least one card (an empty seat raises
    ValueError: it would be out before the deal starts).

    Illegal actions raise ValueError and leave the deal unchanged.
    """

    def __init__(
        self,
        seed: int = 0,
        level: str = "2",
        ruleset: RulesetLike = "standard",
        hands: Optional[Sequence[CardsLike]] = None,
        leader: Optional[int] = None,
        previous_order: Optional[Sequence[int]] = None,
    ) -> None:
        self._ruleset = as_ruleset(ruleset)
        self._seed = check_seed(seed)
        dealt, self._cut_position, face_up, cut_leader = _core.seeded_deal(self._seed)
        self._face_up: Optional[Card] = face_up
        if hands is not None:
            dealt = [as_hand(h) for h in hands]
        level_i = level_index(level)
        if previous_order is not None:
            if leader is not None:
                raise ValueError("after a tribute the tribute rules decide the leader: give leader or previous_order, not both")
            self._state = _core.DealState(dealt, level_i, self._ruleset.core, list(previous_order))
        else:
            self._state = _core.DealState(dealt, level_i, self._ruleset.core, cut_leader if leader is None else leader)
        self._initial_hands = list(dealt)
        self._leader_given = leader
        self._start_text: Optional[str] = None
        # Append-only and immutable, so observations share it without copying.
        self._history: Tuple[Event, ...] = ()
        self._given_events = 0  # events handed to from_text, before the start

    # --- text form ---------------------------------------------------------
    def to_text(self) -> str:
        """The position as one line of text (``cpp/src/deal_text.cpp`` documents
        the format): everything needed to continue the deal exactly."""
        return self._state.to_text()

    @classmethod
    def from_text(cls, text: str, ruleset: Optional[RulesetLike] = None, events: Sequence[Event] = ()) -> "Deal":
        """The deal at the position of ``text`` (see :meth:`to_text`).

        The ruleset is the preset whose fields the text holds, or a custom
        ruleset named ``"custom"``; pass ``ruleset`` to name it (it must hold
        the same fields). ``events`` are the public events that led to the
        position, when known: they become its history (they are not checked
        against it). A deal from text has no seed: ``seed`` is 0,
        ``initial_hands`` are the position's hands and ``start_text`` is
        ``text``. Malformed text or an impossible
        position raises ValueError.

            >>> d = Deal(seed=7)
            >>> Deal.from_text(d.to_text()).to_text() == d.to_text()
            True
        """
        if not isinstance(text, str):
            raise TypeError(f"a deal text must be a str, got {type(text).__name__}")
        if not text.isascii():
            raise ValueError("deal text: the text form is ASCII only")
        state = _core.DealState.from_text(text)
        fields = text.split(" ")[2]
        if ruleset is None:
            rules = ruleset_of_text(state.rules)
        else:
            rules = as_ruleset(ruleset)
            if _core.ruleset_text(rules.core) != _core.ruleset_text(state.rules):
                raise ValueError(f"ruleset {rules.name!r} does not hold the text's ruleset fields {fields}")
        deal = cls.__new__(cls)
        deal._ruleset = rules
        deal._seed = 0
        deal._cut_position, deal._face_up = 0, None
        deal._state = state
        deal._initial_hands = list(state.hands)
        deal._leader_given = None
        deal._start_text = text
        deal._history = tuple(events)
        if not all(isinstance(e, Event) for e in deal._history):
            raise TypeError("events must be guandan Event objects")
        deal._given_events = len(deal._history)
        return deal

    @property
    def start_text(self) -> Optional[str]:
        """The text this deal was read from (:meth:`from_text`), else None."""
        return self._start_text

    @property
    def events_since_start(self) -> Tuple[Event, ...]:
        """The events played in this deal object: its history less the events
        given to :meth:`from_text` (what a log of the deal records)."""
        return self._history[self._given_events :]

    # --- state -------------------------------------------------------------
    @property
    def seed(self) -> int:
        return self._seed

    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def leader_given(self) -> Optional[int]:
        """The leader passed to the constructor, if any."""
        return self._leader_given

    @property
    def previous_order(self) -> Optional[List[int]]:
        """The previous deal's places this deal's tribute was planned from."""
        return self._state.previous_order

    @property
    def level(self) -> str:
        return _core.rank_name(self._state.level)

    @property
    def phase(self) -> str:
        """``"tribute"``, ``"return"``, ``"play"`` or ``"over"``."""
        return PHASES[self._state.phase]

    @property
    def turn(self) -> Optional[int]:
        """The seat to act, in every phase; None when the deal is over."""
        turn = self._state.turn
        return None if turn < 0 else turn

    @property
    def hands(self) -> List[Hand]:
        return self._state.hands

    @property
    def initial_hands(self) -> List[Hand]:
        """The hands as dealt, before any tribute."""
        return list(self._initial_hands)

    @property
    def card_counts(self) -> List[int]:
        return [len(h) for h in self._state.hands]

    @property
    def face_up_card(self) -> Optional[Card]:
        """The face-up card of the seeded cut (its seat leads a first deal);
        None for a deal read from text."""
        return self._face_up

    @property
    def last_play(self) -> Optional[Move]:
        """The play to beat, or None when the seat to act leads."""
        return self._state.last_play

    @property
    def last_player(self) -> Optional[int]:
        seat = self._state.last_player
        return None if seat < 0 else seat

    @property
    def history(self) -> List[Event]:
        """Every public event so far, in order."""
        return list(self._history)

    @property
    def events(self) -> Tuple[Event, ...]:
        """The public events so far, as an immutable tuple (no copy)."""
        return self._history

    def _record(self, event: Event) -> None:
        self._history = self._history + (event,)

    # --- play --------------------------------------------------------------
    def legal_moves(self) -> MoveSequence:
        """Every legal move of the seat to act (passing, when allowed, is ``pass_turn``)."""
        return self._state.legal_moves()

    def grouped_moves(self) -> MoveSequence:
        """One legal move per distinct (kind, size, rank), the representative
        that uses the fewest wild cards (see :func:`guandan.grouped_moves`)."""
        return self._state.legal_moves(True)

    def can_pass(self) -> bool:
        return self.phase == "play" and self._state.last_play is not None

    def play(self, move) -> None:
        """Play a Move, or cards (a string or cards) that have exactly one legal reading now."""
        if not isinstance(move, Move):
            move = self._reading_of(move)
        seat = self._state.turn
        self._state.play(move)
        self._record(Event("play", seat, move=move))

    def pass_turn(self) -> None:
        seat = self._state.turn
        self._state.pass_turn()
        self._record(Event("pass", seat))

    def _reading_of(self, cards) -> Move:
        if self.phase != "play":
            raise ValueError("no play now: the deal is in its " + self.phase + " phase")
        wanted = as_hand(cards)
        readings = [m for m in self._state.legal_moves() if m.cards == wanted.cards]
        if not readings:
            raise ValueError(f"'{wanted}' is not a legal play for seat {self.turn} now")
        if len(readings) > 1:
            options = ", ".join(f"{m.kind} {m.rank}" for m in readings)
            raise ValueError(f"'{wanted}' can be played as {options}: pass the Move to choose")
        return readings[0]

    # --- tribute -----------------------------------------------------------
    @property
    def tribute(self) -> Optional[TributePlan]:
        """The tribute of this deal (None for a deal without one)."""
        previous = self._state.previous_order
        if previous is None:
            return None
        payments = tuple((p[0], p[1]) for p in self._state.payments)
        paid = tuple((p, r, c) for (p, r), c in zip(payments, self._state.paid))
        returned = tuple((r, p, c) for (p, r), c in zip(payments, self._state.returned))
        return TributePlan(
            cancelled=self._state.tribute_cancelled,
            payments=payments,
            first_place=previous[0],
            paid=paid,
            returned=returned,
        )

    def tribute_options(self) -> List[Card]:
        """The cards the seat to act may give in the tribute or return phase."""
        return self._state.give_options()

    def give(self, card) -> None:
        """Pay the tribute card, or give the return card, for the seat to act."""
        card = card if isinstance(card, Card) else Card(card)
        phase = self.phase
        index = len(self._state.paid) if phase == "tribute" else len(self._state.returned)
        self._state.give(card)
        payer, receiver = self._state.payments[index]
        if phase == "tribute":
            self._record(Event("tribute", payer, card=card, to=receiver))
        else:
            self._record(Event("return", receiver, card=card, to=payer))

    # --- results -----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def finishing_order(self) -> List[int]:
        """The seats that went out, in order."""
        return self._state.finishing_order

    @property
    def placing(self) -> List[int]:
        """All four seats from first to last; players who never went out (the
        losers of a 1-2 when one team out ends the deal) come after the last
        player out in turn order."""
        return self._state.placing

    @property
    def first_out_last_play(self) -> Optional[Move]:
        """The move the first player out went out with."""
        return self._state.first_out_last_play

    @property
    def outcome(self) -> Optional[str]:
        """``"1-2"``, ``"1-3"`` or ``"1-4"`` (where the first player out's partner finished) once over."""
        return OUTCOMES[self._state.partner_place] if self.is_over else None

    @property
    def winning_team(self) -> Optional[int]:
        """The team of the first player out (0: seats 0 and 2), once over."""
        return self.finishing_order[0] % 2 if self.is_over else None

    # --- views ---------------------------------------------------------------
    def observation(self, seat: int, match=None) -> Observation:
        """What ``seat`` may know: its own hand and everything public."""
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        state = None if match is None else match.state
        counts = self.card_counts
        core = self._state
        return Observation(
            seat=seat,
            hand=self.hands[seat],
            level=self.level,
            ruleset=self.ruleset.name,
            phase=self.phase,
            turn=self.turn,
            card_counts=(counts[0], counts[1], counts[2], counts[3]),
            last_play=self.last_play,
            last_player=self.last_player,
            finishing_order=tuple(self.finishing_order),
            history=self.events,
            levels=None if state is None else state.levels,
            declarers=None if state is None else state.declarers,
            failed_attempts=None if state is None else state.failed_attempts,
            rules=self.ruleset,
            tribute=self.tribute,
            played=core.played,
            shown=tuple(core.shown),
            passed=tuple(core.passed),
            first_out_last_play=core.first_out_last_play,
            view=core.view(seat),
        )

    # --- copies and pickles ---------------------------------------------------
    def copy(self) -> "Deal":
        """An independent copy (the C++ state is a plain value)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = self._state.copy()  # the history tuple is shared: it is immutable
        return other

    def __copy__(self) -> "Deal":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Deal":
        # Every attribute but the core state is immutable, so copy() is already deep.
        other = self.copy()
        memo[id(self)] = other
        return other

    def __reduce_ex__(self, protocol):
        if protocol < 2:
            # Protocols 0 and 1 cannot rebuild the core's cards (Hand, Card).
            raise ValueError(f"a Deal is pickled with protocol 2 or higher, got protocol {protocol}")
        return super().__reduce_ex__(protocol)

    def __getstate__(self) -> dict:
        """The attributes without the core state. Unpickling rebuilds it by
        replaying the events since the start, which restores it exactly,
        what earlier passes and plays showed the core policies included (the
        text form leaves that out); the text form is kept to check the replay."""
        state = dict(self.__dict__)
        del state["_state"]
        state["_level"] = self._state.level
        state["_previous_order"] = self._state.previous_order
        state["_text"] = self.to_text()
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(state)
        level, previous_order, text = state.pop("_level"), state.pop("_previous_order"), state.pop("_text")
        self.__dict__.update(state)
        self._state = self._start_state(level, previous_order)
        for event in self.events_since_start:
            if event.kind == "pass":
                self._state.pass_turn()
            elif event.move is not None:
                self._state.play(event.move)
            elif event.card is not None:  # a tribute or return card
                self._state.give(event.card)
            else:
                raise ValueError(f"the pickled deal holds an event with neither move nor card: {event}")
        if self._state.to_text() != text:
            raise ValueError("the pickled deal does not replay to its position: the pickle is damaged")

    def _start_state(self, level: int, previous_order: Optional[List[int]]) -> "_core.DealState":
        """The core state this deal started from, as the constructor or
        from_text made it."""
        if self._start_text is not None:
            return _core.DealState.from_text(self._start_text)
        if previous_order is not None:
            return _core.DealState(self._initial_hands, level, self._ruleset.core, list(previous_order))
        leader = self._leader_given
        if leader is None:
            leader = _core.seeded_deal(self._seed)[3]  # the seeded cut's leader, as in __init__
        return _core.DealState(self._initial_hands, level, self._ruleset.core, leader)

    def __repr__(self) -> str:
        return f"<Deal level {self.level} {self.ruleset.name} phase {self.phase} turn {self.turn} counts {self.card_counts}>"
