"""The lobby's answers to what a person may get wrong."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402
from test_browser_phone import PHONE  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}


def test_the_lobby_asks_for_a_nickname_and_a_real_code(new_page, server):
    page = new_page()
    page.click("#vsbots-go")  # no nickname yet
    expect(page.locator("#vsbots-message")).to_have_text("Choose a nickname first.")
    expect(page).to_have_url(server + "/")

    set_nickname(page, "Dee")
    page.fill("#join-code", "not a code")
    page.click("#join-form button[type=submit]")
    expect(page.locator("#join-message")).to_have_text("A table code is six letters or digits.")
    # a well-formed code of no table: the server's reason, in the page's language
    page.fill("#join-code", f"{server}/t/ZZZZZZ")
    page.click("#join-form button[type=submit]")
    expect(page.locator("#join-message")).not_to_be_empty()
    expect(page.locator("#join-message")).to_have_class("message error")
    expect(page).to_have_url(server + "/")

    # a nickname with a control character is refused by the server, and said so
    page.fill("#nickname", "a\u0007b")
    page.click("#nickname-form button[type=submit]")
    expect(page.locator("#nickname-message")).to_have_class("message error")


def _host_public_table(page, name):
    set_nickname(page, name)
    page.click("#create-go")
    return table_code(page)


def _sit_down(page, server, code, name):
    """A person takes a seat at ``code`` through the API, in the page's own session."""
    assert page.request.post(server + "/api/session", data={"name": name}).ok
    assert page.request.post(f"{server}/api/tables/{code}/join", data={}).ok


@pytest.mark.parametrize("lang,viewport,back", [("en", DESKTOP, "Back to the table"), ("zh", PHONE, "回到牌桌")])
def test_your_own_open_table_offers_the_way_back_not_a_request(new_page, server, lang, viewport, back):
    page = new_page(viewport=viewport, lang=lang)
    code = _host_public_table(page, "Host")
    page.goto(server + "/")
    row = page.locator(f"#open-tables tbody tr[data-code='{code}']")
    expect(row.locator("a.mine-back")).to_have_text(back)
    expect(row.locator("button.request-join")).to_have_count(0)
    row.locator("a.mine-back").click()
    expect(page).to_have_url(f"{server}/t/{code}")


@pytest.mark.parametrize("lang,viewport,full,said", [
    ("en", DESKTOP, "Full: no seat free", "the table is full: its host has no seat to give you"),
    ("zh", PHONE, "已满：没有空位", "牌桌已满：房主没有空位可以给你"),
])
def test_a_full_waiting_table_takes_no_request(new_page, server, lang, viewport, full, said):
    host = new_page()
    code = _host_public_table(host, "Host")
    for name in ("Bo", "Cy", "Di"):
        _sit_down(new_page(), server, code, name)
    page = new_page(viewport=viewport, lang=lang)
    set_nickname(page, "Late")
    page.click("#open-refresh")
    button = page.locator(f"#open-tables tbody tr[data-code='{code}'] button.request-join")
    expect(button).to_have_text(full)
    expect(button).to_be_disabled()
    # a request sent anyway (the list was older than the table) is refused in words
    page.fill("#join-code", code)
    page.click("#join-form button[type=submit]")
    expect(page.locator("#join-message")).to_have_text(re.compile("牌桌已满|the table is full"))
    reply = page.request.post(f"{server}/api/tables/{code}/request", data={})
    assert reply.status == 409 and reply.json()["error"]["message"][lang] == said
    expect(page).to_have_url(server + "/")


def test_a_first_visit_logs_no_error_in_the_console(browser, server):
    context = browser.new_context()
    try:
        page = context.new_page()
        problems = []
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("response", lambda response: problems.append(f"{response.status} {response.url}") if response.status >= 400 else None)
        page.goto(server + "/")
        expect(page.locator("#vsbots-strength option")).not_to_have_count(0)
        expect(page.locator("#open-none")).to_be_attached()
        page.wait_for_load_state("networkidle")
        assert problems == []
        expect(page.locator("#mine-panel")).to_be_hidden()
    finally:
        context.close()
