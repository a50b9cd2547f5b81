"""The one error type of the web server: a stable code, an HTTP status and a
text for people in both languages (``docs/web.md §3, §4``)."""

from __future__ import annotations

from typing import Dict, Optional

from .i18n import text

#: HTTP status of each error code the HTTP API answers with.
HTTP_STATUS: Dict[str, int] = {
    "bad_request": 400,
    "no_session": 401,
    "not_host": 403,
    "removed": 403,
    "no_table": 404,
    "table_full": 409,
    "wrong_phase": 409,
    "not_full": 409,
    "too_few_players": 409,
    "not_seated": 409,
    "seat_taken": 409,
    "no_request": 409,
    "too_large": 413,
    "too_many_connections": 429,
    "unavailable": 503,
    "already_hosting": 409,
    "solo_table": 403,
    "rate_limited": 429,
    "sign_in_failed": 401,
    "login_taken": 409,
    "signed_in": 409,
    "not_signed_in": 409,
}


class WebError(Exception):
    """A refused request or message: ``code`` for the page, ``message`` (an
    ``{"en", "zh"}`` dict) for people, and ``data`` for the page to act on. ``key`` names the text in
    :mod:`guandan.web.i18n` (the code itself unless given)."""

    def __init__(self, code: str, key: str = "", message: Optional[Dict[str, str]] = None,
                 data: Optional[Dict[str, object]] = None, **params: object) -> None:
        self.code = code
        self.message = message if message is not None else text(key or code, **params)
        self.data = dict(data or {})  # fields the page reads besides the code (already_hosting: the table)
        super().__init__(f"{code}: {self.message['en']}")

    @property
    def status(self) -> int:
        return HTTP_STATUS.get(self.code, 400)

    def body(self) -> Dict[str, object]:
        return {"error": {"code": self.code, "message": self.message, **self.data}}
