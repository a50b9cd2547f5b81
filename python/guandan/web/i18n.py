"""Every text the web server shows a player, in English and Chinese.

A text travels as a dict ``{"en": ..., "zh": ...}`` so the page can switch
language at any moment without asking the server again.

- :func:`move_name` names a move: ``{"en": "pair of Ks", "zh": "对K"}``.
- :func:`kind_name` names a move kind: ``{"en": "pair", "zh": "对子"}``.
- :func:`rank_name` names a rank: ``{"en": "10", "zh": "10"}``, ``{"en": "big joker", "zh": "大王"}``.
- :func:`text` fills in one of the messages below by key. A parameter may be
  a plain value (the same in both languages) or itself an ``{"en", "zh"}``
  text (each language takes its own part)::

      >>> text("not_your_turn")
      {'en': 'not your turn', 'zh': '还没轮到你'}
      >>> from guandan import classify
      >>> text("does_not_beat", table=move_name(classify("Ks Kd", "2")[0], "2"))["en"]
      'does not beat the pair of Ks on the table'

Message keys and their parameters (the ``MESSAGES`` table holds the texts):

Errors of the HTTP API and the websocket (the error ``code`` is the key):
``bad_request``, ``no_session``, ``not_host``, ``removed``, ``no_table``,
``table_full`` (``full_no_request`` when asking to join a table whose every seat holds a person), ``wrong_phase``, ``not_full``, ``too_few_players``,
``not_seated``, ``seat_taken``, ``no_request``, ``too_large``, ``too_many_connections``,
``already_hosting`` (table: the code of the table hosted), ``solo_table``, ``unavailable``,
``sign_in_failed``, ``too_many_sign_ins`` (a ``rate_limited`` sign-in), ``login_taken``, ``signed_in``, ``not_signed_in``,
``bad_message``, ``rate_limited``, ``unknown_type``, ``away``,
``not_your_turn``, ``illegal``, ``ambiguous``, ``bad_card`` (card: the
text sent), ``unknown_type`` (type); for a refused tribute or return card
``cannot_pass``, ``give_not_owed`` and ``not_an_option`` (card). A
``wrong_phase`` error says which with ``match_under_way``, ``no_deal``,
``deal_not_over``, ``not_this_phase`` (phase: a :func:`phase_name` text) or
``log_not_ready``.

Any message also takes ``detail``: a text (most often one of the
:data:`DETAILS`, through :func:`detail`), appended after a colon, unless the
message places it itself; plain text stays the same in both languages::

    >>> text("bad_request", detail=detail("range", field="seat", low=0, high=3))["zh"]
    '请求有误：seat 必须在 0 到 3 之间'

Why a selection is not a legal play (:mod:`guandan.web.selection`):
``not_your_turn``; ``not_play_phase`` (phase: a :func:`phase_name` text);
``deal_over``; ``not_held`` (cards: card texts); ``held_fewer`` (card,
held: how many the hand holds); ``lead_no_pass``; ``not_a_combination``;
``does_not_beat`` (table: a :func:`move_name` text); ``wrong_kind``
(selection: a :func:`kind_name` text, table: a :func:`move_name` text,
table_kind: a :func:`kind_name` text).

The coach (:mod:`guandan.web.coach`): a hint's reason, which never names
the move: ``hint_only_move``; ``hint_must_pass`` (table);
``hint_partner_winning``; ``hint_goes_out``; ``hint_stop_opponent`` (cards:
a :func:`card_count` text); ``hint_bomb_follow`` (table);
``hint_bomb_lead``; ``hint_lead_weakest``; ``hint_lead_many`` (n: cards);
``hint_lead_keeps_lower``; ``hint_lead_several`` (n: cards); ``hint_lead``; ``hint_beat_cheap`` (table); ``hint_beat`` (table);
``hint_only_bombs`` (table); ``hint_let_go`` (table); then what it keeps or
sets up, each wrapping a ``reason``: ``hint_keeps_bombs``,
``hint_keeps_wilds``, ``hint_keeps_both``, ``hint_sets_up_out``; and
``hint_win_share`` (reason, win: percent of playouts won) for the number,
or ``hint_deal_lost`` (reason) when no playout is won.
``hint_tribute`` (card); ``hint_return`` (card); ``rate_bombed_partner``;
``rate_missed_out`` (move); ``rate_passed_on_danger`` (cards, move);
``rate_worse`` (best, reason: why the best play, as a hint says it,
played_win, best_win: percents). ``table``, ``move`` and ``best`` are
:func:`move_name` texts, or the ``pass`` text.

A game's own texts are in its catalogue (:class:`Catalogue`, one JSON file
per language under ``texts/<game>/``), which its page reads too.

Names of things: ``pass``, ``seat`` (seat: 0..3), ``team`` (team: 0..1),
``playing_level`` (level: a :func:`rank_name` text), ``first_out``,
``last_out``, ``vs_bots``.

Table events the server may announce: ``player_joined`` (name),
``player_left`` (name), ``player_removed`` (name), ``join_requested``
(name), ``request_rejected``, ``bot_took_seat`` (seat), ``match_started``,
``deal_started`` (number), ``deal_over_order`` (order), ``match_over`` (team),
``table_ended``, ``levels_climbed`` (team, levels).
"""

from __future__ import annotations

import json
import os
import string
from collections import Counter
from functools import lru_cache
from typing import Dict, Mapping, Tuple

from .._core import Move
from ..gd.cards import level_index
from ..gd.names import KIND_NAMES, LEVEL_NAMES, PHASE_NAMES, RANK_NAMES

Text = Dict[str, str]
LANGUAGES = ("en", "zh")

#: English and Chinese names of the move kinds, by the engine's kind name.
KIND_TEXTS: Mapping[str, Tuple[str, str]] = {
    "single": ("single", "单张"),
    "pair": ("pair", "对子"),
    "triple": ("triple", "三张"),
    "full_house": ("full house", "三带二"),
    "straight": ("straight", "顺子"),
    "tube": ("three pairs", "三连对"),
    "plate": ("two triples", "钢板"),
    "bomb": ("bomb", "炸弹"),
    "straight_flush": ("straight flush", "同花顺"),
    "joker_bomb": ("four jokers", "四王"),
}
assert tuple(KIND_TEXTS) == KIND_NAMES, "one text per kind of the engine"

# How a rank reads on a card face: T is written 10; the jokers by name.
_FACE = {**{rank: rank for rank in LEVEL_NAMES}, "T": "10"}
_JOKERS = {"SJ": ("small joker", "小王"), "BJ": ("big joker", "大王")}

#: How a move is named, by kind: one template per language, each beginning
#: with the kind's name (KIND_TEXTS; a pair reads 对K in Chinese). The page's
#: ``kind.*`` strings (static/i18n.js) are these same templates, so the
#: table, the replay and the rules page name every combination alike.
#: Parameters: ``rank`` (the rank: "K", "big joker"), ``ranks`` (English: the
#: plural "Ks"; Chinese: the rank, or for a full house its three cards
#: "999"), ``pairs`` (a full house's pair: "4s" / "44"), ``run`` (the ranks
#: of a run: "3–7" / "34567", "334455"), ``suit`` and ``count`` (a bomb's
#: size in words: "four" / "四").
MOVE_TEXTS: Mapping[str, Tuple[str, str]] = {
    "single": ("single {rank}", "单张{rank}"),
    "pair": ("pair of {ranks}", "对{ranks}"),
    "triple": ("triple of {ranks}", "三张{ranks}"),
    "full_house": ("full house: {ranks} with {pairs}", "三带二 {ranks}{pairs}"),
    "straight": ("straight {run}", "顺子 {run}"),
    "tube": ("three pairs {run}", "三连对 {run}"),
    "plate": ("two triples {run}", "钢板 {run}"),
    "bomb": ("bomb of {count} {ranks}", "炸弹 {count}个{ranks}"),
    "straight_flush": ("straight flush {run} in {suit}", "同花顺 {run}（{suit}）"),
    "joker_bomb": ("four jokers", "四王"),
}
assert tuple(MOVE_TEXTS) == KIND_NAMES, "one name template per kind of the engine"
assert all(en.startswith(KIND_TEXTS[kind][0]) for kind, (en, _) in MOVE_TEXTS.items()), "names begin with the kind"

#: The note on a move whose wild hearts stand for other cards (n: how many).
WILD_TEXTS: Mapping[str, Tuple[str, str]] = {
    "one": (" ({n} wild)", "（{n}张逢人配）"),
    "many": (" ({n} wilds)", "（{n}张逢人配）"),
}
#: A bomb's size in words (four .. ten; 四 .. 十).
COUNT_TEXTS: Mapping[int, Tuple[str, str]] = {
    4: ("four", "四"), 5: ("five", "五"), 6: ("six", "六"), 7: ("seven", "七"),
    8: ("eight", "八"), 9: ("nine", "九"), 10: ("ten", "十"),
}
#: The suits, for a straight flush.
SUIT_TEXTS: Mapping[str, Tuple[str, str]] = {
    "s": ("spades", "黑桃"), "h": ("hearts", "红桃"), "c": ("clubs", "梅花"), "d": ("diamonds", "方块"),
}

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
    "bad_card": ("{card} is not a card", "{card} 不是一张牌"),
    "cannot_pass": ("you lead: you cannot pass", "你是首家，不能不出"),
    "give_not_owed": ("you owe no card now", "你现在不需要进贡或还贡"),
    "not_an_option": ("{card} is not one of the cards you may give", "{card} 不能用来进贡或还贡"),
    "match_under_way": ("not now: the match has started", "现在不行：比赛已经开始"),
    "no_deal": ("not now: no deal is being played", "现在不行：没有正在进行的牌局"),
    "deal_not_over": ("not now: the deal is not over", "现在不行：本局还没结束"),
    "not_this_phase": ("not now: the deal is in its {phase} phase", "现在不行：正在{phase}阶段"),
    "log_not_ready": ("the log opens when the match is over", "比赛结束后才能下载记录"),
    # why a selection is not a legal play
    "not_play_phase": ("no play now: the deal is in its {phase} phase", "现在不能出牌：正在{phase}阶段"),
    "deal_over": ("the deal is over", "本局已结束"),
    "not_held": ("you do not hold {cards}", "你没有 {cards}"),
    "held_fewer": ("you hold only {held} × {card}", "你只有 {held} 张 {card}"),
    "lead_no_pass": ("you lead: you cannot pass", "你是首家，不能不出"),
    "not_a_combination": ("these cards are not one combination", "这些牌不成牌型"),
    "does_not_beat": ("does not beat the {table} on the table", "压不过桌上的{table}"),
    "wrong_kind": (
        "a {selection} cannot follow the {table}: play a higher {table_kind} or a bomb",
        "{selection}不能接{table}：请出更大的{table_kind}或炸弹",
    ),
    # the coach: a hint's reason never names the move (the page shows it
    # before the reason); the share of playouts won is a detail at the end
    "hint_only_move": ("the only play you have", "这是你唯一能出的牌"),
    "hint_must_pass": ("nothing you hold beats the {table}", "你没有能压过{table}的牌"),
    "hint_partner_winning": (
        "your partner is winning this trick: let it run and keep your cards",
        "对家这一轮领先：让他走，留着你的牌",
    ),
    "hint_goes_out": ("it takes you out", "出完就走"),
    "hint_stop_opponent": (
        "an opponent has {cards} left: the bomb stops them going out",
        "对手只剩 {cards}：用炸弹拦住他",
    ),
    "hint_bomb_follow": ("the bomb takes the lead from the {table}", "用炸弹压过{table}，夺回出牌权"),
    "hint_bomb_lead": ("a bomb now keeps the lead in your hands", "现在出炸弹，把出牌权留在自己手里"),
    "hint_lead_weakest": ("lead your weakest cards while you hold the lead", "趁有出牌权先出最小的牌"),
    "hint_lead_many": ("it gets {n} cards out in one play", "一手出掉 {n} 张牌"),
    "hint_lead_keeps_lower": (
        "it keeps your lower cards for the longer plays they belong to",
        "留着小牌，它们能组成更长的牌型",
    ),
    "hint_lead_several": ("it gets {n} cards out at once while you hold the lead", "趁有出牌权一次出掉 {n} 张牌"),
    "hint_lead": (
        "played out many times from here, with guesses at the other hands, this lead does best",
        "按别人手牌的多种可能反复试打，这样领出最好",
    ),
    "hint_beat_cheap": ("it beats the {table} as cheaply as you can", "用最小的代价压过{table}"),
    "hint_beat": ("it beats the {table} and takes the lead", "压过{table}，夺回出牌权"),
    "hint_only_bombs": ("only a bomb beats the {table}: keep it for later", "只有炸弹压得过{table}：留到后面用"),
    "hint_let_go": (
        "let the {table} go: beating it would spend cards you need later",
        "放过{table}：压它会用掉后面要用的牌",
    ),
    "hint_keeps_bombs": ("{reason}, keeping your bombs", "{reason}，留着炸弹"),
    "hint_keeps_wilds": ("{reason}, keeping your wild hearts", "{reason}，留着逢人配"),
    "hint_keeps_both": ("{reason}, keeping your bombs and wild hearts", "{reason}，留着炸弹和逢人配"),
    "hint_sets_up_out": ("{reason}; the rest of your hand then goes out in one play", "{reason}；剩下的牌一手就能出完"),
    "hint_win_share": ("{reason} (wins {win} % of playouts)", "{reason}（模拟胜率 {win}%）"),
    "hint_deal_lost": (
        "{reason} (this deal looks lost whatever you play: this loses the least)",
        "{reason}（这一局怎么出都难赢：这样输得最少）",
    ),
    "hint_tribute": ("{card}: your highest card is the tribute", "{card}：进贡最大的牌"),
    "hint_return": ("{card}: give back a low card you do not need", "{card}：还一张用不上的小牌"),
    "rate_bombed_partner": (
        "you bombed your partner's winning trick: let it run",
        "你炸了对家的牌：应该让对家的牌走",
    ),
    "rate_missed_out": ("{move} would have taken you out", "{move}就能出完"),
    "rate_passed_on_danger": (
        "an opponent has {cards} left: {move} would have stopped them",
        "对手只剩 {cards}：{move}能拦住",
    ),
    "rate_worse": (
        "{best} was the better play — {reason} (wins {best_win} % of playouts; yours {played_win} %)",
        "{best}更好——{reason}（模拟胜率 {best_win}%，你的出法 {played_win}%）",
    ),
    # names of things
    "pass": ("pass", "不出"),
    "seat": ("seat {seat}", "{seat}号位"),
    "team": ("team {team}", "{team}队"),
    "playing_level": ("playing {level}s", "打{level}"),
    "first_out": ("First out", "头游"),
    "last_out": ("Last out", "末游"),
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
    "deal_over_order": ("deal over: {order}", "本局结束：{order}"),
    "match_over": ("team {team} wins the match", "{team}队赢得比赛"),
    "table_ended": ("the host ended the table", "房主解散了牌桌"),
    "levels_climbed": ("team {team} climbs {levels} levels", "{team}队升{levels}级"),
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
    "replayed_from_log": ("{game} tables are replayed from their log (/static/replay.html)",
                          "{game}牌桌从牌谱回放（/static/replay.html）"),
    "host_own_seat": ("the host cannot remove their own seat: leave the table instead", "房主不能移出自己：请改为离开牌桌"),
    "cards_list": ("cards must be a list of card texts", "cards 必须是牌的列表"),
    "card_text": ("{where} must be a card text such as 'Ah'", "{where} 必须是一张牌，例如 'Ah'"),
    "at_most_cards": ("at most {n} cards", "最多 {n} 张牌"),
    "reading": ("reading must be a small non-negative integer", "reading 必须是较小的非负整数"),
    "reading_below": ("reading must be below {n}", "reading 必须小于 {n}"),
    "play_needs_cards": ("play needs cards: send pass to pass", "出牌需要牌：不出请发送 pass"),
    "give_needs_card": ("give needs a card", "give 需要一张牌"),
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


#: The deal phases in both languages (``tribute``, ``return``, ``play``, ``over``).
PHASE_TEXTS: Mapping[str, Tuple[str, str]] = {
    "tribute": ("tribute", "进贡"),
    "return": ("return", "还贡"),
    "play": ("play", "出牌"),
    "over": ("end of deal", "结束"),
}
assert tuple(PHASE_TEXTS) == PHASE_NAMES, "one text per phase of the engine"


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
    /api/games`` hands them to the pages, which read the same templates.
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


def kind_name(kind: str) -> Text:
    """A move kind (``"pair"``, ``"joker_bomb"``...) in both languages."""
    try:
        en, zh = KIND_TEXTS[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown move kind {kind!r} (expected one of {', '.join(KIND_NAMES)})") from None
    return both(en, zh)


def phase_name(phase: str) -> Text:
    """A deal phase (``"tribute"``, ``"return"``, ``"play"``, ``"over"``) in both languages."""
    try:
        return both(*PHASE_TEXTS[phase])
    except (KeyError, TypeError):
        raise ValueError(f"unknown phase {phase!r} (expected one of {', '.join(PHASE_NAMES)})") from None


def rank_name(rank: str) -> Text:
    """A rank as it reads on a card: ``"T"`` is 10, the jokers by name."""
    if rank in _JOKERS:
        return both(*_JOKERS[rank])
    if rank == "10":
        rank = "T"
    if rank not in _FACE:
        raise ValueError(f"not a rank {rank!r} (expected 2..9, T, J, Q, K, A, SJ or BJ)")
    return both(_FACE[rank], _FACE[rank])


def card_count(count: int) -> Text:
    """``{"en": "1 card", "zh": "1 张牌"}``, ``{"en": "3 cards", ...}``."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"a card count must be a whole number, got {count!r}")
    return both(f"{count} card" if count == 1 else f"{count} cards", f"{count} 张牌")


def _plural(rank: str) -> str:
    """'Ks', '10s', 'small jokers': the English plural of a rank."""
    return _JOKERS[rank][0] + "s" if rank in _JOKERS else _FACE[rank] + "s"


def _run(top: str, length: int) -> Tuple[str, ...]:
    """The ranks of a run of ``length`` ranks ending at ``top``, lowest first
    (an ace starts a run that ends at 5, 3 or 2: A2345, AA2233, AAA222)."""
    high = RANK_NAMES.index(top)
    return tuple(LEVEL_NAMES[(high - step) % 13] for step in range(length - 1, -1, -1))


def _suit_of(move: Move) -> str:
    """The suit a straight flush declares (its declared cards share it)."""
    return move.declared[0].suit or ""


def move_name(move: Move, level: str) -> Text:
    """The name of a move in both languages, with its ranks::

        >>> from guandan import classify
        >>> move_name(classify("Ks Kd", "2")[0], "2")
        {'en': 'pair of Ks', 'zh': '对K'}
        >>> move_name(classify("3s 4s 5d 6c 7c", "2")[0], "2")
        {'en': 'straight 3–7', 'zh': '顺子 34567'}

    A move whose wild hearts stand for other cards says how many.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move_name needs a Move, got {type(move).__name__}")
    level_index(level)  # raises ValueError/TypeError naming a bad level
    return dict(_cached_name(move))  # a copy: the caller may change it


# Every view the server sends names each play of the deal so far: the names
# of recent moves are kept (a Move is a hashable value; the name does not
# depend on the level beyond the move's own wild declarations).
@lru_cache(maxsize=8192)
def _cached_name(move: Move) -> Tuple[Tuple[str, str], ...]:
    return tuple(_name_of(move).items())


def _name_of(move: Move) -> Text:
    kind, rank = move.kind, move.rank
    face = rank_name(rank)
    params: Dict[str, Text] = {"rank": face, "ranks": both(_plural(rank), face["zh"])}
    if kind == "full_house":
        pair_rank = next(c.rank for c in move.declared if c.rank != rank)
        params["ranks"] = both(_plural(rank), face["zh"] * 3)
        params["pairs"] = both(_plural(pair_rank), rank_name(pair_rank)["zh"] * 2)
    elif kind in _RUNS:
        width, copies = _RUNS[kind]
        ranks = [_FACE[r] for r in _run(rank, width)]
        params["run"] = both(f"{ranks[0]}–{ranks[-1]}", "".join(r * copies for r in ranks))
        if kind == "straight_flush":
            params["suit"] = both(*SUIT_TEXTS[_suit_of(move)])
    elif kind == "bomb":
        params["count"] = both(*COUNT_TEXTS[move.size])
    name = _fill(MOVE_TEXTS[kind], params)
    standing_in = _wilds_standing_in(move)
    if standing_in:
        note = _fill(WILD_TEXTS["one" if standing_in == 1 else "many"], {"n": both(str(standing_in), str(standing_in))})
        name = both(name["en"] + note["en"], name["zh"] + note["zh"])
    return name


# The runs: how many ranks, and how many cards of each.
_RUNS = {"straight": (5, 1), "straight_flush": (5, 1), "tube": (3, 2), "plate": (2, 3)}


def _fill(templates: Tuple[str, str], params: Mapping[str, Text]) -> Text:
    """Both templates filled, each language with its own part of each parameter."""
    return {language: template.format(**{name: value[language] for name, value in params.items()})
            for language, template in zip(LANGUAGES, templates)}


def _wilds_standing_in(move: Move) -> int:
    """How many wild hearts stand for another card (a wild played as
    itself, e.g. the 2h in a bomb of 2s at level 2, is not worth a mention)."""
    declared = Counter(str(c) for c in move.declared)
    return sum((declared - Counter(str(c) for c in move.cards)).values())
