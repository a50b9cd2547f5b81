"""Event logs: a deal or a match as versioned JSON, and exact replay.

A log holds the seed, the ruleset (every field), each deal's dealt hands,
level and tribute, every action in order (plays with their kind, rank, cards
and what the wild cards were declared as; passes; tribute and return cards),
each deal's result and the match states. :func:`replay` re-runs a log through
the engine and checks every recorded fact on the way, so a replay reproduces
every state of the original.

    >>> from guandan import Deal
    >>> from guandan.log import deal_log, replay
    >>> d = Deal(seed=5)
    >>> while not d.is_over:
    ...     moves = d.legal_moves()
    ...     d.pass_turn() if d.can_pass() else d.play(moves[0])
    >>> again = replay(deal_log(d))
    >>> again.finishing_order == d.finishing_order and again.hands == d.hands
    True
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Optional, Union

from ._core import Card
from .deal import Deal
from .events import Event
from .match import Match, MatchState
from .ruleset import Ruleset

LOG_FORMAT = "guandan-log"
LOG_VERSION = 1

Log = Dict[str, Any]
StepCallback = Callable[[Deal, Event], None]


def _event_record(event: Event) -> Dict[str, Any]:
    if event.kind == "play":
        m = event.move
        assert m is not None
        return {
            "type": "play",
            "seat": event.seat,
            "kind": m.kind,
            "rank": m.rank,
            "cards": " ".join(str(c) for c in m.cards),
            "declared": " ".join(str(c) for c in m.declared),
        }
    if event.kind == "pass":
        return {"type": "pass", "seat": event.seat}
    return {"type": event.kind, "seat": event.seat, "to": event.to, "card": str(event.card)}


def _deal_record(deal: Deal) -> Dict[str, Any]:
    return {
        "seed": deal.seed,
        "level": deal.level,
        "leader": deal.leader_given,
        "previous_order": deal.previous_order,
        "face_up": str(deal.face_up_card),
        "hands": [str(h) for h in deal.initial_hands],
        "events": [_event_record(e) for e in deal.history],
        "finishing_order": deal.finishing_order,
        "outcome": deal.outcome,
    }


def _state_record(state: MatchState) -> Dict[str, Any]:
    return {
        "levels": list(state.levels),
        "declarers": state.declarers,
        "failed_attempts": list(state.failed_attempts),
        "winner": state.winner,
    }


def _header(kind: str, ruleset: Ruleset) -> Log:
    return {"format": LOG_FORMAT, "version": LOG_VERSION, "type": kind, "ruleset": ruleset.to_dict()}


def deal_log(deal: Deal) -> Log:
    """The log of one deal (finished or not)."""
    return {**_header("deal", deal.ruleset), "deal": _deal_record(deal)}


def match_log(match: Match) -> Log:
    """The log of a match (finished or not)."""
    return {
        **_header("match", match.ruleset),
        "seed": match.seed,
        "deals": [_deal_record(d) for d in match.deals],
        "states": [_state_record(s) for s in match.states],
    }


def dumps(log: Log) -> str:
    return json.dumps(log, indent=1)


def loads(text: str) -> Log:
    return json.loads(text)


class ReplayError(ValueError):
    """The log does not replay: it names the first fact that differs."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ReplayError(message)


def _apply(deal: Deal, record: Dict[str, Any], where: str) -> Event:
    _check(record["seat"] == deal.turn, f"{where}: seat {record['seat']} acts, but it is seat {deal.turn}'s turn")
    kind = record["type"]
    if kind == "play":
        matches = [
            m
            for m in deal.legal_moves()
            if m.kind == record["kind"] and m.rank == record["rank"] and " ".join(str(c) for c in m.cards) == record["cards"]
        ]
        _check(len(matches) == 1, f"{where}: {record['kind']} {record['rank']} {record['cards']} is not a legal play")
        _check(" ".join(str(c) for c in matches[0].declared) == record["declared"], f"{where}: declared cards differ")
        deal.play(matches[0])
    elif kind == "pass":
        deal.pass_turn()
    elif kind in ("tribute", "return"):
        _check(deal.phase == kind, f"{where}: a {kind} card, but the deal is in its {deal.phase} phase")
        deal.give(Card(record["card"]))
        _check(deal.events[-1].to == record["to"], f"{where}: the card goes to seat {deal.events[-1].to}")
    else:
        raise ReplayError(f"{where}: unknown event type {kind!r}")
    return deal.events[-1]


def _replay_events(deal: Deal, record: Dict[str, Any], label: str, on_step: Optional[StepCallback]) -> None:
    _check([str(h) for h in deal.initial_hands] == record["hands"], f"{label}: the dealt hands differ")
    for i, event in enumerate(record["events"]):
        applied = _apply(deal, event, f"{label}, event {i}")
        if on_step is not None:
            on_step(deal, applied)
    _check(deal.finishing_order == record["finishing_order"], f"{label}: the finishing order differs")
    _check(deal.outcome == record["outcome"], f"{label}: the outcome differs")


def _check_header(log: Log) -> Ruleset:
    _check(log.get("format") == LOG_FORMAT, "not a guandan log")
    _check(log.get("version") == LOG_VERSION, f"log version {log.get('version')!r}; this engine reads version {LOG_VERSION}")
    return Ruleset.from_dict(log["ruleset"])


def replay(log: Union[Log, str], on_step: Optional[StepCallback] = None) -> Union[Deal, Match]:
    """Re-run a log; returns the Deal or Match in its final state.

    ``on_step(deal, event)`` is called after every action. Raises
    :class:`ReplayError` at the first recorded fact the engine does not
    reproduce.
    """
    if isinstance(log, str):
        log = loads(log)
    ruleset = _check_header(log)
    if log["type"] == "deal":
        record = log["deal"]
        deal = Deal(
            seed=record["seed"],
            level=record["level"],
            ruleset=ruleset,
            hands=record["hands"],
            leader=record["leader"],
            previous_order=record["previous_order"],
        )
        _replay_events(deal, record, "deal", on_step)
        return deal
    _check(log["type"] == "match", f"unknown log type {log['type']!r}")
    match = Match(ruleset, seed=log["seed"])
    states = log["states"]
    for i, record in enumerate(log["deals"]):
        if i > 0:
            _check(match.next_deal() is not None, f"deal {i}: the match was already won")
        _check(_state_record(match.state) == states[i], f"deal {i}: the match state before it differs")
        _replay_events(match.deal, record, f"deal {i}", on_step)
    if len(states) > len(log["deals"]):
        _check(_state_record(match.finish_deal()) == states[-1], "the final match state differs")
    return match
