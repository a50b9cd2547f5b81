"""What one person at a table is sent: the seat view (``docs/web.md §5``).

The table's part (its seats, people, chat) is built here; what the viewer
sees of the game (``match``, ``deal`` and each seat's cards and last
action) comes from the table's game (``WebGame.view``), which builds it
from the engine's observation of the viewer's seat: its own hand and the
public record only, so no other seat's hidden card can reach a browser.
"""

from __future__ import annotations

from typing import Any, Collection, Dict, List, Mapping, Optional

from .protocol import server_message
from .tables import Table
from .web_games import web_game


def table_summary(table: Table, names: Mapping[str, str]) -> Dict[str, Any]:
    return {
        "code": table.code,
        "link": f"/t/{table.code}",
        "game": table.GAME,
        "host": table.host,
        "host_name": names.get(table.host, ""),
        "ruleset": table.options.get("ruleset"),
        "options": dict(table.options),
        "bots": table.bots,
        "public": table.public,
        "status": table.status,
        "seats": [None if p is None else {"name": names.get(p, ""), "human": True} for p in table.seats],
        "humans": table.humans,
        "clock": table.clock,
        "solo": table.solo,
    }


def seat_players(table: Table, names: Mapping[str, str]) -> List[Dict[str, Optional[str]]]:
    """Who plays each seat, for a log or a replay: a person by their name, a
    bot by its strength."""
    return [{"name": None, "bot": table.bots} if p is None else {"name": names.get(p, ""), "bot": None}
            for p in table.seats]


def seat_view(table: Table, viewer: Optional[str], names: Mapping[str, str], present: Collection[str],
              coach: bool = False, clock: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The ``view`` message for ``viewer`` (a player id, or None); ``clock``
    is the running turn clock (Rooms.clock_of), if any."""
    seat = None if viewer is None else table.seat_of(viewer)
    is_host = viewer is not None and viewer == table.host
    match_view, deal_view, game_seats = web_game(table.GAME).view(table, seat, coach)
    seats = []
    for s, player in enumerate(table.seats):
        bot_plays = table.status != "waiting" and (player is None or s in table.away)
        seats.append({
            "seat": s,
            "name": None if player is None else names.get(player, ""),
            "human": player is not None,
            "present": player is not None and player in present,
            "away": s in table.away,
            "timeouts": table.timeouts.get(s, 0),
            "bot": table.bots if bot_plays else None,
            **game_seats[s],
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
        clock=clock,
        match=match_view,
        deal=deal_view,
        chat=list(table.chat),
    )
