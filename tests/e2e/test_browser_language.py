"""The language switch changes every text at once, and is remembered."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402


def test_the_lobby_and_the_rules_switch_language(new_page, server, screenshots):
    page = new_page()
    expect(page.locator("#vsbots-panel h2")).to_have_text("Vs bots")
    page.click("#lang-switch")
    expect(page.locator("#vsbots-panel h2")).to_have_text("人机对战")
    expect(page.locator("#create-panel h2")).to_have_text("创建牌桌")
    expect(page.locator("#lang-switch")).to_have_text("English")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    page.screenshot(path=screenshots / "lobby-zh.png")

    page.reload()  # remembered
    expect(page.locator("#vsbots-panel h2")).to_have_text("人机对战")

    page.goto(server + "/static/rules.html")
    expect(page.locator("#rules-zh")).to_be_visible()
    expect(page.locator("#rules-en")).to_be_hidden()
    expect(page.locator("#rules-zh")).to_contain_text("逢人配")
    page.click("#lang-switch")
    expect(page.locator("#rules-en")).to_be_visible()
    expect(page.locator("#rules-en")).to_contain_text("wild")
    expect(page.locator("#rules-zh")).to_be_hidden()


def test_the_table_switches_language_mid_game(new_page, screenshots):
    page = new_page()
    set_nickname(page, "Lang")
    page.select_option("#vsbots-strength", "simple")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#hand .card")).to_have_count(27)
    expect(page.locator("#play")).to_have_text("Play")
    expect(page.locator("#level-played")).to_have_text("playing 2s")
    page.click("#lang-switch")
    expect(page.locator("#play")).to_have_text("出牌")
    expect(page.locator("#pass")).to_have_text("不要")
    expect(page.locator("#level-played")).to_have_text("打 2")
    expect(page.locator("#keys-help h2")).to_have_text("快捷键")
    expect(page.locator("#connection")).to_have_text("已连接")
    page.screenshot(path=screenshots / "table-zh.png")
    page.click("#lang-switch")
    expect(page.locator("#play")).to_have_text("Play")
