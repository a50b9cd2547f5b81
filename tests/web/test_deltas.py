"""Views as deltas (docs/web.md §4): a page that asks for them gets patches
on its last view, and replaying them gives exactly the whole views a page
without deltas is sent, at every step of whole matches of both games."""

from __future__ import annotations

import random
from typing import Any, Dict, List

from hypothesis import given, settings
from hypothesis import strategies as st

from guandan.web.deltas import ViewStream, apply, diff, replay, size

from .helpers import FAST, create_app, person, play_through
from .test_gdy_tables import play_gdy

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["", "a", "10", "Sb"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from("abcde"), inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_a_patch_turns_the_old_value_into_the_new(old, new):
    before = repr(old)
    assert apply(old, diff(old, new)) == new
    assert repr(old) == before  # applying leaves the old value as it was


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from("abc"), json_values, max_size=4), min_size=1, max_size=8),
       st.booleans())
def test_a_stream_of_views_replays_to_the_same_views(views, deltas):
    stream = ViewStream(deltas)
    sent = [stream.message({"type": "view", **view}) for view in views]
    assert [v for _, v in replay(sent)] == [{"type": "view", **view} for view in views]
    if not deltas:
        assert all(m["type"] == "view" for m in sent)
    assert all(2 * size(m) <= size({**views[i], "type": "view", "version": i + 1})
               for i, m in enumerate(sent) if m["type"] == "patch")


def test_null_values_and_growing_logs_survive_a_patch():
    old = {"deal": None, "log": [{"seat": 0}], "hand": ["3s", "4h"], "trick": {"seat": 1, "cards": ["5s"]}}
    new = {"deal": {"phase": "play"}, "log": [{"seat": 0}, {"seat": 1}], "hand": ["4h"], "trick": None}
    ops = diff(old, new)
    assert ["add", ["log"], [{"seat": 1}]] in ops
    assert apply(old, ops) == new


class CheckedDeltas:
    """A delta socket that a plain socket of the same person follows: every
    view rebuilt from the deltas is checked against the whole view the plain
    socket got for the same moment. Bots may play between the opening of
    the two connections, so the streams are matched by content: the deltas'
    states up to the plain socket's first one are skipped, and from then on
    each new state must be the plain socket's next new state (a view equal to
    the one before it, as when a second socket of the same person connects,
    is skipped in both). The bytes of the deltas and of the whole views they stand for are
    counted."""

    def __init__(self, deltas, plain, first_view: Dict[str, Any]) -> None:
        self.deltas, self.plain = deltas, plain
        self.version, self.view = first_view["version"], {k: v for k, v in first_view.items() if k != "version"}
        self.plain_view: Any = None
        self.aligned = False
        self.bytes = {"deltas": 0, "whole": 0}
        self.checked = 0

    def _next_plain_state(self) -> Dict[str, Any]:
        while True:
            message = self.plain.receive_json()
            if message["type"] != "view":
                continue
            view = {k: v for k, v in message.items() if k != "version"}
            if view != self.plain_view:
                self.plain_view = view
                return view

    def receive_json(self) -> Dict[str, Any]:
        message = self.deltas.receive_json()
        if message["type"] not in ("view", "patch"):
            return message
        before = self.view
        self.version, self.view = replay([{**before, "version": self.version}, message])[-1]
        self.bytes["deltas"] += size(message)
        self.bytes["whole"] += size({**self.view, "version": self.version})
        if not self.aligned:  # the plain socket opened later: skip states it never saw
            if self.plain_view is None:
                self._next_plain_state()
            self.aligned = self.view == self.plain_view
            self.checked += self.aligned
            return self.view
        if self.view == before:
            return self.view
        assert self._next_plain_state() == self.view
        self.checked += 1
        return self.view

    def send_json(self, message: Dict[str, Any]) -> None:
        self.deltas.send_json(message)


def _play_with_both_sockets(client, code: str, deals: int) -> CheckedDeltas:
    with client.websocket_connect(f"/ws/{code}?deltas=1") as deltas:
        assert deltas.receive_json()["type"] == "hello"
        first = deltas.receive_json()
        assert first["type"] == "view" and first["version"] == 1
        with client.websocket_connect(f"/ws/{code}") as plain:
            assert plain.receive_json()["type"] == "hello"
            checked = CheckedDeltas(deltas, plain, first)
            play_through(checked, [], stop_after_deals=deals)
    return checked


def test_deltas_replay_to_the_whole_views_of_a_guandan_match(tmp_path):
    app = create_app(str(tmp_path / "deltas.sqlite"), **FAST)
    with person(app, "Dee") as client:
        code = client.post("/api/tables/vs-bots", json={"bots": "rule"}).json()["table"]["code"]
        checked = _play_with_both_sockets(client, code, deals=2)
    assert checked.checked > 50
    # At most half the bytes over the match (each patch is at most half its view).
    assert checked.bytes["deltas"] * 2 <= checked.bytes["whole"], checked.bytes


def test_deltas_replay_to_the_whole_views_of_a_gan_deng_yan_game(tmp_path, monkeypatch):
    # The table's and bots' seeds drawn from a fixed stream: a game to 10
    # points can end in one deal (13 views), so with random seeds the count
    # below fell short in 2 of 14 draws. This stream plays 93 views.
    monkeypatch.setattr("guandan.web.rooms.secrets.randbits", random.Random(0).getrandbits)
    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Gan") as client:
        made = client.post("/api/tables/vs-bots", json={"game": "gdy", "bots": "rule", "players": 5, "target": 10})
        code = made.json()["table"]["code"]
        with client.websocket_connect(f"/ws/{code}?deltas=1") as deltas:
            assert deltas.receive_json()["type"] == "hello"
            first = deltas.receive_json()
            assert first["version"] == 1
            with client.websocket_connect(f"/ws/{code}") as plain:
                assert plain.receive_json()["type"] == "hello"
                checked = CheckedDeltas(deltas, plain, first)
                last = play_gdy(checked, [])
    assert last["table"]["status"] == "over" and checked.checked > 20
    assert checked.bytes["deltas"] * 2 <= checked.bytes["whole"], checked.bytes


def test_a_page_without_deltas_gets_whole_views(tmp_path):
    app = create_app(str(tmp_path / "plain.sqlite"), **FAST)
    with person(app, "Pia") as client:
        code = client.post("/api/tables/vs-bots", json={"bots": "rule"}).json()["table"]["code"]
        messages: List[Dict[str, Any]] = []
        with client.websocket_connect(f"/ws/{code}") as ws:
            play_through(ws, messages, stop_after_deals=1)
    assert not any(m["type"] == "patch" for m in messages)
    versions = [m["version"] for m in messages if m["type"] == "view"]
    assert versions == list(range(1, len(versions) + 1))
