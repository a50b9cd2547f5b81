"""Paying and returning tribute at Guandan's table: the prompt and the cards
it highlights come on screen by themselves, on a phone and on a desktop,
even under the host's list of players (the hand of 28 cards after a tribute
takes four rows on a phone, and its last row lay below the fold)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from test_browser_phone import PHONE  # noqa: E402
from test_browser_table_states import CODE, ScriptedTable, make_view  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
# 27 cards: every rank of spades and hearts and the big joker, the tribute asked of the payer
PAYER_HAND = [r + s for s in "sh" for r in "23456789TJQKA"] + ["BJ"]
# the receiver's 28: the same hand and the small joker paid to it
RECEIVER_HAND = PAYER_HAND + ["SJ"]
PROMPT = {
    ("tribute", "en"): "You pay tribute to Ann", ("tribute", "zh"): "你向 Ann 进贡",
    ("return", "en"): "Give a card back to Bo", ("return", "zh"): "还一张牌给 Bo",
}


def owed_view(kind: str):
    if kind == "tribute":
        give = {"kind": "tribute", "options": ["BJ"], "to": 1}
        return make_view(PAYER_HAND, phase="tribute", give=give,
                         tribute={"cancelled": False, "payments": [[0, 1]], "paid": [], "returned": []})
    give = {"kind": "return", "options": ["3s", "7s", "9h", "Th"], "to": 3}
    tribute = {"cancelled": False, "payments": [[3, 0]], "paid": [{"seat": 3, "to": 0, "card": "SJ"}], "returned": []}
    return make_view(RECEIVER_HAND, phase="return", give=give, tribute=tribute, counts=[28, 27, 27, 26],
                     log=[{"type": "tribute", "seat": 3, "to": 0, "card": "SJ"}])


def fully_on_screen(page: Page, selector: str) -> list:
    """Each element matched that is not wholly on screen, above the pinned
    buttons (where a phone pins them) and reachable by a tap: empty when
    all are."""
    return page.eval_on_selector_all(selector, """(els) => {
        const bar = document.getElementById('actions-main');
        const pinned = getComputedStyle(bar).position === 'fixed';
        return els.filter((el) => {
            const floor = pinned && !bar.contains(el) ? bar.getBoundingClientRect().top : innerHeight;
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !(r.width > 0 && r.top >= 0 && r.bottom <= floor && r.right <= innerWidth && (hit === el || el.contains(hit)));
        }).map((el) => el.dataset.card || el.id);
    }""")


@pytest.mark.parametrize("kind", ["tribute", "return"])
@pytest.mark.parametrize("lang,viewport", [("en", PHONE), ("zh", PHONE), ("en", DESKTOP), ("zh", DESKTOP)])
def test_the_prompt_and_the_highlighted_cards_are_on_screen_without_scrolling(new_page, server, screenshots, kind, lang, viewport):
    page = new_page(viewport=viewport, lang=lang)
    # four friends: the host's list of players (to remove one) lies above the felt
    ScriptedTable(page, owed_view(kind))
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#room")).to_be_visible()
    expect(page.locator("#reason")).to_contain_text(PROMPT[kind, lang])
    expect(page.locator("#hand .card.legal")).to_have_count(len(owed_view(kind)["deal"]["give"]["options"]))
    page.wait_for_timeout(200)  # any scroll the page makes by itself
    assert fully_on_screen(page, "#reason") == []
    assert fully_on_screen(page, "#hand .card.legal") == []
    assert fully_on_screen(page, "#give") == []
    page.screenshot(path=screenshots / f"{kind}-owed-{lang}-{viewport['width']}.png")

    # the player may scroll away again: the page does not pull them back
    page.evaluate("scrollTo(0, 0)")
    page.click("#lang-switch")
    page.wait_for_timeout(200)
    assert page.evaluate("scrollY") == 0
