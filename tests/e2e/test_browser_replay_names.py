"""Replays of both games opened from a shared link by someone with no
session, naming the seats and teams by who played them."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

import httpx  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from test_browser_phone import PHONE  # noqa: E402
from test_browser_replay import played_match  # noqa: E402

from guandan.gd.log import dumps, match_log  # noqa: E402

BOT = {"en": "Bot", "zh": "机器人"}
AND = {"en": " and ", "zh": "和"}
NO_NAME = re.compile(r"Seat \d|\d 号位|Team \d|\d 队")


def finished_guandan_table(server: str) -> str:
    """Lin hosts, Ann joins, two bots fill the table, and Lin ends it."""
    with httpx.Client(base_url=server) as lin, httpx.Client(base_url=server) as ann:
        lin.post("/api/session", json={"name": "Lin"}).raise_for_status()
        ann.post("/api/session", json={"name": "Ann"}).raise_for_status()
        code = lin.post("/api/tables", json={"bots": "simple"}).json()["table"]["code"]
        ann.post(f"/api/tables/{code}/join").raise_for_status()
        lin.post(f"/api/tables/{code}/start", json={"anyway": True}).raise_for_status()
        lin.post(f"/api/tables/{code}/end").raise_for_status()
        return code


def finished_gdy_table(server: str) -> str:
    with httpx.Client(base_url=server) as solo:
        solo.post("/api/session", json={"name": "Solo"}).raise_for_status()
        code = solo.post("/api/tables/vs-bots", json={"game": "gdy", "players": 3, "bots": "random"}).json()["table"]["code"]
        solo.post(f"/api/tables/{code}/end").raise_for_status()
        return code


def open_without_a_session(new_page, url: str, lang: str, viewport) -> Page:
    """Open a replay link as someone who has never played here."""
    page = new_page(viewport=viewport, lang=lang)
    assert page.context.cookies() == [], "this page should hold no session"
    page.goto(url)
    return page


@pytest.mark.parametrize("lang,viewport", [("en", None), ("zh", PHONE)])
def test_a_guandan_replay_link_opens_without_a_session_and_names_the_players(new_page, server, screenshots, lang, viewport):
    # Opened without a session, the link said "This file is not a Guandan
    # log: no session..."; the seats read "Seat 1..4" and the teams "Team 1/2".
    page = open_without_a_session(new_page, f"{server}/static/replay.html?code={finished_guandan_table(server)}", lang, viewport)
    names = ["Lin", "Ann", f"{BOT[lang]} 3", f"{BOT[lang]} 4"]
    for seat, name in enumerate(names):
        expect(page.locator(f"#r-seat-{seat} .name")).to_have_text(re.compile("^" + re.escape(name)))
    tags = page.locator("#replay-levels .team-tag")
    expect(tags.nth(0)).to_contain_text(f"Lin{AND[lang]}{BOT[lang]} 3")
    expect(tags.nth(1)).to_contain_text(f"Ann{AND[lang]}{BOT[lang]} 4")
    assert not NO_NAME.search(page.locator("#replay-table").inner_text() + page.locator("#replay-levels").inner_text())
    expect(page.locator("#replay-message")).to_have_text("")
    page.screenshot(path=screenshots / f"replay-names-{lang}.png", full_page=True)


def test_a_log_file_with_names_shows_them_at_the_end_of_a_deal_and_an_old_file_still_reads(new_page, server, tmp_path):
    match = played_match(deals=1, seed=5)
    players = [{"name": n, "bot": None} for n in ("Mei", "Jun", "Hua", "Bo")]
    named, old = tmp_path / "named.json", tmp_path / "old.json"
    named.write_text(dumps(match_log(match, players=players)), encoding="utf-8")
    old.write_text(dumps(match_log(match)), encoding="utf-8")
    page = new_page()
    page.goto(server + "/static/replay.html")
    page.set_input_files("#log-file", str(named))
    page.click("#step-next")
    expect(page.locator("#replay-event")).to_have_text(re.compile(r"^(Mei|Jun|Hua|Bo): "))
    page.click("#step-last")
    result = page.locator("#replay-result")
    expect(result).to_contain_text("Mei and Hua:")
    expect(result).to_contain_text("Jun and Bo:")
    # a log written before logs named the players: seats by number, as before
    page.set_input_files("#log-file", str(old))
    expect(page.locator("#r-seat-0 .name")).to_have_text(re.compile("^Seat 1"))
    expect(page.locator("#replay-levels .team-tag").first).to_contain_text("Team 1")


def test_an_unknown_table_says_it_could_not_be_loaded_not_that_a_file_is_bad(new_page, server):
    page = new_page(lang="zh")
    page.goto(f"{server}/static/replay.html?code=ZZZZZZ")
    expect(page.locator("#replay-message")).to_contain_text("无法载入牌桌 ZZZZZZ")
    expect(page.locator("#replay-message")).not_to_contain_text("牌谱")


@pytest.mark.parametrize("lang,viewport", [("en", PHONE), ("zh", None)])
def test_a_gan_deng_yan_replay_link_opens_without_a_session_and_names_the_players(new_page, server, screenshots, lang, viewport):
    code = finished_gdy_table(server)
    page = open_without_a_session(new_page, f"{server}/static/gdy_replay.html?code={code}", lang, viewport)
    seats = page.locator("#replay-seats .gdy-seat .seat-name")
    expect(seats).to_have_count(3)
    assert seats.all_inner_texts() == ["Solo", f"{BOT[lang]} 2", f"{BOT[lang]} 3"]
    page.click("#step-next")
    expect(page.locator("#replay-event")).not_to_have_text(re.compile(r"^$"))
    assert not NO_NAME.search(page.locator("#replay-table").inner_text())
    page.screenshot(path=screenshots / f"gdy-replay-names-{lang}.png", full_page=True)
    # the server says who played: the page did not make the names up
    reply = json.loads(page.evaluate(f"fetch('/api/tables/{code}/replay').then(r => r.text())"))
    assert [s["name"] for s in reply["seats"]] == ["Solo", None, None]
