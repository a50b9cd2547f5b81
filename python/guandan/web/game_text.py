"""The server's one door to the game text and coach modules.

Combination names, server messages, selection readings, hints and move
ratings live in :mod:`guandan.web.i18n`, :mod:`guandan.web.selection` and
:mod:`guandan.web.coach`. The server calls them only through this module, and
falls back to plain local versions when one of them is missing or does not
know a message key, so the server runs (and its tests pass) either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Sequence, Tuple

from .._core import Card, Move
from ..deal import Deal

try:  # pragma: no cover - depends on which modules are installed
    from . import i18n as _i18n
except ImportError:  # pragma: no cover
    _i18n = None  # type: ignore[assignment]
try:  # pragma: no cover
    from . import selection as _selection
except ImportError:  # pragma: no cover
    _selection = None  # type: ignore[assignment]
try:  # pragma: no cover
    from . import coach as _coach
except ImportError:  # pragma: no cover
    _coach = None  # type: ignore[assignment]

Text = Dict[str, str]

# Server messages (docs/web.md §3, §4), English and Chinese.
_TEXTS: Dict[str, Tuple[str, str]] = {
    "bad_request": ("bad request: {detail}", "请求有误：{detail}"),
    "no_session": ("no session: choose a nickname first", "没有会话：请先取一个昵称"),
    "not_host": ("only the host can do this", "只有房主可以这样做"),
    "removed": ("the host removed you from this table", "房主已将你移出本桌"),
    "no_table": ("no table with this code", "没有这个桌号的牌桌"),
    "table_full": ("the table is full", "牌桌已满"),
    "wrong_phase": ("not now: {detail}", "现在不行：{detail}"),
    "not_full": ("Not full yet — start anyway?", "还没坐满，仍然开始吗？"),
    "too_few_players": ("a match needs at least two people", "至少需要两个人才能开始"),
    "not_seated": ("you do not hold a seat at this table", "你在本桌没有座位"),
    "seat_taken": ("a person already holds that seat", "那个座位已经有人了"),
    "no_request": ("no request from that player", "该玩家没有申请"),
    "too_large": ("message too large", "消息太大"),
    "bad_message": ("malformed message: {detail}", "消息格式错误：{detail}"),
    "rate_limited": ("too many messages: slow down", "消息太频繁，请稍候"),
    "unknown_type": ("unknown message type {type}", "未知的消息类型 {type}"),
    "away": ("you stepped away: come back to play", "你已暂离，回来后才能出牌"),
    "not_your_turn": ("not your turn", "还没轮到你"),
    "illegal": ("not a legal play", "不是合法的出牌"),
    "ambiguous": ("these cards can be played several ways: choose one", "这些牌有几种出法，请选择一种"),
    "bad_card": ("unknown card {card}", "不认识的牌 {card}"),
    "not_a_combination": ("these cards are not one combination", "这些牌不是一个牌型"),
    "cannot_pass": ("you lead: you cannot pass", "你先出牌，不能不要"),
    "not_held": ("you do not hold these cards", "你没有这些牌"),
    "does_not_beat": ("does not beat the {name} on the table", "管不上桌上的{name}"),
    "not_play_phase": ("not now: the deal is in its {phase} phase", "现在不能出牌：本局在{phase}阶段"),
    "deal_not_over": ("not now: the deal is not over", "现在不行：本局还没结束"),
    "no_deal": ("not now: no deal is being played", "现在不行：没有正在进行的牌局"),
    "match_started": ("not now: the match has started", "现在不行：比赛已经开始"),
    "log_not_ready": ("the log opens when the match is over", "比赛结束后才能下载记录"),
    "phase_now": ("not now: the deal is in its {phase} phase", "现在不行：本局在{phase}阶段"),
    "give_not_owed": ("you owe no card now", "你现在不需要进贡或还贡"),
    "not_an_option": ("{card} is not one of the cards you may give", "{card} 不能用来进贡或还贡"),
    "hint": ("the search bot would play this", "搜索机器人会这样出"),
    "hint_pass": ("the search bot would pass", "搜索机器人会选择不要"),
}


def text(key: str, **params: object) -> Text:
    """The ``{"en", "zh"}`` text of a message key, with ``params`` filled in.
    Parameters that are texts themselves are filled in per language."""
    if _i18n is not None:
        try:
            return dict(_i18n.text(key, **params))
        except (KeyError, ValueError, TypeError):
            pass
    en, zh = _TEXTS[key]
    return {
        "en": en.format(**{k: (v["en"] if isinstance(v, dict) else v) for k, v in params.items()}),
        "zh": zh.format(**{k: (v["zh"] if isinstance(v, dict) else v) for k, v in params.items()}),
    }


def move_name(move: Move, level: str) -> Text:
    """The combination's name in both languages, e.g. pair of Ks / 对K."""
    if _i18n is not None:
        return dict(_i18n.move_name(move, level))
    kind = move.kind.replace("_", " ")
    return {"en": f"{kind} of {move.rank}s", "zh": f"{_ZH_KINDS.get(move.kind, move.kind)} {move.rank}"}


_ZH_KINDS = {
    "single": "单张", "pair": "对子", "triple": "三张", "full_house": "三带二", "straight": "顺子",
    "tube": "三连对", "plate": "钢板", "bomb": "炸弹", "straight_flush": "同花顺", "joker_bomb": "四王",
}


@dataclass(frozen=True)
class Reading:
    """What a selection of cards may be: its legal moves, or why none."""

    moves: Tuple[Move, ...]
    reason: Optional[Text]


def read_selection(deal: Deal, seat: int, cards: Sequence[Card]) -> Reading:
    """Every legal move of ``seat`` made of exactly ``cards`` (the empty
    selection is a pass), or the reason there is none."""
    if _selection is not None:
        found = _selection.read_selection(deal, seat, cards)
        return Reading(tuple(found.moves), found.reason)
    return _local_reading(deal, seat, cards)


def _local_reading(deal: Deal, seat: int, cards: Sequence[Card]) -> Reading:
    if deal.phase != "play":
        return Reading((), text("not_play_phase", phase=deal.phase))
    if deal.turn != seat:
        return Reading((), text("not_your_turn"))
    if not cards:
        return Reading((), None if deal.can_pass() else text("cannot_pass"))
    held = list(deal.hands[seat].cards)
    for card in cards:
        if card not in held:
            return Reading((), text("not_held"))
        held.remove(card)
    wanted = sorted(cards, key=str)
    moves = tuple(m for m in deal.legal_moves() if sorted(m.cards, key=str) == wanted)
    if moves:
        return Reading(moves, None)
    from ..moves import classify

    if not classify(list(cards), deal.level, deal.ruleset):
        return Reading((), text("not_a_combination"))
    trick = deal.last_play
    if trick is not None:
        return Reading((), text("does_not_beat", name=move_name(trick, deal.level)))
    return Reading((), text("illegal"))


@dataclass(frozen=True)
class Hint:
    move: Optional[Move]
    reason: Text


def hint(deal: Deal, seat: int, think_ms: int = 200) -> Hint:
    """A suggested move for ``seat`` (None: pass) with a one-line reason."""
    if _coach is not None:
        found = _coach.hint(deal, seat, think_ms)
        return Hint(found.move, found.reason)
    from ..bots import SearchV2Bot

    observation = deal.observation(seat)
    move = SearchV2Bot(think_ms=think_ms).choose_move(observation, deal.legal_moves(), deal.can_pass())
    return Hint(move, text("hint" if move is not None else "hint_pass"))


def rate(deal: Deal, seat: int, played: Optional[Move], think_ms: int = 200) -> Optional[Text]:
    """A coach's comment when ``played`` was much worse than the best move
    from ``deal`` (the position before it), else None."""
    if _coach is not None:
        found = _coach.rate(deal, seat, played, think_ms)
        return None if found is None else dict(found)
    return None
