"""Accessibility of the pages: every card has a name a screen reader says,
in both languages (the hand, the plays on the table, the replay); the table
says each play and whose turn it is in a live region; every page passes
axe-core's WCAG 2 A and AA rules (the copy vendored in ``tests/e2e/vendor``,
nothing downloaded); and every button, disabled ones included, has text at
a 4.5:1 contrast (axe leaves disabled controls out, so this one is measured
here from the computed styles)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Dict, List

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import Page, expect  # noqa: E402

from test_browser_replay import played_match  # noqa: E402
from test_browser_table_states import CODE, ScriptedTable, make_view  # noqa: E402

AXE = Path(__file__).parent / "vendor" / "axe.min.js"

# level 2: the 2 of hearts is wild
HAND = ["3s", "Th", "Jc", "Qd", "Ks", "Ad", "2h", "2s", "SJ", "BJ"]
NAMES_EN = ["3 of spades", "10 of hearts", "jack of clubs", "queen of diamonds", "king of spades", "ace of diamonds",
            "2 of hearts, wild", "2 of spades", "small joker", "big joker"]
NAMES_ZH = ["黑桃3", "红桃10", "梅花J", "方块Q", "黑桃K", "方块A", "红桃2（逢人配）", "黑桃2", "小王", "大王"]

PAIR_OF_7S = {"type": "play", "seat": 1, "cards": ["7s", "7d"], "kind": "pair", "rank": "7",
              "declared": ["7s", "7d"], "name": {"en": "pair of 7s", "zh": "对7"}}


def axe_violations(page: Page) -> List[str]:
    """axe-core's WCAG 2 A and AA violations on the page as it is, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
            for v in result["violations"]]


# The contrast of an element's text with the background behind it (WCAG 2's
# relative luminance), from computed styles; null when the element or one of
# its ancestors is translucent (then it is not measured but refused: the test
# asks for opaque buttons).
CONTRAST = """
(el) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = ({r, g, b}) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  for (let node = el; node; node = node.parentElement) if (Number(getComputedStyle(node).opacity) < 1) return null;
  const fg = parse(getComputedStyle(el).color);
  let bg = null;
  for (let node = el; node && !bg; node = node.parentElement) {
    const c = parse(getComputedStyle(node).backgroundColor);
    if (c.a === 1) bg = c;
    else if (c.a > 0) return null;
  }
  bg = bg || {r: 255, g: 255, b: 255};
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}
"""


def button_contrasts(page: Page) -> Dict[str, Any]:
    """The contrast of every visible button's label, by id (or text)."""
    found = {}
    for button in page.locator("button:visible").all():
        key = button.get_attribute("id") or button.inner_text().strip()[:20]
        found[f"{key}{' (disabled)' if button.is_disabled() else ''}"] = button.evaluate(CONTRAST)
    return found


def assert_readable_buttons(page: Page) -> None:
    contrasts = button_contrasts(page)
    assert any(key.endswith("(disabled)") for key in contrasts), "no disabled button to measure"
    low = {key: ratio for key, ratio in contrasts.items() if ratio is None or ratio < 4.5}
    assert not low, f"buttons under 4.5:1 (None: translucent): {low}"


def card_names(page: Page, selector: str) -> List[str]:
    return page.eval_on_selector_all(selector, "cards => cards.map(c => c.getAttribute('aria-label'))")


def test_every_card_of_the_hand_and_the_table_is_named_in_both_languages(new_page, server):
    page = new_page()
    view = make_view(HAND, turn=0, can_pass=True, trick=PAIR_OF_7S, log=[PAIR_OF_7S])
    view["seats"][1]["last"] = PAIR_OF_7S
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hand .card")).to_have_count(len(HAND))
    by_card = dict(zip(HAND, NAMES_EN))
    shown = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
    assert card_names(page, "#hand .card") == [by_card[c] for c in shown]
    # the accessibility tree has them: a button per card of the hand, an image per card played
    expect(page.get_by_role("button", name="2 of hearts, wild", exact=True)).to_have_count(1)
    expect(page.get_by_role("group", name="Your hand")).to_be_visible()
    expect(page.locator("#seat-right").get_by_role("img", name="7 of spades", exact=True)).to_be_visible()
    expect(page.locator("#play-log").get_by_role("img", name="7 of diamonds", exact=True)).to_be_visible()
    # nothing of the card's drawing is read out on its own ("3", "♠")
    assert page.locator("#hand .card .rank:not([aria-hidden=true])").count() == 0

    page.click("#lang-switch")
    by_card = dict(zip(HAND, NAMES_ZH))
    expect(page.locator("#hand .card").first).to_have_attribute("aria-label", by_card[shown[0]])
    assert card_names(page, "#hand .card") == [by_card[c] for c in shown]
    expect(page.get_by_role("group", name="你的手牌")).to_be_visible()
    expect(page.locator("#seat-right").get_by_role("img", name="黑桃7", exact=True)).to_be_visible()


def test_the_replay_names_every_card(new_page, server, tmp_path):
    from guandan.gd.log import dumps, match_log

    path = tmp_path / "match.json"
    path.write_text(dumps(match_log(played_match(deals=1, seed=5))), encoding="utf-8")
    page = new_page()
    page.goto(server + "/static/replay.html")
    page.set_input_files("#log-file", str(path))
    expect(page.locator("#r-seat-0 .replay-hand .card")).to_have_count(27)
    names = card_names(page, ".replay-hand .card")
    assert len(names) == 108 and all(names), names
    assert all(n.endswith((" of spades", " of hearts", " of clubs", " of diamonds", "joker", ", wild")) for n in names)
    assert len(page.get_by_role("img", name="big joker", exact=True).all()) == 2
    page.click("#lang-switch")
    expect(page.get_by_role("img", name="大王", exact=True)).to_have_count(2)


def test_the_table_says_each_play_and_whose_turn_it_is(new_page, server):
    page = new_page()
    view = make_view(["3s", "5d", "Kd"], turn=1, my_turn=False)
    table = ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    region = page.locator("#announce")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_text("Ann to play.")

    later = copy.deepcopy(view)
    later["seq"] += 1
    later["deal"].update(turn=2, trick=PAIR_OF_7S, log=[PAIR_OF_7S])
    later["seats"][1]["last"] = PAIR_OF_7S
    table.push(later)
    expect(region.locator("p").last).to_have_text("Ann plays pair of 7s. Cy to play.")

    page.click("#lang-switch")
    mine = copy.deepcopy(later)
    mine["seq"] += 1
    mine["deal"].update(turn=0, can_pass=True, log=[PAIR_OF_7S, {"type": "pass", "seat": 2}, {"type": "pass", "seat": 3}])
    table.push(mine)
    expect(region.locator("p").last).to_have_text("Cy不要。 Bo不要。 轮到你出牌。")
    # a view that changes nothing of the deal says nothing more
    same = copy.deepcopy(mine)
    same["seq"] += 1
    table.push(same)
    page.wait_for_function("(seq) => Number(document.body.dataset.seq) === seq", arg=same["seq"])
    expect(region.locator("p")).to_have_count(3)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_passes_axe_and_its_buttons_are_readable(new_page, server, screenshots, lang):
    page = new_page(lang=lang)
    view = make_view(HAND, turn=1, my_turn=False, trick=PAIR_OF_7S, log=[PAIR_OF_7S])
    view["seats"][1]["last"] = PAIR_OF_7S
    ScriptedTable(page, view)
    page.goto(f"{server}/t/{CODE}")
    expect(page.locator("#hand .card")).to_have_count(len(HAND))
    expect(page.locator("#play")).to_be_disabled()  # not my turn: Play, Pass and Hint are disabled
    assert axe_violations(page) == []
    assert_readable_buttons(page)
    page.screenshot(path=screenshots / f"a11y-table-{lang}.png")


@pytest.mark.parametrize("path", ["/", "/static/rules.html", "/static/replay.html", "/static/gdy_rules.html"])
def test_the_other_pages_pass_axe(new_page, server, path, tmp_path):
    page = new_page()
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    if path.endswith("replay.html"):
        from guandan.gd.log import dumps, match_log

        log = tmp_path / "match.json"
        log.write_text(dumps(match_log(played_match(deals=1, seed=5))), encoding="utf-8")
        page.set_input_files("#log-file", str(log))
        expect(page.locator("#r-seat-0 .replay-hand .card")).to_have_count(27)
    assert axe_violations(page) == []
    page.click("#lang-switch")
    assert axe_violations(page) == []


def test_the_gan_deng_yan_table_passes_axe_and_names_its_cards(new_page):
    from table_helpers import set_nickname, table_code
    from test_browser_gdy import choose_gdy

    page = new_page()
    set_nickname(page, "Solo")
    choose_gdy(page, "vsbots", players=3, target=15, strength="random")
    page.click("#vsbots-go")
    table_code(page)
    expect(page.locator("#hand .card")).not_to_have_count(0)
    assert axe_violations(page) == []
    ranks = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => [c.dataset.card, c.getAttribute('aria-label')])")
    words = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "JK": "joker"}
    assert all(label == words.get(card, card) for card, label in ranks), ranks
