"""What one person at a table is sent: the seat view (``docs/web.md §5``).

Built from the engine's :class:`~guandan.observation.Observation` of the
viewer's seat: its own hand and the public record only. A viewer without a
seat gets the public record and no hand. Nothing here reads ``deal.hands``,
so no other seat's hidden card can reach a browser.
"""

from __future__ import annotations

import weakref
from typing import Any, Collection, Dict, List, Mapping, Optional, Sequence

from ..deal import Deal
from ..events import Event
from ..observation import Observation
from .i18n import move_name
from .protocol import server_message
from .tables import Table, move_record


def table_summary(table: Table, names: Mapping[str, str]) -> Dict[str, Any]:
    return {
        "code": table.code,
        "link": f"/t/{table.code}",
        "host": table.host,
        "host_name": names.get(table.host, ""),
        "ruleset": table.ruleset,
        "bots": table.bots,
        "public": table.public,
        "status": table.status,
        "seats": [None if p is None else {"name": names.get(p, ""), "human": True} for p in table.seats],
        "humans": table.humans,
    }


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
    places: List[Optional[int]] = [None] * 4
    order = placing if over else list(observation.finishing_order)
    for place, seat in enumerate(order, 1):
        places[seat] = place
    return places


def _deal_view(table: Table, seat: Optional[int]) -> Dict[str, Any]:
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
    }


def _match_view(table: Table) -> Dict[str, Any]:
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


def seat_view(table: Table, viewer: Optional[str], names: Mapping[str, str], present: Collection[str],
              coach: bool = False) -> Dict[str, Any]:
    """The ``view`` message for ``viewer`` (a player id, or None)."""
    seat = None if viewer is None else table.seat_of(viewer)
    is_host = viewer is not None and viewer == table.host
    deal = table.deal
    deal_view = _deal_view(table, seat) if deal is not None else None
    over = deal is not None and deal.is_over
    places = _places(table.started_match().observation(0), over, deal.placing if over else []) if deal is not None else [None] * 4
    seats = []
    for s, player in enumerate(table.seats):
        bot_plays = table.status != "waiting" and (player is None or s in table.away)
        seats.append({
            "seat": s,
            "team": s % 2,
            "name": None if player is None else names.get(player, ""),
            "human": player is not None,
            "present": player is not None and player in present,
            "away": s in table.away,
            "bot": table.bots if bot_plays else None,
            "cards": deal_view["counts"][s] if deal_view else None,
            "place": places[s],
            "last": table.trick[s],
            "ready": s in table.ready,
        })
    people = lambda ids: [{"player": p, "name": names.get(p, "")} for p in ids]  # noqa: E731
    return server_message(
        "view",
        seq=table.actions,
        table={
            **table_summary(table, names),
            "requests": people(table.requests) if is_host else [],
            "removed": people(table.removed) if is_host else [],
        },
        me={
            "player": viewer,
            "seat": seat,
            "host": is_host,
            "away": seat is not None and seat in table.away,
            "coach": coach,
            "requested": viewer in table.requests,
            "rejected": viewer in table.rejected,
            "removed": viewer in table.removed,
        },
        seats=seats,
        match=_match_view(table),
        deal=deal_view,
        chat=list(table.chat),
    )
