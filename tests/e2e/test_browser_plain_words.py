"""What the table says, in words a newcomer reads as a person would write
them: bots and stand-ins named without debug brackets, a deal's result
explained, no empty panel for whoever watches, and the installed app's
lobby saying it is offline."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402
from test_browser_gdy import choose_gdy  # noqa: E402
from test_browser_phone import PHONE  # noqa: E402
from test_browser_table_states import CODE, ScriptedTable, make_view, watch_the_table  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
# each bot seat of a game against bots, as its seat box heads it
BOT_LABEL = {
    ("guandan", "en"): re.compile(r"^Bot [234] \((Partner, )?simple\)$"), ("guandan", "zh"): re.compile(r"^机器人 [234]（(搭档，)?简单）$"),
    ("gdy", "en"): re.compile(r"^Bot [23] \(random\)$"), ("gdy", "zh"): re.compile(r"^机器人 [23]（随机）$"),
}


def seat_heads(page: Page, game: str) -> list:
    if game == "guandan":
        return [text.strip() for text in page.locator(".felt .seat-box:not([hidden]) .name").all_inner_texts()]
    return page.eval_on_selector_all("#gdy-seats .gdy-seat", """(seats) => seats.map((seat) =>
        [...seat.querySelectorAll('.seat-name, .tag.strength')].map((part) => part.textContent).join('').trim())""")


@pytest.mark.parametrize("game,lang,viewport", [("guandan", "en", DESKTOP), ("guandan", "zh", PHONE), ("gdy", "en", DESKTOP),
                                                ("gdy", "zh", DESKTOP)])
def test_bots_are_named_as_a_person_would_write_them(new_page, screenshots, game, lang, viewport):
    # They read "Bot 4 [simple]" and "机器人 4 [简单]", like debug output.
    page = new_page(viewport=viewport, lang=lang)
    set_nickname(page, "Solo")
    if game == "guandan":
        page.select_option("#vsbots-strength", "simple")
    else:
        choose_gdy(page, "vsbots", players=3, target=50, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#hand .card").first).to_be_visible()
    heads = seat_heads(page, game)
    bots = [head for head in heads if BOT_LABEL[game, lang].match(head)]
    assert len(bots) == (3 if game == "guandan" else 2), heads
    assert not any("[" in head for head in heads), heads
    page.screenshot(path=screenshots / f"bot-labels-{game}-{lang}.png")


@pytest.mark.parametrize("lang,label", [("en", "Ann (away: a simple bot plays)"), ("zh", "Ann（暂离，简单机器人代打）")])
def test_a_player_who_stepped_away_is_said_to_be_played_by_a_bot(new_page, server, lang, label):
    page = new_page(lang=lang)
    view = make_view(["3s", "5d"], turn=1, my_turn=False)
    view["seats"][1].update(away=True, bot="simple")
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#seat-right .name")).to_have_text(label)


@pytest.mark.parametrize("lang,viewport,outcome,said", [
    ("en", DESKTOP, "1-2", "Result 1-2: the winners finished first and second (a double win)"),
    ("zh", PHONE, "1-3", "结果 1-3：赢家一方是头游和三游"),
    ("en", PHONE, "1-4", "Result 1-4: the winners finished first and last"),
])
def test_a_deals_result_is_explained(new_page, server, lang, viewport, outcome, said):
    # "Result: 1-2" meant nothing to a newcomer.
    page = new_page(viewport=viewport, lang=lang)
    view = make_view([], phase="over", turn=None, my_turn=False, counts=[0, 0, 4, 0], finishing_order=[1, 3])
    view["match"]["results"][0]["outcome"] = outcome
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#dialog .summary-result")).to_have_text(said)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_a_watcher_has_no_empty_panel(new_page, server, viewport):
    # Whoever watches a match under way has no table tool (no seat to leave,
    # no log yet): the side panel that holds them stood empty and white.
    page = new_page(viewport=viewport)
    watch_the_table(page, server)
    expect(page.locator(".table-tools")).to_be_hidden()
    empty = page.eval_on_selector_all(".panel", "(panels) => panels.filter((p) => p.offsetParent !== null && !p.innerText.trim()).length")
    assert empty == 0
    # a player at their seat keeps the panel
    seated = make_view(["3s"], turn=2, my_turn=False)
    ScriptedTable(page, seated)
    page.reload()
    expect(page.locator("#leave")).to_be_visible()
    expect(page.locator(".table-tools")).to_be_visible()


@pytest.mark.parametrize("lang,said", [("en", "You are offline."), ("zh", "你现在离线。")])
def test_the_installed_lobby_says_it_is_offline_and_fills_in_when_back(new_page, server, screenshots, lang, said):
    page = new_page(viewport=PHONE, lang=lang)
    page.evaluate("async () => await navigator.serviceWorker.ready")
    page.reload()  # now the worker controls the page and keeps the lobby's files
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    expect(page.locator("#offline-note")).to_be_hidden()
    page.context.set_offline(True)
    try:
        page.reload()
        note = page.locator("#offline-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text(said)
        page.screenshot(path=screenshots / f"app-offline-lobby-{lang}.png")
    finally:
        page.context.set_offline(False)
    # back online: the page fills in by itself
    expect(page.locator("#offline-note")).to_be_hidden(timeout=15_000)
    expect(page.locator("#vsbots-strength option")).not_to_have_count(0)
