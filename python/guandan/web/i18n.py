"""Every text the web server shows a player that is the same in every game,
in English and Chinese; a game's own texts are in its catalogue
(:class:`Catalogue`, one JSON file per language under ``texts/<game>/``),
which its page reads too (Guandan's: :mod:`guandan.web.guandan_texts`).

A text travels as a dict ``{"en": ..., "zh": ...}`` so the page can switch
language at any moment without asking the server again.

- :func:`text` fills in one of the messages below by key. A parameter may be
  a plain value (the same in both languages) or itself an ``{"en", "zh"}``
  text (each language takes its own part)::

      >>> text("not_your_turn")
      {'en': 'not your turn', 'zh': '还没轮到你'}
      >>> text("seat", seat=2)["en"]
      'seat 2'
      >>> text("unknown_type", type={"en": "this", "zh": "这个"})["zh"]
      '未知的消息类型 这个'

- :func:`card_count` counts cards: ``{"en": "3 cards", "zh": "3 张牌"}``.

Message keys and their parameters (the ``MESSAGES`` table holds the texts):

Errors of the HTTP API and the websocket (the error ``code`` is the key):
``bad_request``, ``no_session``, ``not_host``, ``removed``, ``no_table``,
``table_full`` (``full_no_request`` when asking to join a table whose every seat holds a person), ``wrong_phase``, ``not_full``, ``too_few_players``,
``not_seated``, ``seat_taken``, ``no_request``, ``too_large``, ``too_many_connections``,
``already_hosting`` (table: the code of the table hosted), ``solo_table``, ``unavailable``,
``sign_in_failed``, ``too_many_sign_ins`` (a ``rate_limited`` sign-in), ``login_taken``, ``signed_in``, ``not_signed_in``,
``bad_message``, ``rate_limited``, ``unknown_type``, ``away``,
``not_your_turn``, ``illegal``, ``ambiguous``, ``cannot_pass``,
``unknown_type`` (type). A ``wrong_phase`` error says which with
``match_under_way``, ``no_deal``, ``deal_not_over`` or ``log_not_ready``.

Any message also takes ``detail``: a text (most often one of the
:data:`DETAILS`, through :func:`detail`), appended after a colon, unless the
message places it itself; plain text stays the same in both languages::

    >>> text("bad_request", detail=detail("range", field="seat", low=0, high=3))["zh"]
    '请求有误：seat 必须在 0 到 3 之间'

Why a selection is not a legal play, in any game: ``not_your_turn``,
``deal_over``, ``not_a_combination``.

Names of things: ``pass``, ``seat`` (seat: 0..3), ``vs_bots``.

Table events the server may announce: ``player_joined`` (name),
``player_left`` (name), ``player_removed`` (name), ``join_requested``
(name), ``request_rejected``, ``bot_took_seat`` (seat), ``match_started``,
``deal_started`` (number), ``table_ended``.
"""

from __future__ import annotations

import json
import os
import string
from typing import Dict, Mapping, Tuple

Text = Dict[str, str]
LANGUAGES = ("en", "zh")

#: Every message: key -> (English, Chinese), with ``{name}`` parameters.
MESSAGES: Mapping[str, Tuple[str, str]] = {
    # errors of the HTTP API and the websocket
    "bad_request": ("bad request", "请求有误"),
    "no_session": ("no session: choose a nickname first", "没有会话：请先输入昵称"),
    "not_host": ("only the host can do this", "只有房主可以这样做"),
    "removed": ("the host removed you from this table", "房主已将你移出本桌"),
    "no_table": ("no table with this code", "没有这个桌号的牌桌"),
    "table_full": ("the table is full", "牌桌已满"),
    "full_no_request": ("the table is full: its host has no seat to give you", "牌桌已满：房主没有空位可以给你"),
    "wrong_phase": ("not possible at this point of the game", "当前阶段不能这样做"),
    "not_full": ("Not full yet — start anyway?", "人还没满，仍然开始吗？"),
    "too_few_players": ("a match needs at least two people", "至少需要两位玩家才能开始"),
    "not_seated": ("you have no seat at this table", "你在本桌没有座位"),
    "seat_taken": ("a person already holds this seat", "这个座位已经有人"),
    "no_request": ("no request from this player", "该玩家没有申请加入"),
    "too_large": ("the message is too large", "消息太长"),
    "too_many_connections": ("too many open connections: close another tab first", "打开的连接太多，请先关闭其他标签页"),
    "already_hosting": (
        "you already host table {table}: end it to open another",
        "你已经是牌桌 {table} 的房主：先关闭它才能再开一桌",
    ),
    "solo_table": ("this is a game against bots: it takes no other players", "这是人机对战，不接受其他玩家"),
    "sign_in_failed": ("wrong name, email or password", "用户名、邮箱或密码不对"),
    "too_many_sign_ins": ("too many attempts: wait a minute, then try again", "尝试次数太多：请等一分钟再试"),
    "login_taken": ("an account with this name or email exists already: sign in instead",
                    "已有使用这个用户名或邮箱的账号：请直接登录"),
    "signed_in": ("you are signed in: sign out first to make another account", "你已登录：先退出才能再注册一个账号"),
    "not_signed_in": ("you are playing as a guest: there is no account to sign out of",
                      "你正以游客身份游戏：没有可以退出的账号"),
    "unavailable": ("the server cannot save right now: nothing was changed, try again", "服务器暂时无法保存：没有任何改动，请重试"),
    "bad_message": ("malformed message", "消息格式有误"),
    "rate_limited": ("too many messages: slow down", "消息太频繁，请稍候"),
    "unknown_type": ("unknown message type {type}", "未知的消息类型 {type}"),
    "away": ("you stepped away: come back to play", "你已暂离，回来后才能出牌"),
    "not_your_turn": ("not your turn", "还没轮到你"),
    "illegal": ("not a legal play", "不能这样出牌"),
    "ambiguous": ("these cards can be played several ways: choose one", "这些牌有多种出法，请选择一种"),
    "cannot_pass": ("you lead: you cannot pass", "你是首家，不能不出"),
    "match_under_way": ("not now: the match has started", "现在不行：比赛已经开始"),
    "no_deal": ("not now: no deal is being played", "现在不行：没有正在进行的牌局"),
    "deal_not_over": ("not now: the deal is not over", "现在不行：本局还没结束"),
    "log_not_ready": ("the log opens when the match is over", "比赛结束后才能下载记录"),
    # why a selection is not a legal play, in any game
    "deal_over": ("the deal is over", "本局已结束"),
    "not_a_combination": ("these cards are not one combination", "这些牌不成牌型"),
    # names of things
    "pass": ("pass", "不出"),
    "seat": ("seat {seat}", "{seat}号位"),
    "vs_bots": ("Vs bots", "人机对战"),
    # table events
    "player_joined": ("{name} joined the table", "{name}加入了牌桌"),
    "player_left": ("{name} left the table", "{name}离开了牌桌"),
    "player_removed": ("the host removed {name}", "房主移出了{name}"),
    "join_requested": ("{name} asks to join", "{name}申请加入"),
    "request_rejected": ("the host declined your request", "房主拒绝了你的申请"),
    "bot_took_seat": ("a bot plays seat {seat}", "机器人接管{seat}号位"),
    "match_started": ("the match starts", "比赛开始"),
    "deal_started": ("deal {number}", "第{number}局"),
    "table_ended": ("the host ended the table", "房主解散了牌桌"),
}

#: The details of a refused request or message (the ``detail`` of
#: ``bad_request`` and ``bad_message``), so that a Chinese page reads them in
#: Chinese too. Field names of the API (``seat``, ``bots``...) stay as sent.
DETAILS: Mapping[str, Tuple[str, str]] = {
    "not_a_string": ("{what} must be a string", "{what}必须是文字"),
    "empty": ("{what} is empty", "{what}不能为空"),
    "too_long": ("{what} is longer than {longest} characters", "{what}不能超过 {longest} 个字符"),
    "bad_character": ("{what} holds a control or unassigned character", "{what}含有控制字符或无效字符"),
    "name": ("name", "昵称"),
    "login": ("the name or email", "用户名或邮箱"),
    "password": ("the password", "密码"),
    "too_short": ("{what} needs at least {shortest} characters", "{what}至少需要 {shortest} 个字符"),
    "chat_text": ("chat text", "聊天内容"),
    "body_not_json": ("the body is not JSON", "请求内容不是 JSON"),
    "body_not_object": ("the body must be a JSON object", "请求内容必须是 JSON 对象"),
    "not_json": ("not JSON", "不是 JSON"),
    "not_object": ("a message is a JSON object", "消息必须是 JSON 对象"),
    "empty_message": ("empty message", "空消息"),
    "type_not_string": ("type must be a string", "type 必须是字符串"),
    "true_or_false": ("{field} must be true or false", "{field} 必须是 true 或 false"),
    "one_of": ("{field} must be one of {values}", "{field} 必须是以下之一：{values}"),
    "range": ("{field} must be {low}..{high}", "{field} 必须在 {low} 到 {high} 之间"),
    "whole_number": ("{field} must be a small whole number", "{field} 必须是较小的非负整数"),
    "player_id": ("{field} must be a player id", "{field} 必须是玩家编号"),
    "clock": ("clock must be 0 (none) or {low}..{high} seconds", "限时必须是 0（不限时）或 {low} 到 {high} 秒"),
    "no_browser_table": ("{game} has no browser table; game must be one of {values}",
                         "{game}没有网页牌桌；game 必须是以下之一：{values}"),
    "replayed_from_log": ("{game} tables are replayed from their log, by the game's replay page",
                          "{game}牌桌由其回放页面从牌谱回放"),
    "host_own_seat": ("the host cannot remove their own seat: leave the table instead", "房主不能移出自己：请改为离开牌桌"),
    "cards_list": ("cards must be a list of card texts", "cards 必须是牌的列表"),
    "at_most_cards": ("at most {n} cards", "最多 {n} 张牌"),
    "reading": ("reading must be a small non-negative integer", "reading 必须是较小的非负整数"),
    "reading_below": ("reading must be below {n}", "reading 必须小于 {n}"),
    "play_needs_cards": ("play needs cards: send pass to pass", "出牌需要牌：不出请发送 pass"),
}


def detail(key: str, **params: object) -> Text:
    """The detail ``key`` of :data:`DETAILS` in both languages, for a
    message's ``detail`` parameter::

        >>> text("bad_request", detail=detail("too_long", what=detail("name"), longest=20))["zh"]
        '请求有误：昵称不能超过 20 个字符'
    """
    en, zh = DETAILS[key]
    out: Text = {}
    for language, template in zip(LANGUAGES, (en, zh)):
        values = {name: (value[language] if isinstance(value, dict) and _is_text(value) else value) for name, value in params.items()}
        out[language] = template.format(**values)
    return out


def _parameters(template: str) -> set:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def text(key: str, **params: object) -> Text:
    """The message ``key`` in both languages, its ``{name}`` fields filled from
    ``params`` (a param that is an ``{"en", "zh"}`` dict gives each language
    its own part). Unknown keys and missing parameters raise ValueError."""
    if not isinstance(key, str):
        raise TypeError(f"a message key must be a str, got {type(key).__name__}")
    try:
        templates = MESSAGES[key]
    except KeyError:
        raise ValueError(f"unknown message key {key!r}") from None
    return _filled(key, templates, params)


def _filled(key: str, templates: Tuple[str, ...], params: Mapping[str, object]) -> Text:
    missing = _parameters(templates[0]) - params.keys()
    if missing:
        raise ValueError(f"message {key!r} needs the parameter(s) {', '.join(sorted(missing))}")
    if "detail" in params and "detail" not in _parameters(templates[0]):
        templates = (templates[0] + ": {detail}", templates[1] + "：{detail}")
    out: Text = {}
    for language, template in zip(LANGUAGES, templates):
        values = {name: (value[language] if isinstance(value, dict) and _is_text(value) else value)
                  for name, value in params.items()}
        out[language] = template.format(**values)
    return out


class Catalogue:
    """A game's own texts, one JSON file per language in a folder
    (``en.json``, ``zh.json``: key -> template with ``{name}`` fields). The
    server fills them as :func:`text` fills the shared ones, and ``GET
    /api/games`` and ``/static/texts/GAME.json`` hand them to the pages,
    which read the same templates (a game's pages keep their own strings
    here too, under the keys they use).
    Both files must hold the same keys with the same fields: ValueError
    naming the file and the key otherwise."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.strings: Dict[str, Dict[str, str]] = {language: _read_catalogue(folder, language) for language in LANGUAGES}
        en = self.strings["en"]
        for language in LANGUAGES[1:]:
            other = self.strings[language]
            if set(other) != set(en):
                missing = sorted(set(en) ^ set(other))
                raise ValueError(f"{folder}: {language}.json and en.json differ in the keys {', '.join(missing)}")
            for key, template in en.items():
                if _parameters(other[key]) != _parameters(template):
                    raise ValueError(f"{folder}/{language}.json: {key!r} takes other fields than in en.json")

    def __contains__(self, key: object) -> bool:
        return key in self.strings["en"]

    def text(self, key: str, **params: object) -> Text:
        """The text ``key`` in both languages, filled as :func:`text` fills a message."""
        if key not in self:
            raise ValueError(f"unknown text key {key!r} in {self.folder}")
        return _filled(key, tuple(self.strings[language][key] for language in LANGUAGES), params)


def _read_catalogue(folder: str, language: str) -> Dict[str, str]:
    path = os.path.join(folder, f"{language}.json")
    with open(path, encoding="utf-8") as file:
        strings = json.load(file)
    if not isinstance(strings, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in strings.items()):
        raise ValueError(f"{path}: a catalogue is one JSON object of key -> text")
    return strings


def _is_text(value: object) -> bool:
    return isinstance(value, dict) and set(value) == set(LANGUAGES)


def both(en: str, zh: str) -> Text:
    """A text of its two languages."""
    return {"en": en, "zh": zh}


def card_count(count: int) -> Text:
    """``{"en": "1 card", "zh": "1 张牌"}``, ``{"en": "3 cards", ...}``."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"a card count must be a whole number, got {count!r}")
    return both(f"{count} card" if count == 1 else f"{count} cards", f"{count} 张牌")
