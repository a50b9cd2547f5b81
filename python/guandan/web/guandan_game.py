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
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, cast

from .._core import Card
from ..gd.deal import Deal
from ..gd.events import Event
from ..gd.log import match_log
from ..gd.observation import Observation
from ..gd.players import bot_object, is_bot
from . import coach
from .errors import WebError
from .guandan_table import BOT_STRENGTHS, SEATS, GuandanTable, check_options, move_record
from .i18n import detail, move_name
from .protocol import MAX_CARDS, Message, bad_field, reading, server_message
from .selection import read_selection
from .tables import Table
from .web_games import GameView, UserBots, WebGame

if TYPE_CHECKING:  # pragma: no cover
    from .rooms import Connection, Rooms

HINT_MS = 200


def _table(table: Table) -> GuandanTable:
    return cast(GuandanTable, table)  # the server hands each game its own tables


# --- the view ----------------------------------------------------------------------

def _play_record(event: Event, level: str) -> Dict[str, Any]:
    if event.kind == "play" and event.move is not None:
        return {"type": "play", "seat": event.seat, **move_record(event.move), "name": move_name(event.move, level)}
    if event.kind == "pass":
        return {"type": "pass", "seat": event.seat}
    return {"type": event.kind, "seat": event.seat, "to": event.to, "card": str(event.card)}


# Each deal's log records, built once per event instead of once per view: the
# log is the public record, the same for every seat, and only grows during a
# deal. Views share the record dicts and never change them.
_LOG_RECORDS: "weakref.WeakKeyDictionary[Deal, List[Dict[str, Any]]]" = weakref.WeakKeyDictionary()


def _log(deal: Deal, history: Sequence[Event], level: str) -> List[Dict[str, Any]]:
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
        raise bad_field(detail("card_text", where=where))
    try:
        return Card(value)
    except ValueError:
        raise WebError("bad_card", card=value) from None


def _cards(raw: Dict[str, Any]) -> List[Card]:
    cards = raw.get("cards")
    if not isinstance(cards, list):
        raise bad_field(detail("cards_list"))
    if len(cards) > MAX_CARDS:
        raise bad_field(detail("at_most_cards", n=MAX_CARDS))
    return [_card(c, "cards[]") for c in cards]


MESSAGES: Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]] = {
    "select": lambda raw: {"cards": _cards(raw)},
    "play": lambda raw: {"cards": _cards(raw), "reading": reading(raw, below=1000)},
    "pass": lambda raw: {},
    "give": lambda raw: {"card": _card(raw.get("card"), "card")},
    "hint": lambda raw: {},
}


async def handle(rooms: "Rooms", table: Table, connection: "Connection", seat: int, message: Message) -> None:
    table = _table(table)
    kind = message.type
    if kind == "select":
        connection.send(_selection(table, seat, message))
    elif kind == "hint":
        await _hint(rooms, table, seat, connection, message)
    elif kind == "give":
        if message.card is None:  # parse requires one; a hand-built message may not
            raise WebError("bad_message", detail=detail("give_needs_card"))
        table.give(seat, message.card)
        rooms.changed(table)
    elif kind in ("play", "pass"):
        await _play(rooms, table, seat, connection, message)


def _selection(table: GuandanTable, seat: int, message: Message) -> Dict[str, Any]:
    deal = table.deal
    if deal is None:
        raise WebError("wrong_phase", key="no_deal")
    found = read_selection(deal, seat, message.cards)
    readings = [{"index": i, **move_record(m), "name": name} for i, (m, name) in enumerate(zip(found.moves, found.names))]
    can_pass = not message.cards and deal.turn == seat and deal.can_pass()
    return server_message("selection", ref=message.ref, cards=[str(c) for c in message.cards],
                          readings=readings, reason=None if readings or can_pass else found.reason, **{"pass": can_pass})


async def _play(rooms: "Rooms", table: GuandanTable, seat: int, connection: "Connection", message: Message) -> None:
    before = table.deal.copy() if rooms.coaching(table, seat) and table.deal is not None else None
    if message.type == "pass":
        table.play_move(seat, None)
        move = None
    else:
        move = table.play_cards(seat, message.cards, message.reading)
    rooms.changed(table)
    if before is not None:
        comment = await rooms.runner.run(lambda: coach.rate(before, seat, move, HINT_MS))
        if comment is not None:
            rooms.send_to(table, connection.player, server_message("coach", text=comment))


async def _hint(rooms: "Rooms", table: GuandanTable, seat: int, connection: "Connection", message: Message) -> None:
    deal = table.deal
    if deal is None or deal.phase != "play":
        raise WebError("wrong_phase", key="no_deal")
    if deal.turn != seat:
        raise WebError("not_your_turn")
    position = deal.copy()
    found = await rooms.runner.run(lambda: coach.hint(position, seat, HINT_MS))
    reading: Optional[Dict[str, Any]] = None
    if found.move is not None:
        reading = {"index": 0, **move_record(found.move), "name": move_name(found.move, position.level)}
    connection.send(server_message("hint", ref=message.ref, cards=[] if reading is None else reading["cards"],
                                   reading=reading, reason=found.reason))


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


def act(table: Table, seat: int, decision: Any) -> None:
    table = _table(table)
    if isinstance(decision, Card):
        table.give(seat, decision)
    else:
        table.play_move(seat, decision)


def fallback(table: Table, seat: int) -> Any:
    deal = _table(table).current_deal()
    if deal.phase in ("tribute", "return"):
        return deal.tribute_options()[0]
    return None if deal.can_pass() else deal.legal_moves()[0]


def _options(body: Mapping[str, Any]) -> Dict[str, Any]:
    ruleset = body.get("ruleset", "standard")
    check_options(ruleset, "rule")
    return {"ruleset": ruleset}


def _log_of(table: Table, players: List[Dict[str, Optional[str]]]) -> Dict[str, Any]:
    return match_log(_table(table).started_match(), players=players)


def _make_bot(strength: str, seed: int) -> Any:
    return BOT_STRENGTHS[strength](seed)


WEB_GAME = WebGame(
    name="guandan", table=GuandanTable, seats=(SEATS, SEATS), default_seats=SEATS,
    strengths=tuple(BOT_STRENGTHS), default_strength="rule", options=_options, make_bot=_make_bot, view=view,
    messages=MESSAGES, handle=handle, decide=decide, act=act, fallback=fallback, log=_log_of,
    user_bots=UserBots(make=bot_object, is_bot=is_bot, methods="choose_move and choose_card"),
)