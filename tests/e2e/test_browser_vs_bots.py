"""One person plays a whole deal against bots through the page."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import hand_cards, set_nickname, table_code, take_simple_turn, two_unrelated_cards, wait_for_turn  # noqa: E402


def start_vs_bots(page, name):
    set_nickname(page, name)
    page.select_option("#vsbots-strength", "simple")
    page.select_option("#vsbots-ruleset", "standard")
    page.click("#vsbots-go")
    code = table_code(page)
    expect(page.locator("#hand .card")).to_have_count(27)
    return code


def show_illegal_selection(page, screenshots):
    """Two unrelated cards: the page says why, and Play plays nothing."""
    count = len(hand_cards(page))
    for slot in two_unrelated_cards(page):
        page.locator(f"#hand .card[data-slot='{slot}']").click()
    expect(page.locator("#hand .card.selected")).to_have_count(2)
    reason = page.locator("#reason")
    expect(reason).to_have_attribute("data-kind", "error")
    expect(reason).to_contain_text("combination")
    page.screenshot(path=screenshots / "illegal-selection.png")
    page.click("#play")
    expect(reason).to_contain_text("combination")
    expect(page.locator("#hand .card")).to_have_count(count)
    assert page.is_enabled("#play")  # still this seat's turn
    page.click("#clear")
    expect(page.locator("#hand .card.selected")).to_have_count(0)


def ask_for_a_hint(page):
    """The hint names a move (its cards get selected) or says to pass, with a reason."""
    page.click("#hint")
    expect(page.locator("#coach-line")).to_contain_text(re.compile(r"^Hint: .+ — .+"))
    if "Hint: pass" not in page.inner_text("#coach-line"):
        expect(page.locator("#hand .card.selected")).not_to_have_count(0)
    page.click("#clear")


def reload_keeps_the_seat(page):
    before = sorted(hand_cards(page))
    assert len(before) > 0
    page.reload()
    expect(page.locator("#hand .card")).to_have_count(len(before))
    assert sorted(hand_cards(page)) == before


def test_one_person_plays_a_whole_deal_against_bots(new_page, screenshots):
    page = new_page()
    start_vs_bots(page, "Solo")
    expect(page.locator("#level-played")).to_have_text("playing 2s")
    expect(page.locator("#team-levels .team-tag")).to_have_count(2)
    # partner on top, opponents left and right, each with a card count
    for where in ("top", "left", "right"):
        expect(page.locator(f"#seat-{where} .card-count")).to_contain_text("cards")
    page.screenshot(path=screenshots / "vs-bots-start.png")

    illegal_shown = reloaded = False
    turns = 0
    while wait_for_turn(page):
        if not illegal_shown:
            show_illegal_selection(page, screenshots)
            illegal_shown = True
            ask_for_a_hint(page)
        if not reloaded and turns >= 2:
            reload_keeps_the_seat(page)
            reloaded = True
            continue
        take_simple_turn(page)
        turns += 1
        if turns == 3:
            page.screenshot(path=screenshots / "vs-bots-playing.png")

    # the deal summary: who won, how, the finishing order and the levels climbed
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(page.locator(".summary-result")).to_have_text(re.compile(r"Result 1-[234]: the winners finished first and (second|third|last)"))
    expect(page.locator(".summary-order li")).to_have_count(4)
    expect(page.locator("#dialog .climb")).to_have_count(2)
    page.screenshot(path=screenshots / "vs-bots-deal-over.png")
    page.click("#summary-close")
    expect(page.locator("#center-next")).to_be_enabled()  # the next deal is still one click away
    # somebody is First out, and the log holds the whole deal
    expect(page.locator(".badge", has_text="First out")).not_to_have_count(0)
    assert page.locator("#play-log .entry[data-type=play]").count() >= 4
    assert turns >= 3 and illegal_shown and reloaded

    # coach mode is kept by the server for this seat
    page.check("#coach-toggle")
    page.reload()
    expect(page.locator("#coach-toggle")).to_be_checked()
    # leaving goes back to the lobby
    page.click("#leave")
    page.click("#dialog-confirm")
    page.wait_for_url(re.compile(r"/$"))


def test_a_phone_shows_the_whole_hand_in_three_rows(new_page, screenshots):
    page = new_page(viewport={"width": 390, "height": 844})
    start_vs_bots(page, "Phone")
    rows = page.eval_on_selector_all(
        "#hand .card",
        "cards => cards.map(c => { const r = c.getBoundingClientRect(); return [Math.round(r.top), r.left, r.right]; })",
    )
    assert len(rows) == 27
    tops = sorted({top for top, _, _ in rows})
    # three rows of nine (test_browser_phone.py checks their size)
    assert len(tops) == 3, tops
    assert all(left >= 0 and right <= 390 for _, left, right in rows)
    page.screenshot(path=screenshots / "phone.png", full_page=True)
