"""The messages a page sends, as typed classes, and the wire format
(``docs/web.md §4``).

Every message type is one small frozen dataclass, a subclass of
:class:`ClientMessage`: its ``TYPE`` (the ``type`` on the wire) and its
fields, read and checked once by its :meth:`~ClientMessage.read`. Nothing
past :func:`parse` sees a raw dict: a handler gets a message whose fields
have their types. Field values that need the table (is this card in the
hand? is this seat free?) are checked later, by the table and the engine.

Two layers declare messages: the room's (``room_messages.py``: chat, ping,
coach mode, the next deal, and the table actions of the HTTP API) and each
game's (``WebGame.handlers``, e.g. select, play, pass). The envelope's
``id`` is not a field of any message: it is echoed as ``ref`` on the reply.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Callable, ClassVar, Dict, Iterable, Mapping, Optional, Type, TypeVar, Union

from .errors import WebError
from .i18n import Text, detail

VERSION = 1
MAX_BYTES = 2048
#: The largest websocket frame the server reads at all: a larger one closes
#: the connection (1009, "message too big") before it is held in memory;
#: anything up to this that breaks MAX_BYTES gets the ``too_large`` reply.
MAX_FRAME = 1 << 20
MAX_CARDS = 27
MAX_ID = 40
#: The longest player id a message may name (the server's are 18 characters).
MAX_PLAYER_ID = 64

Ref = Union[str, int, None]
Raw = Mapping[str, Any]
M = TypeVar("M", bound="ClientMessage")


class FieldError(Exception):
    """A malformed field: ``why`` says what is wrong (an i18n.detail text).
    :func:`parse` turns it into the error of its layer (``bad_message`` on
    the websocket, ``bad_request`` over HTTP)."""

    def __init__(self, why: Text) -> None:
        self.why = why
        super().__init__(why["en"])


#: Reads one field from the raw object, given the field's name; FieldError
#: (or a WebError of its own) when it is malformed.
Reader = Callable[[Raw, str], Any]


def read_by(reader: Reader) -> Any:
    """Declares a message field and how it is read: ``seat: int = read_by(seat_number)``."""
    return field(metadata={"read": reader})


@dataclass(frozen=True)
class ClientMessage:
    """One message from a page. A subclass sets ``TYPE`` and declares its
    fields, each with its reader (:func:`read_by`); :meth:`read` builds it
    from the raw JSON object."""

    TYPE: ClassVar[str] = ""

    @classmethod
    def read(cls: Type[M], raw: Raw) -> M:
        """The message from its raw object; FieldError naming a bad field."""
        return cls(**{f.name: f.metadata["read"](raw, f.name) for f in fields(cls)})


#: Message types by their ``type`` on the wire.
MessageTypes = Mapping[str, Type[ClientMessage]]


def message_types(classes: Iterable[Type[ClientMessage]]) -> Dict[str, Type[ClientMessage]]:
    """``classes`` by their TYPE; ValueError for a class without one or a TYPE given twice."""
    types: Dict[str, Type[ClientMessage]] = {}
    for cls in classes:
        if not cls.TYPE:
            raise ValueError(f"{cls.__name__} has no TYPE")
        if cls.TYPE in types:
            raise ValueError(f"two message classes of type {cls.TYPE!r}: {types[cls.TYPE].__name__}, {cls.__name__}")
        types[cls.TYPE] = cls
    return types


# --- reading fields ------------------------------------------------------------------

def flag(raw: Raw, name: str) -> bool:
    """A true/false field that must be given."""
    value = raw.get(name)
    if type(value) is not bool:
        raise FieldError(detail("true_or_false", field=name))
    return value


def flag_or(default: bool) -> Reader:
    """A true/false field, ``default`` when absent."""
    return lambda raw, name: flag({name: raw.get(name, default)}, name)


def reading_below(below: int) -> Reader:
    """A play's ``reading`` (which of several readings of the same cards):
    None, or an integer 0..below-1. The table checks it against the readings."""
    def read(raw: Raw, name: str) -> Optional[int]:
        value = raw.get(name)
        if value is None:
            return None
        if type(value) is not int or not 0 <= value < below:
            raise FieldError(detail("reading"))
        return value
    return read


def optional_seat(raw: Raw, name: str = "seat") -> Optional[int]:
    """A seat number, or None when absent; the table checks its range."""
    value = raw.get(name)
    if value is None:
        return None
    return seat_number(raw, name)


def seat_number(raw: Raw, name: str = "seat") -> int:
    value = raw.get(name)
    if type(value) is not int or not 0 <= value < 100:
        raise FieldError(detail("whole_number", field=name))
    return value


def player_id(raw: Raw, name: str = "player") -> str:
    """A player id (the table checks that it names someone)."""
    value = raw.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_PLAYER_ID:
        raise FieldError(detail("player_id", field=name))
    return value


# --- the wire ------------------------------------------------------------------------

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
        raise WebError("bad_message", detail=detail("not_json")) from None
    if not isinstance(raw, dict):
        raise WebError("bad_message", detail=detail("not_object"))
    return raw


def parse(raw: Raw, *layers: MessageTypes) -> ClientMessage:
    """The message ``raw``, of a type one of ``layers`` declares (the room's,
    then the game's): ``bad_message`` for a malformed one, ``unknown_type``
    for a type no layer has."""
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise WebError("bad_message", detail=detail("type_not_string"))
    for types in layers:
        if kind in types:
            return read_fields(types[kind], raw, "bad_message")
    raise WebError("unknown_type", type=repr(kind[:40]))


def read_fields(cls: Type[M], raw: Raw, code: str) -> M:
    """``cls`` read from ``raw``; a bad field is the error ``code``."""
    try:
        return cls.read(raw)
    except FieldError as error:
        raise WebError(code, detail=error.why) from None


def server_message(kind: str, **fields: Any) -> Dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def error_message(error: WebError, ref: Ref = None) -> Dict[str, Any]:
    return server_message("error", ref=ref, code=error.code, message=error.message)
