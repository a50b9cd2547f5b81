"""Accounts: a login (a name or an email) and a password, so that a player
keeps their name, tables and match history on every device (``docs/web.md
§2``). An account owns one player; signing in on another browser opens a new
session of that player. Guests (a nickname and a cookie) play as before.

Passwords are hashed with scrypt (``hashlib``, the standard library), a
memory-hard function: n = 2**14, r = 8, p = 1 (16 MiB and some 50 ms a
hash), a 16-byte random salt per password. The stored record names its
parameters (``scrypt$n$r$p$salt$key``), so they may be raised later and old
records still check. Sign-in attempts are rate-limited per address and per
login (:class:`SignInLimits`), which bounds password guessing and the
hashing work a client can cause.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import time
from typing import Callable, Dict, Optional, Tuple

from .errors import WebError
from .i18n import detail
from .rate_limit import RateLimit
from .sessions import plain_text

SCRYPT_N = 2 ** 14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
KEY_BYTES = 32
LOGIN_MAX = 100
PASSWORD_MIN = 8
PASSWORD_MAX = 128
#: Sign-in attempts for one login: a burst of 5, then one every 12 seconds.
LOGIN_RATE = (5, 12.0)
#: Sign-in and sign-up attempts from one address: more, as people behind one
#: router share it, but still a bound on the hashing one client can cause.
ADDRESS_RATE = (30, 2.0)
_SCHEME = "scrypt"


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    # surrogatepass: any str a JSON body can carry hashes, never a 5xx
    secret = password.encode("utf-8", "surrogatepass")
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, maxmem=2 * 128 * r * n + 2 ** 20, dklen=KEY_BYTES)


def hash_password(password: str) -> str:
    """The record to store for ``password``: scheme, parameters, salt and key."""
    salt = secrets.token_bytes(SALT_BYTES)
    key = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"{_SCHEME}${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def password_matches(password: str, record: str) -> bool:
    """Whether ``password`` is the one ``record`` was made from (in constant time)."""
    scheme, n, r, p, salt, key = record.split("$")
    if scheme != _SCHEME:
        return False
    return hmac.compare_digest(_scrypt(password, bytes.fromhex(salt), int(n), int(r), int(p)), bytes.fromhex(key))


@functools.lru_cache(maxsize=1)
def _unknown_login_record() -> str:
    # Checked when a login is unknown, so that a wrong login takes as long as
    # a wrong password and the time of the reply does not tell which exist.
    return hash_password(secrets.token_urlsafe(16))


def check_sign_in(password: str, record: Optional[str]) -> bool:
    """Whether the password opens the account of ``record`` (None: no such account)."""
    if record is None:
        password_matches(password, _unknown_login_record())
        return False
    return password_matches(password, record)


def login_key(value: object) -> str:
    """The login as stored and looked up: trimmed and case-folded, so that
    "Mei" and "mei" are one account; ``bad_request`` for a malformed one."""
    return plain_text(value, detail("login"), LOGIN_MAX).casefold()


def new_password(value: object) -> str:
    """A password for a new account: PASSWORD_MIN..PASSWORD_MAX characters."""
    password = given_password(value)
    if len(password) < PASSWORD_MIN:
        raise WebError("bad_request", detail=detail("too_short", what=detail("password"), shortest=PASSWORD_MIN))
    return password


def given_password(value: object) -> str:
    """A password as typed to sign in (kept as is: spaces count)."""
    if not isinstance(value, str) or not value:
        raise WebError("bad_request", detail=detail("not_a_string", what=detail("password")))
    if len(value) > PASSWORD_MAX:
        raise WebError("bad_request", detail=detail("too_long", what=detail("password"), longest=PASSWORD_MAX))
    return value


class SignInLimits:
    """A token bucket per client address and per login, each rate a (burst,
    seconds per token) pair; an attempt must find both with a token left
    (``rate_limited`` otherwise)."""

    KEPT = 10_000  # buckets kept before the full ones are dropped

    def __init__(self, login: Tuple[int, float] = LOGIN_RATE, address: Tuple[int, float] = ADDRESS_RATE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._rates = {"login": login, "address": address}
        self._clock = clock
        self._buckets: Dict[Tuple[str, str], RateLimit] = {}

    def check(self, address: str, login: str = "") -> None:
        keys = [("address", address)] + ([("login", login)] if login else [])
        buckets = [self._bucket(key) for key in keys]
        # each bucket is charged, so a login guessed from many addresses is held back too
        if not all([bucket.allow() for bucket in buckets]):
            raise WebError("rate_limited", key="too_many_sign_ins")

    def _bucket(self, key: Tuple[str, str]) -> RateLimit:
        if key not in self._buckets:
            if len(self._buckets) >= self.KEPT:
                self._forget_rested()
            burst, every_s = self._rates[key[0]]
            self._buckets[key] = RateLimit(1.0 / every_s, burst, self._clock)
        return self._buckets[key]

    def _forget_rested(self) -> None:
        """Drop the buckets that have filled up again: they hold back nobody."""
        now = self._clock()
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens_at(now) >= bucket.burst:
                del self._buckets[key]
