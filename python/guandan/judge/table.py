"""One match as the judge runs it, without sockets: who is asked what,
and what everyone is told.

:class:`JudgeTable` turns the engine's match into the protocol's messages
(:mod:`.messages`): :meth:`JudgeTable.start_deal` gives the opening
notices, :meth:`JudgeTable.decision` the ``act`` message of the seat to act
with its choices, :meth:`JudgeTable.answer` applies a chosen index and
gives the notices that follow, :meth:`JudgeTable.end_deal` the end of the
deal. Seats here are the engine's seats, the ``myPos`` of the messages.

    >>> from guandan import Match
    >>> table = JudgeTable(Match("standard", seed=1))
    >>> [message["stage"] for _, message in table.start_deal()]
    ['beginning', 'beginning', 'beginning', 'beginning']
    >>> decision = table.decision()
    >>> decision.message["type"], decision.message["actionList"][0][0]
    ('act', 'Single')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple, Union

from .._core import Card, Move
from ..gd.cards import level_order
from ..gd.match import Match
from . import messages
from .actions import PASS_ACTION, tribute_action, wire_action
from .cards import wire_card

#: A message and its addressee: a seat, or None for all four.
Addressed = Tuple[Optional[int], messages.Message]
Option = Union[Move, Card, None]

_STAGE = {"play": "play", "tribute": "tribute", "return": "back"}


def _move_key(move: Move) -> tuple:
    # The weakest play first; equal strength: fewer wilds, more cards.
    return (move.strength, move.wilds, -move.size, str(move))


@dataclass
class Decision:
    """What ``seat`` is asked: ``message`` (an ``act``), whose
    ``actionList[i]`` is ``options[i]`` (a Move, None for pass, or a Card
    to give)."""

    seat: int
    stage: str
    message: messages.Message
    options: List[Option]
    level: str = "2"
    _fallback: Optional[int] = field(default=None, repr=False)

    @property
    def can_pass(self) -> bool:
        return self.stage == "play" and self.options[0] is None

    def fallback(self) -> int:
        """The index played for a seat that does not answer validly: pass
        when it may, else its weakest play (a lead); in the tribute its
        first listed card (all are its highest), giving back its lowest card."""
        if self._fallback is None:
            if self.stage == "play":
                if self.can_pass:
                    self._fallback = 0
                else:
                    moves = self.options
                    self._fallback = min(range(len(moves)), key=lambda i: _move_key(moves[i]))  # type: ignore[arg-type]
            elif self.stage == "tribute":
                self._fallback = 0
            else:
                cards = self.options
                self._fallback = min(range(len(cards)), key=lambda i: level_order(cards[i], self.level))  # type: ignore[arg-type]
        return self._fallback


def wire_hand(hand: Any) -> List[str]:
    """A hand's cards as protocol strings (in the engine's order)."""
    text = str(hand)
    return [_WIRE[card] for card in text.split()] if text else []


_WIRE = {str(c): wire_card(c) for c in (Card(r + s) for r in "23456789TJQKA" for s in "shcd")}
_WIRE.update({"SJ": wire_card(Card("SJ")), "BJ": wire_card(Card("BJ"))})


class JudgeTable:
    """The protocol's view of ``match``: its current deal, played through
    :meth:`decision` and :meth:`answer`."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._reset()

    def _reset(self) -> None:
        self._play_area: List[Optional[list]] = [None, None, None, None]
        self._current: Optional[Tuple[int, list]] = None
        self._greater: Optional[Tuple[int, list]] = None
        self._decision: Optional[Decision] = None

    # --- the deal -------------------------------------------------------------
    def _ranks(self, seat: int) -> messages.Ranks:
        return messages.ranks(seat, self.match.state.levels, self.match.deal.level)

    def start_deal(self) -> List[Addressed]:
        """The ``beginning`` notice of each seat, and ``anti-tribute`` when the tribute is cancelled."""
        self._reset()
        deal = self.match.deal
        out: List[Addressed] = [
            (seat, messages.beginning(seat, wire_hand(deal.initial_hands[seat]), self._ranks(seat)))
            for seat in range(4)
        ]
        plan = deal.tribute
        if plan is not None and plan.cancelled:
            payers = sorted({payer for payer, _ in plan.payments}) or self._losers()
            out.append((None, messages.anti_tribute(payers)))
        return out

    def _losers(self) -> List[int]:
        previous = self.match.deal.previous_order or []
        last = previous[-1:] if previous else []
        # A double loss (1-2): both losers would have paid.
        return sorted(previous[2:]) if len(previous) == 4 and previous[2] % 2 == previous[3] % 2 else last

    def _public(self) -> messages.PublicInfo:
        counts = self.match.deal.card_counts
        return [{"rest": counts[s], "playArea": self._play_area[s]} for s in range(4)]

    def decision(self) -> Optional[Decision]:
        """The seat to act and its ``act`` message; None once the deal is over."""
        deal = self.match.deal
        if deal.is_over:
            return None
        if self._decision is not None:
            return self._decision
        seat = deal.turn
        assert seat is not None
        stage = _STAGE[deal.phase]
        options: List[Option]
        if stage == "play":
            moves = deal.legal_moves()
            if deal.last_play is None:  # a new trick: the table is cleared
                self._play_area = [None, None, None, None]
                self._greater = None
                options = list(moves)
                actions = [wire_action(m) for m in moves]
                current: Optional[Tuple[int, list]] = None
                greater: Optional[Tuple[int, list]] = None
            else:
                options = [None, *moves]
                actions = [PASS_ACTION, *[wire_action(m) for m in moves]]
                current, greater = self._current, self._greater
        else:
            cards = deal.tribute_options()
            options = list(cards)
            actions = [tribute_action(card, stage) for card in cards]
            current = greater = None
        message = messages.act(
            stage, seat, wire_hand(deal.hands[seat]), self._public(), self._ranks(seat),
            None if current is None else current[0], None if current is None else current[1],
            None if greater is None else greater[0], None if greater is None else greater[1], actions)
        self._decision = Decision(seat, stage, message, options, deal.level)
        return self._decision

    def decisions(self) -> List[Decision]:
        """The questions that may be asked at once: the pending decision and,
        when it is the first of two payers of a double tribute (or the first
        of two receivers giving back), the other one's. The second's message
        is what it is asked before either has given (the counts of every
        seat as they are now); its options do not depend on the first's
        card. Answer both with :meth:`answer_both`. Empty once the deal is over."""
        first = self.decision()
        if first is None:
            return []
        second = self._other_giver(first)
        return [first] if second is None else [first, second]

    def _other_giver(self, first: Decision) -> Optional[Decision]:
        deal = self.match.deal
        plan = deal.tribute
        if first.stage == "play" or plan is None or len(plan.payments) != 2:
            return None
        if (plan.paid if first.stage == "tribute" else plan.returned):
            return None  # one of the two has given: the other is the pending decision
        ahead = deal.copy()
        ahead.give(first.options[0])  # type: ignore[arg-type]
        seat = ahead.turn
        if ahead.is_over or ahead.phase != deal.phase or seat is None or seat == first.seat:
            return None
        cards = ahead.tribute_options()
        message = messages.act(first.stage, seat, wire_hand(deal.hands[seat]), self._public(), self._ranks(seat),
                               None, None, None, None, [tribute_action(card, first.stage) for card in cards])
        return Decision(seat, first.stage, message, list(cards), deal.level)

    def answer_both(self, first: int, second: Tuple[Decision, int]) -> List[Addressed]:
        """Apply the answers to the two questions of :meth:`decisions`, in
        the engine's order; the notices that follow. ``second`` is the second
        decision and its index (its card is given; its fallback if the
        card were somehow no longer an option)."""
        decision, index = second
        if not 0 <= index < len(decision.options):
            raise ValueError(f"actIndex must be 0..{len(decision.options) - 1}, got {index!r:.40}")
        _, notices = self.answer(first)
        pending = self.decision()
        if pending is None or pending.seat != decision.seat or pending.stage != decision.stage:
            raise ValueError("the second question is no longer pending")
        card = decision.options[index]
        chosen = pending.options.index(card) if card in pending.options else pending.fallback()
        _, more = self.answer(chosen)
        return notices + more

    def answer(self, index: int) -> Tuple[Option, List[Addressed]]:
        """Apply choice ``index`` of the pending decision (ValueError when out
        of range); the option applied and the notices that follow it."""
        decision = self.decision()
        if decision is None:
            raise ValueError("the deal is over: no decision is pending")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(decision.options):
            raise ValueError(f"actIndex must be 0..{len(decision.options) - 1}, got {index!r:.40}")
        deal = self.match.deal
        seat, option = decision.seat, decision.options[index]
        self._decision = None
        if decision.stage == "play":
            if option is None:
                deal.pass_turn()
                action = PASS_ACTION
            else:
                assert isinstance(option, Move)
                deal.play(option)
                action = wire_action(option)
            self._play_area[seat] = action
            self._current = (seat, action)
            if option is not None:
                self._greater = (seat, action)
            # A pass leaves the trick's owner as it was (kept after the trick is
            # won until the next lead, as the last play notices show it).
            owner, owner_action = self._greater if self._greater is not None else (-1, PASS_ACTION)
            return option, [(None, messages.play(seat, action, owner, owner_action))]
        assert isinstance(option, Card)
        phase = deal.phase
        deal.give(option)
        notices: List[Addressed] = []
        plan = deal.tribute
        assert plan is not None
        if phase == "tribute" and deal.phase != "tribute":
            notices.append((None, messages.tribute([[p, r, wire_card(c)] for p, r, c in plan.paid])))
        if phase == "return" and deal.phase != "return":
            notices.append((None, messages.back([[g, r, wire_card(c)] for g, r, c in plan.returned])))
        return option, notices

    def end_deal(self) -> List[Addressed]:
        """The ``episodeOver`` notice of the finished deal."""
        deal = self.match.deal
        rest = [[seat, wire_hand(deal.hands[seat])] for seat in range(4) if deal.card_counts[seat]]
        return [(None, messages.episode_over(list(deal.placing), deal.level, rest))]


def seat_of(participant: int, rotation: int) -> int:
    """The engine seat of the client at path ``client{participant}`` when the
    teams are swapped ``rotation`` (0 or 1) times."""
    return (participant + rotation) % 4


def participant_of(seat: int, rotation: int) -> int:
    return (seat - rotation) % 4

