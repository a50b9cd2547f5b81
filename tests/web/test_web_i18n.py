"""Combination names and messages in English and Chinese."""

import string

import pytest

from guandan import Deal, classify
from guandan.gd.names import KIND_NAMES
from guandan.web import guandan_texts
from guandan.web.guandan_texts import TEXTS, kind_name, move_name, phase_name, rank_name
from guandan.web.i18n import MESSAGES, text


def _fields(template):
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_both_languages_take_the_same_parameters(key):
    en, zh = MESSAGES[key]
    assert en and zh and _fields(en) == _fields(zh)
    filled = text(key, **{name: "X" for name in _fields(en)})
    assert set(filled) == {"en", "zh"} and "{" not in filled["en"] + filled["zh"]


def test_detail_is_appended_in_both_languages():
    assert text("wrong_phase", detail="the match has started") == {
        "en": "not possible at this point of the game: the match has started",
        "zh": "当前阶段不能这样做：the match has started"}
    assert text("not_your_turn") == {"en": "not your turn", "zh": "还没轮到你"}


def test_bilingual_parameters_give_each_language_its_part():
    pair = move_name(classify("Ks Kd", "2")[0], "2")
    assert TEXTS.text("does_not_beat", table=pair) == {"en": "does not beat the pair of Ks on the table",
                                                 "zh": "压不过桌上的对K"}


@pytest.mark.parametrize("call, error", [
    (lambda: text("no_such_key"), ValueError),
    (lambda: TEXTS.text("does_not_beat"), ValueError),  # its parameter is missing
    (lambda: text("does_not_beat"), ValueError),  # Guandan's own: not a shared text
    (lambda: text(3), TypeError),
    (lambda: kind_name("quad"), ValueError),
    (lambda: phase_name("lunch"), ValueError),
    (lambda: rank_name("1"), ValueError),
    (lambda: move_name("Ks Kd", "2"), TypeError),
    (lambda: move_name(classify("Ks Kd", "2")[0], "1"), ValueError),
    (lambda: move_name(classify("Ks Kd", "2")[0], 2), TypeError),
])
def test_bad_arguments_raise(call, error):
    with pytest.raises(error):
        call()


def test_every_kind_has_both_names():
    chinese = {kind_name(kind)["zh"] for kind in KIND_NAMES}
    assert chinese == set("单张 对子 三张 三带二 顺子 三连对 钢板 炸弹 同花顺 四王".split())
    assert len({kind_name(kind)["en"] for kind in KIND_NAMES}) == len(KIND_NAMES)


# One move of every kind, and the special runs (ace low, ten high).
NAMED = [
    ("Ks", "2", "single K", "单张K"),
    ("BJ", "2", "single big joker", "单张大王"),
    ("Ks Kd", "2", "pair of Ks", "对K"),
    ("SJ SJ", "2", "pair of small jokers", "对小王"),
    ("Ts Td Tc", "2", "triple of 10s", "三张10"),
    ("9s 9d 9c 4s 4h", "2", "full house: 9s with 4s", "三带二 99944"),
    ("3s 4s 5d 6c 7c", "2", "straight 3–7", "顺子 34567"),
    ("As 2s 3d 4c 5c", "7", "straight A–5", "顺子 A2345"),
    ("Ts Js Qd Kc Ac", "2", "straight 10–A", "顺子 10JQKA"),
    ("3s 3d 4s 4d 5c 5d", "2", "three pairs 3–5", "三连对 334455"),
    ("As Ad 2s 2d 3c 3d", "7", "three pairs A–3", "三连对 AA2233"),
    ("7s 7d 7c 8s 8d 8c", "2", "two triples 7–8", "钢板 777888"),
    ("Ks Kd Kc Kh", "2", "bomb of four Ks", "炸弹 四个K"),
    ("6s 6d 6c 6h 6s 6d", "2", "bomb of six 6s", "炸弹 六个6"),
    ("3d 4d 5d 6d 7d", "2", "straight flush 3–7 in diamonds", "同花顺 34567（方块）"),
    ("SJ SJ BJ BJ", "2", "four jokers", "四王"),
]


@pytest.mark.parametrize("cards, level, en, zh", NAMED)
def test_move_names(cards, level, en, zh):
    # A suited run reads as a straight or a straight flush: name the strongest reading.
    move = max(classify(cards, level), key=lambda m: m.strength)
    assert move_name(move, level) == {"en": en, "zh": zh}


def test_wilds_standing_in_are_counted():
    # Level 5: two 5h complete a bomb of 9s; as a full house they are the pair.
    names = sorted(move_name(m, "5")["en"] for m in classify("9s 9d 9c 5h 5h", "5"))
    assert names == ["bomb of five 9s (2 wilds)", "full house: 9s with 2s (2 wilds)"]
    # A level heart played as itself is no wild in the name.
    assert move_name(classify("2s 2d 2c 2h", "2")[0], "2")["en"] == "bomb of four 2s"


def test_every_legal_move_of_real_hands_is_named():
    # The opening moves of a few seeded deals at several levels: every move
    # gets a name in both languages that begins with the kind's name (a pair
    # reads 对K in Chinese).
    for seed, level in ((1, "2"), (2, "7"), (3, "A")):
        deal = Deal(seed=seed, level=level)
        for move in deal.legal_moves():
            name = move_name(move, level)
            assert name["en"] and name["zh"]
            assert name["en"].startswith(kind_name(move.kind)["en"])
            if move.kind != "pair":
                assert name["zh"].startswith(kind_name(move.kind)["zh"])


def test_every_message_key_is_documented_in_the_module_docstring():
    # The page and the server read the list of keys there.
    import re

    import guandan.web.i18n as i18n

    documented = set(re.findall(r"``([a-z_]+)``", i18n.__doc__))
    assert set(MESSAGES) <= documented, sorted(set(MESSAGES) - documented)


def test_every_guandan_text_is_documented_in_its_module_docstring():
    import re

    documented = set(re.findall(r"``([a-z_]+)``", guandan_texts.__doc__))
    own = {key for key in TEXTS.strings["en"] if "." not in key and key != "title"}
    assert own <= documented, sorted(own - documented)


def test_every_move_name_begins_with_its_kind():
    for kind in KIND_NAMES:
        assert TEXTS.strings["en"][f"kind.{kind}"].startswith(TEXTS.strings["en"][f"kind_name.{kind}"])


def test_the_details_of_a_refused_request_read_in_both_languages(tmp_path):
    # The common validation details come in Chinese too: a Chinese page
    # never shows "请求有误：name is longer than 20 characters".
    import re

    from tests.web.helpers import FAST, create_app, person

    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    client = person(app, "Host")
    refused = [
        ("/api/session", {"name": "x" * 21}, "昵称不能超过 20 个字符"),
        ("/api/session", {"name": "  "}, "昵称不能为空"),
        ("/api/session", {"name": 3}, "昵称必须是文字"),
        ("/api/tables", {"bots": "strong"}, "bots 必须是以下之一"),
        ("/api/tables", {"ruleset": "house"}, "ruleset 必须是以下之一"),
        ("/api/tables", {"public": "yes"}, "public 必须是 true 或 false"),
        ("/api/tables", {"clock": "30"}, "限时必须是 0（不限时）"),
        ("/api/tables", {"game": "guandan", "players": 5}, "players 必须在 4 到 4 之间"),
    ]
    for path, body, chinese in refused:
        reply = client.post(path, json=body).json()
        assert "error" in reply, (path, body, reply)
        message = reply["error"]["message"]
        assert chinese in message["zh"], (body, message)
        assert not re.search(r"[a-z]{4,} [a-z]{4,}", message["zh"]), f"English left in {message['zh']!r}"
    reply = client.post("/api/session", content=b"{not json", headers={"content-type": "application/json"})
    assert reply.json()["error"]["message"]["zh"] == "请求有误：请求内容不是 JSON"
    with client.websocket_connect(f"/ws/{client.post('/api/tables/vs-bots', json={}).json()['table']['code']}") as ws:
        ws.receive_json()
        ws.send_text("[1]")
        while (reply := ws.receive_json())["type"] != "error":
            pass
        assert reply["message"]["zh"] == "消息格式有误：消息必须是 JSON 对象"
        ws.send_json({"type": "chat", "text": ""})
        while (reply := ws.receive_json())["type"] != "error":
            pass
        assert reply["message"]["zh"] == "消息格式有误：聊天内容不能为空"
