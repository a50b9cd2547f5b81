"""The Guandan table while its connection is down, in both languages: the
actions wait for it, a request cut off by the drop says the table is
reconnecting (not the raw word "closed"), and that line goes once the
connection is back. The table's websocket passes through the test
(Playwright's route_web_socket), which drops it and holds it down."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import wait_for_turn  # noqa: E402
from test_browser_vs_bots import start_vs_bots  # noqa: E402

TEXTS = {
    "en": {"reconnecting": "Connection lost, reconnecting…", "connected": "Connected"},
    "zh": {"reconnecting": "连接断开，正在重连…", "connected": "已连接"},
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_while_the_connection_is_down_the_actions_wait_and_no_raw_word_shows(new_page, lang):
    page = new_page(lang=lang)
    texts = TEXTS[lang]
    line = {"down": False, "deaf": False}  # down: refuse new connections; deaf: drop what the table sends
    routes = []

    def relay(ws):
        if line["down"]:
            ws.close(code=1011)
            return
        routes.append(ws)
        server = ws.connect_to_server()
        server.on_message(lambda message: None if line["deaf"] else ws.send(message))

    page.route_web_socket(re.compile(r"/ws/"), relay)
    start_vs_bots(page, "Solo")
    assert wait_for_turn(page)
    expect(page.locator("#hint")).to_be_enabled()
    # A hint asked as the connection drops: its answer never comes.
    line["deaf"] = True
    page.click("#hint")
    line["down"] = True
    routes[-1].close(code=1011)
    expect(page.locator("#connection")).to_have_text(texts["reconnecting"])
    expect(page.locator("#coach-line")).to_have_text(texts["reconnecting"])
    for action in ("#play", "#pass", "#hint"):
        expect(page.locator(action)).to_be_disabled()
    # The connection comes back: the actions too, and the line goes.
    line["down"] = line["deaf"] = False
    expect(page.locator("#connection")).to_have_text(texts["connected"], timeout=20_000)
    expect(page.locator("#coach-line")).to_have_text("")
    expect(page.locator("#hint")).to_be_enabled()
    expect(page.locator("#play")).to_be_enabled()
