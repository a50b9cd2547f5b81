"""Frictions a player met at the Guandan table, each drawn from scripted
server messages (docs/web.md §4-5) on the real page: the host's seat list
during the match, the fourth seat for whoever watches, one clear state once
the table has ended, the tribute prompt and the tribute kept in view, the
cards left at the end of a deal, grammatical summaries, and hints that hold
only for their turn."""

from __future__ import annotations

import copy
import json
from typing import Any, Dict

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from test_browser_phone import PHONE  # noqa: E402
from test_browser_table_states import CODE, ScriptedTable, make_view  # noqa: E402


def later(view: Dict[str, Any], **deal: Any) -> Dict[str, Any]:
    """The next view: seq one higher, the deal's fields changed."""
    view = copy.deepcopy(view)
    view["seq"] += 1
    view["deal"].update(deal)
    return view


REMOVING = {
    "en": {"title": "Players at this table", "ask": "Remove {name} from this table?", "confirm": "Confirm", "cancel": "Cancel"},
    "zh": {"title": "本桌玩家", "ask": "把 {name} 移出这张牌桌吗？", "confirm": "确认", "cancel": "取消"},
}


@pytest.mark.parametrize("lang,viewport", [("en", None), ("zh", PHONE)])
def test_the_host_can_remove_a_player_while_the_match_runs(new_page, server, screenshots, lang, viewport):
    said = REMOVING[lang]
    page = new_page(viewport=viewport, lang=lang)
    removed = []
    page.route(f"**/api/tables/{CODE}/remove",
               lambda route: (removed.append(json.loads(route.request.post_data)), route.fulfill(json={"ok": True})))
    ScriptedTable(page, make_view(["3s", "5d", "Kd", "As"]))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#felt")).to_be_visible()
    expect(page.locator("#room")).to_be_visible()
    expect(page.locator("#room-title")).to_have_text(said["title"])
    # every other person's seat has a Remove button; no "no requests" noise mid-match
    expect(page.locator("#room-seats .remove-player")).to_have_count(3)
    expect(page.locator("#room-requests-none")).to_be_hidden()
    expect(page.locator("#start-match")).to_be_hidden()
    page.screenshot(path=screenshots / f"host-remove-mid-match-{lang}.png")
    # one click does not drop a friend mid-game: the page asks first, by name
    page.locator("#room-seats li[data-seat='2'] .remove-player").click()
    name = page.locator("#room-seats li[data-seat='2'] .seat-name").inner_text()
    expect(page.locator("#dialog")).to_contain_text(said["ask"].format(name=name))
    expect(page.locator("#dialog-confirm")).to_have_text(said["confirm"])
    expect(page.locator("#dialog-cancel")).to_have_text(said["cancel"])
    page.click("#dialog-cancel")
    page.wait_for_timeout(100)
    assert removed == []
    page.locator("#room-seats li[data-seat='2'] .remove-player").click()
    page.click("#dialog-confirm")
    page.wait_for_timeout(100)
    assert removed == [{"seat": 2}]


def test_a_host_alone_with_bots_gets_no_seat_list_mid_match(new_page, server):
    page = new_page()
    view = make_view(["3s", "5d"])
    view["table"]["seats"] = [{"name": "Lin", "human": True}, None, None, None]
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#felt")).to_be_visible()
    expect(page.locator("#room")).to_be_hidden()


def test_a_player_who_is_not_host_gets_no_seat_list_mid_match(new_page, server):
    page = new_page()
    view = make_view(["3s", "5d"])
    view["me"]["host"] = False
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#felt")).to_be_visible()
    expect(page.locator("#room")).to_be_hidden()


def test_a_spectator_sees_all_four_seats(new_page, server, screenshots):
    page = new_page()
    view = make_view([], turn=2, my_turn=False)
    view["deal"]["counts"] = [20, 27, 27, 27]
    view["seats"][0]["last"] = {"type": "play", "seat": 0, "cards": ["7s", "7d"], "kind": "pair", "rank": "7",
                                "declared": ["7s", "7d"], "name": {"en": "pair of 7s", "zh": "对7"}}
    view["me"].update({"player": "p_guest", "seat": None, "host": False})
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    bottom = page.locator("#seat-bottom")
    expect(bottom).to_be_visible()
    expect(bottom.locator(".seat-name")).to_have_text("Lin")
    expect(bottom).to_contain_text("20 cards")
    expect(bottom.locator(".played .card")).to_have_count(2)
    expect(page.locator("#seat-top .seat-name")).to_have_text("Cy")
    expect(page.locator("#me-bar")).to_be_hidden()
    page.screenshot(path=screenshots / "spectator-four-seats.png")


def test_a_seated_player_has_no_second_bottom_seat(new_page, server):
    page = new_page()
    ScriptedTable(page, make_view(["3s"]))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#seat-me .seat-name")).to_have_text("Lin")
    expect(page.locator("#seat-bottom")).to_be_hidden()


def test_an_ended_table_shows_one_clear_state(new_page, server, screenshots):
    page = new_page()
    view = make_view(["3s", "5d", "Kd"], turn=3, my_turn=False)
    view["clock"] = {"seat": 3, "remaining_ms": 20000, "next": False}
    table = ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#turn-line")).to_have_text("Waiting for Bo")
    ended = later(view)
    ended["table"]["status"] = "ended"
    ended["clock"] = None
    table.push(ended)
    # the reconnect finds no table: the error is not shown as an error line
    table.ws.send(json.dumps({"v": 1, "type": "error", "code": "no_table",
                              "message": {"en": "no table with this code", "zh": "没有这个桌号的牌桌"}}))
    table.ws.close(code=4404)
    expect(page.locator("#turn-line")).to_have_text("This table has ended.")
    expect(page.locator("#trick-name a")).to_have_text("Back to the lobby")
    expect(page.locator("#reason")).to_have_text("")
    expect(page.locator(".seat-box.turn")).to_have_count(0)
    expect(page.locator(".turn-tag")).to_have_count(0)
    expect(page.locator("#turn-clock")).to_have_text("")
    expect(page.locator("#play")).to_be_disabled()
    expect(page.locator("#hint")).to_be_disabled()
    expect(page.locator("#end-table")).to_be_hidden()
    expect(page.locator("body")).not_to_contain_text("no table with this code")
    expect(page.locator("body")).not_to_contain_text("Waiting for")
    page.screenshot(path=screenshots / "table-ended.png")


def test_the_tribute_prompt_goes_once_paid_and_the_tribute_stays_in_view(new_page, server, screenshots):
    page = new_page()
    give = {"kind": "tribute", "options": ["BJ"], "to": 1}
    view = make_view(["3s", "5d", "Kc", "BJ"], phase="tribute", give=give,
                     tribute={"cancelled": False, "payments": [[0, 1]], "paid": [], "returned": []})
    table = ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#reason")).to_contain_text("You pay tribute to Ann")
    page.click("#give")
    page.keyboard.press("Enter")  # a second confirm: nothing more is sent, no error is shown
    page.wait_for_timeout(100)
    assert [m["card"] for m in table.of_type("give")] == ["BJ"]
    paid = {"cancelled": False, "payments": [[0, 1]], "paid": [{"seat": 0, "to": 1, "card": "BJ"}], "returned": []}
    waiting = later(view, hand=["3s", "5d", "Kc"], counts=[3, 27, 27, 27], phase="return", turn=1, my_turn=False,
                    give=None, tribute=paid, log=[{"type": "tribute", "seat": 0, "to": 1, "card": "BJ"}])
    table.push(waiting)
    expect(page.locator("#give")).to_be_hidden()
    expect(page.locator("#reason")).to_have_text("")
    # the return, then a few plays: who paid and returned what stays in the seat boxes
    returned = dict(paid, returned=[{"seat": 1, "to": 0, "card": "4c"}])
    log = [{"type": "tribute", "seat": 0, "to": 1, "card": "BJ"}, {"type": "return", "seat": 1, "to": 0, "card": "4c"}]
    for seat, card in ((0, "3s"), (1, "8d"), (2, "9d")):
        log.append({"type": "play", "seat": seat, "cards": [card], "kind": "single", "rank": card[0],
                    "declared": [card], "name": {"en": f"single {card[0]}", "zh": f"单张{card[0]}"}})
    playing = later(waiting, hand=["4c", "5d", "Kc"], phase="play", turn=3, tribute=returned, log=log)
    playing["seq"] += 1
    table.push(playing)
    expect(page.locator("#turn-line")).to_have_text("Waiting for Bo")
    expect(page.locator("#tribute-line")).to_be_empty()  # the centre is for the trick again
    expect(page.locator("#seat-me .tribute-note")).to_contain_text("Paid tribute to Ann:")
    expect(page.locator("#seat-me .tribute-note .card")).to_have_attribute("data-card", "BJ")
    expect(page.locator("#seat-right .tribute-note")).to_contain_text("Returned to Lin:")
    expect(page.locator("#seat-right .tribute-note .card")).to_have_attribute("data-card", "4c")
    expect(page.locator("#reason")).to_have_text("")
    page.screenshot(path=screenshots / "tribute-kept-for-the-deal.png")
    page.click("#lang-switch")
    expect(page.locator("#seat-right .tribute-note")).to_contain_text("还贡给 Lin：")


def test_the_end_of_a_deal_shows_the_cards_left_and_who_won(new_page, server, screenshots):
    page = new_page()
    view = make_view([], phase="over", turn=None, my_turn=False, finishing_order=[1, 3], counts=[0, 0, 4, 0],
                     remaining=[[], [], ["3s", "3d", "Qh", "BJ"], []])
    view["match"]["results"][0]["outcome"] = "1-2"
    for seat, place in zip((1, 3, 0, 2), (1, 2, 3, 4)):
        view["seats"][seat]["place"] = place
    view["match"]["results"][0]["placing"] = [1, 3, 0, 2]
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".summary-winners")).to_have_text("The other team won the deal")
    expect(dialog).to_contain_text("Your team: 2 → 2")
    expect(dialog).to_contain_text("The other team: 2 → 4")
    expect(dialog).to_contain_text("Cards still held:")
    left = dialog.locator(".summary-left li")
    expect(left).to_have_count(1)
    expect(left).to_contain_text("Cy:")
    expect(left.locator(".card")).to_have_count(4)
    page.screenshot(path=screenshots / "deal-over-cards-left.png")
    page.click("#lang-switch")
    expect(dialog.locator(".summary-winners")).to_have_text("对方赢下了这一局")
    expect(dialog).to_contain_text("没出完的牌：")
    page.click("#lang-switch")
    page.click("#summary-close")
    top = page.locator("#seat-top")
    expect(top.locator(".remaining .card")).to_have_count(4)
    expect(top.locator(".remaining")).to_contain_text("Left with:")
    page.screenshot(path=screenshots / "deal-over-seats.png")


def test_a_lost_match_is_said_plainly(new_page, server, screenshots):
    page = new_page()
    view = make_view([], phase="over", turn=None, my_turn=False)
    view["match"]["winner"] = 1
    view["table"]["status"] = "over"
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    banner = page.locator("#dialog .match-banner")
    expect(banner.locator(".match-winner")).to_have_text("The other team won the match")
    expect(banner).not_to_have_class("celebrate")
    expect(page.locator("#dialog .confetti")).to_have_count(0)


def test_a_spectator_reads_team_numbers(new_page, server):
    page = new_page()
    view = make_view([], phase="over", turn=None, my_turn=False)
    view["match"]["winner"] = 1
    view["table"]["status"] = "over"
    view["me"].update({"player": "p_guest", "seat": None, "host": False})
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#dialog .match-winner")).to_have_text("Team 2 won the match!")
    expect(page.locator("#dialog .summary-winners:not(.match-winner)")).to_have_text("Team 2 won the deal")


HINT = {"cards": ["3s"], "reading": {"index": 0, "kind": "single", "rank": "3", "cards": ["3s"], "declared": ["3s"],
                                     "name": {"en": "single 3", "zh": "单张3"}},
        "reason": {"en": "lead your weakest cards first", "zh": "先出最小的牌"}}


def test_a_hint_holds_only_for_the_turn_it_was_asked_in(new_page, server, screenshots):
    page = new_page()
    view = make_view(["3s", "5d", "Kd", "As"])
    table = ScriptedTable(page, view, hint=HINT)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hint")).to_be_enabled()
    page.click("#hint")
    expect(page.locator("#coach-line")).to_contain_text("Hint: single 3")
    expect(page.locator("#hand .card.legal")).to_have_count(1)
    # another view of the same turn (a chat line, a seat coming back): the hint stays
    same = later(view)
    table.push(same)
    page.wait_for_function("(seq) => Number(document.body.dataset.seq) === seq", arg=same["seq"])
    expect(page.locator("#coach-line")).to_contain_text("Hint: single 3")
    # the trick moves on: the hint and its highlight go
    play = {"type": "play", "seat": 0, "cards": ["5d"], "kind": "single", "rank": "5", "declared": ["5d"],
            "name": {"en": "single 5", "zh": "单张5"}}
    moved = later(same, hand=["3s", "Kd", "As"], counts=[3, 27, 27, 27], turn=1, my_turn=False, log=[play])
    table.push(moved)
    expect(page.locator("#coach-line")).to_have_text("")
    expect(page.locator("#hand .card.legal")).to_have_count(0)
    page.screenshot(path=screenshots / "hint-gone-after-the-turn.png")


def test_the_last_hint_of_a_deal_does_not_reach_the_next(new_page, server):
    page = new_page()
    view = make_view(["3s", "5d", "Kd", "As"])
    table = ScriptedTable(page, view, hint=HINT)
    page.goto(f"{server}/t/{CODE}")
    page.click("#hint")
    expect(page.locator("#coach-line")).to_contain_text("Hint: single 3")
    # the next deal deals the same first turn shape (seat 0 leads, empty log)
    nxt = later(view, number=3, hand=["3s", "6d", "Qd", "As"])
    table.push(nxt)
    expect(page.locator("#coach-line")).to_have_text("")
    expect(page.locator("#hand .card.legal")).to_have_count(0)


def test_a_phone_shows_the_cards_left_and_the_tribute_in_the_seat_boxes(new_page, server, screenshots):
    page = new_page(viewport={"width": 390, "height": 844}, lang="zh")
    tribute = {"cancelled": False, "payments": [[3, 0]], "paid": [{"seat": 3, "to": 0, "card": "BJ"}],
               "returned": [{"seat": 0, "to": 3, "card": "4c"}]}
    view = make_view([], phase="over", turn=None, my_turn=False, finishing_order=[0, 2], counts=[0, 5, 0, 9],
                     tribute=tribute, remaining=[[], ["3s", "3d", "Qh", "Kc", "BJ"], [], ["5s", "6s", "7h", "8c", "9d", "Th", "Jc", "Qs", "SJ"]])
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    page.click("#summary-close")
    expect(page.locator("#seat-left .tribute-note")).to_contain_text("向 Lin 进贡：")
    expect(page.locator("#seat-left .remaining .card")).to_have_count(9)
    expect(page.locator("#seat-right .remaining .card")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshots / "phone-deal-over-zh.png", full_page=True)
