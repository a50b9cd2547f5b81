"""The websocket messages a page may send, and their checks (``docs/web.md §4``).

:func:`parse` turns one raw text into a :class:`Message` or raises WebError
(``too_large``, ``bad_message``, ``unknown_type``): nothing malformed reaches
the table. Field values that need the game (is this card in the hand?) are
checked later by the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Union

from .._core import Card
from .errors import WebError
from .sessions import chat_text

VERSION = 1
MAX_BYTES = 2048
#: The largest websocket frame the server reads at all: a larger one closes
#: the connection (1009, "message too big") before it is held in memory;
#: anything up to this that breaks MAX_BYTES gets the ``too_large`` reply.
MAX_FRAME = 1 << 20
MAX_CARDS = 27
MAX_ID = 40

Ref = Union[str, int, None]


@dataclass(frozen=True)
class Message:
    type: str
    ref: Ref = None
    cards: List[Card] = field(default_factory=list)
    reading: Optional[int] = None
    card: Optional[Card] = None
    on: bool = False
    text: str = ""


def _bad(detail: str) -> WebError:
    return WebError("bad_message", detail=detail)


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise _bad(f"{where} must be a card text such as 'Ah'")
    try:
        return Card(value)
    except ValueError:
        raise WebError("bad_card", card=value) from None


def _cards(raw: Dict[str, Any]) -> List[Card]:
    cards = raw.get("cards")
    if not isinstance(cards, list):
        raise _bad("cards must be a list of card texts")
    if len(cards) > MAX_CARDS:
        raise _bad(f"at most {MAX_CARDS} cards")
    return [_card(c, "cards[]") for c in cards]


def _reading(raw: Dict[str, Any]) -> Optional[int]:
    reading = raw.get("reading")
    if reading is None:
        return None
    if type(reading) is not int or not 0 <= reading < 1000:
        raise _bad("reading must be a small non-negative integer")
    return reading


def _flag(raw: Dict[str, Any]) -> bool:
    on = raw.get("on")
    if type(on) is not bool:
        raise _bad("on must be true or false")
    return on


# The fields each type takes, read from the raw object.
_FIELDS: Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]] = {
    "select": lambda raw: {"cards": _cards(raw)},
    "play": lambda raw: {"cards": _cards(raw), "reading": _reading(raw)},
    "pass": lambda raw: {},
    "give": lambda raw: {"card": _card(raw.get("card"), "card")},
    "hint": lambda raw: {},
    "coach": lambda raw: {"on": _flag(raw)},
    "next": lambda raw: {},
    "chat": lambda raw: {"text": chat_text(raw.get("text"))},
    "ping": lambda raw: {},
}
TYPES = tuple(_FIELDS)


def reference(raw: Any) -> Ref:
    """The message's ``id``, if it is a usable one (to echo as ``ref``)."""
    if not isinstance(raw, dict):
        return None
    ref = raw.get("id")
    if type(ref) is int and abs(ref) < 2**53:
        return ref
    if isinstance(ref, str) and len(ref) <= MAX_ID:
        return ref
    return None


def load(data: Union[str, bytes]) -> Dict[str, Any]:
    """The JSON object of one raw message (size checked first)."""
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > MAX_BYTES:
        raise WebError("too_large")
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError):
        raise _bad("not JSON") from None
    if not isinstance(raw, dict):
        raise _bad("a message is a JSON object")
    return raw


def parse(raw: Dict[str, Any]) -> Message:
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise _bad("type must be a string")
    fields = _FIELDS.get(kind)
    if fields is None:
        raise WebError("unknown_type", type=repr(kind[:40]))
    return Message(type=kind, ref=reference(raw), **fields(raw))


def server_message(kind: str, **fields: Any) -> Dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def error_message(error: WebError, ref: Ref = None) -> Dict[str, Any]:
    return server_message("error", ref=ref, code=error.code, message=error.message)
