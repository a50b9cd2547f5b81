"""The lobby's way back to your games: the tables you sit at or host, listed
with a link back, for both games, on a desktop and a phone, in both
languages. A game against bots is private, so before this list the only way
back after *Lobby* was the browser's Back button or remembering the code.
With an account the list, the name and the match history follow the player
to another browser."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402
from test_browser_gdy import choose_gdy  # noqa: E402
from test_browser_phone import PHONE  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
BACK = {"en": "Back to the table", "zh": "回到牌桌"}
PLAYING = {"en": "playing", "zh": "进行中"}
WAITING = {"en": "waiting", "zh": "等待中"}
VS_BOTS = {"en": "you and bots", "zh": "你和机器人"}


def start_vs_bots(page: Page, game: str) -> str:
    if game == "gdy":
        choose_gdy(page, "vsbots", players=3, target=50, strength="random")
    else:
        page.select_option("#vsbots-strength", "simple")
    page.click("#vsbots-go")
    code = table_code(page)
    expect(page.locator("#hand .card").first).to_be_visible()
    return code


def my_table_row(page: Page, code: str):
    return page.locator(f"#mine-tables tbody tr[data-code='{code}']")


@pytest.mark.parametrize("game,lang,viewport", [("guandan", "en", DESKTOP), ("guandan", "zh", PHONE),
                                                ("gdy", "en", PHONE), ("gdy", "zh", DESKTOP)])
def test_the_lobby_lists_your_game_against_bots_with_a_way_back(new_page, server, screenshots, game, lang, viewport):
    page = new_page(viewport=viewport, lang=lang)
    set_nickname(page, "Mei")
    code = start_vs_bots(page, game)
    page.click("header nav a[href='/']")
    expect(page).to_have_url(server + "/")
    row = my_table_row(page, code)
    expect(row).to_be_visible()
    expect(row).to_contain_text(PLAYING[lang])
    expect(row).to_contain_text(VS_BOTS[lang])
    back = row.locator("a.mine-back")
    expect(back).to_have_text(BACK[lang])
    # on a phone the link is on screen without scrolling sideways
    box = back.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    page.screenshot(path=screenshots / f"your-tables-{game}-{lang}-{viewport['width']}.png", full_page=True)
    back.click()
    expect(page).to_have_url(f"{server}/t/{code}")
    expect(page.locator("#hand .card").first).to_be_visible()
    # a stranger's lobby does not list it
    stranger = new_page(viewport=viewport, lang=lang)
    set_nickname(stranger, "Bo")
    stranger.reload()
    expect(stranger.locator("#open-tables")).to_be_attached()
    expect(my_table_row(stranger, code)).to_have_count(0)
    expect(stranger.locator("#mine-panel")).to_be_hidden()


def test_a_friend_who_joined_finds_the_table_in_the_lobby(new_page, server):
    host = new_page(viewport=DESKTOP)
    set_nickname(host, "Host")
    host.uncheck("#create-public")  # private: only the code leads to it
    host.click("#create-go")
    code = table_code(host)
    friend = new_page(viewport=PHONE, lang="zh")
    set_nickname(friend, "Friend")
    friend.fill("#join-code", code)
    friend.click("#join-form button[type=submit]")
    expect(friend).to_have_url(f"{server}/t/{code}")
    friend.goto(server + "/")
    row = my_table_row(friend, code)
    expect(row).to_contain_text(WAITING["zh"])
    expect(row).to_contain_text("2 / 4")
    expect(row.locator("td").first).to_have_text(code)  # the friend does not host it
    host.goto(server + "/")
    expect(my_table_row(host, code).locator("td").first).to_have_text(f"{code} (you host)")


SIGNED_IN = {"en": "Signed in as {login}.", "zh": "已登录：{login}。"}
WRONG = {"en": "wrong name, email or password", "zh": "用户名、邮箱或密码不对"}


@pytest.mark.parametrize("game,lang,viewport", [("guandan", "en", DESKTOP), ("gdy", "zh", PHONE)])
def test_signed_in_on_another_browser_the_lobby_finds_your_table(new_page, server, screenshots, game, lang, viewport):
    # A player's name, tables and history lived in one browser's cookie:
    # another device could not find the game. An account brings them along.
    login = f"mei-{game}@example.com"
    phone = new_page(viewport=viewport, lang=lang)
    set_nickname(phone, "Mei")
    code = start_vs_bots(phone, game)
    phone.goto(server + "/")
    phone.fill("#account-login", login)
    phone.fill("#account-password", "correct horse")
    phone.click("#signup-go")
    expect(phone.locator("#account-as")).to_have_text(SIGNED_IN[lang].format(login=login))

    desk = new_page(viewport=DESKTOP, lang=lang)  # another browser: its own cookies
    expect(desk.locator("#mine-panel")).to_be_hidden()
    desk.fill("#account-login", login.upper())
    desk.fill("#account-password", "wrong password")
    desk.click("#signin-go")
    expect(desk.locator("#account-message")).to_have_text(WRONG[lang])
    desk.fill("#account-password", "correct horse")
    desk.click("#signin-go")
    expect(desk.locator("#account-as")).to_have_text(SIGNED_IN[lang].format(login=login))
    expect(desk.locator("#nickname")).to_have_value("Mei")
    row = my_table_row(desk, code)
    expect(row).to_contain_text(PLAYING[lang])
    desk.screenshot(path=screenshots / f"account-signed-in-{game}-{lang}.png", full_page=True)
    # after a reload too: the session is the browser's now
    desk.reload()
    expect(desk.locator("#account-as")).to_have_text(SIGNED_IN[lang].format(login=login))
    row.locator("a.mine-back").click()
    expect(desk).to_have_url(f"{server}/t/{code}")
    expect(desk.locator("#hand .card").first).to_be_visible()

    # the match ended: the history lists it, with its replay, on every browser
    assert desk.request.post(f"{server}/api/tables/{code}/end", data={}).ok
    desk.goto(server + "/")
    history = desk.locator(f"#history-tables tbody tr[data-code='{code}'] a.history-replay")
    expect(history).to_have_attribute("href", re.compile(rf"replay\.html\?code={code}$"))
    expect(my_table_row(desk, code)).to_have_count(0)
    phone.reload()
    expect(phone.locator(f"#history-tables tbody tr[data-code='{code}']")).to_be_visible()

    # signing out leaves a first visit's lobby; the phone stays signed in
    desk.click("#signout-go")
    expect(desk.locator("#account-form")).to_be_visible()
    expect(desk.locator("#history-panel")).to_be_hidden()
    phone.reload()
    expect(phone.locator("#account-as")).to_have_text(SIGNED_IN[lang].format(login=login))
