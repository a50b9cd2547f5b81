"""The table actions the lobby tests leave out: reject, step away, leave (and
the host's seat passing on), chat, select, hint, coach mode, two people at
one table over websockets, and the option errors of ``guandan serve``."""

from __future__ import annotations

import socket

import pytest

from tests.test_cli_errors import assert_refused
from tests.web.helpers import FAST, create_app, person


def _table(host, other, **options):
    """A waiting table of the host, with ``other`` seated in seat 2."""
    code = host.post("/api/tables", json=options).json()["table"]["code"]
    assert other.post(f"/api/tables/{code}/join", json={"seat": 2}).json() == {"seat": 2}
    return code


def _vs_bots(tmp_path):
    """(app, host, code, table) of a fresh vs-bots table with simple bots."""
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host = person(app, "Host")
    code = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
    return app, host, code, app.state.rooms.tables[code]


def _player_id(client):
    return client.get("/api/session").json()["player"]["id"]


def _next_view(ws, where=lambda view: True):
    """The next view message that ``where`` accepts (other messages skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and where(message):
            return message


def _reply(ws, kind):
    """The next message of type ``kind`` (views in between skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] in (kind, "error"):
            return message


def test_reject_tells_the_requester_and_a_new_request_clears_it(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, bo = person(app, "Host"), person(app, "Bo")
    code = host.post("/api/tables", json={}).json()["table"]["code"]
    bo_id = _player_id(bo)
    assert host.post(f"/api/tables/{code}/reject", json={"player": bo_id}).json()["error"]["code"] == "no_request"
    assert bo.post(f"/api/tables/{code}/request").json() == {"requested": True}
    assert bo.post(f"/api/tables/{code}/reject", json={"player": bo_id}).json()["error"]["code"] == "not_host"
    assert host.post(f"/api/tables/{code}/reject", json={"player": bo_id}).status_code == 200
    me = bo.get(f"/api/tables/{code}").json()["me"]
    assert me == {"seat": None, "host": False, "requested": False, "rejected": True, "removed": False}
    # The host can no longer approve the turned-down request...
    assert host.post(f"/api/tables/{code}/approve", json={"player": bo_id}).json()["error"]["code"] == "no_request"
    # ...until the player asks again.
    assert bo.post(f"/api/tables/{code}/request").json() == {"requested": True}
    me = bo.get(f"/api/tables/{code}").json()["me"]
    assert me["requested"] and not me["rejected"]
    assert host.post(f"/api/tables/{code}/approve", json={"player": bo_id}).json() == {"seat": 1}


def test_leaving_passes_the_host_on_and_the_last_one_out_ends_the_table(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, bo = person(app, "Host"), person(app, "Bo")
    code = _table(host, bo)
    table = app.state.rooms.tables[code]
    assert host.post(f"/api/tables/{code}/leave").status_code == 200
    assert table.host == _player_id(bo) and table.seats[0] is None
    assert bo.get(f"/api/tables/{code}").json()["me"]["host"] is True
    assert host.post(f"/api/tables/{code}/leave").json()["error"]["code"] == "not_seated"
    assert bo.post(f"/api/tables/{code}/leave").status_code == 200
    assert table.status == "ended"
    assert bo.get(f"/api/tables/{code}").json()["error"]["code"] == "no_table"


def test_a_player_who_leaves_mid_match_is_replaced_by_a_bot(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, bo = person(app, "Host"), person(app, "Bo")
    code = _table(host, bo)
    assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).status_code == 200
    table = app.state.rooms.tables[code]
    hand = list(table.match.deal.hands[2].cards)
    assert bo.post(f"/api/tables/{code}/leave").status_code == 200
    assert table.seats[2] is None and list(table.match.deal.hands[2].cards) == hand
    with host.websocket_connect(f"/ws/{code}") as ws:
        ws.receive_json()  # hello
        view = _next_view(ws)
        assert view["seats"][2]["human"] is False and view["seats"][2]["bot"] == table.bots


def test_stepping_away_keeps_the_seat_and_refuses_plays_until_back(tmp_path):
    app, host, code, table = _vs_bots(tmp_path)
    assert host.post(f"/api/tables/{code}/away", json={"away": "yes"}).json()["error"]["code"] == "bad_request"
    assert host.post(f"/api/tables/{code}/away", json={"away": True}).status_code == 200
    assert table.seats[0] == _player_id(host) and 0 in table.away
    with host.websocket_connect(f"/ws/{code}") as ws:
        ws.receive_json()  # hello
        view = _next_view(ws)
        assert view["me"]["away"] is True and view["seats"][0]["away"] is True
        ws.send_json({"type": "pass", "id": 1})
        assert _reply(ws, "error")["code"] == "away"
        ws.send_json({"type": "hint", "id": 2})
        assert _reply(ws, "error")["code"] == "away"
    assert host.post(f"/api/tables/{code}/away", json={"away": False}).status_code == 200
    assert 0 not in table.away and table.seats[0] == _player_id(host)


def test_chat_reaches_everyone_at_the_table_as_sent(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, bo, watcher = person(app, "Host"), person(app, "Bo"), person(app, "Zed")
    code = _table(host, bo)
    line = "<b>hi</b> & 你好"
    with host.websocket_connect(f"/ws/{code}") as ws_host, bo.websocket_connect(f"/ws/{code}") as ws_bo, \
            watcher.websocket_connect(f"/ws/{code}") as ws_watch:
        for ws in (ws_host, ws_bo, ws_watch):
            ws.receive_json()  # hello
        ws_bo.send_json({"type": "chat", "text": line})
        for ws in (ws_host, ws_bo, ws_watch):
            chat = _reply(ws, "chat")
            # Sent as data: the page sets it as text, never as HTML.
            assert chat["line"]["text"] == line and chat["line"]["name"] == "Bo" and chat["line"]["seat"] == 2
        ws_watch.send_json({"type": "chat", "text": "me too"})
        assert _reply(ws_watch, "error")["code"] == "not_seated"
        ws_host.send_json({"type": "chat", "text": "x" * 1000})
        assert _reply(ws_host, "error")["code"] == "bad_message"
        ws_host.send_json({"type": "chat", "text": 7})
        assert _reply(ws_host, "error")["code"] == "bad_message"
    assert [c["text"] for c in app.state.rooms.tables[code].chat] == [line]


def _my_turn(ws):
    return _next_view(ws, lambda v: v["deal"] is not None and v["deal"]["my_turn"] and v["deal"]["phase"] == "play")


def test_select_reads_a_selection_and_says_why_not(tmp_path):
    app, host, code, table = _vs_bots(tmp_path)
    with host.websocket_connect(f"/ws/{code}") as ws:
        ws.receive_json()  # hello
        view = _my_turn(ws)
        deal = table.match.deal
        hand = view["deal"]["hand"]
        for card in sorted(set(hand)):
            ws.send_json({"type": "select", "cards": [card], "id": card})
            reply = _reply(ws, "selection")
            assert reply["ref"] == card and reply["cards"] == [card]
            legal = [m for m in deal.legal_moves() if [str(c) for c in m.cards] == [card]]
            assert [r["kind"] for r in reply["readings"]] == [m.kind for m in legal]
            assert (reply["reason"] is None) == bool(legal)
            assert all(set(r["name"]) == {"en", "zh"} for r in reply["readings"])
            if not legal:
                assert set(reply["reason"]) == {"en", "zh"} and reply["reason"]["en"]
        ws.send_json({"type": "select", "cards": []})
        reply = _reply(ws, "selection")
        assert reply["readings"] == [] and reply["pass"] is deal.can_pass()
        assert (reply["reason"] is None) == deal.can_pass()
        # A card the hand does not hold.
        absent = next(str(c) for c in deal.hands[1].cards if str(c) not in hand)
        ws.send_json({"type": "select", "cards": [absent]})
        reply = _reply(ws, "selection")
        assert reply["readings"] == [] and absent in reply["reason"]["en"]
        assert deal.turn == 0 and table.match.deal is deal  # selecting changes nothing


def test_hint_suggests_a_legal_move_with_a_reason_and_coach_mode_is_kept(tmp_path):
    app, host, code, table = _vs_bots(tmp_path)
    with host.websocket_connect(f"/ws/{code}") as ws:
        ws.receive_json()  # hello
        _my_turn(ws)
        ws.send_json({"type": "hint", "id": "h"})
        reply = _reply(ws, "hint")
        assert reply["ref"] == "h" and set(reply["reason"]) == {"en", "zh"}
        legal = [sorted(str(c) for c in m.cards) for m in table.match.deal.legal_moves()]
        if table.match.deal.can_pass():
            legal.append([])
        assert sorted(reply["cards"]) in legal
        ws.send_json({"type": "coach", "on": "yes"})
        assert _reply(ws, "error")["code"] == "bad_message"
        ws.send_json({"type": "coach", "on": True})
        assert _next_view(ws, lambda v: v["me"]["coach"])["me"]["coach"] is True
    # Coach mode belongs to the seat: a new connection sees it still on.
    with host.websocket_connect(f"/ws/{code}") as ws:
        ws.receive_json()
        assert _next_view(ws)["me"]["coach"] is True


def test_two_people_at_one_table_each_see_only_their_own_hand(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host, bo = person(app, "Host"), person(app, "Bo")
    code = _table(host, bo)
    assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).status_code == 200
    hands = app.state.rooms.tables[code].match.deal.hands
    with host.websocket_connect(f"/ws/{code}") as ws_host, bo.websocket_connect(f"/ws/{code}") as ws_bo:
        assert ws_host.receive_json()["seat"] == 0 and ws_bo.receive_json()["seat"] == 2
        mine, theirs = _next_view(ws_host), _next_view(ws_bo)
        assert mine["deal"]["hand"] == [str(c) for c in hands[0].cards]
        assert theirs["deal"]["hand"] == [str(c) for c in hands[2].cards]
        assert mine["seats"][2]["name"] == "Bo" and theirs["seats"][0]["name"] == "Host"


@pytest.mark.parametrize("argv, words", [
    (["serve", "--port", "0"], ["port"]),
    (["serve", "--port", "http"], ["port"]),
    (["serve", "--bot-delay", "-1"], ["bot delay"]),
    (["serve", "--bot-delay", "nan"], ["bot delay"]),
    (["serve", "--bot-delay", "soon"], ["bot delay"]),
    (["serve", "--host", "no such host.invalid"], ["--host"]),
    (["serve", "--db", "/no/such/folder/x.sqlite"], ["--db"]),
])
def test_serve_option_errors_are_one_line_and_exit_2(argv, words):
    assert_refused(argv, *words)


def test_serve_refuses_a_port_in_use():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert_refused(["serve", "--port", str(busy.getsockname()[1])], "cannot listen")
