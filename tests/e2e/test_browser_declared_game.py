"""A game gets a working page from its entry alone: Nim, registered from
tests/test_third_game.py (no file of the package or its pages names it),
is listed by the server with its options and texts, the lobby builds its
form, and a game against a bot is played to the end in the browser on the
generic table page (play.html), through the buttons its entry declares.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from conftest import serving  # noqa: E402
from table_helpers import set_nickname, table_code  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
# The server of this module: the usual command, with Nim registered first.
SERVE_NIM = ("import sys; from tests.test_third_game import register_nim; register_nim(); "
             "from guandan.cli import main; sys.exit(main(sys.argv[1:]))")


@pytest.fixture(scope="module")
def nim_server(tmp_path_factory) -> Iterator[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPOSITORY), os.environ.get("PYTHONPATH")]))}
    with serving(tmp_path_factory.mktemp("nim-server"), SERVE_NIM, ["--game", "guandan,gdy,nim"], env) as url:
        yield url


@pytest.fixture
def nim_page(browser, nim_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.add_init_script("localStorage.getItem('guandan.lang') || localStorage.setItem('guandan.lang', 'en')")
    page.goto(nim_server + "/")
    page.wait_for_selector("html[data-lobby=ready]", state="attached")
    yield page
    context.close()


def test_the_server_lists_the_game_with_its_options_and_texts(nim_server):
    with urllib.request.urlopen(nim_server + "/api/games") as reply:
        games = {game["name"]: game for game in json.load(reply)["games"]}
    nim = games["nim"]
    assert nim["seats"] == [2, 4] and nim["strengths"] == ["random", "perfect"] and nim["options"] == []
    assert nim["page"] == "play.html"
    assert [m["message"] for m in nim["moves"]] == [{"type": "take", "n": n} for n in (1, 2, 3)]
    assert nim["texts"]["en"]["title"] == "Nim" and nim["texts"]["zh"]["view.stones"] == "剩余石子"
    # the built-in games declare theirs the same way
    assert [o["name"] for o in games["guandan"]["options"]] == ["ruleset"]
    assert games["gdy"]["options"] == [{"name": "target", "kind": "number", "default": 50, "low": 1, "high": 10000}]
    assert games["gdy"]["texts"]["zh"]["option.target"] == "结束分数"


def test_the_lobby_builds_its_form_and_a_game_is_played_to_the_end(nim_page, screenshots):
    page = nim_page
    errors = []  # the page's own errors: there must be none
    page.on("pageerror", lambda error: errors.append(str(error)))
    set_nickname(page, "Stone")
    page.select_option("#vsbots-game", "nim")
    # its form, from its entry: its table sizes, its bots, its words; no other game's options
    expect(page.locator("#vsbots-about")).to_have_text("Take 1 to 3 stones in turn with bots, at a table of 2: "
                                                       "whoever takes the last stone wins.")
    assert page.eval_on_selector_all("#vsbots-players option", "os => os.map(o => o.value)") == ["2", "3", "4"]
    assert page.eval_on_selector_all("#vsbots-strength option", "os => os.map(o => o.value)") == ["random", "perfect"]
    expect(page.locator("#vsbots-options .row")).to_have_count(0)
    page.select_option("#vsbots-players", "3")
    expect(page.locator("#vsbots-about")).to_contain_text("at a table of 3")
    page.select_option("#vsbots-strength", "random")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#game-title")).to_have_text("Nim")
    expect(page.locator("#play-seats li")).to_have_count(3)
    expect(page.locator("[data-field=stones] dt")).to_have_text("Stones left")
    page.screenshot(path=str(screenshots / "nim-table.png"))

    deadline = time.monotonic() + 60
    while not page.locator("#results li").count():
        assert time.monotonic() < deadline, ("the game did not end", page.locator("#felt").inner_text(), errors)
        take = page.locator("#moves button[data-type=take]").first
        if take.is_enabled():
            stones = int(page.locator("[data-field=stones] dd").inner_text())
            take.click()  # one stone a turn
            expect(page.locator("#results li").or_(page.locator(f"[data-field=stones] dd:not(:text-is('{stones}'))")
                                                   )).not_to_have_count(0)
        page.wait_for_timeout(30)
    expect(page.locator("#results li")).to_have_text(re.compile(r"^(Stone|Bot [23]) took the last stone$"))
    assert not page.locator("#moves button").first.is_enabled()
    page.screenshot(path=str(screenshots / "nim-over.png"))
    assert errors == []

    # and in Chinese, from the same catalogue
    page.click("#lang-switch")
    expect(page.locator("#results li")).to_have_text(re.compile(r"^(Stone|机器人 [23]) 取走了最后一颗$"))
