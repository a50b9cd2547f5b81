"""Four people at one table: create, join by link and by code, request and
approve, start, chat, and each plays a few turns."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import hand_cards, is_my_turn, set_nickname, table_code, take_simple_turn  # noqa: E402


def whose_turn(pages, timeout_ms=15_000):
    for _ in range(timeout_ms // 50):
        for page in pages:
            if is_my_turn(page):
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody's turn came")


def test_four_friends_play_at_one_table(new_page, server, screenshots):
    host = new_page()
    set_nickname(host, "Host")
    host.select_option("#create-strength", "simple")
    host.check("#create-public")
    host.click("#create-go")
    code = table_code(host)
    expect(host.locator("#share-link")).to_have_value(re.compile(f"/t/{code}$"))

    # Ann follows the shared link, names herself on the table page and joins
    ann = new_page()
    ann.goto(f"{server}/t/{code}")
    ann.fill("#room-nickname-input", "Ann")
    ann.click("#room-nickname button[type=submit]")
    ann.click("#room-join")
    expect(ann.locator("#room-seats li[data-seat='1']")).to_contain_text("Ann")

    # Bo asks from the open tables; the host approves him at seat 4
    bo = new_page()
    set_nickname(bo, "Bo")
    bo.click("#open-refresh")
    bo.locator(f"#open-tables tr[data-code='{code}'] .request-join").click()
    table_code(bo)
    expect(bo.locator("#room-guest-text")).to_have_text("Your request was sent; waiting for the host.")
    request = host.locator("#room-requests li", has_text="Bo")
    request.locator("select").select_option("3")
    host.screenshot(path=screenshots / "friends-request.png")
    request.locator("button.approve").click()
    expect(bo.locator("#room-seats li[data-seat='3']")).to_contain_text("Bo")

    # the host removes Ann: she sees it, and may come back once allowed
    host.locator("#room-seats li[data-seat='1'] .remove-player").click()
    host.click("#dialog-confirm")
    expect(ann.locator("#room-guest-text")).to_have_text("The host removed you from this table.")
    expect(ann.locator("#room-join")).to_be_hidden()
    host.locator("#room-removed li", has_text="Ann").locator("button.allow").click()
    expect(ann.locator("#room-join")).to_be_visible()
    ann.click("#room-join")
    expect(host.locator("#room-seats li[data-seat='1']")).to_contain_text("Ann")

    # three people and an empty seat: the host is asked first
    host.click("#start-match")
    expect(host.locator("#dialog")).to_contain_text("Not full yet")
    host.click("#dialog-cancel")

    # Cy joins by the code typed in the lobby (any case)
    cy = new_page()
    set_nickname(cy, "Cy")
    cy.fill("#join-code", code.lower())
    cy.click("#join-form button[type=submit]")
    assert table_code(cy) == code
    expect(host.locator("#room-seats li[data-seat='2']")).to_contain_text("Cy")

    host.click("#start-match")  # full: no question
    pages = [host, ann, cy, bo]  # in seat order
    for page in pages:
        expect(page.locator("#hand .card")).to_have_count(27)
    # each sees a different hand, their partner on top
    assert len({" ".join(sorted(hand_cards(p))) for p in pages}) == 4
    expect(host.locator("#seat-top .seat-name")).to_have_text("Cy")
    expect(host.locator("#seat-right .seat-name")).to_have_text("Ann")
    expect(host.locator("#seat-left .seat-name")).to_have_text("Bo")

    # chat is plain text for everyone
    ann.fill("#chat-input", "<b>hi</b> 加油")
    ann.press("#chat-input", "Enter")
    for page in pages:
        expect(page.locator("#chat-lines .text")).to_have_text(["<b>hi</b> 加油"])
        assert page.locator("#chat-lines b").count() == 0

    acted = []
    for _ in range(8):
        page = whose_turn(pages)
        acted.append(pages.index(page))
        take_simple_turn(page)
    assert set(acted) == {0, 1, 2, 3}
    for i, page in enumerate(pages):
        page.screenshot(path=screenshots / f"friends-seat{i}.png")
    # everyone's log holds the same plays and passes
    lengths = {page.locator("#play-log .entry").count() for page in pages}
    assert len(lengths) == 1 and lengths.pop() >= 9

    # Bo steps away (a bot plays for him, he keeps the seat) and comes back
    bo.click("#step-away")
    expect(host.locator("#seat-left")).to_contain_text("away")
    expect(bo.locator("#step-away")).to_have_text("I'm back")
    bo.click("#step-away")
    expect(host.locator("#seat-left")).not_to_contain_text("away")
    expect(bo.locator("#hand .card")).not_to_have_count(0)

    # the host ends the table: the log is there to download and to replay
    host.click("#end-table")
    host.click("#dialog-confirm")
    for page in pages:
        expect(page.locator("#download-log")).to_be_visible()
    with ann.expect_download() as download:
        ann.click("#download-log")
    assert b'"guandan-log"' in open(download.value.path(), "rb").read()
    ann.click("#watch-replay")
    expect(ann.locator("#step-text")).to_have_text(re.compile(r"^Step 0 of \d+$"))
    expect(ann.locator("#r-seat-1 .replay-hand .card")).to_have_count(27)
    ann.screenshot(path=screenshots / "friends-replay.png")
