"""Accounts: scrypt records, sign-up, sign-in on another browser (same
player, same tables, same history), wrong passwords, the sign-in rate
limit, hostile bodies, and the store's migration from schema version 1."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.web.helpers import FAST, FIRST_SCHEMA, create_app, person
from guandan.web import accounts
from guandan.web.accounts import SignInLimits
from guandan.web.store import SCHEMA_VERSION, Store

from starlette.testclient import TestClient

PASSWORD = "correct horse"
UNLIMITED = SignInLimits(login=(10_000, 0.001), address=(10_000, 0.001))


def _account(app, login: str, name: str = "Mei") -> TestClient:
    """A browser with a new account (a guest first, as in the lobby)."""
    client = person(app, name)
    reply = client.post("/api/account/sign-up", json={"login": login, "password": PASSWORD})
    assert reply.status_code == 201, reply.text
    return client


def test_a_password_record_is_salted_scrypt_with_its_parameters():
    record = accounts.hash_password(PASSWORD)
    scheme, n, r, p, salt, key = record.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", accounts.SCRYPT_N, accounts.SCRYPT_R, accounts.SCRYPT_P)
    assert len(bytes.fromhex(salt)) == accounts.SALT_BYTES and len(bytes.fromhex(key)) == accounts.KEY_BYTES
    assert PASSWORD not in record
    assert accounts.hash_password(PASSWORD) != record  # a new salt each time
    assert accounts.password_matches(PASSWORD, record)
    assert not accounts.password_matches(PASSWORD + "!", record)
    assert not accounts.check_sign_in(PASSWORD, None)
    # the record's own parameters are used: a record of other parameters still checks
    cheap = f"scrypt$1024$8$1${salt}$" + accounts._scrypt(PASSWORD, bytes.fromhex(salt), 1024, 8, 1).hex()
    assert accounts.password_matches(PASSWORD, cheap)


def test_signing_in_on_another_browser_brings_the_name_tables_and_history(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    phone = _account(app, "Mei@Example.com", name="Mei")
    me = phone.get("/api/session").json()
    assert me["account"] == {"login": "mei@example.com"} and me["player"]["name"] == "Mei"
    table = phone.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    finished = phone.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    phone.post(f"/api/tables/{finished}/end", json={})

    desk = TestClient(app)
    reply = desk.post("/api/account/sign-in", json={"login": "  MEI@example.COM ", "password": PASSWORD})
    assert reply.status_code == 200 and reply.json() == me
    assert desk.get("/api/session").json() == me
    mine = desk.get("/api/tables/mine").json()
    assert [t["code"] for t in mine["tables"]] == [table]
    assert [(h["code"], h["status"]) for h in mine["history"]] == [(finished, "ended")]
    assert mine["history"][0]["replay"] == f"/static/replay.html?code={finished}"
    # the desk's session sits at the table as the phone's does
    assert desk.get(f"/api/tables/{table}").json()["me"]["seat"] == 0

    # signing out ends this browser's session only
    assert desk.post("/api/account/sign-out", json={}).json() == {"player": None, "account": None}
    assert desk.get("/api/session").json()["player"] is None
    assert phone.get("/api/session").json() == me


def test_a_guest_signing_up_keeps_their_seat_and_a_new_browser_may_sign_up_directly(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    guest = person(app, "Lin")
    code = guest.post("/api/tables/vs-bots", json={}).json()["table"]["code"]
    before = guest.get("/api/session").json()["player"]
    reply = guest.post("/api/account/sign-up", json={"login": "lin", "password": PASSWORD})
    assert reply.json()["player"] == before
    assert guest.get(f"/api/tables/{code}").json()["me"]["seat"] == 0
    # no session yet: the account comes with a new player, named
    fresh = TestClient(app)
    reply = fresh.post("/api/account/sign-up", json={"login": "ann@example.com", "password": PASSWORD, "name": "Ann"})
    assert reply.status_code == 201 and reply.json()["player"]["name"] == "Ann"
    assert fresh.get("/api/session").json()["account"] == {"login": "ann@example.com"}


def test_wrong_passwords_and_taken_logins_get_clear_replies(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    _account(app, "mei")
    stranger = TestClient(app)
    for body in ({"login": "mei", "password": "wrong password"}, {"login": "nobody", "password": PASSWORD}):
        reply = stranger.post("/api/account/sign-in", json=body)
        # the same reply for a wrong password and an unknown login
        assert reply.status_code == 401 and reply.json()["error"]["code"] == "sign_in_failed"
        assert reply.json()["error"]["message"]["zh"] == "用户名、邮箱或密码不对"
    assert stranger.get("/api/session").json()["player"] is None
    reply = person(app, "Other").post("/api/account/sign-up", json={"login": "MEI", "password": PASSWORD})
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "login_taken"
    signed_in = _account(app, "cy")
    reply = signed_in.post("/api/account/sign-up", json={"login": "cy2", "password": PASSWORD})
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "signed_in"
    reply = person(app, "Guest").post("/api/account/sign-out", json={})
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "not_signed_in"
    short = person(app, "Short").post("/api/account/sign-up", json={"login": "short", "password": "1234567"})
    assert short.status_code == 400 and "at least 8" in short.json()["error"]["message"]["en"]


def test_sign_in_attempts_are_rate_limited_per_login_and_address(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, sign_in_limits=SignInLimits(login=(9, 3600.0), address=(3, 3600.0)))
    TestClient(app).post("/api/account/sign-up", json={"login": "mei", "password": PASSWORD, "name": "Mei"})
    guesser = TestClient(app)
    codes = [guesser.post("/api/account/sign-in", json={"login": "mei", "password": f"guess {i}"}).json()["error"]["code"]
             for i in range(3)]
    # the sign-up spent one of the address's three attempts
    assert codes == ["sign_in_failed", "sign_in_failed", "rate_limited"]
    reply = guesser.post("/api/account/sign-in", json={"login": "mei", "password": PASSWORD})
    assert reply.status_code == 429 and reply.json()["error"]["message"]["en"].startswith("too many attempts")
    assert guesser.get("/api/session").json()["player"] is None
    # the default limits: five tries for a login, then one every 12 s
    app = create_app(str(tmp_path / "db2.sqlite"), **FAST)
    guesser = TestClient(app)
    codes = [guesser.post("/api/account/sign-in", json={"login": "mei", "password": f"guess {i}"}).json()["error"]["code"]
             for i in range(6)]
    assert codes == ["sign_in_failed"] * 5 + ["rate_limited"]


def test_the_login_bucket_holds_back_guesses_from_many_addresses():
    now = [0.0]
    limits = SignInLimits(login=(2, 60.0), address=(100, 1.0), clock=lambda: now[0])
    limits.check("10.0.0.1", "mei")
    limits.check("10.0.0.2", "mei")
    with pytest.raises(accounts.WebError) as refused:
        limits.check("10.0.0.3", "mei")
    assert refused.value.code == "rate_limited" and refused.value.status == 429
    limits.check("10.0.0.3", "lin")  # another login is not held back
    now[0] += 60.0
    limits.check("10.0.0.4", "mei")  # a token back after a minute


def test_hostile_account_bodies_get_a_4xx_never_a_5xx(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, sign_in_limits=UNLIMITED)
    client = person(app, "Host")
    odd = [[], ["x"], {}, {"a": 1}, 3, 2.5, None, True, "", " ", "a\u0000b", "\ud800", "x" * 3000]
    for path in ("/api/account/sign-up", "/api/account/sign-in", "/api/account/sign-out"):
        for field in ("login", "password", "name"):
            for value in odd:
                # ASCII JSON: a lone surrogate travels as its \u escape, as a browser may send it
                body = json.dumps({"login": "ok", "password": PASSWORD, field: value}).encode()
                reply = client.post(path, content=body, headers={"Content-Type": "application/json"})
                assert 400 <= reply.status_code < 500 or reply.status_code in (200, 201), (path, field, value, reply.text)
        for raw in (b"{nope", b"[]", b"null", b" " * 5000):
            assert 400 <= client.post(path, content=raw).status_code < 500, (path, raw)
    # a body that passes every check but the password's length
    reply = client.post("/api/account/sign-up", json={"login": "ok2", "password": "x" * 129})
    assert reply.status_code == 400


def test_a_database_of_schema_version_1_is_migrated(tmp_path):
    # Version 1 (no user_version) kept one session token on each player's row.
    path = str(tmp_path / "v1.sqlite")
    db = sqlite3.connect(path)
    db.executescript(FIRST_SCHEMA)
    from guandan.web import sessions

    token = sessions.new_token()
    db.execute("INSERT INTO players VALUES ('p_old', ?, 'Old', 1.0)", (sessions.token_hash(token),))
    db.commit()
    db.close()

    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION == 2
    assert store.player_by_token(sessions.token_hash(token)) == ("p_old", "Old")
    columns = [row[1] for row in store._read("PRAGMA table_info(players)")]
    assert columns == ["id", "name", "created"]  # no token left on the player's row
    store.close()
    # the old cookie still opens the old player, who may now sign up
    app = create_app(path, **FAST)
    old = TestClient(app)
    old.cookies.set(sessions.COOKIE, token)
    assert old.get("/api/session").json()["player"] == {"id": "p_old", "name": "Old"}
    assert old.post("/api/account/sign-up", json={"login": "old", "password": PASSWORD}).status_code == 201
    # opened again: already at the version, nothing to do
    assert Store(path).schema_version == SCHEMA_VERSION


def test_a_database_of_a_newer_schema_is_refused(tmp_path):
    path = str(tmp_path / "new.sqlite")
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(RuntimeError, match="schema version 3"):
        Store(path)
