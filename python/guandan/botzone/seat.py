"""What one seat knows in a Botzone game, from the requests it is sent and
its own answers: its cards as Botzone numbers, and the public record the
bots read (:class:`~guandan.gd.observation.SeatRecord`).

:meth:`BotzoneSeat.take` reads a request; :meth:`BotzoneSeat.answered`
records this seat's answer to it. Replaying a first input (every request
and earlier answer) is these two in turn; a keep-running bot calls them as
each request comes.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .._core import Card, Hand, Move
from ..gd.observation import Observation, SeatRecord
from ..gd.ruleset import Ruleset
from ..gd.tribute import tribute_cards
from .cards import ClaimError, card_of_number, cards_of_numbers, check_number, level_of_text, move_of_answer
from .cards import stand_in_move
from .protocol import is_pass, moves_since_own
from .rules import RULESET, exchange, return_options


def _seat_number(value: Any) -> Optional[int]:
    return value % 4 if isinstance(value, int) and not isinstance(value, bool) else None


class BotzoneSeat:
    """One seat's knowledge of the game so far."""

    def __init__(self, ruleset: Ruleset = RULESET) -> None:
        self.ruleset = ruleset
        self.stage: Optional[str] = None
        self.global_info: Dict[str, Any] = {}
        self.dealt: List[int] = []
        self.held: List[int] = []
        self.leads = True
        self._exchanged = False
        self.record = SeatRecord(0, "2", ruleset, Hand())

    @property
    def seat(self) -> int:
        return self.record.seat

    @property
    def level(self) -> str:
        return self.record.level

    # --- requests --------------------------------------------------------------
    def take(self, request: Any) -> None:
        """Read one request to this seat (unknown or damaged parts change nothing)."""
        if not isinstance(request, dict):
            self.stage = None
            return
        self.stage = request.get("stage") if isinstance(request.get("stage"), str) else None
        info = request.get("global")
        if isinstance(info, dict):
            self.global_info = info
            try:
                self.record.level = level_of_text(info.get("level"))
            except ValueError:
                pass
        if self.stage == "deal":
            self._deal(request)
        elif self.stage == "play":
            self._play(request)

    def _deal(self, request: Dict[str, Any]) -> None:
        seat = _seat_number(request.get("your_id"))
        try:
            dealt = [check_number(n) for n in request.get("deliver") or []]
        except (TypeError, ValueError):
            dealt = []
        level = self.record.level
        self.record = SeatRecord(seat if seat is not None else self.seat, level, self.ruleset, Hand())
        self.dealt, self.held, self._exchanged, self.leads = dealt, list(dealt), False, True
        self._sync_hand()

    def _play(self, request: Dict[str, Any]) -> None:
        if not self._exchanged:
            self._exchange()
            self._exchanged = True
        moves = moves_since_own(request.get("history"), self.seat)
        for seat, answer in moves:
            self._record(seat, answer)
        # Someone played since this seat's own last move: it follows that
        # play; otherwise the trick came back to it (or to it as the partner
        # of a player out) and it leads.
        self.leads = all(is_pass(answer) for _, answer in moves)
        if self.leads:
            self.record.new_trick()

    def _exchange(self) -> None:
        """Hand over the tribute and return cards, once all are known."""
        info = self.global_info
        tribute, first, last = info.get("tribute"), _seat_number(info.get("first")), _seat_number(info.get("last"))
        if tribute not in (1, 2) or first is None or last is None or info.get("resist"):
            return
        try:
            paid = {int(k): int(v) for k, v in (info.get("tribute_cards") or {}).items()}
            returned = {int(k): int(v) for k, v in (info.get("return_cards") or {}).items()}
            pairs = exchange(tribute, first, last, {p: card_of_number(n) for p, n in paid.items()}, self.level)
            for payer, receiver in pairs:
                given, back = paid[payer], returned[receiver]
                self._move_number(given, payer, receiver)
                self._move_number(back, receiver, payer)
                self.record.show(receiver, Hand([card_of_number(given)]))
                self.record.show(payer, Hand([card_of_number(back)]))
        except (KeyError, TypeError, ValueError, AttributeError):
            return  # a judge whose record does not fit: the seat keeps its dealt cards
        self._sync_hand()

    def _move_number(self, number: int, giver: int, taker: int) -> None:
        if giver == self.seat and number in self.held:
            self.held.remove(number)
        if taker == self.seat:
            self.held.append(number)

    def _record(self, seat: int, answer: Any) -> None:
        if is_pass(answer):
            self.record.record_pass(seat)
            return
        try:
            action, claim = answer
            cards = Hand(cards_of_numbers(action))
        except (TypeError, ValueError):
            return
        move = self.read_move(action, claim)
        if move is not None:
            self.record.record_play(seat, move, cards)
        if seat == self.seat:
            for number in action:
                if number in self.held:
                    self.held.remove(number)
            self._sync_hand()

    def read_move(self, action: Any, claim: Any) -> Optional[Move]:
        """The move of a play the judge took; a stand-in of natural cards for
        the plays the engine has no reading of (wilds alone claimed as
        another rank); None for what no judge takes."""
        try:
            return move_of_answer(action, claim, self.level)
        except ClaimError as error:
            if error.reason != "NO_READING":
                return None
            return stand_in_move(claim, self.level)

    def answered(self, answer: Any) -> None:
        """Record this seat's own answer to the request last taken."""
        if self.stage == "play":
            self._record(self.seat, answer)

    def _sync_hand(self) -> None:
        self.record.hand = Hand(cards_of_numbers(self.held))

    # --- what it may answer ------------------------------------------------------
    @property
    def resist(self) -> bool:
        return bool(self.global_info.get("resist"))

    def tribute_options(self) -> List[Card]:
        """The cards this seat may pay (the standard ones, which the judge takes)."""
        return tribute_cards(self.record.hand, self.level, self.ruleset)

    def return_options(self) -> List[Card]:
        return return_options(Hand(cards_of_numbers(self.dealt)), self.level)

    def observation(self) -> Observation:
        phase = {"tribute": "tribute", "return": "return"}.get(self.stage or "", "play")
        return self.record.observation(phase)
