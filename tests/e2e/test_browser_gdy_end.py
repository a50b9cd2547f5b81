"""Gan Deng Yan's end of a deal and of the game in the browser: each penalty
explained by the parts the server counted, the cards the others still held,
and a tie for the lowest score said as a shared win."""

from __future__ import annotations

import copy
import json
import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from table_helpers import set_nickname, table_code  # noqa: E402
from test_browser_gdy import choose_gdy, play_until_over  # noqa: E402
from test_browser_phone import PHONE  # noqa: E402

from guandan.web import deltas  # noqa: E402

# "3 cards × 2 (never played) × 4 (bombs played: 2) = 24", in each language
BREAKDOWN = {
    "en": re.compile(r"^(\d+) cards?( × (\d+) \(never played\))?( × (\d+) \(bombs played: \d+\))? = (\d+)$"),
    "zh": re.compile(r"^(\d+) 张( × (\d+)（一张没出）)?( × (\d+)（出了 \d+ 个炸弹）)? = (\d+)$"),
}
PENALTY = {"en": re.compile(r": \+(\d+) \(now \d+\)$"), "zh": re.compile(r"：\+(\d+)（共 \d+ 分）$")}
SHARED = {"en": "Tied for the lowest score: you share the win with", "zh": "并列最低分：你与"}
YOU_WIN = {"en": "You win the game!", "zh": "你赢了！"}


def relay_views(page: Page, change) -> None:
    """Relay the table's messages, each view (a patch made whole) passed
    through ``change``: a changed view is sent whole, None sends the message
    as it came."""
    views = []

    def relay(ws):
        server = ws.connect_to_server()

        def from_server(message):
            data = json.loads(message)
            if data.get("type") not in ("view", "patch"):
                ws.send(message)
                return
            whole = data if data["type"] == "view" else deltas.apply(copy.deepcopy(views[-1]), data["ops"])
            views.append(whole)
            changed = change(copy.deepcopy({**whole, "type": "view", "version": data["version"]}))
            ws.send(message if changed is None else json.dumps(changed))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/"), relay)


def tie_the_game(page: Page) -> None:
    """Turn the view that ends the game into a tie for the lowest score
    between this seat and another (a tie needs many deals to come by itself)."""

    def tie(view):
        if view["table"]["status"] != "over":
            return None
        me = view["me"]["seat"]
        other = (me + 1) % len(view["seats"])
        low = min(view["match"]["scores"])
        view["match"]["scores"][me] = view["match"]["scores"][other] = low
        view["match"]["winners"] = sorted([me, other])
        return view

    relay_views(page, tie)


@pytest.mark.parametrize("lang,viewport", [("en", None), ("zh", PHONE)])
def test_the_end_explains_each_penalty_shows_the_cards_held_and_a_tie_shares_the_win(new_page, screenshots, lang, viewport):
    # The end of a deal said "+20" with no reason and showed none of the
    # cards the others held, and a tie for the lowest score said "You win
    # the game!". Now each penalty reads as the server counted it (cards
    # left × never played × bombs), the cards still held are shown, and a
    # tie is a shared win (docs/gdy_rules.md §7).
    page = new_page(viewport=viewport, lang=lang)
    tie_the_game(page)
    set_nickname(page, "Solo")
    choose_gdy(page, "vsbots", players=3, target=1, strength="random")  # one deal ends the game
    page.click("#vsbots-go")
    table_code(page)
    play_until_over(page, screenshots, f"gdy-end-{lang}")
    lines = page.locator(".gdy-penalties li")
    expect(lines).to_have_count(3)
    losers = 0
    for i in range(3):
        line = lines.nth(i)
        breakdown = line.locator(".gdy-breakdown").inner_text().strip()
        penalty = int(PENALTY[lang].search(line.locator("div").first.inner_text().strip()).group(1))
        if "winner" in (line.get_attribute("class") or ""):
            assert penalty == 0
            expect(line.locator(".remaining-cards .card")).to_have_count(0)
            continue
        losers += 1
        parts = BREAKDOWN[lang].match(breakdown)
        assert parts, f"not a breakdown: {breakdown!r}"
        cards, unplayed, bombs, total = int(parts.group(1)), int(parts.group(3) or 1), int(parts.group(5) or 1), int(parts.group(6))
        assert cards * unplayed * bombs == total == penalty, breakdown
        # the cards that seat still held, one face per card counted
        expect(line.locator(".remaining-cards .card")).to_have_count(cards)
    assert losers == 2
    result = page.locator(".match-winner")
    expect(result).to_contain_text(SHARED[lang])
    expect(result).not_to_contain_text(YOU_WIN[lang])
    page.screenshot(path=screenshots / f"gdy-end-breakdown-{lang}.png", full_page=True)


ONE = {"en": {"cards": "1 card", "stock": "Stock: 1 card", "score": "1 point", "breakdown": re.compile(r"^1 card( × |$| =)")},
       "zh": {"cards": "1 张", "stock": "牌堆：1 张", "score": "1 分", "breakdown": re.compile(r"^1 张( × |$| =)")}}


@pytest.mark.parametrize("lang,viewport", [("en", None), ("en", PHONE), ("zh", None)])
def test_one_card_and_one_point_are_singular(new_page, screenshots, lang, viewport):
    # The end of a deal said "1 cards", as did a seat, the stock and a score of 1.
    page = new_page(viewport=viewport, lang=lang)

    def one_of_each(view):
        deal, me = view.get("deal"), view["me"]["seat"]
        if not deal:
            return None
        other = (me + 1) % len(view["seats"])
        view["seats"][other].update(cards=1, score=1)
        deal["stock"] = 1
        if deal.get("scoring"):
            loser = next(seat for seat in range(len(view["seats"])) if seat != deal["winner"])
            deal["scoring"][loser]["cards"] = 1
        return view

    relay_views(page, one_of_each)
    set_nickname(page, "Solo")
    choose_gdy(page, "vsbots", players=3, target=1, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    other = page.locator("#gdy-seats .gdy-seat").first
    expect(other.locator(".seat-cards")).to_have_text(ONE[lang]["cards"])
    expect(other.locator(".seat-score")).to_have_text(ONE[lang]["score"])
    expect(page.locator("#stock-line")).to_contain_text(ONE[lang]["stock"])
    play_until_over(page, screenshots, f"gdy-one-{lang}")
    breakdowns = page.locator(".gdy-penalties li:not(.winner) .gdy-breakdown").all_inner_texts()
    assert any(ONE[lang]["breakdown"].match(text.strip()) for text in breakdowns), breakdowns
    assert not any("1 cards" in text for text in breakdowns)
