"""The pages on a phone (390 x 844, an iPhone 12 to 15): Play and Pass
pinned to the bottom of the screen, the 27 cards of a hand in three rows
of nine big enough to tap, and no page wider than the screen."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from test_browser_replay import played_match  # noqa: E402
from test_browser_table_states import CODE, ScriptedTable, make_view, watch_the_table  # noqa: E402

PHONE = {"width": 390, "height": 844}
# a whole hand of 27 cards: every rank of spades and hearts, 2..A of clubs but the ace
HAND = [r + s for s in "sh" for r in "23456789TJQKA"] + ["BJ"]
# the smallest card to tap: about the width of a fingertip's contact
MIN_CARD_WIDTH = 36


def in_view_unscrolled(page: Page, selector: str) -> bool:
    """The element lies wholly inside the screen and is what a tap at its
    middle reaches (nothing covers it)."""
    return page.eval_on_selector(selector, """(el) => {
        const r = el.getBoundingClientRect();
        const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.width > 0;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return inside && (hit === el || el.contains(hit));
    }""")


def overflow(page: Page) -> int:
    """How far the page is wider than the screen (0: it is not)."""
    return page.evaluate("() => document.documentElement.scrollWidth - innerWidth")


def test_play_and_pass_are_pinned_to_the_bottom_of_a_phone(new_page, server, screenshots):
    page = new_page(viewport=PHONE)
    ScriptedTable(page, make_view(HAND, can_pass=True, trick={"type": "play", "seat": 3, "cards": ["5d"], "kind": "single",
                                                                "rank": "5", "declared": ["5d"], "name": {"en": "single 5", "zh": "单张5"}}))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hand .card")).to_have_count(27)
    expect(page.locator("#play")).to_be_enabled()
    assert page.evaluate("scrollY") == 0
    for button in ("#play", "#pass", "#hint"):
        assert in_view_unscrolled(page, button), f"{button} is not on the screen without scrolling"
    # low on the screen, where a thumb reaches
    assert page.eval_on_selector("#play", "el => el.getBoundingClientRect().bottom") > PHONE["height"] - 80
    page.screenshot(path=screenshots / "phone-table.png")

    # the cards: three rows of nine, each big enough to tap, inside the screen
    boxes = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => { const r = c.getBoundingClientRect(); return [Math.round(r.top), r.left, r.right, r.width]; })")
    assert len({top for top, _, _, _ in boxes}) == 3
    assert min(width for _, _, _, width in boxes) >= MIN_CARD_WIDTH, boxes
    assert all(left >= 0 and right <= PHONE["width"] for _, left, right, _ in boxes)
    assert overflow(page) <= 0

    # scrolled to the bottom, the buttons are still there and cover no card
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    assert in_view_unscrolled(page, "#play")
    last = page.locator("#hand .card").last
    last.scroll_into_view_if_needed()
    assert in_view_unscrolled(page, "#hand .card:last-child")
    page.screenshot(path=screenshots / "phone-table-bottom.png", full_page=True)

    # a tap selects a card
    page.locator("#hand .card").first.click()
    expect(page.locator("#hand .card.selected")).to_have_count(1)


def test_the_tribute_confirm_is_pinned_too(new_page, server):
    page = new_page(viewport=PHONE)
    give = {"kind": "tribute", "options": ["BJ"], "to": 1}
    ScriptedTable(page, make_view(HAND, phase="tribute", give=give,
                                  tribute={"cancelled": False, "payments": [[0, 1]], "paid": [], "returned": []}))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#give")).to_be_visible()
    assert in_view_unscrolled(page, "#give")


def test_a_spectator_on_a_phone_has_no_empty_bar(new_page, server):
    page = new_page(viewport=PHONE)
    watch_the_table(page, server)
    expect(page.locator("#actions-main")).to_be_hidden()
    assert overflow(page) <= 0


def test_the_replay_fits_a_phone(new_page, server, tmp_path, screenshots):
    from guandan.gd.log import dumps, match_log

    path = tmp_path / "match.json"
    path.write_text(dumps(match_log(played_match(deals=1, seed=3))), encoding="utf-8")
    page = new_page(viewport=PHONE)
    page.goto(server + "/static/replay.html")
    page.set_input_files("#log-file", str(path))
    expect(page.locator("#r-seat-0 .replay-hand .card")).to_have_count(27)
    assert overflow(page) <= 0
    for _ in range(6):
        page.click("#step-next")
    assert overflow(page) <= 0
    # every seat's box and its cards inside the screen
    rights = page.eval_on_selector_all(".seat-box, .replay-hand .card", "els => els.map(e => e.getBoundingClientRect().right)")
    assert max(rights) <= PHONE["width"], max(rights)
    page.screenshot(path=screenshots / "phone-replay.png", full_page=True)


@pytest.mark.parametrize("path", ["/", "/static/rules.html", "/static/replay.html"])
def test_no_page_is_wider_than_a_phone(new_page, server, path):
    page = new_page(viewport=PHONE)
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    assert overflow(page) <= 0


def test_open_tables_read_as_labelled_blocks_on_a_phone(new_page, server, screenshots):
    import httpx

    with httpx.Client(base_url=server) as host:  # someone else's open table to list
        host.post("/api/session", json={"name": "Hostess Longname"}).raise_for_status()
        host.post("/api/tables", json={"public": True, "bots": "rule"}).raise_for_status()
    page = new_page(viewport=PHONE)
    page.goto(server + "/")
    row = page.locator("#open-tables tbody tr").first
    expect(row).to_contain_text("Hostess Longname")
    # nothing scrolls sideways: not the page, not the list's own box
    assert overflow(page) <= 0
    assert page.eval_on_selector(".table-scroll", "(el) => el.scrollWidth - el.clientWidth") <= 0
    # each value comes with its column's name, and the button is a tap away
    labels = row.locator("td[data-label]").evaluate_all("(tds) => tds.map((td) => td.dataset.label)")
    assert labels == ["Host", "Game", "Settings", "Bot strength", "Players", "Status"]
    assert "Host" in row.inner_text() and row.locator("button.request-join").is_visible()
    page.screenshot(path=screenshots / "phone-open-tables.png", full_page=True)
