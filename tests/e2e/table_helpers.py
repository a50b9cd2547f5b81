"""Steps a person takes on the page, shared by the end-to-end tests."""

from __future__ import annotations

import re
import time
from typing import List

from playwright.sync_api import Page, expect

RANKS = "23456789TJQKA"


def set_nickname(page: Page, name: str) -> None:
    page.fill("#nickname", name)
    page.click("#nickname-form button[type=submit]")
    expect(page.locator("#nickname-message")).not_to_be_empty()


def table_code(page: Page) -> str:
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    return page.url.rsplit("/", 1)[1]


def hand_cards(page: Page) -> List[str]:
    return page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")


def is_my_turn(page: Page) -> bool:
    return page.evaluate(
        "() => { const b = document.getElementById('play');"
        " return !!b && !b.hidden && !b.disabled && !document.getElementById('me-bar').hidden; }"
    )


def deal_is_over(page: Page) -> bool:
    return page.evaluate("() => { const d = document.getElementById('dialog'); return !d.hidden && !!document.querySelector('.summary-winners'); }")


def wait_for_turn(page: Page, timeout: float = 30.0) -> bool:
    """Wait until this page may play; False if the deal ended first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if deal_is_over(page):
            return False
        if is_my_turn(page):
            return True
        page.wait_for_timeout(30)
    raise AssertionError("no turn came within %.0f s" % timeout)


def view_seq(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def take_simple_turn(page: Page) -> str:
    """Pass when following, lead the lowest single otherwise; say which."""
    before = view_seq(page)
    if page.is_enabled("#pass"):
        page.click("#pass")
        kind = "pass"
    else:
        page.locator("#hand .card").first.click()
        page.click("#play")
        kind = "play"
    # only this seat may act now, so the next view is the one after this action
    page.wait_for_function("(before) => Number(document.body.dataset.seq) > before", arg=before)
    return kind


def two_unrelated_cards(page: Page) -> List[int]:
    """Slots of two natural cards of different ranks, neither a level card
    nor a joker: never one combination."""
    cards = page.eval_on_selector_all(
        "#hand .card",
        "cards => cards.map(c => [c.dataset.card, c.classList.contains('level-card') || c.classList.contains('joker')])",
    )
    first = None
    for slot, (card, special) in enumerate(cards):
        if special:
            continue
        if first is None:
            first = slot
        elif card[0] != cards[first][0][0]:
            return [first, slot]
    raise AssertionError(f"no two unrelated cards in {cards}")
