"""Static checks of the page's files (no browser needed): every interface
string exists in English and Chinese, nothing is inserted as HTML, nothing is
fetched from another site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "python" / "guandan" / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))
PAGES = sorted(STATIC.glob("*.html"))
ENTRY = re.compile(r'^  "([a-z0-9_.]+)": \{ en: "((?:[^"\\]|\\.)*)", zh: "((?:[^"\\]|\\.)*)" \},$', re.M)


def strings():
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    body = text.split("const STRINGS = {", 1)[1].split("\n};", 1)[0]
    entries = {key: (en, zh) for key, en, zh in ENTRY.findall(body)}
    # every line of the table is one entry (or a comment): none is misread
    lines = [ln for ln in body.splitlines() if ln.strip() and not ln.strip().startswith("//")]
    assert len(lines) == len(entries)
    return entries


def test_every_string_has_english_and_chinese():
    entries = strings()
    assert len(entries) > 150
    for key, (en, zh) in entries.items():
        assert en.strip() and zh.strip(), key
        # the same placeholders in both languages
        assert sorted(re.findall(r"\{(\w+)\}", en)) == sorted(re.findall(r"\{(\w+)\}", zh)), key


def test_every_key_the_pages_use_exists():
    entries = strings()
    used = set()
    for path in PAGES:
        used |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', path.read_text(encoding="utf-8")))
    for path in SCRIPTS:
        # t("key") with a whole key; t("prefix." + value) is checked below
        used |= set(re.findall(r'\bt\("([a-z0-9_.]+)"\s*[,)]', path.read_text(encoding="utf-8")))
        # the keys of the elements a script makes (rules_page.js's practice form: node(tag, attributes, "key"))
        used |= set(re.findall(r'\bnode\("[a-z]+", \{[^}]*\}, "([a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    missing = sorted(used - set(entries))
    assert not missing, missing
    # keys built at run time: a prefix and the values the protocol allows
    for prefix, values in {
        "strength.": ("simple", "rule", "search"),
        "ruleset.": ("standard", "pagat", "app"),
        "status.": ("waiting", "playing", "over", "ended"),
        "kind.": ("single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb", "straight_flush", "joker_bomb"),
        # the summaries: your team, the other team, or a team by number for whoever watches
        "summary.winners.": ("us", "them", "team"),
        "summary.matchwinner.": ("us", "them", "team"),
        "summary.team.": ("us", "them", "team"),
        # a deal's result, explained (table_view.js outcomeText)
        "summary.outcome.": ("12", "13", "14"),
    }.items():
        for value in values:
            assert prefix + value in entries


@pytest.mark.parametrize("path", SCRIPTS + PAGES, ids=lambda p: p.name)
def test_nothing_is_inserted_as_html_or_fetched_from_elsewhere(path):
    text = path.read_text(encoding="utf-8")
    for unsafe in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert unsafe not in text, f"{path.name} uses {unsafe}"
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), f"{path.name} loads from another site"
    assert not re.search(r"""import[^;]*from\s+["']https?:""", text)


def test_the_page_names_every_combination_as_the_server_does():
    # one table of names: the page's kind.* strings are the server's
    # templates, from Guandan's catalogue
    from guandan.gd.names import KIND_NAMES
    from guandan.web.guandan_texts import TEXTS

    entries = strings()
    english, chinese = TEXTS.strings["en"], TEXTS.strings["zh"]
    expected = {key: (english[key], chinese[key]) for key in english if key.startswith("kind.")}
    assert len(expected) == len(KIND_NAMES) + 2 + 7 + 4 + 2  # kinds, wild notes, bomb sizes, suits, jokers
    assert {key: entries.get(key) for key in expected} == expected
    # and the rules page uses the same names, in both languages
    rules = (STATIC / "rules.html").read_text(encoding="utf-8")
    english_rules, chinese_rules = rules.split('<article data-lang="zh"', 1)
    for kind in KIND_NAMES:
        en, zh = english[f"kind_name.{kind}"], chinese[f"kind_name.{kind}"]
        assert f"<b>{en}</b>" in english_rules.lower(), f"the English rules do not name the {en}"
        assert f"<b>{zh}</b>" in chinese_rules, f"the Chinese rules do not name {zh}"
    for old in ("tube", "plate"):
        assert old not in english_rules.lower()


def test_the_practice_form_is_written_once():
    # both rules pages had the same form; rules_page.js builds it for both
    for page in ("rules.html", "gdy_rules.html"):
        text = (STATIC / page).read_text(encoding="utf-8")
        assert 'id="practice"' in text and "practice-form" not in text, page
    assert '"practice-form"' in (STATIC / "rules_page.js").read_text(encoding="utf-8")
