"""The lobby's answers to what a person may get wrong."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import set_nickname  # noqa: E402


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
