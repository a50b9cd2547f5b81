"""The room's layer of the protocol: the messages every table takes, whatever
its game, and their handlers (``docs/web.md §3, §4``).

On the websocket: ``ping``, ``chat``, ``coach`` (coach mode on or off) and
``next`` (ready for the next deal). Over HTTP, ``POST
/api/tables/{code}/{type}`` with the fields as the JSON body: the table
actions ``join``, ``request``, ``approve``, ``reject``, ``remove``,
``allow``, ``start``, ``away``, ``leave`` and ``end``. Each handler reads
the table and returns events (events.py); the room applies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from .events import Ask, Broadcast, Commit, Event, Handlers, Reply, commit
from .protocol import (
    ClientMessage, flag, flag_or, message_types, optional_seat, player_id, read_by, seat_number, server_message,
)
from .sessions import chat_text
from .tables import Table


# --- the websocket's messages ----------------------------------------------------------

@dataclass(frozen=True)
class Ping(ClientMessage):
    TYPE = "ping"


@dataclass(frozen=True)
class Chat(ClientMessage):
    TYPE = "chat"
    text: str = read_by(lambda raw, name: chat_text(raw.get(name)))


@dataclass(frozen=True)
class Coach(ClientMessage):
    """Coach mode on or off."""
    TYPE = "coach"
    on: bool = read_by(flag)


@dataclass(frozen=True)
class Next(ClientMessage):
    """Ready for the next deal."""
    TYPE = "next"


# --- the table actions (HTTP) ----------------------------------------------------------

@dataclass(frozen=True)
class Join(ClientMessage):
    """Join by code: a seat (the first free one when None) before the
    start, a request to the host after it."""
    TYPE = "join"
    seat: Optional[int] = read_by(optional_seat)


@dataclass(frozen=True)
class Request(ClientMessage):
    TYPE = "request"


@dataclass(frozen=True)
class Approve(ClientMessage):
    """The host seats a player who asked (at ``seat``, or the first free one)."""
    TYPE = "approve"
    player: str = read_by(player_id)
    seat: Optional[int] = read_by(optional_seat)


@dataclass(frozen=True)
class Reject(ClientMessage):
    TYPE = "reject"
    player: str = read_by(player_id)


@dataclass(frozen=True)
class Remove(ClientMessage):
    """The host removes the person at ``seat`` (a bot plays it)."""
    TYPE = "remove"
    seat: int = read_by(seat_number)


@dataclass(frozen=True)
class Allow(ClientMessage):
    """The host lets a removed player ask again."""
    TYPE = "allow"
    player: str = read_by(player_id)


@dataclass(frozen=True)
class Start(ClientMessage):
    """The host starts the match (``anyway``: with bots in the empty seats)."""
    TYPE = "start"
    anyway: bool = read_by(flag_or(False))


@dataclass(frozen=True)
class Away(ClientMessage):
    """Step away (a bot plays the seat) or come back."""
    TYPE = "away"
    away: bool = read_by(flag_or(True))


@dataclass(frozen=True)
class Leave(ClientMessage):
    TYPE = "leave"


@dataclass(frozen=True)
class End(ClientMessage):
    TYPE = "end"


SOCKET_MESSAGES = message_types([Ping, Chat, Coach, Next])
TABLE_ACTIONS = message_types([Join, Request, Approve, Reject, Remove, Allow, Start, Away, Leave, End])


# --- the handlers ------------------------------------------------------------------------

def _reply(**fields: Any) -> Reply:
    return Reply(dict(fields))


def _chat_line(table: Table) -> Dict[str, Any]:
    return server_message("chat", line=table.chat[-1])


def _chat(ask: Ask, message: Chat) -> List[Event]:
    action = ask.table.chat_action(ask.player, ask.name, message.text)
    return [Commit(action, quiet=True), Broadcast(_chat_line)]


def _join(ask: Ask, message: Join) -> List[Event]:
    table = ask.table
    action = table.join_action(ask.player, message.seat)
    if action is None:  # seated already, or asked already once the match is on
        seated = table.seat_of(ask.player)
        return [_reply(seat=seated) if seated is not None else _reply(seat=None, requested=True)]
    if action.kind == "request":
        return [Commit(action), _reply(seat=None, requested=True)]
    return [Commit(action), _reply(seat=action.data["seat"])]


def _approve(ask: Ask, message: Approve) -> List[Event]:
    action = ask.table.approve_action(ask.player, message.player, message.seat)
    return [Commit(action), _reply(seat=action.data["seat"])]


def _start(ask: Ask, message: Start) -> List[Event]:
    table = ask.table
    return [Commit(table.start_action(ask.player, anyway=message.anyway)),
            _reply(table={"code": table.code, "status": "playing"})]


ROOM_HANDLERS: Handlers = {
    Ping: lambda ask, message: [Reply(server_message("pong"))],
    Chat: _chat,
    Coach: lambda ask, message: commit(ask.table.coach_action(ask.own_seat(), message.on)),
    Next: lambda ask, message: commit(ask.table.ready_action(ask.own_seat())),
    Join: _join,
    Request: lambda ask, message: [*commit(ask.table.request_action(ask.player)), _reply(requested=True)],
    Approve: _approve,
    Reject: lambda ask, message: commit(ask.table.reject_action(ask.player, message.player)),
    Remove: lambda ask, message: commit(ask.table.remove_action(ask.player, message.seat)),
    Allow: lambda ask, message: commit(ask.table.allow_action(ask.player, message.player)),
    Start: _start,
    Away: lambda ask, message: commit(ask.table.away_action(ask.player, message.away)),
    Leave: lambda ask, message: commit(ask.table.leave_action(ask.player)),
    End: lambda ask, message: commit(ask.table.end_action(ask.player)),
}
