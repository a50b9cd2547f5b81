"""The messages a judge sends a seat, one function per message type.

Every message is a JSON object with ``"type"`` (``"notify"``: a public
event; ``"act"``: a decision the seat answers with ``{"actIndex": i}``) and
``"stage"``. docs/judge.md lists every field; the functions here are the
only place the shapes are written.

    >>> beginning(1, ["S2", "HR"], {"selfRank": "2", "oppoRank": "2", "curRank": "2"})["stage"]
    'beginning'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

Message = Dict[str, Any]
Ranks = Dict[str, str]
PublicInfo = List[Dict[str, Any]]


def ranks(seat: int, levels: Sequence[str], level: str) -> Ranks:
    """``selfRank`` (the seat's team's level), ``oppoRank`` and ``curRank`` (the deal's)."""
    return {"selfRank": levels[seat % 2], "oppoRank": levels[1 - seat % 2], "curRank": level}


#: The action fields of a question when the seat leads: nobody has acted yet.
NO_ACTION = [None, None, None]


def beginning(seat: int, hand: List[str], rank_fields: Ranks) -> Message:
    """The deal starts: the seat's 27 cards (before any tribute)."""
    return {"type": "notify", "stage": "beginning", "handCards": hand, "myPos": seat, **rank_fields}


def act(stage: str, seat: int, hand: List[str], public: PublicInfo, rank_fields: Ranks,
        current: Optional[int], current_action: Optional[list], greater: Optional[int],
        greater_action: Optional[list], actions: List[list]) -> Message:
    """A decision: play (``stage`` ``play``), pay tribute (``tribute``) or
    give a card back (``back``). ``actionList`` holds the choices;
    ``indexRange`` is the last valid index. ``curPos``/``curAction`` are the
    last actor of the trick and its action, ``greaterPos``/``greaterAction``
    the trick's owner and its play; when the seat leads (and in tribute and
    back questions) the seats are -1 and the actions ``[null, null, null]``,
    as the open port of the competition's judge writes them (docs/judge.md)."""
    return {
        "type": "act", "stage": stage, "myPos": seat, "handCards": hand, "publicInfo": public,
        **rank_fields,
        "curPos": -1 if current is None else current, "curAction": current_action or NO_ACTION,
        "greaterPos": -1 if greater is None else greater, "greaterAction": greater_action or NO_ACTION,
        "actionList": actions, "indexRange": len(actions) - 1,
    }


def play(current: int, current_action: list, greater: int, greater_action: list) -> Message:
    """A seat played or passed (``curAction``); the trick's owner and its play after it."""
    return {"type": "notify", "stage": "play", "curPos": current, "curAction": current_action,
            "greaterPos": greater, "greaterAction": greater_action}


def tribute(result: List[list]) -> Message:
    """The tribute paid: ``[[payer, receiver, card], ...]``."""
    return {"type": "notify", "stage": "tribute", "result": result}


def back(result: List[list]) -> Message:
    """The cards given back: ``[[giver, receiver, card], ...]``."""
    return {"type": "notify", "stage": "back", "result": result}


def anti_tribute(positions: List[int]) -> Message:
    """The tribute is cancelled (the payers hold both big jokers). The count is
    written both as ``antiNum`` and as ``antiNums``: the public clients' notes
    name it both ways, and none of them reads it."""
    return {"type": "notify", "stage": "anti-tribute", "antiNum": len(positions), "antiNums": len(positions),
            "antiPos": positions}


def episode_over(order: List[int], level: str, rest: List[list]) -> Message:
    """The deal is over: the four seats first to last, the deal's level,
    and ``[seat, cards]`` for each seat still holding cards."""
    return {"type": "notify", "stage": "episodeOver", "order": order, "curRank": level, "restCards": rest}


def game_over(times: int, setting: int, victories: List[int]) -> Message:
    """A match is over: ``curTimes`` matches played of ``settingTimes``;
    ``victoryNum`` counts the matches each seat's team has won so far."""
    return {"type": "notify", "stage": "gameOver", "curTimes": times, "settingTimes": setting,
            "victoryNum": victories}


def game_result(victories: List[int], draws: List[int]) -> Message:
    """The run is over: matches won and matches drawn (stopped without a
    winner) by each seat's team, by path ``client0`` .. ``client3``."""
    return {"type": "notify", "stage": "gameResult", "victoryNum": victories, "draws": draws}
