"""Session tokens and the plain texts people type (nicknames, chat).

A token is 256 random bits (``secrets``): unguessable, it binds a browser to
its player through a cookie. Only its SHA-256 is stored, so a copy of the
database does not hand out seats. Names and chat are kept as plain text (the
page inserts them with ``textContent``); control characters are refused and
lengths bounded.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from .errors import WebError
from .i18n import Text, detail

COOKIE = "guandan_session"
NAME_MAX = 20
CHAT_MAX = 200


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_player_id() -> str:
    return "p_" + secrets.token_hex(8)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def plain_text(value: object, what: Text, longest: int, code: str = "bad_request") -> str:
    """``value`` trimmed, if it is a str of 1..``longest`` characters without
    control characters; WebError ``code`` naming ``what`` otherwise."""
    if not isinstance(value, str):
        raise WebError(code, detail=detail("not_a_string", what=what))
    value = value.strip()
    if not value:
        raise WebError(code, detail=detail("empty", what=what))
    if len(value) > longest:
        raise WebError(code, detail=detail("too_long", what=what, longest=longest))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in value):
        raise WebError(code, detail=detail("bad_character", what=what))
    return value


def nickname(value: object) -> str:
    return plain_text(value, detail("name"), NAME_MAX)


def chat_text(value: object) -> str:
    return plain_text(value, detail("chat_text"), CHAT_MAX, code="bad_message")
