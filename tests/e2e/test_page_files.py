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


def catalogue(game):
    """A game's texts, as its pages load them (/static/texts/GAME.json)."""
    from guandan.web.web_games import game_texts, web_game

    return game_texts(web_game(game))


# the pages of each game and the files they alone use: each loads its game's
# texts (loadGame, or startRulesPage's game) and may use its keys
GAME_PAGES = {
    "gdy": {"entry": ("gdy_table.js", "gdy_replay.js", "gdy_rules.js"),
            "files": ("gdy.html", "gdy_replay.html", "gdy_rules.html", "gdy_table.js", "gdy_replay.js", "gdy_cards.js")},
    "guandan": {"entry": ("table.js", "replay.js", "rules.js"),
                "files": ("table.html", "replay.html", "rules.html", "table.js", "replay.js", "rules.js",
                          "table_view.js", "cards.js")},
}


def loads_texts_of(name, game):
    """Whether the page script `name` loads the texts of `game` (loadGame, or startRulesPage's game)."""
    text = (STATIC / name).read_text(encoding="utf-8")
    return f'loadGame("{game}")' in text or f'game: "{game}"' in text


def used_keys(path):
    text = path.read_text(encoding="utf-8")
    used = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', text))
    # t("key") with a whole key; t("prefix." + value) is checked below
    used |= set(re.findall(r'\bt\("([a-z0-9_.]+)"\s*[,)]', text))
    # the keys of the elements a script makes (rules_page.js's practice form: node(tag, attributes, "key"))
    used |= set(re.findall(r'\bnode\("[a-z]+", \{[^}]*\}, "([a-z0-9_.]+)"', text))
    return used


def test_every_string_has_english_and_chinese():
    entries = strings()
    assert len(entries) > 150
    for key, (en, zh) in entries.items():
        assert en.strip() and zh.strip(), key
        # the same placeholders in both languages
        assert sorted(re.findall(r"\{(\w+)\}", en)) == sorted(re.findall(r"\{(\w+)\}", zh)), key


def test_every_key_the_pages_use_exists():
    entries = strings()
    own = {}  # file name -> the keys of the game whose pages use it
    for game, pages in GAME_PAGES.items():
        for name in pages["entry"]:
            assert loads_texts_of(name, game), f"{name} does not load the texts of {game}"
        for name in pages["files"]:
            own[name] = set(catalogue(game)["en"])
    for path in PAGES + SCRIPTS:
        missing = sorted(used_keys(path) - set(entries) - own.get(path.name, set()))
        assert not missing, (path.name, missing)
    # keys built at run time: a prefix and the values the protocol allows,
    # shared or of a game's texts
    guandan = catalogue("guandan")["en"]
    for keys, prefix, values in (
        (entries, "strength.", ("simple", "rule", "search")),
        (entries, "status.", ("waiting", "playing", "over", "ended")),
        # the summaries: your team, the other team, or a team by number for whoever watches
        (entries, "summary.winners.", ("us", "them", "team")),
        (entries, "summary.matchwinner.", ("us", "them", "team")),
        (entries, "summary.team.", ("us", "them", "team")),
        (guandan, "option.ruleset.", ("standard", "pagat", "app")),
        (guandan, "kind.", ("single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb", "straight_flush", "joker_bomb")),
        # a deal's result, explained (table_view.js outcomeText)
        (guandan, "summary.outcome.", ("12", "13", "14")),
    ):
        for value in values:
            assert prefix + value in keys


def test_the_shared_strings_are_no_game_s_own():
    # a game's strings are in its catalogue only: none is also a shared string
    # (lobby.settings, a game's line of a table's settings in the lobby, is
    # read by gameText and never by t())
    entries = strings()
    for game in GAME_PAGES:
        both = set(entries) & set(catalogue(game)["en"]) - {"lobby.settings"}
        assert not both, (game, sorted(both))
    for prefix in ("game.", "gdy.", "tribute.", "kind.", "ruleset.", "summary.outcome."):
        assert not [key for key in entries if key.startswith(prefix)], prefix


def test_the_service_worker_keeps_every_game_s_texts():
    from guandan.web.web_games import web_game_names

    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    for game in web_game_names():
        assert f'"/static/texts/{game}.json"' in worker, game


@pytest.mark.parametrize("path", SCRIPTS + PAGES, ids=lambda p: p.name)
def test_nothing_is_inserted_as_html_or_fetched_from_elsewhere(path):
    text = path.read_text(encoding="utf-8")
    for unsafe in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert unsafe not in text, f"{path.name} uses {unsafe}"
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), f"{path.name} loads from another site"
    assert not re.search(r"""import[^;]*from\s+["']https?:""", text)


def test_the_page_names_every_combination_as_the_server_does():
    # one table of names: the pages that name moves (cards.js's moveName and
    # cardName) read the kind.* templates from Guandan's catalogue, the one
    # the server fills, and not from shared strings of their own
    from guandan.gd.names import KIND_NAMES
    from guandan.web.guandan_texts import TEXTS

    english, chinese = TEXTS.strings["en"], TEXTS.strings["zh"]
    kinds = [key for key in english if key.startswith("kind.")]
    assert len(kinds) == len(KIND_NAMES) + 2 + 7 + 4 + 2  # kinds, wild notes, bomb sizes, suits, jokers
    page = catalogue("guandan")
    assert {key: (page["en"][key], page["zh"][key]) for key in kinds} == {key: (english[key], chinese[key]) for key in kinds}
    assert not [key for key in strings() if key.startswith("kind.")]
    cards = (STATIC / "cards.js").read_text(encoding="utf-8")
    assert "t(`kind.${kind}`, params)" in cards
    for name in GAME_PAGES["guandan"]["entry"]:  # the pages that show cards.js's names load them
        assert loads_texts_of(name, "guandan"), name
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
