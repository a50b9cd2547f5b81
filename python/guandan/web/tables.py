"""A table: its seats and people, and the match played at it, as one state
machine over the engine.

Every change is an *action* (a kind and a JSON-able dict). The methods named
after the lobby and game actions check who asks and whether the engine
allows it, then :meth:`Table.commit` applies the action and hands it to
``on_action`` (the store) before anything is broadcast. :meth:`Table.apply`
is the only place the state changes, and the same actions read back from the
database rebuild the table exactly (``docs/web.md §6``). Checks come before
any change, so a refused action leaves the table as it was.
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Set

from .._core import Card, Move
from ..bots import Bot, RuleBot, SearchBot, SimpleBot
from ..deal import Deal
from ..match import Match
from ..ruleset import PRESET_NAMES
from .errors import WebError
from .i18n import phase_name, text
from .selection import read_selection

#: Web bot strengths and the bots they play with, each the bot of that name
#: everywhere (``guandan.bots.BOTS``): simple the smallest-combination player,
#: rule the planning player, search the search bot at 300 ms a decision
#: (docs/web.md).
BOT_STRENGTHS: Dict[str, Callable[[Optional[int]], Bot]] = {
    "simple": lambda seed: SimpleBot(),
    "rule": lambda seed: RuleBot(seed),
    "search": lambda seed: SearchBot(seed, think_ms=300),
}

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CHAT_KEPT = 50

OnAction = Callable[[str, int, str, Dict[str, Any]], None]


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """The code in canonical (upper) case; ``no_table`` for a malformed one."""
    code = code.upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise WebError("no_table")
    return code


def check_options(ruleset: Any, bots: Any) -> None:
    # Names are strings: a list or an object from a request body is refused
    # here, before it reaches a lookup that would fail on an unhashable key.
    if not isinstance(ruleset, str) or ruleset not in PRESET_NAMES:
        raise WebError("bad_request", detail=f"ruleset must be one of {', '.join(PRESET_NAMES)}")
    if not isinstance(bots, str) or bots not in BOT_STRENGTHS:
        raise WebError("bad_request", detail=f"bots must be one of {', '.join(BOT_STRENGTHS)}")


def _cards_text(cards: Sequence[Card]) -> List[str]:
    return [str(c) for c in cards]


def move_record(move: Move) -> Dict[str, Any]:
    return {"cards": _cards_text(move.cards), "kind": move.kind, "rank": move.rank, "declared": _cards_text(move.declared)}


class Table:
    def __init__(self, code: str, host: str, ruleset: str, bots: str, public: bool, seed: int,
                 created: float = 0.0, on_action: Optional[OnAction] = None) -> None:
        check_options(ruleset, bots)
        self.code = code
        self.host = host
        self.ruleset = ruleset
        self.bots = bots
        self.public = public
        self.seed = seed
        self.created = created or time.time()
        self.on_action = on_action
        self.status = "waiting"  # waiting | playing | over | ended
        self.seats: List[Optional[str]] = [None, None, None, None]
        self.away: Set[int] = set()
        self.requests: List[str] = []
        self.removed: List[str] = []
        # Requests the host turned down, so the page can say so (asking again
        # is allowed and clears the mark).
        self.rejected: List[str] = []
        self.ready: Set[int] = set()
        self.match: Optional[Match] = None
        self.results: List[Dict[str, Any]] = []
        self.trick: List[Optional[Dict[str, Any]]] = [None] * 4  # each seat's last action in the trick
        self.chat: List[Dict[str, Any]] = []
        self.actions = 0  # the number of the next action

    # --- reading -------------------------------------------------------------
    def seat_of(self, player: str) -> Optional[int]:
        return self.seats.index(player) if player in self.seats else None

    @property
    def humans(self) -> int:
        return sum(p is not None for p in self.seats)

    def is_bot_turn(self) -> bool:
        """Whether the seat to act is played by a bot now."""
        deal = self.deal
        if self.status != "playing" or deal is None or deal.turn is None:
            return False
        return self.seats[deal.turn] is None or deal.turn in self.away

    @property
    def deal(self) -> Optional[Deal]:
        return None if self.match is None else self.match.deal

    def started_match(self) -> Match:
        """The match of a table that has started one (deal actions and deal
        views need it)."""
        if self.match is None:
            raise RuntimeError(f"table {self.code}: no match has started")
        return self.match

    def current_deal(self) -> Deal:
        """The deal being played at a started table."""
        return self.started_match().deal

    # --- committing --------------------------------------------------------------
    def commit(self, action: str, /, **data: Any) -> None:
        self.apply(action, data)
        if self.on_action is not None:
            self.on_action(self.code, self.actions - 1, action, data)

    def apply(self, kind: str, data: Dict[str, Any], at: Optional[float] = None) -> None:
        """Apply one checked action (live, or read back from the database)."""
        getattr(self, "_apply_" + kind)(data, time.time() if at is None else at)
        self.actions += 1

    # --- lobby actions ---------------------------------------------------------
    def _check_host(self, by: str) -> None:
        if by != self.host:
            raise WebError("not_host")

    def _check_open(self) -> None:
        if self.status == "ended":
            raise WebError("no_table")

    def _free_seat(self, wanted: Optional[int]) -> int:
        if wanted is not None:
            if type(wanted) is not int or wanted not in range(4):
                raise WebError("bad_request", detail="seat must be 0..3")
            if self.seats[wanted] is not None:
                raise WebError("seat_taken")
            return wanted
        for seat in range(4):
            if self.seats[seat] is None:
                return seat
        raise WebError("table_full")

    def join(self, player: str, seat: Optional[int] = None) -> Optional[int]:
        """Join by code: a free seat before the start; a request after it."""
        self._check_open()
        if player in self.seats:
            return self.seat_of(player)
        if player in self.removed:
            raise WebError("removed")
        if self.status != "waiting":
            self.request(player)
            return None
        self.commit("join", player=player, seat=self._free_seat(seat))
        return self.seat_of(player)

    def request(self, player: str) -> None:
        self._check_open()
        if player in self.removed:
            raise WebError("removed")
        if player in self.seats or player in self.requests:
            return
        self.commit("request", player=player)

    def approve(self, by: str, player: Any, seat: Optional[int] = None) -> int:
        self._check_open()
        self._check_host(by)
        if player not in self.requests:
            raise WebError("no_request")
        self.commit("join", player=player, seat=self._free_seat(seat))
        return self.seats.index(player)

    def reject(self, by: str, player: Any) -> None:
        self._check_open()
        self._check_host(by)
        if player not in self.requests:
            raise WebError("no_request")
        self.commit("reject", player=player)

    def remove(self, by: str, seat: Any) -> None:
        self._check_open()
        self._check_host(by)
        if type(seat) is not int or seat not in range(4):
            raise WebError("bad_request", detail="seat must be 0..3")
        if self.seats[seat] is None:
            raise WebError("not_seated")
        if self.seats[seat] == by:
            raise WebError("bad_request", detail="the host cannot remove their own seat: leave the table instead")
        self.commit("remove", seat=seat)

    def allow(self, by: str, player: Any) -> None:
        self._check_open()
        self._check_host(by)
        if player not in self.removed:
            raise WebError("no_request")
        self.commit("allow", player=player)

    def start(self, by: str, anyway: bool = False, solo: bool = False) -> None:
        self._check_open()
        self._check_host(by)
        if self.status != "waiting":
            raise WebError("wrong_phase", key="match_under_way")
        if self.humans < 2 and not solo:
            raise WebError("too_few_players")
        if self.humans < 4 and not anyway:
            raise WebError("not_full")
        self.commit("start")

    def step_away(self, player: str, away: Any) -> None:
        self._check_open()
        if type(away) is not bool:
            raise WebError("bad_request", detail="away must be true or false")
        seat = self._seated(player)
        if (seat in self.away) != away:
            self.commit("away", seat=seat, away=away)

    def leave(self, player: str) -> None:
        self._check_open()
        self.commit("leave", seat=self._seated(player))

    def end(self, by: str) -> None:
        self._check_open()
        self._check_host(by)
        self.commit("end")

    def say(self, player: str, name: str, line: str) -> Dict[str, Any]:
        seat = self._seated(player, code="not_seated")
        self.commit("chat", seat=seat, name=name, text=line)
        return self.chat[-1]

    def _seated(self, player: str, code: str = "not_seated") -> int:
        seat = self.seat_of(player)
        if seat is None:
            raise WebError(code)
        return seat

    # --- game actions --------------------------------------------------------
    def _acting_deal(self, seat: int, phases: Sequence[str]):
        deal = self.deal
        if self.status != "playing" or deal is None:
            raise WebError("wrong_phase", key="no_deal")
        if deal.phase not in phases:
            raise WebError("wrong_phase", key="not_this_phase", phase=phase_name(deal.phase))
        if deal.turn != seat:
            raise WebError("not_your_turn")
        return deal

    def play_cards(self, seat: int, cards: Sequence[Card], reading: Optional[int]) -> Move:
        """Play a person's selection (``reading`` picks among several)."""
        deal = self._acting_deal(seat, ("play",))
        if not cards:
            raise WebError("bad_message", detail="play needs cards: send pass to pass")
        found = read_selection(deal, seat, cards)
        if not found.moves:
            raise WebError("illegal", message=found.reason or text("illegal"))
        if reading is None and len(found.moves) > 1:
            raise WebError("ambiguous")
        if reading is not None and reading >= len(found.moves):
            raise WebError("bad_message", detail=f"reading must be below {len(found.moves)}")
        move = found.moves[reading or 0]
        self.play_move(seat, move)
        return move

    def play_move(self, seat: int, move: Optional[Move]) -> None:
        """Play a Move (None: pass) for ``seat``, checked by the engine."""
        deal = self._acting_deal(seat, ("play",))
        if move is None:
            if not deal.can_pass():
                raise WebError("illegal", key="cannot_pass")
            self.commit("pass", seat=seat)
        else:
            if move not in deal.legal_moves():
                raise WebError("illegal")
            self.commit("play", seat=seat, **move_record(move))

    def give(self, seat: int, card: Card) -> None:
        deal = self._acting_deal(seat, ("tribute", "return"))
        if card not in deal.tribute_options():
            raise WebError("illegal", key="not_an_option", card=str(card))
        self.commit("give", seat=seat, card=str(card))

    def mark_ready(self, seat: int) -> None:
        deal = self.deal
        if self.status != "playing" or deal is None or not deal.is_over:
            raise WebError("wrong_phase", key="deal_not_over")
        if seat not in self.ready:
            self.commit("ready", seat=seat)

    def next_deal(self) -> None:
        deal = self.deal
        if self.status != "playing" or deal is None or not deal.is_over:
            raise WebError("wrong_phase", key="deal_not_over")
        self.commit("deal")

    # --- applying ------------------------------------------------------------
    def _apply_join(self, data: Dict[str, Any], at: float) -> None:
        player, seat = data["player"], data["seat"]
        if player in self.requests:
            self.requests.remove(player)
        self.seats[seat] = player
        self.away.discard(seat)

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

    def _apply_remove(self, data: Dict[str, Any], at: float) -> None:
        seat = data["seat"]
        self.removed.append(self.seats[seat])
        self._vacate(seat)

    def _apply_allow(self, data: Dict[str, Any], at: float) -> None:
        self.removed.remove(data["player"])

    def _apply_start(self, data: Dict[str, Any], at: float) -> None:
        self.status = "playing"
        self.match = Match(self.ruleset, seed=self.seed)

    def _apply_away(self, data: Dict[str, Any], at: float) -> None:
        (self.away.add if data["away"] else self.away.discard)(data["seat"])

    def _apply_leave(self, data: Dict[str, Any], at: float) -> None:
        seat = data["seat"]
        leaving = self.seats[seat]
        self._vacate(seat)
        if leaving == self.host:
            # The next person in seat order hosts; nobody left ends the table.
            following = [self.seats[(seat + k) % 4] for k in range(1, 4)]
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

    def _apply_play(self, data: Dict[str, Any], at: float) -> None:
        deal = self.current_deal()
        move = self._find_move(data)
        if deal.last_play is None:  # a lead opens a new trick
            self.trick = [None] * 4
        deal.play(move)
        self.trick[data["seat"]] = {"type": "play", "seat": data["seat"], **move_record(move)}
        self._after_action()

    def _apply_pass(self, data: Dict[str, Any], at: float) -> None:
        self.current_deal().pass_turn()
        self.trick[data["seat"]] = {"type": "pass", "seat": data["seat"]}
        self._after_action()

    def _apply_give(self, data: Dict[str, Any], at: float) -> None:
        self.current_deal().give(Card(data["card"]))

    def _apply_ready(self, data: Dict[str, Any], at: float) -> None:
        self.ready.add(data["seat"])

    def _apply_deal(self, data: Dict[str, Any], at: float) -> None:
        self.started_match().next_deal()
        self.ready.clear()
        self.trick = [None] * 4

    def _find_move(self, data: Dict[str, Any]) -> Move:
        for move in self.current_deal().legal_moves():
            if move.kind == data["kind"] and move.rank == data["rank"] and move_record(move) == {
                key: data[key] for key in ("cards", "kind", "rank", "declared")
            }:
                return move
        raise ValueError(f"table {self.code}: a stored play is not legal: {data}")

    def _after_action(self) -> None:
        """Record a deal's result when it ends, and the match's end."""
        match = self.started_match()
        if not match.deal.is_over:
            return
        before = match.state
        after = match.finish_deal()
        deal = match.deal
        self.results.append({
            "deal": len(match.deals),
            "finishing_order": list(deal.finishing_order),
            "placing": list(deal.placing),
            "outcome": deal.outcome,
            "winning_team": deal.winning_team,
            "levels_before": list(before.levels),
            "levels_after": list(after.levels),
        })
        if match.is_over:
            self.status = "over"
