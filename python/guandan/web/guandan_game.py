"""Guandan at the browser table: its :class:`~guandan.web.web_games.WebGame`.

What a seat sees (``docs/web.md §5``) is built from the engine's
:class:`~guandan.gd.observation.Observation` of the viewer's seat: its own hand
and the public record only. A viewer without a seat gets the public record
and no hand. Nothing here reads ``deal.hands``, so no other seat's hidden
card can reach a browser; only once a deal is over are the cards the seats
still hold shown to all (``remaining``): they are public then. The
messages of play (``select``, ``play``, ``pass``, ``give``, ``hint``) are
checked by the engine before the table changes.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, cast

from .._core import Card, Move
from ..gd.deal import Deal
from ..gd.events import Event as DealEvent
from ..gd.log import match_log
from ..gd.observation import Observation
from ..gd.players import bot_object, is_bot
from . import coach
from .errors import WebError
from .guandan_table import BOT_STRENGTHS, PRESET_NAMES, SEATS, GuandanTable, move_record
from .guandan_texts import TEXTS, move_name
from .i18n import detail
from .events import Ask, Commit, Event, Handlers, Later, Reply
from .protocol import MAX_CARDS, ClientMessage, FieldError, Raw, read_by, reading_below, server_message
from .selection import read_selection
from .tables import Action, Table
from .web_games import GameView, LobbyOption, UserBots, WebGame

HINT_MS = 200


def _table(table: Table) -> GuandanTable:
    return cast(GuandanTable, table)  # the server hands each game its own tables


# --- the view ----------------------------------------------------------------------

def _play_record(event: DealEvent, level: str) -> Dict[str, Any]:
    if event.kind == "play" and event.move is not None:
        return {"type": "play", "seat": event.seat, **move_record(event.move), "name": move_name(event.move, level)}
    if event.kind == "pass":
        return {"type": "pass", "seat": event.seat}
    return {"type": event.kind, "seat": event.seat, "to": event.to, "card": str(event.card)}


# Each deal's log records, built once per event instead of once per view: the
# log is the public record, the same for every seat, and only grows during a
# deal. Views share the record dicts and never change them.
_LOG_RECORDS: "weakref.WeakKeyDictionary[Deal, List[Dict[str, Any]]]" = weakref.WeakKeyDictionary()


def _log(deal: Deal, history: Sequence[DealEvent], level: str) -> List[Dict[str, Any]]:
    records = _LOG_RECORDS.setdefault(deal, [])
    if len(records) > len(history):  # not this deal's record after all: start again
        records.clear()
    records.extend(_play_record(event, level) for event in history[len(records):])
    return list(records)


def _tribute(observation: Observation) -> Optional[Dict[str, Any]]:
    plan = observation.tribute
    if plan is None:
        return None
    return {
        "cancelled": plan.cancelled,
        "payments": [list(p) for p in plan.payments],
        "paid": [{"seat": s, "to": t, "card": str(c)} for s, t, c in plan.paid],
        "returned": [{"seat": s, "to": t, "card": str(c)} for s, t, c in plan.returned],
    }


def _places(observation: Observation, over: bool, placing: List[int]) -> List[Optional[int]]:
    places: List[Optional[int]] = [None] * SEATS
    order = placing if over else list(observation.finishing_order)
    for place, seat in enumerate(order, 1):
        places[seat] = place
    return places


def _deal_view(table: GuandanTable, seat: Optional[int]) -> Dict[str, Any]:
    match = table.started_match()
    deal = match.deal
    observation = match.observation(0 if seat is None else seat)
    level = observation.level
    mine = seat is not None and observation.turn == seat
    give = None
    plan = observation.tribute
    if mine and plan is not None and observation.phase in ("tribute", "return"):
        index = len(plan.paid) if observation.phase == "tribute" else len(plan.returned)
        payer, receiver = plan.payments[index]
        give = {
            "kind": observation.phase,
            "options": [str(c) for c in deal.tribute_options()],
            "to": receiver if observation.phase == "tribute" else payer,
        }
    trick = None
    if observation.last_play is not None:
        trick = {"seat": observation.last_player, **move_record(observation.last_play), "name": move_name(observation.last_play, level)}
    remaining = None
    if observation.phase == "over":  # the deal is over: what the seats still hold is public
        remaining = [[str(c) for c in match.observation(s).hand.cards] for s in range(SEATS)]
    return {
        "number": len(match.deals),
        "level": level,
        "phase": observation.phase,
        "turn": observation.turn,
        "my_turn": mine,
        "hand": [] if seat is None else [str(c) for c in observation.hand.cards],
        "counts": list(observation.card_counts),
        "trick": trick,
        "can_pass": mine and observation.phase == "play" and observation.last_play is not None,
        "finishing_order": list(observation.finishing_order),
        "tribute": _tribute(observation),
        "give": give,
        "log": _log(deal, observation.history, level),
        "remaining": remaining,
    }


def _match_view(table: GuandanTable) -> Dict[str, Any]:
    match = table.match
    state = match.state if match is not None else None
    return {
        "ruleset": table.ruleset,
        "levels": list(state.levels) if state else ["2", "2"],
        "declarers": state.declarers if state else None,
        "winner": state.winner if state else None,
        "deal_number": len(match.deals) if match is not None else 0,
        "results": list(table.results),
    }


def view(table: Table, seat: Optional[int], coach_on: bool) -> GameView:
    table = _table(table)
    deal = table.deal
    deal_view = _deal_view(table, seat) if deal is not None else None
    over = deal is not None and deal.is_over
    places = _places(table.started_match().observation(0), over, deal.placing if over else []) if deal is not None else [None] * SEATS
    seats = [{"team": s % 2, "cards": deal_view["counts"][s] if deal_view else None, "place": places[s],
              "last": table.trick[s]} for s in range(SEATS)]
    return _match_view(table), deal_view, seats


# --- messages of play ------------------------------------------------------------------

def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise FieldError(TEXTS.text("card_text", where=where))
    try:
        return Card(value)
    except ValueError:
        raise WebError("bad_card", message=TEXTS.text("bad_card", card=value)) from None


def _cards(raw: Raw, name: str) -> Tuple[Card, ...]:
    cards = raw.get(name)
    if not isinstance(cards, list):
        raise FieldError(detail("cards_list"))
    if len(cards) > MAX_CARDS:
        raise FieldError(detail("at_most_cards", n=MAX_CARDS))
    return tuple(_card(c, "cards[]") for c in cards)


@dataclass(frozen=True)
class Select(ClientMessage):
    """Some cards of the hand: the server answers their readings (``selection``)."""
    TYPE = "select"
    cards: Tuple[Card, ...] = read_by(_cards)


@dataclass(frozen=True)
class PlayCards(ClientMessage):
    """Play these cards, as their ``reading``-th reading where there are several."""
    TYPE = "play"
    cards: Tuple[Card, ...] = read_by(_cards)
    reading: Optional[int] = read_by(reading_below(1000))


@dataclass(frozen=True)
class Pass(ClientMessage):
    TYPE = "pass"


@dataclass(frozen=True)
class Give(ClientMessage):
    """The card paid as tribute, or given back."""
    TYPE = "give"
    card: Card = read_by(lambda raw, name: _card(raw.get(name), name))


@dataclass(frozen=True)
class Hint(ClientMessage):
    TYPE = "hint"


def _select(ask: Ask, message: Select) -> List[Event]:
    table, seat = _table(ask.table), ask.own_seat()
    deal = table.deal
    if deal is None:
        raise WebError("wrong_phase", key="no_deal")
    found = read_selection(deal, seat, message.cards)
    readings = [{"index": i, **move_record(m), "name": name} for i, (m, name) in enumerate(zip(found.moves, found.names))]
    can_pass = not message.cards and deal.turn == seat and deal.can_pass()
    return [Reply(server_message("selection", cards=[str(c) for c in message.cards], readings=readings,
                                 reason=None if readings or can_pass else found.reason, **{"pass": can_pass}))]


def _played(ask: Ask, seat: int, move: Optional[Move]) -> List[Event]:
    """The play or pass, and with coach mode on the coach's word on it
    (coach.rate, from the deal as it was before)."""
    table = _table(ask.table)
    events: List[Event] = [Commit(table.move_action(seat, move))]
    if ask.coaching and table.deal is not None:
        before = table.deal.copy()

        def rate() -> Optional[Dict[str, Any]]:
            comment = coach.rate(before, seat, move, HINT_MS)
            return None if comment is None else server_message("coach", text=comment)

        events.append(Later(rate))
    return events


def _play(ask: Ask, message: PlayCards) -> List[Event]:
    seat = ask.own_seat()
    return _played(ask, seat, _table(ask.table).chosen_move(seat, message.cards, message.reading))


def _hint(ask: Ask, message: Hint) -> List[Event]:
    seat = ask.own_seat()
    deal = _table(ask.table).deal
    if deal is None or deal.phase != "play":
        raise WebError("wrong_phase", key="no_deal")
    if deal.turn != seat:
        raise WebError("not_your_turn")
    position = deal.copy()

    def search() -> Dict[str, Any]:
        found = coach.hint(position, seat, HINT_MS)
        shown: Optional[Dict[str, Any]] = None
        if found.move is not None:
            shown = {"index": 0, **move_record(found.move), "name": move_name(found.move, position.level)}
        return server_message("hint", cards=[] if shown is None else shown["cards"], reading=shown, reason=found.reason)

    return [Later(search)]


#: The game's layer of the protocol: its messages and their handlers.
HANDLERS: Handlers = {
    Select: _select,
    PlayCards: _play,
    Pass: lambda ask, message: _played(ask, ask.own_seat(), None),
    Give: lambda ask, message: [Commit(_table(ask.table).give_action(ask.own_seat(), message.card))],
    Hint: _hint,
}


# --- bots ------------------------------------------------------------------------------

def decide(table: Table, seat: int, bot: Any) -> Callable[[], Any]:
    """The bot's card (tribute or return phase) or move (None: pass), from a private copy of the deal."""
    table = _table(table)
    position = table.current_deal().copy()
    observation = position.observation(seat, table.match)

    def work() -> Any:
        # A bot of one's own may answer anything: an answer the deal does not
        # allow fails here, so the table plays the fallback instead.
        if position.phase in ("tribute", "return"):
            options = position.tribute_options()
            card = bot.choose_card(observation, options)
            if card not in options:
                raise ValueError(f"seat {seat} chose {card!r}, not one of {', '.join(map(str, options))}")
            return card
        moves, can_pass = position.legal_moves(), position.can_pass()
        move = bot.choose_move(observation, moves, can_pass)
        if (move is None and not can_pass) or (move is not None and move not in moves):
            raise ValueError(f"seat {seat} chose {move!r}, which it may not play now")
        return move

    return work


def bot_action(table: Table, seat: int, decision: Any) -> Action:
    """A bot's decision as the table's action."""
    table = _table(table)
    if isinstance(decision, Card):
        return table.give_action(seat, decision)
    return table.move_action(seat, decision)


def fallback(table: Table, seat: int) -> Any:
    deal = _table(table).current_deal()
    if deal.phase in ("tribute", "return"):
        return deal.tribute_options()[0]
    return None if deal.can_pass() else deal.legal_moves()[0]


def _log_of(table: Table, players: List[Dict[str, Optional[str]]]) -> Dict[str, Any]:
    return match_log(_table(table).started_match(), players=players)


def _make_bot(strength: str, seed: int) -> Any:
    return BOT_STRENGTHS[strength](seed)


WEB_GAME = WebGame(
    name="guandan", table=GuandanTable, seats=(SEATS, SEATS), default_seats=SEATS,
    strengths=tuple(BOT_STRENGTHS), default_strength="rule", make_bot=_make_bot, view=view,
    lobby=(LobbyOption("ruleset", "standard", choices=tuple(sorted(PRESET_NAMES, key=lambda n: n != "standard"))),), texts=TEXTS, page="table.html",
    replay_page="replay.html",
    handlers=HANDLERS, decide=decide, bot_action=bot_action, fallback=fallback, log=_log_of,
    user_bots=UserBots(make=bot_object, is_bot=is_bot, methods="choose_move and choose_card"),
)