"""What a handler is given and what it returns (``docs/web.md §4``).

A handler answers one typed message (``protocol.ClientMessage``) from one
person: it reads the table, checks, and returns *events*, what is to
happen; it changes nothing itself and never sees the server's other tables
or connections. The table's room (``room.Room``) then applies the events in
order: actions are stored, then applied, then every seat is sent its view.

There is one handler table per layer: the room's (``room_messages.py``)
and each game's (``WebGame.handlers``), each mapping a message class to
its handler.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Type, Union

from .errors import WebError
from .protocol import ClientMessage
from .tables import Action, Table


@dataclass(frozen=True)
class Ask:
    """Who sends a message, at which table: the table (to read, not to
    change), the player, their seat (None: not seated) and their name."""
    table: Table
    player: str
    seat: Optional[int]
    name: str = ""

    def own_seat(self) -> int:
        """The asker's seat, for what only a seated person who has not
        stepped away may do (``not_seated``, ``away`` otherwise)."""
        if self.seat is None:
            raise WebError("not_seated")
        if self.seat in self.table.away:
            raise WebError("away")
        return self.seat

    @property
    def coaching(self) -> bool:
        """Whether the asker turned coach mode on."""
        return self.seat is not None and self.seat in self.table.coached


@dataclass(frozen=True)
class Commit:
    """An action to store and apply. Every seat is then sent its view,
    unless ``quiet`` (a chat line goes out as itself, not in a view)."""
    action: Action
    quiet: bool = False


@dataclass(frozen=True)
class Reply:
    """An answer to the asker: a server message (``protocol.server_message``)
    on the websocket, with the request's ``ref``; the JSON body over HTTP."""
    message: Dict[str, Any]


@dataclass(frozen=True)
class Broadcast:
    """A message to everyone at the table, built from the table once the
    events before it are applied (a chat line carries its number and time)."""
    message: Callable[[Table], Dict[str, Any]]


@dataclass(frozen=True)
class Later:
    """Work for the thread pool once the events before it are applied (a
    hint's search, the coach's look at a play); what it returns, if
    anything, goes to the asker as a Reply would."""
    work: Callable[[], Optional[Dict[str, Any]]]


Event = Union[Commit, Reply, Broadcast, Later]
Handler = Callable[[Ask, Any], List[Event]]
#: A layer's handlers: a message class to its handler.
Handlers = Mapping[Type[ClientMessage], Handler]


def commit(action: Optional[Action], quiet: bool = False) -> List[Event]:
    """The events of one action that may be None (nothing to do)."""
    return [] if action is None else [Commit(action, quiet)]
