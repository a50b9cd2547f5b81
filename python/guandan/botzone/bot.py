"""``guandan botzone``: one of our bots as a Botzone GuanDan bot program.

It reads Botzone's input on stdin and answers each request on stdout
(:mod:`.protocol`): in the simple mode one input, every request so far,
and one answer, then it exits; with ``keep_running`` it prints Botzone's
keep-running line after each answer and waits for the next request.

Whatever the input, it answers: a request it cannot read gets a legal
answer where one can be worked out (the first legal play, a pass when
following, the first card it may give), and the reason goes in the answer's
``debug`` field, never on stderr (which Botzone may have closed).
"""

from __future__ import annotations

import json
import time
from typing import IO, Any, List, Optional, Tuple

from .._core import Card
from ..gd.bots import Bot, SimpleBot
from ..gd.moves import legal_moves
from .cards import answer_of_move, number_of_card, numbers_for_cards
from .protocol import KEEP_RUNNING, PASS, read_input
from .seat import BotzoneSeat


def _card_answer(seat: BotzoneSeat, card: Card) -> List[int]:
    try:
        return numbers_for_cards([card], seat.held)
    except ValueError:
        return [number_of_card(card)]


def _decide(bot: Bot, ask: Any) -> Any:
    try:
        return ask(bot)
    except (ValueError, TypeError):  # e.g. a core bot without a view: the simple player decides
        return ask(SimpleBot())


def answer(seat: BotzoneSeat, bot: Bot) -> Any:
    """This seat's answer to the request it last took."""
    stage = seat.stage
    if stage in ("tribute", "return"):
        if seat.resist:
            return []
        options = seat.tribute_options() if stage == "tribute" else seat.return_options()
        if not options:
            return []  # no card the judge takes: nothing can be right
        observation = seat.observation()
        card = _decide(bot, lambda b: b.choose_card(observation, options))
        return _card_answer(seat, card if card in options else options[0])
    if stage != "play":
        return []
    previous = None if seat.leads else seat.record.last_play
    moves = legal_moves(seat.record.hand, seat.level, previous, seat.ruleset)
    if not moves:
        return PASS
    observation = seat.observation()
    choice = _decide(bot, lambda b: b.choose_move(observation, moves, not seat.leads))
    if choice is None:
        return PASS if not seat.leads else answer_of_move(moves[0], seat.held)
    return answer_of_move(choice if choice in moves else moves[0], seat.held)


def answer_input(seat: BotzoneSeat, bot: Bot, requests: List[Any], responses: List[Any]) -> Tuple[Any, str]:
    """Replay ``requests`` and this seat's earlier ``responses``, then answer
    the first request without one; the answer and a debug note."""
    start = time.perf_counter()
    for i, request in enumerate(requests):
        seat.take(request)
        if i < len(responses):
            seat.answered(responses[i])
            continue
        break
    try:
        reply = answer(seat, bot)
        note = ""
    except Exception as error:  # noqa: BLE001 - a bot program answers whatever happens
        reply = _fallback(seat)
        note = f"fallback after {error.__class__.__name__}: {error}"
    seat.answered(reply)
    spent = f"{(time.perf_counter() - start) * 1000:.0f} ms"
    return reply, f"guandan {spent}" + (f"; {note}" if note else "")


def _fallback(seat: BotzoneSeat) -> Any:
    try:
        return answer(seat, SimpleBot())
    except Exception:  # noqa: BLE001 - the last resort: pass, or give nothing
        return PASS if seat.stage == "play" else []


def run(bot: Bot, stdin: IO[str], stdout: IO[str], keep_running: bool = False) -> int:
    """Answer Botzone's input on ``stdin`` (one input, or with
    ``keep_running`` every input until stdin closes); the exit status."""
    seat: Optional[BotzoneSeat] = None
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        try:
            requests, responses = read_input(line)
        except ValueError as error:
            reply: Any = []
            note = f"unreadable input ({error})"
        else:
            if seat is None or responses or len(requests) > 1:
                seat = BotzoneSeat()  # a whole game to replay
            reply, note = answer_input(seat, bot, requests, responses)
        stdout.write(json.dumps({"response": reply, "debug": note}) + "\n")
        if not keep_running:
            stdout.flush()
            return 0
        stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()
