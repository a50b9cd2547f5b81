"""GET /api/tables/mine: the tables a player sits at or hosts, private ones
included, and nobody else's."""

from __future__ import annotations

from tests.web.helpers import FAST, create_app, person


def test_your_tables_list_what_you_sit_at_or_host_and_nothing_else(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, friend, stranger = person(app, "Host"), person(app, "Bo"), person(app, "Cy")
    solo = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    shared = host.post("/api/tables", json={"public": False}).json()["table"]["code"]
    assert friend.post(f"/api/tables/{shared}/join", json={}).json() == {"seat": 1}

    mine = host.get("/api/tables/mine").json()["tables"]
    assert {t["code"] for t in mine} == {solo, shared}
    by_code = {t["code"]: t for t in mine}
    assert by_code[solo]["solo"] and by_code[solo]["status"] == "playing"
    assert by_code[shared]["me"] == {"seat": 0, "host": True}
    assert [(t["code"], t["me"]) for t in friend.get("/api/tables/mine").json()["tables"]] == [
        (shared, {"seat": 1, "host": False})]
    assert stranger.get("/api/tables/mine").json()["tables"] == []

    # a table one has left is no longer one's own; an ended one is gone
    friend.post(f"/api/tables/{shared}/leave", json={})
    assert friend.get("/api/tables/mine").json()["tables"] == []
    host.post(f"/api/tables/{solo}/end", json={})
    assert [t["code"] for t in host.get("/api/tables/mine").json()["tables"]] == [shared]


def test_your_tables_need_a_session(tmp_path):
    from starlette.testclient import TestClient

    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    reply = TestClient(app).get("/api/tables/mine")
    assert reply.status_code == 401 and reply.json()["error"]["code"] == "no_session"
