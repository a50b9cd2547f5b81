"""Tables that keep moving: the turn clock (a bot plays a turn whose clock
ran out; two in a row give the seat to a bot until *I'm back*; a deal's end
does not wait for an idle person), idle tables hidden then ended, one
hosted table of people per person, and games against bots closed to others."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable, Dict, List

from guandan.gdy.game import MAX_TARGET
from guandan.web.rooms import END_IDLE_S, HIDE_IDLE_S
from tests.web.helpers import FAST, create_app, person


def _lead(hand: List[str]) -> List[str]:
    return [hand[0]] if hand[0] != "JK" else hand


def _active_player(ws, stop: threading.Event) -> None:
    """Play this seat's turns at once (pass when allowed) and ask for every next deal."""
    while not stop.is_set():
        try:
            message = ws.receive_json()
        except Exception:  # the socket closed at the end of the test
            return
        deal = message.get("deal") if message["type"] == "view" else None
        if not deal or message["table"]["status"] != "playing":
            continue
        me = message["me"]["seat"]
        reply = None
        if deal["phase"] == "over" and not message["seats"][me]["ready"]:
            reply = {"type": "next"}
        elif deal["phase"] == "play" and deal["my_turn"]:
            reply = {"type": "pass"} if deal["can_pass"] else {"type": "play", "cards": _lead(deal["hand"])}
        if reply is not None:
            try:
                ws.send_json(reply)
            except Exception:  # the socket closed between the view and the reply
                return


class _ViewReader:
    """Reads a socket on its own thread, so a view that never comes fails
    the test after a timeout instead of blocking it forever."""

    def __init__(self, ws) -> None:
        self.messages: "queue.Queue[Dict[str, Any]]" = queue.Queue()
        self.last: Dict[str, Any] = {}
        threading.Thread(target=self._read, args=(ws,), daemon=True).start()

    def _read(self, ws) -> None:
        while True:
            try:
                self.messages.put(ws.receive_json())
            except Exception:  # the socket closed at the end of the test
                return

    def until(self, done: Callable[[Dict[str, Any]], bool], timeout: float = 20.0) -> Dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                message = self.messages.get(timeout=max(remaining, 0.001))
            except queue.Empty:
                last = self.last
                raise AssertionError(
                    f"the awaited view did not come in {timeout} s; the last: table {last.get('table', {}).get('status')},"
                    f" deal {(last.get('deal') or {}).get('number')}, seats {last.get('seats')}") from None
            if message["type"] == "view":
                self.last = message
                if done(message):
                    return message


def test_the_clock_plays_an_idle_turn_then_gives_the_seat_to_a_bot(tmp_path):
    app = create_app(str(tmp_path / "clock.sqlite"), **FAST)
    with person(app, "Host") as host, person(app, "Idle") as idle:
        code = host.post("/api/tables", json={"game": "gdy", "players": 2, "clock": 1, "target": MAX_TARGET}).json()["table"]["code"]
        assert idle.post(f"/api/tables/{code}/join", json={}).json() == {"seat": 1}
        assert host.post(f"/api/tables/{code}/start", json={}).status_code == 200
        stop = threading.Event()
        with host.websocket_connect(f"/ws/{code}") as ws_host, idle.websocket_connect(f"/ws/{code}") as ws_idle:
            worker = threading.Thread(target=_active_player, args=(ws_host, stop), daemon=True)
            worker.start()
            views = _ViewReader(ws_idle)
            # The clock runs on the idle seat's turn, and shows how long is left.
            waiting = views.until(lambda v: v["deal"] and v["deal"]["turn"] == 1 and v["clock"])
            assert waiting["clock"]["seat"] == 1 and 0 < waiting["clock"]["remaining_ms"] <= 1000
            started = time.monotonic()
            first = views.until(lambda v: v["seats"][1]["timeouts"] == 1)
            assert time.monotonic() - started >= 0.5 and not first["seats"][1]["away"]
            # A bot plays that turn; the seat is still the person's.
            played = views.until(lambda v: any(r.get("seat") == 1 for r in v["deal"]["log"]) or v["deal"]["number"] > 1)
            assert played["seats"][1]["human"]
            # The second timeout in a row gives the seat to a bot until the person is back.
            away = views.until(lambda v: v["seats"][1]["away"])
            assert away["me"]["away"] and away["seats"][1]["bot"] == "rule"
            # A deal's end does not wait for the idle person's "next" either
            # (the largest target is out of reach in a few deals, so the game goes on).
            number = away["deal"]["number"]
            later = views.until(lambda v: v["deal"]["number"] > number + 1, timeout=60)
            assert later["table"]["status"] == "playing"
            assert idle.post(f"/api/tables/{code}/away", json={"away": False}).status_code == 200
            back = views.until(lambda v: not v["seats"][1]["away"])
            assert back["seats"][1]["timeouts"] == 0
            stop.set()
        table = app.state.rooms.tables[code]
        assert table.clock == 1


def test_no_clock_against_bots_and_a_clock_by_default_for_people(tmp_path):
    app = create_app(str(tmp_path / "clock.sqlite"), **FAST)
    with person(app, "Host") as host:
        solo = host.post("/api/tables/vs-bots", json={"clock": 30}).json()["table"]
        assert solo["clock"] == 0 and solo["solo"]
        people = host.post("/api/tables", json={}).json()["table"]
        assert people["clock"] == 30 and not people["solo"]
        for clock in (-1, 601, "30", 2.5, None, [30]):
            reply = host.post("/api/tables", json={"clock": clock, "replace": True})
            assert reply.status_code == 400 and "clock" in reply.json()["error"]["message"]["en"], clock


def test_one_hosted_table_of_people_per_person(tmp_path):
    app = create_app(str(tmp_path / "host.sqlite"), **FAST)
    with person(app, "Host") as host:
        first = host.post("/api/tables", json={}).json()["table"]["code"]
        again = host.post("/api/tables", json={"game": "gdy"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "already_hosting"
        assert first in again.json()["error"]["message"]["en"] and again.json()["error"]["table"] == first
        assert host.post("/api/tables", json={"replace": "yes"}).status_code == 400
        # a game against bots is not a hosted table of people
        assert host.post("/api/tables/vs-bots", json={}).status_code == 201
        replaced = host.post("/api/tables", json={"game": "gdy", "replace": True})
        assert replaced.status_code == 201
        assert host.get(f"/api/tables/{first}").json()["error"]["code"] == "no_table"
        assert app.state.rooms.tables[first].status == "ended"


def test_a_game_against_bots_takes_no_other_person(tmp_path):
    app = create_app(str(tmp_path / "solo.sqlite"), **FAST)
    with person(app, "Solo") as solo, person(app, "Other") as other:
        code = solo.post("/api/tables/vs-bots", json={}).json()["table"]["code"]
        for action in ("join", "request"):
            reply = other.post(f"/api/tables/{code}/{action}", json={})
            assert reply.status_code == 403 and reply.json()["error"]["code"] == "solo_table", action
        assert app.state.rooms.tables[code].requests == []
        assert solo.post(f"/api/tables/{code}/join", json={}).json() == {"seat": 0}


def test_idle_tables_leave_the_list_then_end(tmp_path):
    app = create_app(str(tmp_path / "idle.sqlite"), **FAST)
    with person(app, "Host") as host:
        code = host.post("/api/tables", json={}).json()["table"]["code"]
        listed = lambda: [t["code"] for t in host.get("/api/tables").json()["tables"]]  # noqa: E731
        assert listed() == [code]
        table = app.state.rooms.tables[code]
        table.last_active = time.time() - HIDE_IDLE_S - 1
        assert listed() == [] and table.status == "waiting"  # hidden, still there
        assert host.get(f"/api/tables/{code}").status_code == 200
        table.last_active = time.time() - END_IDLE_S - 1
        assert listed() == [] and table.status == "ended"
        assert host.get(f"/api/tables/{code}").json()["error"]["code"] == "no_table"
        # ended: the person may host a new table without replacing anything
        assert host.post("/api/tables", json={}).status_code == 201
