"""The websocket messages a page may send, and their checks (``docs/web.md §4``).

:func:`parse` turns one raw text into a :class:`Message` or raises WebError
(``too_large``, ``bad_message``, ``unknown_type``): nothing malformed reaches
the table. The messages of every table are here (``ping``, ``chat``,
``coach``, ``next``); those of play come from the table's game
(``WebGame.messages``), which parses its own cards. Field values that need
the game (is this card in the hand?) are checked later by the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Union

from .errors import WebError
from .i18n import Text, detail
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
    cards: List[Any] = field(default_factory=list)  # the game's cards
    reading: Optional[int] = None
    card: Any = None
    on: bool = False
    text: str = ""


def bad_field(why: Text) -> WebError:
    """The error of a malformed field (``why``: an i18n.detail text)."""
    return WebError("bad_message", detail=why)


def reading(raw: Dict[str, Any], below: int) -> Optional[int]:
    """A play's ``reading`` (which of several readings of the same cards):
    None, or an integer 0..below-1. The table checks it against the readings."""
    value = raw.get("reading")
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < below:
        raise bad_field(detail("reading"))
    return value


def _flag(raw: Dict[str, Any]) -> bool:
    on = raw.get("on")
    if type(on) is not bool:
        raise bad_field(detail("true_or_false", field="on"))
    return on


Fields = Mapping[str, Callable[[Dict[str, Any]], Dict[str, Any]]]

# The fields each type of every table takes, read from the raw object.
TABLE_MESSAGES: Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]] = {
    "coach": lambda raw: {"on": _flag(raw)},
    "next": lambda raw: {},
    "chat": lambda raw: {"text": chat_text(raw.get("text"))},
    "ping": lambda raw: {},
}


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
        raise bad_field(detail("not_json")) from None
    if not isinstance(raw, dict):
        raise bad_field(detail("not_object"))
    return raw


def parse(raw: Dict[str, Any], game_messages: Fields) -> Message:
    """The message ``raw``, one of the table's types or of ``game_messages`` (the table's game's)."""
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise bad_field(detail("type_not_string"))
    fields = TABLE_MESSAGES.get(kind) or game_messages.get(kind)
    if fields is None:
        raise WebError("unknown_type", type=repr(kind[:40]))
    return Message(type=kind, ref=reference(raw), **fields(raw))


def server_message(kind: str, **fields: Any) -> Dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def error_message(error: WebError, ref: Ref = None) -> Dict[str, Any]:
    return server_message("error", ref=ref, code=error.code, message=error.message)
