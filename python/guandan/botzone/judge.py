"""``guandan botzone-judge``: Botzone's GuanDan judge, replayed here, for
four bot programs (ours or anyone's) over seeded games.

One game is one deal, as on the ladder: the judge sends each seat its
cards (``deal``), then, when the game is set up with a tribute, asks for
the tribute and return cards, then asks for plays until one team is out.
Every answer is checked as Botzone's judge checks it; the first illegal
answer (or a program that answers late, or not at all) ends the game with
-2 for its seat, 0 for its partner and 1 for each opponent, and the run
goes on with the next game. The play's rules are the core's, under the
``botzone`` ruleset; the tribute steps are :mod:`.rules`'.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .._core import Move
from ..gd.deal import Deal
from .cards import ClaimError, card_of_number, check_number, hand_of_numbers, level_of_text, move_of_answer
from .program import Program
from .protocol import HISTORY_FORMATS, PASS, history_of, is_pass, new_global
from .rules import RULESET, deal_level, error_scores, exchange, leader, payers, receivers, return_options
from .rules import scores_of_outcome, tribute_accepted, tribute_cancelled

TRIBUTES = ("none", "single", "double", "random")


@dataclass(frozen=True)
class GameSetup:
    """What Botzone's ``initdata`` sets: the 108 cards dealt, the teams'
    levels, and the tribute (0, 1 or 2) with the previous first and last
    places."""

    allocation: Tuple[Tuple[int, ...], ...]
    levels: Tuple[str, str] = ("2", "2")
    tribute: int = 0
    first: Optional[int] = None
    last: Optional[int] = None

    def __post_init__(self) -> None:
        numbers = sorted(n for hand in self.allocation for n in hand)
        if len(self.allocation) != 4 or numbers != list(range(108)):
            raise ValueError("allocation must deal the numbers 0..107 to four seats")
        for level in self.levels:
            level_of_text(level)
        if self.tribute not in (0, 1, 2):
            raise ValueError(f"tribute must be 0, 1 or 2, got {self.tribute!r}")
        if self.tribute:
            if self.first not in range(4) or self.last not in range(4) or self.first == self.last:
                raise ValueError("a tribute needs first and last: two different seats 0..3")
            if self.tribute == 2 and (self.first - self.last) % 2 == 0:  # type: ignore[operator]
                raise ValueError("a double tribute is paid by the other team: first and last must be opponents")

    @staticmethod
    def seeded(seed: Any, level: str = "2", tribute: str = "none") -> "GameSetup":
        """The game of ``seed``: shuffled cards, both teams at ``level``
        (Botzone's text, ``"random"`` for any), and ``tribute`` one of
        :data:`TRIBUTES`."""
        rng = random.Random(f"guandan-botzone:{seed}")
        numbers = list(range(108))
        rng.shuffle(numbers)
        allocation = tuple(tuple(sorted(numbers[27 * s:27 * s + 27])) for s in range(4))
        if level == "random":
            level = rng.choice("234567890JQKA")
        kind = rng.choice(TRIBUTES[:3]) if tribute == "random" else tribute
        if kind not in TRIBUTES[:3]:
            raise ValueError(f"tribute must be one of {', '.join(TRIBUTES)}, got {tribute!r}")
        if kind == "none":
            return GameSetup(allocation, (level, level))
        first = rng.randrange(4)
        last = (first + rng.choice((1, 3))) % 4 if kind == "double" else rng.choice([s for s in range(4) if s != first])
        return GameSetup(allocation, (level, level), 1 if kind == "single" else 2, first, last)


@dataclass
class Illegal:
    """The answer that ended a game early."""

    seat: int
    reason: str
    detail: str
    answer: Any = None

    def to_dict(self) -> dict:
        return {"seat": self.seat, "reason": self.reason, "detail": self.detail, "answer": self.answer}


@dataclass
class GameRecord:
    """One game: its setup, every answer, the scores, and the turn times."""

    setup: GameSetup
    scores: List[int] = field(default_factory=list)
    outcome: Optional[str] = None
    first_out: Optional[int] = None
    illegal: Optional[Illegal] = None
    answers: List[Tuple[int, str, Any]] = field(default_factory=list)  # (seat, stage, answer)
    seconds: List[List[float]] = field(default_factory=lambda: [[], [], [], []])

    def to_dict(self) -> dict:
        setup = self.setup
        return {"allocation": [list(h) for h in setup.allocation], "levels": list(setup.levels),
                "tribute": setup.tribute, "first": setup.first, "last": setup.last, "scores": self.scores,
                "outcome": self.outcome, "first_out": self.first_out,
                "illegal": None if self.illegal is None else self.illegal.to_dict(),
                "answers": [list(a) for a in self.answers], "seconds": self.seconds}


class _GameOver(Exception):
    def __init__(self, illegal: Illegal) -> None:
        super().__init__(illegal.reason)
        self.illegal = illegal


class BotzoneGame:
    """One game between four programs (``programs[seat]``)."""

    def __init__(self, setup: GameSetup, programs: Sequence[Program], history: str = "moves") -> None:
        if history not in HISTORY_FORMATS:
            raise ValueError(f"history must be one of {', '.join(HISTORY_FORMATS)}, got {history!r}")
        self.setup, self.programs, self.history = setup, list(programs), history
        self.record = GameRecord(setup)
        self.hands = [list(h) for h in setup.allocation]
        self.level_text = deal_level(setup.levels, setup.tribute, setup.first)
        self.level = level_of_text(self.level_text)
        self.info: Dict[str, Any] = new_global(self.level_text, setup.tribute, setup.first, setup.last)

    def _ask(self, seat: int, stage: str, request: Dict[str, Any]) -> Any:
        turn = self.programs[seat].ask(request)
        self.record.seconds[seat].append(turn.seconds)
        self.record.answers.append((seat, stage, turn.answer))
        if turn.error is not None:
            reason, _, detail = turn.error.partition(": ")
            raise _GameOver(Illegal(seat, reason, detail, turn.answer))
        return turn.answer

    def play(self) -> GameRecord:
        """Play the game to its end (or to its first illegal answer)."""
        record = self.record
        try:
            self._deal()
            leader_seat = self._tribute()
            self._play(leader_seat)
        except _GameOver as over:
            record.illegal = over.illegal
            record.scores = error_scores(over.illegal.seat)
        finally:
            for program in self.programs:
                program.close()
        return record

    def _deal(self) -> None:
        for seat in range(4):
            request = {"stage": "deal", "deliver": list(self.hands[seat]), "your_id": seat, "global": dict(self.info)}
            answer = self._ask(seat, "deal", request)
            if answer != []:
                raise _GameOver(Illegal(seat, "INVALID_MOVE", "the answer to a deal is []", answer))
        self.info.update({"tribute_cards": {}, "return_cards": {}, "resist": False})

    def _one_card(self, seat: int, stage: str, answer: Any) -> int:
        if self.info["resist"]:
            if answer != []:
                raise _GameOver(Illegal(seat, "INVALID_MOVE", f"the tribute is cancelled: the {stage} answer is []", answer))
            return -1
        try:
            if not isinstance(answer, list) or len(answer) != 1:
                raise ValueError(f"the {stage} answer is one card number in a list")
            number = check_number(answer[0])
        except (TypeError, ValueError) as error:
            raise _GameOver(Illegal(seat, "INVALID_MOVE", str(error), answer)) from None
        if number not in self.setup.allocation[seat]:
            raise _GameOver(Illegal(seat, "NOT_YOUR_POKER", f"card {number} was not dealt to seat {seat}", answer))
        return number

    def _tribute(self) -> int:
        setup = self.setup
        if not setup.tribute:
            return 0
        assert setup.first is not None and setup.last is not None
        paying = payers(setup.tribute, setup.last)
        dealt = [hand_of_numbers(h) for h in self.hands]
        self.info["resist"] = tribute_cancelled(dealt, paying)
        paid: Dict[int, int] = {}
        for seat in paying:
            number = self._one_card(seat, "tribute", self._ask(seat, "tribute", self._stage_request("tribute")))
            if number >= 0:
                if not tribute_accepted(dealt[seat], card_of_number(number), self.level):
                    raise _GameOver(Illegal(seat, "INVALID_MOVE", f"{card_of_number(number)} is not the highest card",
                                            [number]))
                paid[seat] = number
            self.info["tribute_cards"][str(seat)] = number
        for seat in receivers(setup.tribute, setup.first):
            number = self._one_card(seat, "return", self._ask(seat, "return", self._stage_request("return")))
            if number >= 0 and card_of_number(number) not in return_options(dealt[seat], self.level):
                raise _GameOver(Illegal(seat, "INVALID_MOVE", f"{card_of_number(number)} is no return: rank 2 to 9, "
                                        f"not the level rank", [number]))
            self.info["return_cards"][str(seat)] = number
        cards = {seat: card_of_number(n) for seat, n in paid.items()}
        if not self.info["resist"]:
            for payer, receiver in exchange(setup.tribute, setup.first, setup.last, cards, self.level):
                given, back = paid[payer], self.info["return_cards"][str(receiver)]
                self.hands[payer].remove(given)
                self.hands[receiver].append(given)
                self.hands[receiver].remove(back)
                self.hands[payer].append(back)
        return leader(setup.tribute, setup.first, setup.last, cards, self.info["resist"], self.level)

    def _stage_request(self, stage: str) -> Dict[str, Any]:
        return {"stage": stage, "global": _copy(self.info)}

    def _play(self, leader_seat: int) -> None:
        deal = Deal(hands=[hand_of_numbers(h) for h in self.hands], level=self.level, ruleset=RULESET,
                    leader=leader_seat)
        moves: List[Tuple[int, Any]] = []
        pass_on = -1
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            history = history_of(moves, seat, self.history)
            if not moves and not self.setup.tribute:
                history = [[], [], [], []]  # as the published judge starts a game without tribute
            request = {"stage": "play", "history": history, "done": list(deal.finishing_order),
                       "pass_on": pass_on, "global": _copy(self.info)}
            answer = self._ask(seat, "play", request)
            move, played = self._check_play(deal, seat, answer)
            if move is None:
                deal.pass_turn()
                moves.append((seat, PASS))
                if deal.last_play is None:
                    pass_on = -1  # the trick is over: the partner of the player out leads
                continue
            deal.play(move)
            for number in played[0]:
                self.hands[seat].remove(number)
            moves.append((seat, played))
            pass_on = seat if seat in deal.finishing_order else -1
        first_out = deal.finishing_order[0]
        self.record.first_out, self.record.outcome = first_out, deal.outcome
        assert deal.outcome is not None
        self.record.scores = scores_of_outcome(first_out, deal.outcome)

    def _check_play(self, deal: Deal, seat: int, answer: Any) -> Tuple[Optional[Move], List[List[int]]]:
        """The move of ``answer`` (None for a pass) and the answer as played;
        _GameOver for what Botzone's judge refuses."""
        def illegal(reason: str, detail: str) -> _GameOver:
            return _GameOver(Illegal(seat, reason, detail, answer))

        if not isinstance(answer, list):
            raise illegal("INVALID_FORMAT", "a play is [action, claim]")
        if is_pass(answer):
            if not deal.can_pass():
                raise illegal("INVALID_PASS", "the seat leads and may not pass")
            if answer != [] and answer[1] != []:
                raise illegal("ILLEGAL_CLAIM", "a pass claims no card")
            return None, PASS
        if len(answer) != 2:
            raise illegal("INVALID_FORMAT", "a play is [action, claim]")
        action, claim = answer
        try:
            move = move_of_answer(action, claim, self.level)
        except ClaimError as error:
            raise illegal(error.reason, error.detail) from None
        if len(set(action)) != len(action) or not set(action) <= set(self.hands[seat]):
            raise illegal("NOT_YOUR_POKER", f"seat {seat} does not hold all of {action}")
        if move not in deal.legal_moves():
            last = deal.last_play
            same_kind = last is not None and (move.is_bomb or (move.kind == last.kind and move.size == last.size))
            raise illegal("SMALLER_POINTS" if same_kind else "POKERTYPE_MISMATCH",
                          f"{move.kind} {move.rank} does not beat {last.kind} {last.rank}" if last else "not legal")
        return move, [list(action), list(claim)]


def _copy(info: Dict[str, Any]) -> Dict[str, Any]:
    return {key: dict(value) if isinstance(value, dict) else value for key, value in info.items()}


def seat_programs(rotation: int) -> List[int]:
    """Which of four commands plays each seat at ``rotation`` (seat s: command (s - rotation) % 4)."""
    return [(seat - rotation) % 4 for seat in range(4)]


def play_game(setup: GameSetup, commands: Sequence[Sequence[str]], time_limit: float, history: str = "moves",
              rotation: int = 0) -> Tuple[GameRecord, List[int]]:
    """One game of four commands (``commands[i]``, seated by ``rotation``);
    its record and the command index of each seat."""
    order = seat_programs(rotation)
    programs = [Program(commands[i], time_limit) for i in order]
    return BotzoneGame(setup, programs, history).play(), order
