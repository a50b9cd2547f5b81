"""Event logs: a deal or a match as versioned JSON, and exact replay.

A log holds the seed, the ruleset (every field), each deal's dealt hands,
level and tribute, every action in order (plays with their kind, rank, cards
and what the wild cards were declared as; passes; tribute and return cards),
each deal's result and the match states. :func:`replay` re-runs a log through
the engine and checks every recorded fact on the way, so a replay reproduces
every state of the original: a log missing a field, holding a wrong type, or
differing from what the engine reproduces in any field raises
:class:`ReplayError` (a ValueError) naming the field.

    >>> from guandan import Deal
    >>> from guandan.gd.log import deal_log, replay
    >>> d = Deal(seed=5)
    >>> while not d.is_over:
    ...     moves = d.legal_moves()
    ...     d.pass_turn() if d.can_pass() else d.play(moves[0])
    >>> again = replay(deal_log(d))
    >>> again.finishing_order == d.finishing_order and again.hands == d.hands
    True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Dict, List, Optional, Union

from .. import _core
from .._core import Card
from ..common.checks import checked_text
from .deal import Deal, check_seed
from .events import Event
from .match import Match, MatchState
from .ruleset import Ruleset

LOG_FORMAT = "guandan-log"
#: 2: deal records say whether their hands are the ones dealt from their seed,
#: and the log carries a digest of its contents.
LOG_VERSION = 2

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


def _seeded_hands(seed: int) -> List[str]:
    return [str(h) for h in _core.seeded_deal(seed)[0]]


def _deal_record(deal: Deal) -> Dict[str, Any]:
    hands = [str(h) for h in deal.initial_hands]
    return {
        "seed": deal.seed,
        "level": deal.level,
        "leader": deal.leader_given,
        "previous_order": deal.previous_order,
        "face_up": str(deal.face_up_card),
        "hands": hands,
        "seeded_hands": hands == _seeded_hands(deal.seed),
        "start_text": deal.start_text,
        "events": [_event_record(e) for e in deal.events_since_start],
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


def _digest(log: Log) -> str:
    """A SHA-256 of every field but the digest, in canonical JSON.

    It seals what the engine cannot re-derive: a deal log's level, leader or
    ruleset name could be changed into another log that replays, but not
    without the digest telling."""
    body = {key: value for key, value in log.items() if key != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def _sealed(log: Log) -> Log:
    log["digest"] = _digest(log)
    return log


def deal_log(deal: Deal) -> Log:
    """The log of one deal (finished or not)."""
    return _sealed({**_header("deal", deal.ruleset), "deal": _deal_record(deal)})


def match_log(match: Match, players: Optional[List[Dict[str, Optional[str]]]] = None) -> Log:
    """The log of a match (finished or not). ``players``, if given, names who
    played each seat: ``{"name": ..., "bot": None}`` for a person,
    ``{"name": None, "bot": STRENGTH}`` for a bot (a replay shows them)."""
    log: Log = {
        **_header("match", match.ruleset),
        "seed": match.seed,
        "deals": [_deal_record(d) for d in match.deals],
        "states": [_state_record(s) for s in match.states],
    }
    if players is not None:
        log["players"] = [{"name": p.get("name"), "bot": p.get("bot")} for p in players]
    return _sealed(log)


def dumps(log: Log) -> str:
    return json.dumps(log, indent=1)


class ReplayError(ValueError):
    """The log does not replay: it names the first field that is missing, of
    the wrong type, or differs from what the engine reproduces."""


def loads(text: Union[str, bytes, bytearray]) -> Log:
    """The log in a JSON text (str or UTF-8 bytes); ReplayError if it is not JSON."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"a log text is a str or bytes, got {type(text).__name__}")
    try:
        return json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ReplayError(f"the log is not JSON: {error}") from None


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ReplayError(message)


# --- the shape of a log ------------------------------------------------------
#
# A schema is a type (int, str, bool, dict), _OrNull(schema) for a field that
# may be null, a list [item schema, length or None], a dict of field schemas
# (exactly those keys), or a function that checks the value itself. Every field of a log is checked against it before
# the engine sees any, so no field reaches the engine missing or mistyped.

Schema = Any


class _OrNull:
    def __init__(self, schema: Schema) -> None:
        self.schema = schema


class _Optional:
    """A field of an object that may be left out (checked when present)."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _is(value: object, kind: type) -> bool:
    # JSON has no bool-as-int: True is not a seat.
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


def _field(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _check_shape(value: object, schema: Schema, path: str) -> None:
    if isinstance(schema, dict):
        _check(isinstance(value, dict), f"{path}: expected an object, got {_type_name(value)}")
        assert isinstance(value, dict)
        missing = [k for k, field in schema.items() if k not in value and not isinstance(field, _Optional)]
        unknown = [k for k in value if k not in schema]
        _check(not missing, f"{_field(path, missing[0] if missing else '')}: missing")
        _check(not unknown, f"{path or 'log'}: unknown field {unknown[0] if unknown else ''!r}")
        for key, field in schema.items():
            if isinstance(field, _Optional):
                if key not in value:
                    continue
                field = field.schema
            _check_shape(value[key], field, _field(path, key))
    elif isinstance(schema, list):
        item, length = schema
        _check(isinstance(value, list), f"{path}: expected a list, got {_type_name(value)}")
        assert isinstance(value, list)
        _check(length is None or len(value) == length, f"{path}: expected {length} entries, got {len(value)}")
        for i, entry in enumerate(value):
            _check_shape(entry, item, f"{path}[{i}]")
    elif isinstance(schema, _OrNull):
        if value is not None:
            _check_shape(value, schema.schema, path)
    elif isinstance(schema, type):
        _check(_is(value, schema), f"{path}: expected {schema.__name__}, got {_type_name(value)}")
        if schema is str:
            # A JSON escape can make a lone surrogate, which the core cannot
            # read and no message quoting it can print.
            try:
                checked_text(path, value)
            except ValueError as error:
                raise ReplayError(str(error)) from None
    else:
        schema(value, path)


_EVENT_SCHEMAS: Dict[str, Schema] = {
    "play": {"type": str, "seat": int, "kind": str, "rank": str, "cards": str, "declared": str},
    "pass": {"type": str, "seat": int},
    "tribute": {"type": str, "seat": int, "to": int, "card": str},
    "return": {"type": str, "seat": int, "to": int, "card": str},
}


def _check_event_shape(value: object, path: str) -> None:
    # Fast path: a well-formed event (exact types; bool is no int here; its
    # text ASCII, as the engine writes it, so that other text is checked below).
    if type(value) is dict:
        kind = value.get("type")
        schema = _EVENT_SCHEMAS.get(kind) if type(kind) is str else None
        if schema is not None and value.keys() == schema.keys() and all(
                type(value[k]) is t and (t is not str or value[k].isascii()) for k, t in schema.items()):
            return
    _check(isinstance(value, dict), f"{path}: expected an object, got {_type_name(value)}")
    assert isinstance(value, dict)
    kind = value.get("type")
    schema = _EVENT_SCHEMAS.get(kind) if isinstance(kind, str) else None
    _check(schema is not None, f"{path}.type: unknown event type {kind!r}")
    _check_shape(value, schema, path)


_DEAL_SCHEMA: Schema = {
    "seed": int,
    "level": str,
    "leader": _OrNull(int),
    "previous_order": _OrNull([int, 4]),
    "face_up": str,
    "hands": [str, 4],
    "seeded_hands": bool,
    "start_text": _OrNull(str),
    "events": [_check_event_shape, None],
    "finishing_order": [int, None],
    "outcome": _OrNull(str),
}
_STATE_SCHEMA: Schema = {"levels": [str, 2], "declarers": _OrNull(int), "failed_attempts": [int, 2], "winner": _OrNull(int)}
_HEADER_SCHEMA: Schema = {"format": str, "version": int, "type": str, "ruleset": dict, "digest": str}
_LOG_SCHEMAS: Dict[str, Schema] = {
    "deal": {**_HEADER_SCHEMA, "deal": _DEAL_SCHEMA},
    "match": {**_HEADER_SCHEMA, "seed": int, "deals": [_DEAL_SCHEMA, None], "states": [_STATE_SCHEMA, None],
              "players": _Optional([{"name": _OrNull(str), "bot": _OrNull(str)}, 4])},
}


def _check_header(log: Log) -> Ruleset:
    _check(log.get("format") == LOG_FORMAT, f"format: not a guandan log (expected {LOG_FORMAT!r}, got {log.get('format')!r})")
    version = log.get("version")
    _check(_is(version, int) and version == LOG_VERSION, f"version: log version {version!r}; this engine reads version {LOG_VERSION}")
    kind = log.get("type")
    schema = _LOG_SCHEMAS.get(kind) if isinstance(kind, str) else None
    _check(schema is not None, f"type: unknown log type {kind!r} (expected deal or match)")
    _check_shape(log, schema, "")
    try:
        ruleset = Ruleset.from_dict(log["ruleset"])
    except (TypeError, ValueError) as error:
        raise ReplayError(f"ruleset: {error}") from None
    return ruleset


# --- replaying -----------------------------------------------------------------


def _engine(action: Callable[[], Any], where: str) -> Any:
    """Run an engine step on logged values; its refusal names the field."""
    try:
        return action()
    except ReplayError:
        raise
    except (TypeError, ValueError) as error:
        raise ReplayError(f"{where}: {error}") from None


def _apply(deal: Deal, record: Dict[str, Any], where: str) -> Event:
    _check(record["seat"] == deal.turn, f"{where}.seat: seat {record['seat']} acts, but it is seat {deal.turn}'s turn")
    kind = record["type"]
    if kind == "play":
        _check(deal.phase == "play", f"{where}.type: a play, but the deal is in its {deal.phase} phase")
        matches = [
            m
            for m in deal.legal_moves()
            if m.kind == record["kind"] and m.rank == record["rank"] and " ".join(str(c) for c in m.cards) == record["cards"]
        ]
        _check(len(matches) == 1, f"{where}: {record['kind']} {record['rank']} {record['cards']} is not a legal play")
        _check(" ".join(str(c) for c in matches[0].declared) == record["declared"], f"{where}.declared: declared cards differ")
        deal.play(matches[0])
    elif kind == "pass":
        _check(deal.can_pass(), f"{where}.type: seat {deal.turn} may not pass now")
        _engine(deal.pass_turn, where)
    else:
        _check(deal.phase == kind, f"{where}.type: a {kind} card, but the deal is in its {deal.phase} phase")
        card = _engine(lambda: Card(record["card"]), f"{where}.card")
        _engine(lambda: deal.give(card), f"{where}.card")
        _check(deal.events[-1].to == record["to"], f"{where}.to: the card goes to seat {deal.events[-1].to}")
    return deal.events[-1]


def _check_deal_start(deal: Deal, record: Dict[str, Any], label: str) -> None:
    """The recorded facts of a deal's start, against the deal the engine made."""
    _check(deal.seed == record["seed"], f"{label}.seed: the deal's seed is {deal.seed}, not {record['seed']}")
    _check(deal.level == record["level"], f"{label}.level: the deal's level is {deal.level}, not {record['level']!r}")
    _check(deal.leader_given == record["leader"], f"{label}.leader: the deal's given leader is {deal.leader_given}")
    _check(
        deal.previous_order == record["previous_order"],
        f"{label}.previous_order: the deal's previous order is {deal.previous_order}",
    )
    hands = [str(h) for h in deal.initial_hands]
    _check(hands == record["hands"], f"{label}.hands: the dealt hands differ")
    seeded = hands == _seeded_hands(deal.seed)
    if record["seeded_hands"]:
        _check(seeded, f"{label}.seed / {label}.hands: the hands are not the ones dealt from seed {deal.seed}")
    else:
        _check(not seeded, f"{label}.seeded_hands: the hands are the ones dealt from seed {deal.seed}")
    _check(
        str(deal.face_up_card) == record["face_up"],
        f"{label}.seed / {label}.face_up: the face-up card of seed {deal.seed} is {deal.face_up_card}, "
        f"not {record['face_up']!r}",
    )


def _replay_events(deal: Deal, record: Dict[str, Any], label: str, on_step: Optional[StepCallback]) -> None:
    _check_deal_start(deal, record, label)
    for i, event in enumerate(record["events"]):
        applied = _apply(deal, event, f"{label}.events[{i}]")
        if on_step is not None:
            on_step(deal, applied)
    _check(deal.finishing_order == record["finishing_order"], f"{label}.finishing_order: the finishing order differs")
    _check(deal.outcome == record["outcome"], f"{label}.outcome: the outcome differs")


def _first_difference(expected: object, actual: object, path: str) -> Optional[str]:
    """The path of the first field where two JSON values differ (bools never equal ints)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if key not in expected or key not in actual:
                return _field(path, key)
            found = _first_difference(expected[key], actual[key], _field(path, key))
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return path
        for i, (a, b) in enumerate(zip(expected, actual)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    same = type(expected) is type(actual) and expected == actual
    return None if same else path


def _replay_deal(log: Log, ruleset: Ruleset, on_step: Optional[StepCallback]) -> Deal:
    record = log["deal"]
    seed = _engine(lambda: check_seed(record["seed"]), "deal.seed")
    if record["start_text"] is not None:
        # A deal read from a position's text form starts there.
        deal = _engine(lambda: Deal.from_text(record["start_text"], ruleset=ruleset), "deal.start_text")
        _replay_events(deal, record, "deal", on_step)
        return deal
    deal = _engine(
        lambda: Deal(
            seed=seed,
            level=record["level"],
            ruleset=ruleset,
            hands=record["hands"],
            leader=record["leader"],
            previous_order=record["previous_order"],
        ),
        "deal",
    )
    _replay_events(deal, record, "deal", on_step)
    return deal


def _replay_match(log: Log, ruleset: Ruleset, on_step: Optional[StepCallback]) -> Match:
    seed = _engine(lambda: check_seed(log["seed"]), "seed")
    deals, states = log["deals"], log["states"]
    _check(len(deals) >= 1, "deals: a match log holds at least its first deal")
    _check(len(states) in (len(deals), len(deals) + 1), f"deals / states: {len(states)} states for {len(deals)} deals")
    first = _core.match_deal_seed(seed, 0)
    _check(
        deals[0]["seed"] == first,
        f"seed / deals[0].seed: match seed {seed} deals its first deal from seed {first}, not {deals[0]['seed']}",
    )
    # A match starts with both teams at its first deal's level (2 unless a judge set another).
    start = deals[0]["level"]
    _check(isinstance(start, str) and start in _core_levels(), f"deals[0].level: not a level {start!r:.20}")
    first_levels = states[0].get("levels") if isinstance(states[0], dict) else None
    if isinstance(first_levels, list) and len(first_levels) == 2 and first_levels[0] == first_levels[1]:
        _check(first_levels[0] == start,
               f"deals[0].level: the first deal is played at the teams' starting level {first_levels[0]!r:.20}, "
               f"not {start}")
    else:  # teams that start apart: the check of states[0] below names it
        start = "2"
    match = Match(ruleset, seed=seed, level=start)
    for i, record in enumerate(deals):
        if i > 0:
            started = _engine(match.next_deal, f"deals[{i}]")
            _check(started is not None, f"deals[{i}]: the match was already won")
        _check(_state_record(match.state) == states[i], f"states[{i}]: the match state before deal {i} differs")
        _replay_events(match.deal, record, f"deals[{i}]", on_step)
    if len(states) > len(deals):
        final = _engine(match.finish_deal, "states")
        _check(_state_record(final) == states[-1], f"states[{len(states) - 1}]: the final match state differs")
    return match


def _core_levels() -> List[str]:
    return [_core.rank_name(i) for i in range(13)]


def replay(log: Union[Log, str, bytes], on_step: Optional[StepCallback] = None) -> Union[Deal, Match]:
    """Re-run a log (a dict, or its JSON as str or bytes); returns the Deal or
    Match in its final state.

    ``on_step(deal, event)`` is called after every action. Raises
    :class:`ReplayError` (a ValueError) naming the first field that is
    missing, of the wrong type, or not what the engine reproduces; TypeError
    if ``log`` is not a dict, str or bytes.
    """
    if isinstance(log, (str, bytes, bytearray)):
        log = loads(log)
    elif not isinstance(log, dict):
        raise TypeError(f"a log is a dict or its JSON text (str or bytes), got {type(log).__name__}")
    _check(isinstance(log, dict), f"log: expected a JSON object, got {_type_name(log)}")
    ruleset = _check_header(log)
    result: Union[Deal, Match]
    if log["type"] == "deal":
        result = _replay_deal(log, ruleset, on_step)
        again = deal_log(result)
    else:
        result = _replay_match(log, ruleset, on_step)
        again = match_log(result, players=log.get("players"))  # the engine cannot know who played
    # Whatever the checks above did not name: the log must be exactly the one
    # the engine writes for what it replayed, digest included.
    if log != again:
        body = {key: value for key, value in log.items() if key != "digest"}
        difference = _first_difference(body, {key: value for key, value in again.items() if key != "digest"}, "")
        _check(difference is None, f"{difference}: differs from what the engine reproduces")
        raise ReplayError("digest: the log was changed after it was written")
    return result
