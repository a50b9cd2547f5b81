"""Gan Deng Yan in the browser: a whole game against bots chosen from the
lobby, friends at one table by code, Chinese, and a phone-sized screen."""

from __future__ import annotations

import copy
import json
import re
import time

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from table_helpers import set_nickname, table_code, view_seq  # noqa: E402

from guandan.web import deltas  # noqa: E402
from guandan.web.gdy_table import TEXTS  # noqa: E402
from guandan.web.i18n import MESSAGES  # noqa: E402


def choose_gdy(page: Page, form: str, players: int, target: int, strength: str) -> None:
    page.select_option(f"#{form}-game", "gdy")
    # the form shows the chosen game's own options (its entry declares them), not another game's
    expect(page.locator(f"#{form}-target")).to_be_visible()
    expect(page.locator(f"#{form}-ruleset")).to_have_count(0)
    page.select_option(f"#{form}-players", str(players))
    page.fill(f"#{form}-target", str(target))
    page.select_option(f"#{form}-strength", strength)


def my_turn(page: Page) -> bool:
    return page.evaluate("() => document.getElementById('me-bar').classList.contains('turn')")


def game_over(page: Page) -> bool:
    return page.evaluate("() => !!document.querySelector('.match-winner')")


def next_deal_offered(page: Page) -> bool:
    """The deal summary is on screen with its Next deal button live (not a leftover of a closed one), read in
    one step in the page: asked in several, the button may go between the questions and the last one waits."""
    return page.evaluate("""() => {
        const button = document.getElementById('next-deal');
        if (!button || button.disabled || button.getClientRects().length === 0) return false;
        const style = getComputedStyle(button);
        return style.visibility !== 'hidden' && style.display !== 'none';
    }""")


def take_turn(page: Page) -> None:
    """Pass when allowed, else lead the lowest card (the jokers together when only they are left)."""
    before = view_seq(page)
    if page.is_enabled("#pass"):
        page.click("#pass")
    else:
        cards = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
        picks = [0] if cards[0] != "JK" else list(range(len(cards)))
        for index in picks:
            page.locator(f"#hand .card[data-index='{index}']").click()
        expect(page.locator("#hand .card.selected")).to_have_count(len(picks))
        page.click("#play")
        if page.locator("#dialog .reading-choice").count():
            page.locator("#dialog .reading-choice").first.click()
    deadline = time.monotonic() + 10
    while view_seq(page) == before and time.monotonic() < deadline:
        page.wait_for_timeout(20)


def play_until_over(page: Page, screenshots, name: str, max_turns: int = 1200) -> int:
    """Play the human seat to the end of the game; returns how many deals were played."""
    shot = False
    deals = 1
    for _ in range(max_turns):
        if game_over(page):
            page.screenshot(path=screenshots / f"{name}-over.png")
            return deals
        if next_deal_offered(page):
            if not shot:
                page.screenshot(path=screenshots / f"{name}-deal-over.png")
                shot = True
            page.click("#next-deal")
            deals += 1
        elif my_turn(page):
            take_turn(page)
        else:
            page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def test_a_whole_game_against_bots_from_the_lobby(new_page, screenshots):
    page = new_page()
    set_nickname(page, "Solo")
    # a deal costs the cards still held, doubled three times at most (docs/gdy_rules.md §6),
    # far below 200 points: the game runs over several deals, through Next deal
    choose_gdy(page, "vsbots", players=3, target=200, strength="random")
    page.screenshot(path=screenshots / "gdy-lobby.png")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("h1")).to_have_text("Gan Deng Yan")
    expect(page.locator("#hand .card")).not_to_have_count(0)
    expect(page.locator("#gdy-seats .gdy-seat")).to_have_count(2)
    expect(page.locator("#table-options")).to_contain_text("3 players · game to 200 points")
    expect(page.locator("#stock-line")).to_contain_text(re.compile(r"Stock: \d+ cards"))
    page.screenshot(path=screenshots / "gdy-start.png")
    # a card that does not make a play is refused with a reason, and nothing is played
    while not my_turn(page):
        page.wait_for_timeout(30)
    page.click("#hint")
    # the hint says why in words: one of the Gan Deng Yan hint reasons
    reasons = "|".join(re.escape(en.split("{")[0]) for key, en in TEXTS.strings["en"].items() if key.startswith("hint_"))
    expect(page.locator("#coach-line")).to_contain_text(re.compile(reasons))
    page.click("#clear")
    # a reload brings the seat and the hand back
    hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
    page.reload()
    expect(page.locator("#hand .card")).to_have_count(len(hand))
    assert page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)") == hand
    assert play_until_over(page, screenshots, "gdy-vs-bots") >= 2
    expect(page.locator(".gdy-penalties li")).to_have_count(3)
    expect(page.locator("#download-log")).to_be_visible()
    # the replay: every hand shown, step by step
    page.click("#summary-replay")
    expect(page.locator("#replay-seats .gdy-seat")).to_have_count(3)
    expect(page.locator("#replay-event")).to_have_text("Cards dealt")
    page.click("#step-next")
    expect(page.locator("#replay-event")).to_contain_text(re.compile(r"^(Solo|Bot \d): "))
    page.keyboard.press("End")
    expect(page.locator("#replay-result .gdy-penalties li")).to_have_count(3)
    page.screenshot(path=screenshots / "gdy-replay.png")


def test_friends_at_one_table_by_code_in_chinese_and_on_a_phone(new_page, screenshots):
    host = new_page()
    set_nickname(host, "Host")
    choose_gdy(host, "create", players=4, target=10, strength="rule")
    host.click("#create-go")
    code = table_code(host)
    friend = new_page(viewport={"width": 390, "height": 844}, lang="zh")
    set_nickname(friend, "Friend")
    friend.fill("#join-code", code)
    friend.click("#join-form button[type=submit]")
    table_code(friend)
    expect(host.locator("#room-seats li")).to_have_count(4)
    expect(host.locator("#room-seats")).to_contain_text("Friend")
    host.click("#start-match")
    host.click("#dialog-confirm")  # not full: bots take the empty seats
    expect(host.locator("#hand .card")).not_to_have_count(0)
    expect(friend.locator("#hand .card")).not_to_have_count(0)
    expect(friend.locator("h1")).to_have_text("干瞪眼")
    # a table of people has a turn clock (30 s by default): the countdown shows
    expect(host.locator("#turn-clock")).to_contain_text(re.compile(r"\d+ s left"))
    expect(friend.locator("#stock-line")).to_contain_text("牌堆")
    friend.screenshot(path=screenshots / "gdy-phone-zh.png")
    host.screenshot(path=screenshots / "gdy-friends-host.png")
    # both play their turns until the game ends
    for _ in range(600):
        if game_over(host) and game_over(friend):
            break
        acted = False
        for page in (host, friend):
            if game_over(page):
                continue
            if next_deal_offered(page):
                page.click("#next-deal")
                acted = True
            elif my_turn(page):
                take_turn(page)
                acted = True
        if not acted:
            host.wait_for_timeout(30)
    assert game_over(host) and game_over(friend)
    expect(friend.locator(".gdy-penalties li")).to_have_count(4)
    friend.screenshot(path=screenshots / "gdy-phone-zh-over.png")


def test_hosting_a_second_table_asks_to_end_the_first(new_page):
    page = new_page()
    set_nickname(page, "Twice")
    page.select_option("#create-clock", "60")
    page.click("#create-go")
    first = table_code(page)
    expect(page.locator("#room-seats li")).to_have_count(4)
    page.goto(page.url.split("/t/")[0] + "/")
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    page.click("#create-go")
    page.wait_for_url(re.compile(r"/t/(?!" + first + r")[A-Z0-9]{6}$"))
    assert questions and first in questions[0]
    reply = page.request.get(page.url.split("/t/")[0] + f"/api/tables/{first}")
    assert reply.json()["error"]["code"] == "no_table"


def test_a_selection_stays_on_its_card_when_a_draw_changes_the_hand(new_page):
    # A draw inserts a card into the sorted hand. The page kept the
    # selection by position, so it slid onto the neighbour (K became 10) and
    # Play would have played that. The table's messages pass through the
    # test, which then hands the page the same view with one card drawn in
    # front of the selected one.
    page = new_page()
    views, routes = [], []

    def relay(ws):
        routes.append(ws)
        server = ws.connect_to_server()

        def from_server(message):
            data = json.loads(message)
            if data.get("type") == "view":
                views.append(data)
            elif data.get("type") == "patch" and views:
                views.append(deltas.apply(copy.deepcopy(views[-1]), data["ops"]))
            ws.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/"), relay)
    set_nickname(page, "Solo")
    choose_gdy(page, "vsbots", players=2, target=200, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    while not my_turn(page):  # then the bots wait for this seat: no view comes meanwhile
        page.wait_for_timeout(30)
    hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
    index = next(i for i in range(1, len(hand)) if hand[i] not in (hand[i - 1], hand[0]))
    page.locator(f"#hand .card[data-index='{index}']").click()
    expect(page.locator("#hand .card.selected")).to_have_count(1)
    drawn = copy.deepcopy(views[-1])
    assert drawn["deal"]["hand"] == hand
    drawn["deal"]["hand"] = [hand[0]] + hand  # one more of the lowest rank, sorted in front
    drawn["seq"] += 1
    routes[-1].send(json.dumps(drawn))
    page.wait_for_function("seq => document.body.dataset.seq === String(seq)", arg=drawn["seq"])
    selected = page.eval_on_selector_all("#hand .card.selected", "cards => cards.map(c => c.dataset.card)")
    assert selected == [hand[index]], f"selected {hand[index]}, shown selected after the draw: {selected}"


def two_friends(new_page, target: int):
    """A started two-seat table of people, no bots: the host's page in
    English, the friend's in Chinese. Returns (host, friend)."""
    host = new_page()
    set_nickname(host, "Host")
    choose_gdy(host, "create", players=2, target=target, strength="rule")
    host.click("#create-go")
    code = table_code(host)
    friend = new_page(lang="zh")
    set_nickname(friend, "Friend")
    friend.fill("#join-code", code)
    friend.click("#join-form button[type=submit]")
    table_code(friend)
    expect(host.locator("#room-seats")).to_contain_text("Friend")
    host.click("#start-match")
    return host, friend


def test_not_your_turn_goes_when_the_turn_comes(new_page):
    # The line under the hand answered a selection made on another seat's
    # turn ("not your turn") and stayed after the turn came. Two friends,
    # no bots: whoever waits picks a card, the other plays, and the line
    # answers the selection again, in each player's language.
    host, friend = two_friends(new_page, target=10)
    expect(host.locator("#hand .card")).not_to_have_count(0)
    expect(friend.locator("#hand .card")).not_to_have_count(0)
    for _ in range(300):
        if my_turn(host) or my_turn(friend):
            break
        host.wait_for_timeout(30)
    actor, idle = (host, friend) if my_turn(host) else (friend, host)
    not_yet = MESSAGES["not_your_turn"][0 if idle is host else 1]
    idle.locator("#hand .card[data-index='0']").click()
    expect(idle.locator("#reason")).to_have_text(not_yet)
    take_turn(actor)
    expect(idle.locator("#me-bar")).to_have_class(re.compile(r"\bturn\b"))
    expect(idle.locator("#reason")).not_to_have_text(not_yet)
    expect(idle.locator("#hand .card.selected")).to_have_count(1)  # the selection itself stays


def test_next_deal_keeps_the_summary_and_says_whom_the_table_waits_for(new_page):
    # The end-of-deal summary closed on Next deal and came back with each
    # view until every player had pressed theirs, and nothing said whom the
    # table waited for. Two friends, one in Chinese: the first to press
    # keeps the summary, its button off, naming the other in its language.
    host, friend = two_friends(new_page, target=200)
    for _ in range(2000):
        if next_deal_offered(host) and next_deal_offered(friend):
            break
        for page in (host, friend):
            if my_turn(page) and not next_deal_offered(page):
                take_turn(page)
        host.wait_for_timeout(10)
    assert next_deal_offered(host) and next_deal_offered(friend)
    friend.click("#next-deal")
    waiting = "等待 Host 开始下一局"
    expect(friend.locator("#dialog .summary-waiting")).to_have_text(waiting)
    expect(friend.locator("#next-deal")).to_be_disabled()
    friend.wait_for_timeout(1500)  # views come and go: the summary stays as it is
    expect(friend.locator("#dialog .summary-waiting")).to_have_text(waiting)
    expect(host.locator("#dialog .summary-waiting")).to_have_text("")  # the host has not pressed: nothing to wait for
    host.click("#next-deal")
    expect(host.locator("#dialog")).to_be_hidden()
    expect(friend.locator("#dialog")).to_be_hidden()
    expect(friend.locator("#hand .card")).not_to_have_count(0)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_play_pass_and_hint_are_pinned_on_a_phone_at_every_table_size(new_page, screenshots, players):
    # Gan Deng Yan's actions were not pinned as Guandan's are: at six seats
    # the seat boxes pushed the hand down and Play off the screen (y 994 of
    # 844). Now they sit at the bottom of the screen at every size, scrolled
    # or not, and the page is no wider than the phone.
    from test_browser_phone import PHONE, in_view_unscrolled, overflow

    page = new_page(viewport=PHONE)
    set_nickname(page, "Solo")
    choose_gdy(page, "vsbots", players=players, target=200, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#gdy-seats .gdy-seat")).to_have_count(players - 1)
    while not my_turn(page):
        page.wait_for_timeout(30)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=screenshots / f"gdy-phone-{players}-seats-top.png")
    for button in ("#play", "#pass", "#hint"):
        assert in_view_unscrolled(page, button), f"{button} is not on the screen without scrolling"
    # the seat boxes leave the hand on the screen too, above the pinned buttons
    assert in_view_unscrolled(page, "#hand .card:first-child"), "the hand is pushed off the screen"
    assert page.eval_on_selector("#hand .card:first-child", "el => el.getBoundingClientRect().bottom") <= \
        page.eval_on_selector("#actions-main", "el => el.getBoundingClientRect().top")
    assert page.eval_on_selector("#play", "el => el.getBoundingClientRect().bottom") > PHONE["height"] - 80
    assert overflow(page) <= 0
    # scrolled to the bottom, the buttons are still there and cover none of the hand
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    assert in_view_unscrolled(page, "#play")
    page.locator("#hand .card").last.scroll_into_view_if_needed()
    assert in_view_unscrolled(page, "#hand .card:last-child")
    assert in_view_unscrolled(page, "#play")
    page.screenshot(path=screenshots / f"gdy-phone-{players}-seats.png")


@pytest.mark.parametrize("path", ["/", "/static/gdy_rules.html", "table"])
def test_the_english_header_keeps_to_one_line_on_a_phone(new_page, server, path):
    # On a phone the English header wrapped: the language button fell to a
    # second line under the title and the links.
    from test_browser_phone import PHONE

    page = new_page(viewport=PHONE)
    if path == "table":
        set_nickname(page, "Solo")
        choose_gdy(page, "vsbots", players=6, target=200, strength="random")
        page.click("#vsbots-go")
        table_code(page)
        expect(page.locator("#connection")).not_to_be_empty()
    else:
        page.goto(server + path)
    expect(page.locator("#lang-switch")).to_have_text("中文")
    tops = page.eval_on_selector_all(".topbar > *:not(.spacer)", "items => items.filter(i => i.offsetWidth).map(i => Math.round(i.getBoundingClientRect().top))")
    header = page.eval_on_selector(".topbar", "el => el.getBoundingClientRect()['height']")
    assert header < 60 and max(tops) - min(tops) < 20, f"the header wraps: {header} px tall, items at {tops}"
