"""Table states a short real game rarely reaches, drawn from scripted
server messages: several readings of one selection, paying and returning
tribute, the end of a match, keyboard play. The page is the real one (served
by the real server); only its websocket talks to a script of docs/web.md §4-5.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

CODE = "K7M2QX"
ME = {"id": "p_me", "name": "Lin"}


def seat_record(seat: int, name: str, cards: int, **more: Any) -> Dict[str, Any]:
    record = {"seat": seat, "team": seat % 2, "name": name, "human": True, "present": True, "away": False,
              "bot": None, "cards": cards, "place": None, "last": None, "ready": False}
    record.update(more)
    return record


def make_view(hand: List[str], **deal: Any) -> Dict[str, Any]:
    counts = [len(hand), 27, 27, 27]
    body = {"number": 2, "level": "2", "phase": "play", "turn": 0, "my_turn": True, "hand": hand, "counts": counts,
            "trick": None, "can_pass": False, "finishing_order": [], "tribute": None, "give": None, "log": []}
    body.update(deal)
    match = {"ruleset": "standard", "levels": ["2", "4"], "declarers": 1, "winner": None, "deal_number": 2,
             "results": [{"deal": 1, "finishing_order": [1, 3, 0, 2], "placing": [1, 3, 0, 2], "outcome": "1-2",
                          "winning_team": 1, "levels_before": ["2", "2"], "levels_after": ["2", "4"]}]}
    return {
        "v": 1, "type": "view", "seq": 10,
        "table": {"code": CODE, "link": f"/t/{CODE}", "host": "p_me", "host_name": "Lin", "ruleset": "standard",
                  "bots": "simple", "public": False, "status": "playing", "humans": 4, "requests": [], "removed": [],
                  "seats": [{"name": n, "human": True} for n in ("Lin", "Ann", "Cy", "Bo")]},
        "me": {"player": "p_me", "seat": 0, "host": True, "away": False, "coach": False, "requested": False, "removed": False},
        "seats": [seat_record(i, n, counts[i]) for i, n in enumerate(("Lin", "Ann", "Cy", "Bo"))],
        "match": match, "deal": body, "chat": [],
    }


def watch_the_table(page, server: str) -> None:
    """Open the scripted table as a watcher of a match under way (no seat)."""
    view = make_view([], turn=2, my_turn=False)
    view["me"].update({"player": "p_guest", "seat": None, "host": False})
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#seat-bottom")).to_be_visible()


FULL_HOUSE = {"index": 0, "kind": "full_house", "rank": "9", "cards": ["9s", "9d", "9c", "2h", "2h"],
              "declared": ["9s", "9d", "9c", "3s", "3s"], "name": {"en": "full house of 9s", "zh": "三带二 9"}}
BOMB = {"index": 1, "kind": "bomb", "rank": "9", "cards": ["9s", "9d", "9c", "2h", "2h"],
        "declared": ["9s", "9d", "9c", "9h", "9h"], "name": {"en": "five 9s", "zh": "炸弹 5个9"}}


class ScriptedTable:
    """Route the table's websocket to a script: send `view`, answer `select`
    with `readings`, and keep every message the page sends."""

    def __init__(self, page, view, readings=(), hint=None):
        self.sent: List[Dict[str, Any]] = []
        self.view = view
        self.readings = list(readings)
        self.hint = hint  # the hint reply's fields, if the page asks for one
        self.ws = None
        page.route("**/api/session", lambda route: route.fulfill(json={"player": ME}))
        page.route_web_socket(re.compile(r".*/ws/.*"), self.connect)

    def connect(self, ws) -> None:
        self.ws = ws
        ws.send(json.dumps({"v": 1, "type": "hello", "player": ME, "seat": 0, "code": CODE}))
        ws.send(json.dumps(self.view))

        def answer(text):
            message = json.loads(text)
            self.sent.append(message)
            if message["type"] == "select":
                ws.send(json.dumps({"v": 1, "type": "selection", "ref": message["id"], "cards": message["cards"],
                                    "readings": self.readings, "reason": None, "pass": False}))
            elif message["type"] == "hint" and self.hint is not None:
                ws.send(json.dumps({"v": 1, "type": "hint", "ref": message["id"], **self.hint}))

        ws.on_message(answer)

    def push(self, view: Dict[str, Any]) -> None:
        """Send the page a later view (its seq one higher)."""
        self.view = view
        self.ws.send(json.dumps(view))

    def of_type(self, kind: str) -> List[Dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]


def test_a_selection_with_two_readings_asks_which(new_page, server, screenshots):
    page = new_page()
    table = ScriptedTable(page, make_view(["9s", "9d", "9c", "2h", "2h", "Kd"]), [FULL_HOUSE, BOMB])
    page.goto(f"{server}/t/{CODE}")
    for card in ("9s", "9d", "9c"):
        page.locator(f"#hand .card[data-card='{card}']").click()
    page.locator("#hand .card[data-card='2h']").first.click()
    page.locator("#hand .card[data-card='2h']").nth(1).click()
    expect(page.locator("#reason")).to_have_text("full house of 9s / five 9s")
    page.click("#play")
    choices = page.locator("#dialog .reading-choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(1)).to_contain_text("five 9s")
    # the wild hearts show what they stand for
    expect(choices.nth(1).locator(".card")).to_have_count(5)
    page.click("#lang-switch")  # the header stays above the dialog
    expect(choices.nth(1)).to_contain_text("炸弹 5个9")
    expect(page.locator("#reason")).to_have_text("三带二 9 / 炸弹 5个9")
    page.screenshot(path=screenshots / "pick-reading.png")
    choices.nth(1).click()
    expect(page.locator("#dialog")).to_be_hidden()
    page.wait_for_timeout(100)
    plays = table.of_type("play")
    assert len(plays) == 1
    assert sorted(plays[0]["cards"]) == sorted(["9s", "9d", "9c", "2h", "2h"]) and plays[0]["reading"] == 1


def test_the_tribute_card_is_chosen_for_the_payer_to_confirm(new_page, server):
    page = new_page()
    give = {"kind": "tribute", "options": ["BJ"], "to": 1}
    table = ScriptedTable(page, make_view(["3s", "5d", "Kc", "BJ"], phase="tribute", give=give,
                                          tribute={"cancelled": False, "payments": [[0, 1]], "paid": [], "returned": []}))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#give")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", "BJ")
    expect(page.locator("#reason")).to_contain_text("You pay tribute to Ann")
    page.click("#give")
    page.wait_for_timeout(100)
    assert [m["card"] for m in table.of_type("give")] == ["BJ"]


def test_the_return_choices_are_highlighted(new_page, server, screenshots):
    page = new_page()
    give = {"kind": "return", "options": ["3s", "5d"], "to": 3}
    tribute = {"cancelled": False, "payments": [[3, 0]], "paid": [{"seat": 3, "to": 0, "card": "BJ"}], "returned": []}
    log = [{"type": "tribute", "seat": 3, "to": 0, "card": "BJ"}]
    table = ScriptedTable(page, make_view(["3s", "5d", "Kc", "As", "BJ"], phase="return", give=give, tribute=tribute, log=log))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hand .card.legal")).to_have_count(2)
    expect(page.locator("#reason")).to_contain_text("Give a card back to Bo")
    expect(page.locator("#tribute-line")).to_contain_text("Bo pays tribute to Lin")
    page.screenshot(path=screenshots / "return-choice.png")
    page.locator("#hand .card[data-card='Kc']").click()
    page.click("#give")  # not a legal return: refused on the page
    expect(page.locator("#reason")).to_have_text("Select one highlighted card, then confirm.")
    page.locator("#hand .card[data-card='Kc']").click()
    page.locator("#hand .card[data-card='5d']").click()
    page.click("#give")
    page.wait_for_timeout(100)
    assert [m["card"] for m in table.of_type("give")] == ["5d"]


def test_keys_select_and_play(new_page, server):
    page = new_page()
    single = {"index": 0, "kind": "single", "rank": "K", "cards": ["Kd"], "declared": ["Kd"],
              "name": {"en": "single K", "zh": "单张K"}}
    table = ScriptedTable(page, make_view(["3s", "5d", "Kd", "As"]), [single])
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hand .card")).to_have_count(4)
    page.keyboard.press("k")
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", "Kd")
    expect(page.locator("#reason")).to_have_text("single K")
    page.keyboard.press("Escape")
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    # the cursor stayed on Kd (slot 2 of 3s 5d Kd As): right to As, left back to Kd
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", "Kd")
    page.keyboard.press("s")  # by suit: the selection stays
    expect(page.locator("#sort")).to_have_text("Sort: suit")
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", "Kd")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#hand .card.selected').length === 0")
    assert [m["cards"] for m in table.of_type("play")] == [["Kd"]]


def test_the_end_of_the_match_is_summed_up(new_page, server, screenshots):
    page = new_page()
    view = make_view([], phase="over", turn=None, my_turn=False, finishing_order=[0, 2, 1, 3])
    view["match"]["winner"] = 0
    view["match"]["levels"] = ["A", "9"]
    view["match"]["results"].append({"deal": 2, "finishing_order": [0, 2, 1, 3], "placing": [0, 2, 1, 3], "outcome": "1-2",
                                     "winning_team": 0, "levels_before": ["A", "9"], "levels_after": ["A", "9"]})
    view["table"]["status"] = "over"
    for seat, place in zip((0, 2, 1, 3), (1, 2, 3, 4)):
        view["seats"][seat]["place"] = place
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Match over")
    expect(dialog.locator(".match-banner.celebrate")).to_be_visible()
    expect(dialog.locator(".match-winner")).to_have_text("Your team won the match!")
    expect(page.locator("#seat-top .badge")).to_have_text("Second out")
    expect(page.locator("#seat-left .badge")).to_have_text("Last out")
    expect(page.locator("#download-log")).to_be_visible()
    page.wait_for_timeout(900)  # the banner has come in
    page.screenshot(path=screenshots / "match-over.png")
    page.click("#lang-switch")
    expect(dialog).to_contain_text("比赛结束")
    expect(dialog.locator(".match-winner")).to_have_text("我方赢得了整场比赛！")
    page.screenshot(path=screenshots / "match-over-zh.png")
