"""Gan Deng Yan's own rules page, opened from its table: a picture of every
kind of play, of the "one rank higher" rule, of the 2 and the bomb ladder,
the draw and a worked scoring example, tips and questions, in both
languages and on a phone. Every picture is checked against the engine: the
cards of a kind read as that kind, what the page says beats does beat."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402
from test_browser_gdy import choose_gdy  # noqa: E402
from test_browser_phone import PHONE, overflow  # noqa: E402

from guandan._core import gdy as core_gdy  # noqa: E402
from guandan.gdy.cards import Cards  # noqa: E402
from guandan.gdy.plays import Play  # noqa: E402

KINDS = ["single", "pair", "run", "pair_run", "bomb", "joker_bomb"]


def plays_of(texts, table: int = 0):
    """The plays that use exactly these cards, leading or on the play word ``table``."""
    cards = Cards(texts)
    return [Play(w) for w in core_gdy.legal_plays(cards.word, table) if w and Play(w).cards == cards]


def rows(page: Page, selector: str):
    """The cards (data-cards) of each picture under ``selector``, in order."""
    return page.eval_on_selector_all(selector, "rows => rows.map(r => r.dataset.cards.split(' '))")


def open_rules_from_the_table(new_page, lang, viewport) -> Page:
    page = new_page(viewport=viewport, lang=lang)
    set_nickname(page, "Reader")
    choose_gdy(page, "vsbots", players=3, target=50, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    with page.expect_popup() as popup:
        page.click("header nav a[data-i18n='nav.rules']")
    rules = popup.value
    rules.wait_for_load_state()
    return rules


@pytest.mark.parametrize("lang,viewport", [("en", None), ("zh", PHONE)])
def test_the_table_opens_its_own_rules_with_a_picture_of_every_rule(new_page, screenshots, lang, viewport):
    # The Rules link of Gan Deng Yan's table opened Guandan's rules, and the
    # game had no rules page of its own.
    page = open_rules_from_the_table(new_page, lang, viewport)
    assert page.url.endswith("/static/gdy_rules.html")
    article = page.locator(f"#rules-{lang}")
    expect(article).to_be_visible()
    scope = f"#rules-{lang}"
    # every kind of play, each picture read by the engine as that kind
    kinds = article.locator(".combos > li")
    expect(kinds).to_have_count(len(KINDS))
    assert [kinds.nth(i).get_attribute("data-kind") for i in range(len(KINDS))] == KINDS
    for kind in KINDS:
        pictures = rows(page, f"{scope} .combos > li[data-kind='{kind}'] [data-cards]")
        assert pictures, kind
        for cards in pictures:
            assert kind in {p.kind for p in plays_of(cards)}, f"{cards} is not a {kind}"
    # drawn and named: the joker says so in the page's language
    expect(article.locator(".combos > li[data-kind='joker_bomb'] .card").first).to_have_attribute(
        "aria-label", "joker" if lang == "en" else "王")
    # one rank higher, and the 2: what the page says beats does, what it says does not, does not
    for section in ("higher", "bombs"):
        examples = article.locator(f"#{section}-{lang} ~ .beats").first.locator("li")
        assert examples.count() >= 2
    for verdict, beats in (("beat-yes", True), ("beat-no", False)):
        for pair in page.eval_on_selector_all(
                f"{scope} .beats li.{verdict}", "lis => lis.map(li => [...li.querySelectorAll('[data-cards]')].map(r => r.dataset.cards.split(' ')))"):
            table, answer = pair
            lead = max(plays_of(table), key=lambda p: p.word)  # led: its highest reading
            assert bool(plays_of(answer, lead.word)) == beats, f"{answer} on {table}: the page says beats={beats}"
    assert article.locator(".beats li.beat-no").count() >= 1
    # the bomb ladder: each rung beats the one below it
    ladder = rows(page, f"{scope} .bomb-ladder > li [data-cards]")
    assert len(ladder) >= 5 and ladder[-1] == ["JK", "JK"]
    for lower, higher in zip(ladder, ladder[1:]):
        below = max(plays_of(lower), key=lambda p: p.word)
        assert plays_of(higher, below.word), f"{higher} does not beat {lower}"
    # the draw and the scoring, worked through with the rules' example
    expect(article.locator(f"#draw-{lang}")).to_be_visible()
    example = article.locator(".scoring-example tr")
    expect(example).to_have_count(5)
    expect(example.last).to_contain_text("24")
    assert article.locator(".scoring-example tr").last.locator(".card").count() == 6
    assert article.locator(".tips li").count() >= 5 and article.locator("details").count() >= 5
    assert overflow(page) <= 0
    page.screenshot(path=screenshots / f"gdy-rules-{lang}.png", full_page=True)


def test_the_rules_page_switches_language_and_starts_a_practice_game(new_page, server):
    page = new_page()
    page.goto(server + "/static/gdy_rules.html")
    expect(page.locator("#rules-en")).to_be_visible()
    page.click("#lang-switch")
    expect(page.locator("#rules-zh")).to_be_visible()
    expect(page.locator("#rules-en")).to_be_hidden()
    expect(page.locator("#rules-zh .combos .card").first).to_have_attribute("aria-label", "7")
    page.click("#lang-switch")
    page.click("#practice-go")
    # No nickname yet: asked first. The field alone does not say the first
    # press is done (the page also shows it once it has found no player),
    # and a second press while the first one waits is not taken.
    expect(page.locator("#practice-name")).to_be_visible()
    expect(page.locator("#practice-message")).to_have_text("Choose a nickname first.")
    page.fill("#practice-name", "Learner")
    page.click("#practice-go")
    page.wait_for_url("**/t/*?practice=1")
    expect(page.locator("h1")).to_have_text("Gan Deng Yan")
    expect(page.locator("#gdy-seats .gdy-seat")).to_have_count(2)
