"""Lobby and table actions, their error paths, websocket message checks, and
resuming after a restart on the same database."""

from __future__ import annotations

import pytest

from tests.web.helpers import FAST, FIRST_SCHEMA, create_app, person, play_through


def _code(client, **options):
    reply = client.post("/api/tables", json=options)
    assert reply.status_code == 201
    return reply.json()["table"]["code"]


def test_lobby_and_host_actions(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, other = person(app, "Host"), person(app, "Bo")
    code = _code(host, ruleset="pagat", bots="rule")
    assert [t["code"] for t in host.get("/api/tables").json()["tables"]] == [code]
    assert other.post(f"/api/tables/{code}/start").json()["error"]["code"] == "not_host"
    assert host.post(f"/api/tables/{code}/start").json()["error"]["code"] == "too_few_players"
    assert other.post(f"/api/tables/{code}/request").json() == {"requested": True}
    bo = other.get("/api/session").json()["player"]["id"]
    assert host.post(f"/api/tables/{code}/approve", json={"player": bo, "seat": 0}).json()["error"]["code"] == "seat_taken"
    assert host.post(f"/api/tables/{code}/approve", json={"player": bo, "seat": 2}).json() == {"seat": 2}
    reply = host.post(f"/api/tables/{code}/start")
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "not_full"
    assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).status_code == 200
    assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).json()["error"]["code"] == "wrong_phase"
    assert host.post(f"/api/tables/{code}/remove", json={"seat": 2}).status_code == 200
    assert other.post(f"/api/tables/{code}/join").json()["error"]["code"] == "removed"
    assert host.post(f"/api/tables/{code}/allow", json={"player": bo}).status_code == 200
    # Mid-game a join is a request; the host picks the bot seat it takes over.
    assert other.post(f"/api/tables/{code}/join").json() == {"seat": None, "requested": True}
    assert host.post(f"/api/tables/{code}/approve", json={"player": bo, "seat": 3}).json() == {"seat": 3}
    table = app.state.rooms.tables[code]
    assert table.seats[3] == bo and table.match.deal.hands[3]
    assert host.get(f"/api/tables/{code}/log").json()["error"]["code"] == "wrong_phase"
    assert other.post(f"/api/tables/{code}/end").json()["error"]["code"] == "not_host"
    assert host.post(f"/api/tables/{code}/end").status_code == 200
    assert host.get(f"/api/tables/{code}/log").status_code == 200
    assert host.get(f"/api/tables/{code}").json()["error"]["code"] == "no_table"


def test_the_log_of_a_finished_match_opens_without_a_session_and_names_the_players(tmp_path):
    # A replay link shared with a friend who has never played here opened on
    # "no session"; and the log named no one, so the replay said "Seat 1".
    from starlette.testclient import TestClient

    from guandan.gd.log import ReplayError, replay

    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, other = person(app, "Host"), person(app, "Bo")
    code = _code(host, bots="simple")
    assert other.post(f"/api/tables/{code}/join").status_code == 200
    assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).status_code == 200
    stranger = TestClient(app)
    assert stranger.get(f"/api/tables/{code}/log").json()["error"]["code"] == "wrong_phase"
    assert host.post(f"/api/tables/{code}/end").status_code == 200
    log = stranger.get(f"/api/tables/{code}/log").json()
    assert log["players"] == [{"name": "Host", "bot": None}, {"name": "Bo", "bot": None},
                              {"name": None, "bot": "simple"}, {"name": None, "bot": "simple"}]
    replay(log)  # the engine reads it back, names and all
    # checked for shape, and sealed by the digest like every other field
    with pytest.raises(ReplayError, match=r"players: expected 4 entries"):
        replay({**log, "players": log["players"][:3]})
    log["players"][1]["name"] = "Mallory"
    with pytest.raises(ReplayError, match="digest"):
        replay(log)
    assert stranger.get("/api/tables/ZZZZZZ/log").json()["error"]["code"] == "no_table"


def test_http_error_paths(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host = person(app, "Host")
    from starlette.testclient import TestClient

    stranger = TestClient(app)
    assert stranger.post("/api/tables", json={}).status_code == 401
    stranger.cookies.set("guandan_session", "not-a-token")
    # no session is an answer, not an error (a first visit asks): no 401 in the console
    assert stranger.get("/api/session").json() == {"player": None, "account": None}
    assert stranger.get("/api/tables/mine").json()["error"]["code"] == "no_session"
    assert host.post("/api/tables", content=b"{nope").json()["error"]["code"] == "bad_request"
    assert host.post("/api/tables", json={"ruleset": "poker"}).json()["error"]["code"] == "bad_request"
    assert host.post("/api/tables", json={"bots": "godlike"}).status_code == 400
    assert host.post("/api/tables", content=b" " * 5000).status_code == 413
    assert host.post("/api/session", json={"name": "x" * 21}).status_code == 400
    assert host.post("/api/session", json={"name": "a\u0000b"}).status_code == 400
    assert host.get("/api/tables/ZZZZZZ").json()["error"]["code"] == "no_table"
    assert host.get("/api/tables/bad").status_code == 404


def test_websocket_errors_change_nothing(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), bot_delay=0, message_rate=(1.0, 5))
    host = person(app, "Host")
    code = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    table = app.state.rooms.tables[code]
    with host.websocket_connect(f"/ws/{code}") as ws:
        assert ws.receive_json()["type"] == "hello"
        while True:
            view = ws.receive_json()
            if view["type"] == "view" and view["deal"]["my_turn"]:
                break
        seq = table.actions
        for raw, code_expected in [("{not json", "bad_message"), ('{"type": "fly"}', "unknown_type"),
                                   ('{"type": "play", "cards": ["Zz"]}', "bad_card"), ("x" * 3000, "too_large"),
                                   ('{"type": "give", "card": "Ah", "id": 9}', "wrong_phase")]:
            ws.send_text(raw)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code_expected, (raw, reply)
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json()["code"] == "rate_limited"
        assert table.actions == seq


def test_restart_resumes_every_live_table(tmp_path):
    path = str(tmp_path / "db.sqlite")
    app = create_app(path, **FAST)
    with person(app, "Host") as host:
        code = host.post("/api/tables/vs-bots", json={"bots": "simple", "ruleset": "app"}).json()["table"]["code"]
        with host.websocket_connect(f"/ws/{code}") as ws:
            play_through(ws, [], stop_after_deals=2)
        cookie = host.cookies.get("guandan_session")
    before = app.state.rooms.tables[code]
    again = create_app(path, **FAST)
    after = again.state.rooms.tables[code]
    assert after.match.deal.to_text() == before.match.deal.to_text()
    assert after.results == before.results and after.actions == before.actions
    with person(again, "Other") as client:
        client.cookies.set("guandan_session", cookie)
        with client.websocket_connect(f"/ws/{code}") as ws:
            assert ws.receive_json()["seat"] == 0
            view = ws.receive_json()
            assert view["deal"]["hand"] == [str(c) for c in after.match.deal.hands[0].cards]


def test_restart_rebuilds_only_the_live_tables(tmp_path, monkeypatch):
    from guandan.web.rooms import Rooms

    path = str(tmp_path / "db.sqlite")
    app = create_app(path, **FAST)
    host = person(app, "Host")
    live = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    other = person(app, "Other")
    ended = other.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    assert other.post(f"/api/tables/{ended}/end", json={}).status_code == 200
    log = other.get(f"/api/tables/{ended}/log")
    assert log.status_code == 200
    rebuilt = []
    original = Rooms._rebuild
    monkeypatch.setattr(Rooms, "_rebuild", lambda self, record: rebuilt.append(record.code) or original(self, record))
    again = create_app(path, **FAST)
    assert rebuilt == [live]
    assert set(again.state.rooms.tables) == {live}
    assert person(again, "Third").get(f"/api/tables/{ended}").json()["error"]["code"] == "no_table"
    # Its log is still there, rebuilt from the store for the request.
    after = person(again, "Third").get(f"/api/tables/{ended}/log")
    assert after.status_code == 200 and after.json() == log.json()
    assert set(again.state.rooms.tables) == {live}
    rebuilt.clear()
    # A database from before ends were marked: the ended table is rebuilt
    # once, marked, and not rebuilt again.
    again.state.rooms.store._db.execute("DELETE FROM ended_tables")
    assert set(create_app(path, **FAST).state.rooms.tables) == {live} and rebuilt == [live, ended]
    rebuilt.clear()
    create_app(path, **FAST)
    assert rebuilt == [live]


def test_every_field_of_an_odd_type_is_a_400_never_a_5xx(tmp_path):
    # A list, an object, a number, null or a bool where a name, a flag, a
    # seat or a player is expected: the documented 400, for every POST
    # endpoint and every field it reads.
    from guandan.web.app import TABLE_ACTIONS

    from guandan.web.accounts import SignInLimits

    unlimited = SignInLimits(login=(10_000, 0.001), address=(10_000, 0.001))
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, sign_in_limits=unlimited)
    host = person(app, "Host")
    code = _code(host)
    odd = [[], ["rule"], {}, {"a": 1}, 3, 2.5, None, True, "x" * 5000]
    fields = ["ruleset", "bots", "public", "name", "seat", "player", "anyway", "seats", "game", "players", "target",
              "login", "password"]
    accounts = ["/api/account/sign-up", "/api/account/sign-in", "/api/account/sign-out"]
    paths = ["/api/session", "/api/tables", "/api/tables/vs-bots", *accounts] + [f"/api/tables/{code}/{a}" for a in TABLE_ACTIONS]
    for path in paths:
        for field in fields:
            for value in odd:
                reply = host.post(path, json={field: value})
                assert reply.status_code < 500, (path, field, value, reply.text)
    for field in ("ruleset", "bots", "game", "players"):
        for value in odd[:-1]:  # the long string is over the body limit: a 413
            for path in ("/api/tables", "/api/tables/vs-bots"):
                reply = host.post(path, json={field: value})
                assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_request", (path, field, value)


def test_a_database_from_before_games_had_a_column_still_opens(tmp_path):
    # The first schema stored Guandan tables with their ruleset alone; such a
    # database gains the game, options and seats columns and its tables come
    # back as Guandan tables of four, with the ruleset as their option.
    import sqlite3

    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.executescript(FIRST_SCHEMA + """
        INSERT INTO players VALUES ('p1', 'hash', 'Old', 0);
        INSERT INTO tables VALUES ('ABCDEF', 'p1', 'pagat', 'simple', 1, 7, 1.0);
        INSERT INTO actions VALUES ('ABCDEF', 0, 'join', '{"player":"p1","seat":0}', 1.0);
    """)
    db.commit()
    db.close()
    app = create_app(path, **FAST)
    table = app.state.rooms.tables["ABCDEF"]
    assert table.GAME == "guandan" and table.ruleset == "pagat" and table.seats == ["p1", None, None, None]
    record = app.state.rooms.store.table_record("ABCDEF")
    assert (record.game, record.options, record.seats) == ("guandan", {"ruleset": "pagat"}, 4)


def test_an_action_the_store_cannot_take_changes_nothing(tmp_path, monkeypatch):
    # Write first, then apply: when the database refuses an action the table
    # stays as it was, the request gets an error reply (never a 5xx but the
    # documented 503) and the table goes on once the database is back.
    import sqlite3

    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    with person(app, "Host") as host, person(app, "Guest") as guest:
        code = _code(host)
        table = app.state.rooms.tables[code]
        store = app.state.rooms.store
        real = store._add_action

        def broken(*args, **kwargs):
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(store, "_add_action", broken)
        before = (list(table.seats), table.actions, table.status)
        reply = guest.post(f"/api/tables/{code}/join", json={})
        assert reply.status_code == 503 and reply.json()["error"]["code"] == "unavailable"
        assert (list(table.seats), table.actions, table.status) == before
        with host.websocket_connect(f"/ws/{code}") as ws:
            ws.receive_json()
            ws.receive_json()
            ws.send_json({"type": "chat", "text": "hello"})
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "unavailable"
            assert table.chat == [] and table.actions == before[1]
        monkeypatch.setattr(store, "_add_action", real)
        assert guest.post(f"/api/tables/{code}/join", json={}).json() == {"seat": 1}
        assert len(list(store.actions(code))) == table.actions


def test_coach_mode_is_kept_over_a_restart(tmp_path):
    path = str(tmp_path / "db.sqlite")
    app = create_app(path, **FAST)
    with person(app, "Host") as host:
        code = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
        with host.websocket_connect(f"/ws/{code}") as ws:
            ws.receive_json()
            ws.send_json({"type": "coach", "on": True})
            view = ws.receive_json()
            while not (view["type"] == "view" and view["me"]["coach"]):
                view = ws.receive_json()
        cookie = host.cookies.get("guandan_session")
    again = create_app(path, **FAST)
    assert again.state.rooms.tables[code].coached == {0}
    with person(again, "Back") as client:
        client.cookies.set("guandan_session", cookie)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.receive_json()
            assert ws.receive_json()["me"]["coach"] is True


def test_a_table_whose_every_seat_holds_a_person_takes_no_request(tmp_path):
    # A request its host could not approve (approve needs a seat without a
    # person) is refused when made, in words, before and after the start.
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host = person(app, "Host")
    code = _code(host)
    for name in ("Bo", "Cy", "Di"):
        assert person(app, name).post(f"/api/tables/{code}/join", json={}).status_code == 200
    late = person(app, "Late")
    for path in ("request", "join"):
        reply = late.post(f"/api/tables/{code}/{path}", json={})
        assert reply.status_code == 409 and reply.json()["error"]["code"] == "table_full", reply.text
    reply = late.post(f"/api/tables/{code}/request", json={})
    assert reply.json()["error"]["message"]["en"] == "the table is full: its host has no seat to give you"
    assert host.post(f"/api/tables/{code}/start", json={}).status_code == 200
    reply = late.post(f"/api/tables/{code}/join", json={})  # after the start a join is a request
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "table_full"
    assert app.state.rooms.tables[code].requests == []
