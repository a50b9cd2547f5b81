"""A table: its seats and people, and the game played at it, as one state
machine over the engine. This file holds what every game's table shares:
the seats, the people (host, requests, removals, stepping away), chat and
the table's life (waiting, playing, over, ended). What a game adds (its
state, its actions, the end of a deal) is a subclass, one per game:
``guandan_table.py``, ``gdy_table.py``.

Every change is an :class:`Action` (a kind and a JSON-able dict). The
``*_action`` methods check who asks and whether the engine allows it, and
return the action without changing anything; :meth:`Table.commit` hands it
to ``on_action`` (the store), then applies it, before anything is broadcast. :meth:`Table.apply`
is the only place the state changes, and the same actions read back from the
database rebuild the table exactly (``docs/web.md §6``). Checks come before
any change, so a refused action leaves the table as it was.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Set

from .errors import WebError
from .i18n import detail

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CHAT_KEPT = 50
#: Timeouts in a row after which a seat goes to a bot until its player is back.
TIMEOUTS_TO_AWAY = 2
#: The actions of the table itself; every other kind is the game's, and
#: carries the seat that acted.
TABLE_ACTIONS = ("join", "request", "reject", "remove", "allow", "start", "away", "leave", "end", "chat", "ready",
                 "deal", "timeout", "coach")

OnAction = Callable[[str, int, str, Dict[str, Any]], None]


@dataclass(frozen=True)
class Action:
    """One change to a table, as it is stored: its kind and JSON-able data.
    A table's ``*_action`` methods check a request and return its action;
    :meth:`Table.commit` stores and applies it."""
    kind: str
    data: Mapping[str, Any]


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """The code in canonical (upper) case; ``no_table`` for a malformed one."""
    code = code.upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise WebError("no_table")
    return code


class Table:
    """The shared part of every game's table. A game's subclass sets
    ``GAME`` and implements the hooks at the end of this class."""

    GAME = ""

    def __init__(self, code: str, host: str, options: Mapping[str, Any], bots: str, public: bool, seed: int,
                 seats: int, created: float = 0.0, on_action: Optional[OnAction] = None) -> None:
        self.code = code
        self.host = host
        self.options = dict(options)  # the game's own settings (Guandan's ruleset, Gan Deng Yan's target)
        self.bots = bots
        self.public = public
        self.seed = seed
        self.created = created or time.time()
        self.on_action = on_action
        self._lock = threading.RLock()
        self.status = "waiting"  # waiting | playing | over | ended
        self.seats: List[Optional[str]] = [None] * seats
        self.away: Set[int] = set()
        self.requests: List[str] = []
        self.removed: List[str] = []
        # Requests the host turned down, so the page can say so (asking again
        # is allowed and clears the mark).
        self.rejected: List[str] = []
        self.ready: Set[int] = set()
        self.results: List[Dict[str, Any]] = []  # one record per finished deal, the game's own fields
        self.chat: List[Dict[str, Any]] = []
        self.actions = 0  # the number of the next action
        self.last_active = self.created  # when the last action was taken
        # The turn clock (docs/web.md §6): timeouts in a row per seat, and the
        # seat a bot plays for this one turn after its clock ran out.
        self.timeouts: Dict[int, int] = {}
        self.stand_in: Optional[int] = None
        self.coached: Set[int] = set()  # seats whose person turned coach mode on

    # --- reading -------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def seat_of(self, player: str) -> Optional[int]:
        return self.seats.index(player) if player in self.seats else None

    @property
    def humans(self) -> int:
        return sum(p is not None for p in self.seats)

    @property
    def clock(self) -> int:
        """Seconds a person has for a turn (0: no clock)."""
        return int(self.options.get("clock", 0))

    @property
    def solo(self) -> bool:
        """A game against bots: it takes no other person."""
        return bool(self.options.get("solo", False))

    def is_bot_turn(self) -> bool:
        """Whether the seat to act is played by a bot now."""
        seat = self.turn if self.status == "playing" and self.has_game else None
        return seat is not None and (self.seats[seat] is None or seat in self.away or seat == self.stand_in)

    def awaited_person(self) -> Optional[int]:
        """The seat whose person the table waits for in the deal (a person's
        turn, no bot standing in), or None."""
        seat = self.turn if self.status == "playing" and self.has_game else None
        if seat is None or self.is_bot_turn():
            return None
        return seat

    # --- committing --------------------------------------------------------------
    def commit(self, action: Optional[Action]) -> None:
        """Store a checked action, then apply it (None: nothing to do): a store
        that fails leaves the table as it was, so memory and database never
        part. The lock keeps two threads from numbering two actions alike (the
        server runs one event loop; a test client runs one per person)."""
        if action is None:
            return
        with self._lock:
            data = dict(action.data)
            if self.on_action is not None:
                self.on_action(self.code, self.actions, action.kind, data)
            self.apply(action.kind, data)

    def apply(self, kind: str, data: Dict[str, Any], at: Optional[float] = None) -> None:
        """Apply one checked action (live, or read back from the database)."""
        at = time.time() if at is None else at
        getattr(self, "_apply_" + kind)(data, at)
        self.actions += 1
        self.last_active = at
        if kind not in TABLE_ACTIONS and "seat" in data:  # a turn of the game was taken
            seat = data["seat"]
            if seat == self.stand_in:
                self.stand_in = None  # the bot has played the timed-out turn
            elif seat not in self.away:
                self.timeouts.pop(seat, None)  # the person played: the count starts again

    # --- what may change: each change checked, then returned as its action --------
    # These read the table and never change it: a handler returns the action
    # and the table's room commits it (rooms.Room.apply). None: nothing to do.
    def _check_host(self, by: str) -> None:
        if by != self.host:
            raise WebError("not_host")

    def _check_open(self) -> None:
        if self.status == "ended":
            raise WebError("no_table")

    def _check_seat_number(self, seat: Any) -> int:
        if type(seat) is not int or seat not in range(self.seat_count):
            raise WebError("bad_request", detail=detail("range", field="seat", low=0, high=self.seat_count - 1))
        return seat

    def _free_seat(self, wanted: Optional[int]) -> int:
        if wanted is not None:
            if self.seats[self._check_seat_number(wanted)] is not None:
                raise WebError("seat_taken")
            return wanted
        for seat in range(self.seat_count):
            if self.seats[seat] is None:
                return seat
        raise WebError("table_full")

    def _check_not_solo(self, player: str) -> None:
        if self.solo and player != self.host:
            raise WebError("solo_table")

    def join_action(self, player: str, seat: Optional[int] = None) -> Optional[Action]:
        """Join by code: a free seat before the start; a request after it
        (None: ``player`` is seated already)."""
        self._check_open()
        if player in self.seats:
            return None
        self._check_not_solo(player)
        if player in self.removed:
            raise WebError("removed")
        if self.status != "waiting":
            return self.request_action(player)
        return Action("join", {"player": player, "seat": self._free_seat(seat)})

    def request_action(self, player: str) -> Optional[Action]:
        self._check_open()
        self._check_not_solo(player)
        if player in self.removed:
            raise WebError("removed")
        if player in self.seats or player in self.requests:
            return None
        if all(p is not None for p in self.seats):
            # Every seat holds a person: the host would have none to give.
            raise WebError("table_full", key="full_no_request")
        return Action("request", {"player": player})

    def approve_action(self, by: str, player: str, seat: Optional[int] = None) -> Action:
        self._check_open()
        self._check_host(by)
        if player not in self.requests:
            raise WebError("no_request")
        return Action("join", {"player": player, "seat": self._free_seat(seat)})

    def reject_action(self, by: str, player: str) -> Action:
        self._check_open()
        self._check_host(by)
        if player not in self.requests:
            raise WebError("no_request")
        return Action("reject", {"player": player})

    def remove_action(self, by: str, seat: int) -> Action:
        self._check_open()
        self._check_host(by)
        seat = self._check_seat_number(seat)
        if self.seats[seat] is None:
            raise WebError("not_seated")
        if self.seats[seat] == by:
            raise WebError("bad_request", detail=detail("host_own_seat"))
        return Action("remove", {"seat": seat})

    def allow_action(self, by: str, player: str) -> Action:
        self._check_open()
        self._check_host(by)
        if player not in self.removed:
            raise WebError("no_request")
        return Action("allow", {"player": player})

    def start_action(self, by: str, anyway: bool = False, solo: bool = False) -> Action:
        self._check_open()
        self._check_host(by)
        if self.status != "waiting":
            raise WebError("wrong_phase", key="match_under_way")
        if self.humans < 2 and not solo:
            raise WebError("too_few_players")
        if self.humans < self.seat_count and not anyway:
            raise WebError("not_full")
        return Action("start", {})

    def away_action(self, player: str, away: bool) -> Optional[Action]:
        self._check_open()
        seat = self._seated(player)
        return Action("away", {"seat": seat, "away": away}) if (seat in self.away) != away else None

    def leave_action(self, player: str) -> Action:
        self._check_open()
        return Action("leave", {"seat": self._seated(player)})

    def end_action(self, by: Optional[str] = None) -> Action:
        """The host ends the table (``by`` None: the server, for an idle table)."""
        self._check_open()
        if by is not None:
            self._check_host(by)
        return Action("end", {})

    def coach_action(self, seat: int, on: bool) -> Optional[Action]:
        """Coach mode for ``seat`` (kept over a restart, as every action is)."""
        return Action("coach", {"seat": seat, "on": on}) if (seat in self.coached) != on else None

    def chat_action(self, player: str, name: str, line: str) -> Action:
        return Action("chat", {"seat": self._seated(player), "name": name, "text": line})

    def _seated(self, player: str) -> int:
        seat = self.seat_of(player)
        if seat is None:
            raise WebError("not_seated")
        return seat

    # --- between deals -----------------------------------------------------------
    def ready_action(self, seat: int) -> Optional[Action]:
        if self.status != "playing" or not self.has_game or not self.deal_over:
            raise WebError("wrong_phase", key="deal_not_over")
        return None if seat in self.ready else Action("ready", {"seat": seat})

    def timeout_action(self, seat: int) -> Action:
        """The clock ran out on ``seat``'s turn: a bot plays it, and after
        TIMEOUTS_TO_AWAY in a row the seat goes to a bot until *I'm back*."""
        if self.awaited_person() != seat:
            raise WebError("wrong_phase", key="no_deal")
        return Action("timeout", {"seat": seat})

    def next_deal_action(self) -> Action:
        if self.status != "playing" or not self.has_game or not self.deal_over:
            raise WebError("wrong_phase", key="deal_not_over")
        return Action("deal", {})

    # --- applying ------------------------------------------------------------
    def _apply_join(self, data: Dict[str, Any], at: float) -> None:
        player, seat = data["player"], data["seat"]
        if player in self.requests:
            self.requests.remove(player)
        self.seats[seat] = player
        self.away.discard(seat)
        self.timeouts.pop(seat, None)

    def _apply_request(self, data: Dict[str, Any], at: float) -> None:
        self.requests.append(data["player"])
        if data["player"] in self.rejected:
            self.rejected.remove(data["player"])

    def _apply_reject(self, data: Dict[str, Any], at: float) -> None:
        self.requests.remove(data["player"])
        self.rejected.append(data["player"])

    def _vacate(self, seat: int) -> None:
        self.seats[seat] = None
        self.away.discard(seat)
        self.ready.discard(seat)
        self.timeouts.pop(seat, None)
        self.coached.discard(seat)

    def _apply_remove(self, data: Dict[str, Any], at: float) -> None:
        seat = data["seat"]
        self.removed.append(self.seats[seat])
        self._vacate(seat)

    def _apply_allow(self, data: Dict[str, Any], at: float) -> None:
        self.removed.remove(data["player"])

    def _apply_start(self, data: Dict[str, Any], at: float) -> None:
        self.status = "playing"
        self.start_game()

    def _apply_away(self, data: Dict[str, Any], at: float) -> None:
        (self.away.add if data["away"] else self.away.discard)(data["seat"])
        self.timeouts.pop(data["seat"], None)

    def _apply_coach(self, data: Dict[str, Any], at: float) -> None:
        (self.coached.add if data["on"] else self.coached.discard)(data["seat"])

    def _apply_timeout(self, data: Dict[str, Any], at: float) -> None:
        seat = data["seat"]
        self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
        if self.timeouts[seat] >= TIMEOUTS_TO_AWAY:
            self.away.add(seat)
        else:
            self.stand_in = seat

    def _apply_leave(self, data: Dict[str, Any], at: float) -> None:
        seat = data["seat"]
        leaving = self.seats[seat]
        self._vacate(seat)
        if leaving == self.host:
            # The next person in seat order hosts; nobody left ends the table.
            n = self.seat_count
            following = [self.seats[(seat + k) % n] for k in range(1, n)]
            people = [p for p in following if p is not None]
            if people:
                self.host = people[0]
            else:
                self.status = "ended"

    def _apply_end(self, data: Dict[str, Any], at: float) -> None:
        self.status = "ended"

    def _apply_chat(self, data: Dict[str, Any], at: float) -> None:
        self.chat.append({"n": self.actions, "seat": data["seat"], "name": data["name"], "text": data["text"], "at": at})
        del self.chat[:-CHAT_KEPT]

    def _apply_ready(self, data: Dict[str, Any], at: float) -> None:
        self.ready.add(data["seat"])

    def _apply_deal(self, data: Dict[str, Any], at: float) -> None:
        self.ready.clear()
        self.start_next_deal()

    # --- what each game's table implements ------------------------------------------
    @property
    def has_game(self) -> bool:
        """Whether the game has started (its state exists)."""
        raise NotImplementedError

    @property
    def turn(self) -> Optional[int]:
        """The seat to act in the current deal; None between deals or before the start."""
        raise NotImplementedError

    @property
    def deal_over(self) -> bool:
        """Whether the current deal is over (the table waits for the next)."""
        raise NotImplementedError

    def start_game(self) -> None:
        """Create the game's state from ``options`` and ``seed`` (the start action)."""
        raise NotImplementedError

    def start_next_deal(self) -> None:
        """Deal the next deal (the deal action)."""
        raise NotImplementedError
