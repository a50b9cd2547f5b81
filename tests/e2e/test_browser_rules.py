"""The rules page: a picture of every combination and of the bomb ladder
(each card named for a screen reader), beginner tips and questions in both
languages, a layout whose ruleset table leaves room before the next
heading, no pointer to a file of the repository, and the practice deal it
starts: a game against simple bots with the coach on and a guide that says
what to do at each step."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from table_helpers import wait_for_turn  # noqa: E402

# the bomb ladder, weakest first: how many cards each rung shows
LADDER = [4, 5, 5, 6, 7, 8, 9, 10, 4]


def names(page, selector):
    return page.eval_on_selector_all(selector, "cards => cards.map(c => c.getAttribute('aria-label'))")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_combination_and_bomb_has_a_picture(new_page, server, screenshots, lang):
    page = new_page(lang=lang)
    page.goto(server + "/static/rules.html")
    article = page.locator(f"#rules-{lang}")
    expect(article).to_be_visible()
    combos = article.locator(".combos > li")
    expect(combos).to_have_count(5)
    for i in range(5):
        assert combos.nth(i).locator(".card").count() >= 5 if i else combos.nth(i).locator(".card").count() == 8
    rungs = article.locator(".bomb-ladder > li")
    expect(rungs).to_have_count(len(LADDER))
    assert [rungs.nth(i).locator(".card").count() for i in range(len(LADDER))] == LADDER
    # the straight flush is all hearts; the bombs of nine and ten show their wild hearts
    assert len(set(names(page, f"#rules-{lang} .bomb-ladder > li:nth-child(3) .card"))) == 5
    assert rungs.nth(6).locator(".card.wild").count() == 1 and rungs.nth(7).locator(".card.wild").count() == 2
    jokers = names(page, f"#rules-{lang} .bomb-ladder > li:last-child .card")
    assert jokers == (["small joker"] * 2 + ["big joker"] * 2 if lang == "en" else ["小王"] * 2 + ["大王"] * 2)
    page.screenshot(path=screenshots / f"rules-{lang}.png", full_page=True)


def test_the_pictures_are_named_in_the_language_shown(new_page, server):
    page = new_page(lang="en")
    page.goto(server + "/static/rules.html")
    expect(page.locator("#rules-en .combos .card").first).to_have_attribute("aria-label", "king of spades")
    page.click("#lang-switch")
    expect(page.locator("#rules-zh .combos .card").first).to_have_attribute("aria-label", "黑桃K")
    expect(page.locator("#rules-zh").get_by_role("img", name="红桃7（逢人配）").first).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tips_and_questions_in_both_languages(new_page, server, lang):
    page = new_page(lang=lang)
    page.goto(server + "/static/rules.html")
    article = page.locator(f"#rules-{lang}")
    assert article.locator(".tips li").count() >= 5
    questions = article.locator("details")
    assert questions.count() >= 5
    # a question opens to its answer
    answer = questions.first.locator("p")
    expect(answer).to_be_hidden()
    questions.first.locator("summary").click()
    expect(answer).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ruleset_table_leaves_room_and_no_line_points_into_the_repository(new_page, server, lang):
    page = new_page(lang=lang)
    page.goto(server + "/static/rules.html")
    gap = page.eval_on_selector(f"#rules-{lang} table", """(table) => {
        let next = table.nextElementSibling;
        while (next && next.tagName !== 'H2') next = next.nextElementSibling;
        return next.getBoundingClientRect().top - table.getBoundingClientRect().bottom;
    }""")
    assert gap >= 12, f"the ruleset table is {gap} px from the next heading"
    text = page.inner_text("main")
    assert "docs/" not in text and ".md" not in text
    last = page.locator(f"#rules-{lang} > *:not(details)").last
    expect(last).not_to_contain_text("docs")


def test_the_practice_deal_starts_with_the_coach_and_a_guide(new_page, server, screenshots):
    page = new_page()
    page.goto(server + "/static/rules.html")
    page.click("#practice-go")
    # no nickname yet: the page asks for one first
    expect(page.locator("#practice-name")).to_be_visible()
    expect(page.locator("#practice-message")).to_have_text("Choose a nickname first.")
    page.fill("#practice-name", "Learner")
    page.click("#practice-go")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}\?practice=1$"))
    expect(page.locator("#hand .card")).to_have_count(27)
    expect(page.locator("#practice-guide")).to_be_visible()
    expect(page.locator("#coach-toggle")).to_be_checked()  # the server keeps coach mode for this seat
    guide = page.locator("#guide-text")
    assert wait_for_turn(page)
    expect(guide).to_have_text(re.compile(r"^(You lead: .*Press Hint|Beat .*Hint shows|Your partner .* is winning)"))
    page.screenshot(path=screenshots / "practice-guide.png")
    page.click("#lang-switch")
    expect(guide).to_have_text(re.compile(r"^(轮到你领出|用同样牌型|对家 .* 这一轮领先)"))
    # a table that is not a practice deal has no guide
    page.goto(page.url.split("?")[0])
    expect(page.locator("#hand .card")).to_have_count(27)
    expect(page.locator("#practice-guide")).to_be_hidden()


@pytest.mark.parametrize("path", ["/static/rules.html", "/static/gdy_rules.html"])
@pytest.mark.parametrize("lang,go,name,needed", [("en", "Start a practice deal", "Your nickname", "Choose a nickname first."),
                                                 ("zh", "开始练习局", "你的昵称", "请先填写昵称。")])
def test_both_rules_pages_share_one_practice_form_in_both_languages(new_page, server, path, lang, go, name, needed):
    # The form was written out in each page; rules_page.js now builds it for both.
    page = new_page(lang=lang)
    page.goto(server + path)
    expect(page.locator("#practice-form")).to_have_count(1)
    expect(page.locator("#practice-go")).to_have_text(go)
    page.click("#practice-go")
    expect(page.locator("label[for=practice-name]")).to_have_text(name)
    expect(page.locator("#practice-message")).to_have_text(needed)
    # the language switch reaches the form too
    page.click("#lang-switch")
    expect(page.locator("#practice-go")).not_to_have_text(go)
