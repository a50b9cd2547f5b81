"""Guandan's table (``tables.Table`` holds what every game's table
shares): the match, each seat's last action in the trick, and the play,
pass and tribute actions, each checked by the engine before it is committed.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Dict, List, Mapping, Optional, Sequence

from .._core import Card, Move
from ..gd.bots import Bot, RuleBot, SearchBot, SimpleBot
from ..gd.deal import Deal
from ..gd.match import Match
from ..gd.ruleset import PRESET_NAMES
from .errors import WebError
from .guandan_texts import TEXTS, phase_name
from .i18n import detail, text
from .selection import read_selection
from .tables import Action, OnAction, Table

#: Web bot strengths and the bots they play with, each the bot of that name
#: everywhere (``guandan.gd.bots.BOTS``): simple the smallest-combination player,
#: rule the planning player, search the search bot at 300 ms a decision
#: (docs/web.md).
BOT_STRENGTHS: Dict[str, Callable[[Optional[int]], Bot]] = {
    "simple": lambda seed: SimpleBot(),
    "rule": lambda seed: RuleBot(seed),
    "search": lambda seed: SearchBot(seed, think_ms=300),
}
SEATS = 4


def check_options(ruleset: Any, bots: Any, strengths: Optional[Collection[str]] = None) -> None:
    """A ruleset and a bot strength, one of ``strengths`` (default: the built-in ones)."""
    # Names are strings: a list or an object from a request body is refused
    # here, before it reaches a lookup that would fail on an unhashable key.
    if not isinstance(ruleset, str) or ruleset not in PRESET_NAMES:
        raise WebError("bad_request", detail=detail("one_of", field="ruleset", values=", ".join(PRESET_NAMES)))
    allowed = BOT_STRENGTHS if strengths is None else strengths
    if not isinstance(bots, str) or bots not in allowed:
        raise WebError("bad_request", detail=detail("one_of", field="bots", values=", ".join(allowed)))


def _cards_text(cards: Sequence[Card]) -> List[str]:
    return [str(c) for c in cards]


def move_record(move: Move) -> Dict[str, Any]:
    return {"cards": _cards_text(move.cards), "kind": move.kind, "rank": move.rank, "declared": _cards_text(move.declared)}


class GuandanTable(Table):
    GAME = "guandan"

    def __init__(self, code: str, host: str, options: Mapping[str, Any], bots: str, public: bool, seed: int,
                 seats: int = SEATS, created: float = 0.0, on_action: Optional[OnAction] = None,
                 strengths: Optional[Collection[str]] = None) -> None:
        check_options(options.get("ruleset"), bots, strengths)  # strengths: the server's, with its own
        super().__init__(code, host, options, bots, public, seed, SEATS, created, on_action)
        self.match: Optional[Match] = None
        self.trick: List[Optional[Dict[str, Any]]] = [None] * SEATS  # each seat's last action in the trick

    @property
    def ruleset(self) -> str:
        return self.options["ruleset"]

    # --- the hooks of every table ---------------------------------------------
    @property
    def has_game(self) -> bool:
        return self.match is not None

    @property
    def turn(self) -> Optional[int]:
        return None if self.match is None else self.match.deal.turn

    @property
    def deal_over(self) -> bool:
        return self.match is not None and self.match.deal.is_over

    def start_game(self) -> None:
        self.match = Match(self.ruleset, seed=self.seed)

    def start_next_deal(self) -> None:
        self.started_match().next_deal()
        self.trick = [None] * SEATS

    # --- reading -------------------------------------------------------------
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

    # --- game actions --------------------------------------------------------
    def _acting_deal(self, seat: int, phases: Sequence[str]):
        deal = self.deal
        if self.status != "playing" or deal is None:
            raise WebError("wrong_phase", key="no_deal")
        if deal.phase not in phases:
            raise WebError("wrong_phase", message=TEXTS.text("not_this_phase", phase=phase_name(deal.phase)))
        if deal.turn != seat:
            raise WebError("not_your_turn")
        return deal

    def chosen_move(self, seat: int, cards: Sequence[Card], reading: Optional[int]) -> Move:
        """The move a person's selection plays (``reading`` picks among several)."""
        deal = self._acting_deal(seat, ("play",))
        if not cards:
            raise WebError("bad_message", detail=detail("play_needs_cards"))
        found = read_selection(deal, seat, cards)
        if not found.moves:
            raise WebError("illegal", message=found.reason or text("illegal"))
        if reading is None and len(found.moves) > 1:
            raise WebError("ambiguous")
        if reading is not None and reading >= len(found.moves):
            raise WebError("bad_message", detail=detail("reading_below", n=len(found.moves)))
        return found.moves[reading or 0]

    def move_action(self, seat: int, move: Optional[Move]) -> Action:
        """Playing a Move (None: passing) for ``seat``, checked by the engine."""
        deal = self._acting_deal(seat, ("play",))
        if move is None:
            if not deal.can_pass():
                raise WebError("illegal", key="cannot_pass")
            return Action("pass", {"seat": seat})
        if move not in deal.legal_moves():
            raise WebError("illegal")
        return Action("play", {"seat": seat, **move_record(move)})

    def give_action(self, seat: int, card: Card) -> Action:
        """Giving ``card`` as tribute or its return."""
        deal = self._acting_deal(seat, ("tribute", "return"))
        if card not in deal.tribute_options():
            raise WebError("illegal", message=TEXTS.text("not_an_option", card=str(card)))
        return Action("give", {"seat": seat, "card": str(card)})

    # --- applying ------------------------------------------------------------
    def _apply_play(self, data: Dict[str, Any], at: float) -> None:
        deal = self.current_deal()
        move = self._find_move(data)
        if deal.last_play is None:  # a lead opens a new trick
            self.trick = [None] * SEATS
        deal.play(move)
        self.trick[data["seat"]] = {"type": "play", "seat": data["seat"], **move_record(move)}
        self._after_action()

    def _apply_pass(self, data: Dict[str, Any], at: float) -> None:
        self.current_deal().pass_turn()
        self.trick[data["seat"]] = {"type": "pass", "seat": data["seat"]}
        self._after_action()

    def _apply_give(self, data: Dict[str, Any], at: float) -> None:
        self.current_deal().give(Card(data["card"]))

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
