"""No seat is ever sent a hidden card of another seat, over whole matches
(several seeds, every ruleset, with tribute): each view's hand is exactly the
engine's hand of that seat at that moment, and no card outside that hand and
the public record appears anywhere in the messages. Once a deal is over, the
cards the seats still hold are public (``remaining``), and only then."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from starlette.testclient import TestClient

from tests.web.helpers import FAST, create_app, person, play_through
from guandan.gd.ruleset import PRESET_NAMES


def _public_cards(view) -> Counter:
    """Cards the public record shows: plays, tribute and return cards."""
    seen: Counter = Counter()
    for record in view["deal"]["log"] if view["deal"] else []:
        if record["type"] == "play":
            seen.update(record["cards"])
            seen.update(record["declared"])
        elif record["type"] in ("tribute", "return"):
            seen[record["card"]] += 1
    return seen


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _tributes(table) -> int:
    return sum(1 for d in table.match.deals if d.tribute is not None and not d.tribute.cancelled)


@pytest.mark.parametrize("ruleset", PRESET_NAMES)
def test_no_hidden_card_reaches_a_seat(tmp_path, ruleset):
    app = create_app(str(tmp_path / "leak.sqlite"), **FAST)
    with person(app, "Host") as host:
        code = host.post("/api/tables/vs-bots", json={"ruleset": ruleset, "bots": "simple"}).json()["table"]["code"]
        table = app.state.rooms.tables[code]
        messages = []
        with host.websocket_connect(f"/ws/{code}") as ws:
            # The table's seed is its own: play on (up to 12 deals) until a
            # tribute was paid, since the big jokers can cancel one.
            for deals in (4, 8, 12):
                last = play_through(ws, messages, stop_after_deals=deals)
                if last["table"]["status"] == "over" or _tributes(table):
                    break
                ws.send_json({"type": "next"})  # play_through stops at a deal's end, before "next"
        tributes = _tributes(table)
        assert tributes >= 1, "the match must include a tribute"
        views = [m for m in messages if m["type"] == "view" and m["deal"] is not None]
        assert len(views) > 50
        for view in views:
            allowed = Counter(view["deal"]["hand"]) + _public_cards(view)
            if view["deal"]["phase"] == "over":
                for seat, cards in enumerate(view["deal"]["remaining"]):
                    assert len(cards) == view["deal"]["counts"][seat]
                    allowed.update(cards)
            else:
                assert view["deal"]["remaining"] is None, "what the seats hold is shown only once the deal is over"
            for card in {s for s in _strings(view) if s in _ALL_CARDS}:
                assert card in allowed, f"seat 0 was sent {card}, which it cannot see"
        over = [v for v in views if v["deal"]["phase"] == "over"]
        assert over, "the test must see the end of a deal"
        assert any(cards for v in over for cards in v["deal"]["remaining"]), \
            "the cards the last seats still held are shown at the end of a deal"
        # they are the cards the engine's hands held at the end
        last_over = table.match.deals[len(over[-1]["match"]["results"]) - 1]
        assert over[-1]["deal"]["remaining"] == [[str(c) for c in hand.cards] for hand in last_over.hands]
        assert '"hands"' not in json.dumps(messages)


_ALL_CARDS = {r + s for r in "23456789TJQKA" for s in "shcd"} | {"SJ", "BJ"}


def test_no_card_or_password_record_in_the_lobby_and_account_replies(tmp_path):
    # Mid-deal, every reply of the lobby's and the accounts' endpoints, to the
    # seated player on two browsers and to a stranger: no card (the hands
    # travel only in seat views) and nothing of a password but its check.
    app = create_app(str(tmp_path / "leak.sqlite"), **FAST)
    password = "correct horse"
    with person(app, "Host") as host, person(app, "Other") as stranger:
        code = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
        with host.websocket_connect(f"/ws/{code}") as ws:
            view = ws.receive_json()
            while view["type"] != "view" or not view["deal"] or not view["deal"]["hand"]:
                view = ws.receive_json()
            replies = [host.post("/api/account/sign-up", json={"login": "host", "password": password})]
            other_browser = TestClient(app)  # not entered: its end would close the app's store
            replies.append(other_browser.post("/api/account/sign-in", json={"login": "host", "password": password}))
            for client in (host, other_browser, stranger):
                for path in ("/api/session", "/api/tables/mine", "/api/tables", f"/api/tables/{code}"):
                    replies.append(client.get(path))
            replies.append(other_browser.post("/api/account/sign-out", json={}))
        record = app.state.rooms.store.account("host")[1]
    for reply in replies:
        assert reply.status_code < 400, reply.text
        strings = set(_strings(reply.json()))
        assert not strings & _ALL_CARDS, (reply.url, strings & _ALL_CARDS)
        assert password not in reply.text and "scrypt" not in reply.text and record.split("$")[-1] not in reply.text
