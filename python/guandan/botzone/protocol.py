"""The messages of Botzone's GuanDan: the judge's requests to one seat, the
seat's answers, and the platform's envelope around them.

Requests (one JSON object each; every one holds ``global``: ``level``,
``tribute`` (0, 1 or 2), ``first`` and ``last`` (seats, or null without
tribute), and from the tribute on ``tribute_cards``, ``return_cards``
(seat to number, -1 when cancelled) and ``resist`` (the tribute is
cancelled)):

- ``{"stage": "deal", "deliver": [27 numbers], "your_id": seat}``: answer ``[]``;
- ``{"stage": "tribute"}`` / ``{"stage": "return"}``: answer ``[number]``,
  or ``[]`` when ``resist``;
- ``{"stage": "play", "history": [...], "done": [seats out], "pass_on": seat or -1}``:
  answer ``[action, claim]`` (:mod:`.cards`), ``[[], []]`` to pass.

``history`` holds the latest plays. Botzone's published judge sends the last
four moves, oldest first, as ``{"player": seat, "response": [action,
claim]}`` (padded with empty entries at the start of the play); logs of the
live ladder have also shown four bare answers by seat, the receiving seat's
own first ("seats"). :func:`moves_since_own` reads both.

The envelope: the first input is ``{"requests": [...], "responses": [...]}``
(every request so far to this seat, and its earlier answers); the answer is
one line ``{"response": ..., "debug": "..."}``. A bot that then prints
:data:`KEEP_RUNNING` stays running and is sent each later request alone, as
one line.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
PASS: List[List[int]] = [[], []]
HISTORY_FORMATS = ("moves", "seats")

Answer = Any
Move = Tuple[int, Answer]  # (seat, [action, claim])


def new_global(level_text: str, tribute: int, first: Optional[int], last: Optional[int]) -> Dict[str, Any]:
    return {"level": level_text, "tribute": tribute, "first": first, "last": last}


def history_of(moves: List[Move], seat: int, form: str) -> List[Any]:
    """The ``history`` of a play request to ``seat`` after ``moves`` (every
    move of the deal so far, in order), in the form ``moves`` (the published
    judge's four latest) or ``seats`` (each seat's latest answer since the
    receiver's own, by seat from the receiver on)."""
    if form == "moves":
        latest: List[Any] = [{"player": p, "response": a} for p, a in moves[-4:]]
        return [{} for _ in range(4 - len(latest))] + latest
    if form != "seats":
        raise ValueError(f"history form must be one of {', '.join(HISTORY_FORMATS)}, got {form!r}")
    slots: List[Any] = [[], [], [], []]
    own = max((i for i, (p, _) in enumerate(moves) if p == seat), default=-1)
    if own >= 0:
        slots[0] = moves[own][1]
    for player, answer in moves[own + 1:]:
        slots[(player - seat) % 4] = answer
    return slots


def is_pass(answer: Any) -> bool:
    """An answer that plays no card: ``[]`` or ``[[], []]``."""
    return answer == [] or (isinstance(answer, list) and len(answer) == 2 and answer[0] == [])


def moves_since_own(history: Any, seat: int) -> List[Move]:
    """The moves other seats made since ``seat``'s own last one (or since the
    start), in order, from a play request's ``history`` of either form."""
    if not isinstance(history, list):
        return []
    entries = [h for h in history if isinstance(h, dict) and isinstance(h.get("player"), int)
               and not isinstance(h.get("player"), bool) and "response" in h]
    if entries or all(isinstance(h, dict) for h in history):
        start = max((i + 1 for i, h in enumerate(entries) if h["player"] == seat), default=0)
        return [(h["player"] % 4, h["response"]) for h in entries[start:]]
    # By seat from this one: each other seat's latest answer. A seat that
    # moved twice since (only when the lead jumped to a partner after a
    # trick everyone passed) passed the first time, so the latest holds it all.
    return [((seat + i) % 4, answer) for i, answer in enumerate(history[:4])
            if i and isinstance(answer, list) and len(answer) == 2]


def read_input(line: str) -> Tuple[List[Any], List[Any]]:
    """The requests and earlier answers of one input line: the first
    envelope, or (keep-running) a request alone. ValueError if the line is
    no JSON object."""
    import json

    data = json.loads(line)
    if not isinstance(data, dict):
        raise ValueError(f"a Botzone input is a JSON object, got {type(data).__name__}")
    if isinstance(data.get("requests"), list):
        responses = data.get("responses")
        return list(data["requests"]), list(responses) if isinstance(responses, list) else []
    return [data], []
