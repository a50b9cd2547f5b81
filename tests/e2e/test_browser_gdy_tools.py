"""Gan Deng Yan's table at parity with Guandan's: the same keyboard (and
its help panel), and coach mode, which the practice game turns on and
which comments on a clear mistake, in both languages."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

from table_helpers import set_nickname, table_code, view_seq  # noqa: E402
from test_browser_gdy import choose_gdy, game_over, my_turn, next_deal_offered, take_turn  # noqa: E402

from guandan.web.gdy_table import TEXTS  # noqa: E402


def _hint_texts():
    """Gan Deng Yan's texts as (key, (English, Chinese)) pairs, from its catalogue."""
    return [(key, (en, TEXTS.strings["zh"][key])) for key, en in TEXTS.strings["en"].items()]

KEYS_TITLE = {"en": "Keyboard shortcuts", "zh": "快捷键"}
COACH_SAYS = {"en": "Coach:", "zh": "教练："}


def hand(page: Page):
    return page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")


def selected(page: Page):
    return page.eval_on_selector_all("#hand .card.selected", "cards => cards.map(c => Number(c.dataset.index))")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_keyboard_of_guandans_table_works_here_and_is_listed(new_page, screenshots, lang):
    # Gan Deng Yan's table took Enter, P, H and Esc only, and listed none:
    # no arrows, no Space, no rank keys, no help panel.
    page = new_page(lang=lang)
    set_nickname(page, "Keys")
    choose_gdy(page, "vsbots", players=2, target=200, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#hand .card")).not_to_have_count(0)
    help_panel = page.locator("#keys-help")
    expect(help_panel).to_be_visible()
    expect(help_panel.locator("h2")).to_have_text(KEYS_TITLE[lang])
    expect(help_panel.locator("li")).to_have_count(6)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#hand .card.cursor")).to_have_attribute("data-index", "1")
    page.keyboard.press(" ")
    assert selected(page) == [1]
    page.keyboard.press("Escape")
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    # a rank key takes the next card of that rank, then the one after
    cards = hand(page)
    rank = next(c for c in cards if c != "JK")
    key = {"10": "0"}.get(rank, rank.lower())
    page.keyboard.press(key)
    first = [i for i, c in enumerate(cards) if c == rank]
    assert selected(page) == first[:1]
    # H asks for a hint on this seat's turn: its reason, and its cards selected
    while not my_turn(page):
        page.wait_for_timeout(30)
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    reasons = "|".join(re.escape(pair[0 if lang == "en" else 1].split("{")[0]) for key, pair in _hint_texts() if key.startswith("hint_"))
    expect(page.locator("#coach-line")).to_have_text(re.compile(reasons))
    page.screenshot(path=screenshots / f"gdy-keys-{lang}.png")


def start_practice(page: Page, server: str) -> None:
    """A practice game against bots, from the rules page."""
    at_table = re.compile(r"/t/[A-Z0-9]{6}\?practice=1$")
    page.goto(server + "/static/gdy_rules.html")
    page.click("#practice-go")
    try:  # a player with a name goes straight to the table; else it asks for one
        page.wait_for_url(at_table, timeout=3000)
    except PlaywrightTimeoutError:
        page.fill("#practice-name", "Learner")
        page.click("#practice-go")
        page.wait_for_url(at_table)


def coach_speaks_of_a_pass(page: Page, lang: str) -> bool:
    """Plays on, passing whenever it may, until the coach comments on a
    pass; False when the game ends first (the learner may lead every deal,
    or hold nothing that beats whenever it could pass)."""
    line = page.locator("#coach-line")
    for _ in range(60):
        while not my_turn(page):
            if game_over(page):
                return False
            if page.locator("#next-deal").is_visible():
                page.click("#next-deal")
            page.wait_for_timeout(30)
        if page.is_enabled("#pass"):
            before = view_seq(page)
            page.click("#pass")
            page.wait_for_function("(before) => Number(document.body.dataset.seq) > before", arg=before)
            try:
                expect(line).to_contain_text(COACH_SAYS[lang], timeout=3000)
                return True
            except AssertionError:
                continue
        else:
            take_turn(page)
    return False


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_coach_mode_is_on_in_the_practice_game_and_speaks_of_a_clear_mistake(new_page, server, lang):
    # Gan Deng Yan's table had no coach mode: only Hint.
    page = new_page(lang=lang)
    start_practice(page, server)
    toggle = page.locator("#coach-toggle")
    expect(toggle).to_be_checked()  # the server keeps coach mode for this seat
    page.reload()
    expect(toggle).to_be_checked()
    # passing with a play in hand before playing a card doubles the penalty:
    # the coach says so and names a play, as soon as such a pass comes (in
    # one of three games: a game can end without such a pass)
    spoke = coach_speaks_of_a_pass(page, lang)
    for _ in range(2):
        if spoke:
            break
        start_practice(page, server)
        spoke = coach_speaks_of_a_pass(page, lang)
    assert spoke, "three practice games ended without the coach speaking of a pass"
    # then it can be turned off: the next view says it is off (a deal's
    # summary that comes up meanwhile is closed first; a game that ended
    # gives way to a new one, which starts with coach mode on too)
    for attempt in range(3):
        if game_over(page):
            start_practice(page, server)
            expect(toggle).to_be_checked()
        elif next_deal_offered(page):
            page.click("#next-deal")
        before = view_seq(page)
        try:
            toggle.uncheck(timeout=3000 if attempt < 2 else 10_000)
            break
        except PlaywrightTimeoutError:
            continue
    page.wait_for_function("(before) => Number(document.body.dataset.seq) > before", arg=before)
    expect(toggle).not_to_be_checked()
