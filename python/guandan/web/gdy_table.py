"""Gan Deng Yan's table (``tables.Table`` holds what every game's table
shares): a game of 2 to 6 seats to the target (docs/gdy_rules.md), each
seat's last action in the round, and the play and pass actions, each
checked by the engine before it is committed.

A play is stored as the engine's play word (which names the cards and how
they read, so ``5 6 JK JK`` as a run or as pairs) beside its cards and kind
for people reading the database. When a deal ends it is scored at once (the
scores and the game's end are known), and it stays on the table until the
next deal is dealt, so every seat sees how it ended.
"""

from __future__ import annotations

import os
from typing import Any, Collection, Dict, List, Mapping, Optional, Sequence, Tuple

from ..gdy.cards import RANK_NAMES, Cards
from ..gdy.deal import Deal
from ..gdy.game import MAX_TARGET, Game
from ..gdy.plays import Play
from ..gdy.simulate import POLICIES
from .errors import WebError
from .i18n import Catalogue, Text, both, detail
from .tables import Action, OnAction, Table

#: The game's own texts, which its page reads too (texts/gdy/en.json, zh.json).
TEXTS = Catalogue(os.path.join(os.path.dirname(__file__), "texts", "gdy"))

#: Web bot strengths: the core's Gan Deng Yan policies (random, rule, search).
BOT_STRENGTHS = POLICIES
SEATS = (2, 6)


def check_target(target: Any) -> int:
    if type(target) is not int or not 1 <= target <= MAX_TARGET:
        raise WebError("bad_request", detail=detail("range", field="target", low=1, high=MAX_TARGET))
    return target


def card_texts(cards: Cards) -> List[str]:
    """A set of cards as the page shows them: ``["5", "5", "JK"]``."""
    return cards.names()


def play_name(play: Play) -> Text:
    """A play in words, in both languages: "run 7-9", "顺子7-9"."""
    return play_words(play.kind, play.rank or "", len(play), play.cards.jokers)


#: Gan Deng Yan's combinations (docs/gdy_rules.md §2), in both languages.
KIND_TEXTS: Mapping[str, Tuple[str, str]] = {
    "single": ("single", "单张"),
    "pair": ("pair", "对子"),
    "run": ("run", "顺子"),
    "pair_run": ("pairs", "连对"),
    "bomb": ("bomb", "炸弹"),
    "joker_bomb": ("joker bomb", "王炸"),
}
_COUNT = {3: ("three", "三"), 4: ("four", "四"), 5: ("five", "五"), 6: ("six", "六")}


def play_words(kind: str, rank: str, size: int, jokers: int = 0) -> Text:
    """A Gan Deng Yan play in both languages: ``single 7``/``单张7``,
    ``run 5-8``/``顺子5-8``, ``bomb of four 9s``/``四个9炸弹``."""
    top = RANK_NAMES.index(rank) if rank in RANK_NAMES else 0
    if kind == "single":
        return both(f"single {rank}" + (" (joker)" if jokers else ""), f"单张{rank}" + ("（王）" if jokers else ""))
    if kind == "pair":
        return both(f"pair of {rank}s", f"对{rank}")
    if kind == "run":
        low = RANK_NAMES[top - size + 1]
        return both(f"run {low}-{rank}", f"顺子{low}-{rank}")
    if kind == "pair_run":
        low = RANK_NAMES[top - size // 2 + 1]
        return both(f"pairs {low}-{rank}", f"连对{low}-{rank}")
    if kind == "bomb":
        en, zh = _COUNT.get(size, (str(size), str(size)))
        return both(f"bomb of {en} {rank}s", f"{zh}个{rank}炸弹")
    if kind == "joker_bomb":
        return both("joker bomb", "王炸")
    raise ValueError(f"unknown Gan Deng Yan kind {kind!r} (expected one of {', '.join(KIND_TEXTS)})")


def play_record(play: Play) -> Dict[str, Any]:
    return {"cards": card_texts(play.cards), "kind": play.kind, "rank": play.rank}


class GdyTable(Table):
    GAME = "gdy"

    def __init__(self, code: str, host: str, options: Mapping[str, Any], bots: str, public: bool, seed: int,
                 seats: int = 4, created: float = 0.0, on_action: Optional[OnAction] = None,
                 strengths: Optional[Collection[str]] = None) -> None:
        check_target(options.get("target"))
        allowed = BOT_STRENGTHS if strengths is None else strengths  # the server's, with its own
        if not isinstance(bots, str) or bots not in allowed:
            raise WebError("bad_request", detail=detail("one_of", field="bots", values=", ".join(allowed)))
        super().__init__(code, host, options, bots, public, seed, seats, created, on_action)
        self.game: Optional[Game] = None
        self.finished: Optional[Deal] = None  # the deal just scored, shown until the next is dealt
        self.trick: List[Optional[Dict[str, Any]]] = [None] * seats  # each seat's last action in the round

    @property
    def target(self) -> int:
        return self.options["target"]

    # --- the hooks of every table ---------------------------------------------
    @property
    def has_game(self) -> bool:
        return self.game is not None

    @property
    def turn(self) -> Optional[int]:
        if self.game is None or self.finished is not None or self.game.is_over:
            return None
        return self.game.deal.turn

    @property
    def deal_over(self) -> bool:
        return self.finished is not None

    def start_game(self) -> None:
        self.game = Game(players=self.seat_count, seed=self.seed, target=self.target)

    def start_next_deal(self) -> None:
        self.finished = None
        self.trick = [None] * self.seat_count

    # --- reading -------------------------------------------------------------
    def started_game(self) -> Game:
        if self.game is None:
            raise RuntimeError(f"table {self.code}: no game has started")
        return self.game

    @property
    def deal(self) -> Optional[Deal]:
        """The deal on the table: the one under way, or the one just scored."""
        if self.game is None:
            return None
        return self.finished if self.finished is not None else self.game.deal

    def readings(self, seat: int, cards: Sequence[str]) -> List[Play]:
        """The legal plays of ``seat`` that use exactly ``cards`` (card texts);
        WebError with the reason when there are none."""
        deal = self._acting_deal(seat)
        try:
            chosen = Cards(list(cards))
        except (TypeError, ValueError):
            raise WebError("bad_message", detail=TEXTS.text("cards_list")) from None
        if not chosen:
            raise WebError("bad_message", detail=detail("play_needs_cards"))
        if chosen not in deal.hand(seat):
            raise WebError("illegal", message=TEXTS.text("not_held"))
        plays = [p for p in deal.legal_plays() if not p.is_pass and p.cards == chosen]
        if not plays:
            raise WebError("illegal", message=TEXTS.text("does_not_beat") if deal.table is not None else None,
                           key="not_a_combination")
        return plays

    # --- game actions --------------------------------------------------------
    def _acting_deal(self, seat: int) -> Deal:
        if self.status != "playing" or self.game is None:
            raise WebError("wrong_phase", key="no_deal")
        if self.finished is not None:
            raise WebError("wrong_phase", key="deal_over")
        if self.game.deal.turn != seat:
            raise WebError("not_your_turn")
        return self.game.deal

    def chosen_play(self, seat: int, cards: Sequence[str], reading: Optional[int]) -> Play:
        """The play a person's selection makes (``reading`` picks among several)."""
        plays = self.readings(seat, cards)
        if reading is None and len(plays) > 1:
            raise WebError("ambiguous")
        if reading is not None and reading >= len(plays):
            raise WebError("bad_message", detail=detail("reading_below", n=len(plays)))
        return plays[reading or 0]

    def play_action(self, seat: int, play: Play) -> Action:
        """Playing a Play (``Play.PASS``: passing) for ``seat``, checked by the engine."""
        deal = self._acting_deal(seat)
        if play.is_pass:
            if not deal.can_pass():
                raise WebError("illegal", key="cannot_pass")
            return Action("pass", {"seat": seat})
        if play not in deal.legal_plays():
            raise WebError("illegal")
        return Action("play", {"seat": seat, "word": play.word, **play_record(play)})

    # --- applying ------------------------------------------------------------
    def _apply_play(self, data: Dict[str, Any], at: float) -> None:
        deal = self.started_game().deal
        play = next((p for p in deal.legal_plays() if p.word == data["word"]), None)
        if play is None:
            raise ValueError(f"table {self.code}: a stored play is not legal: {data}")
        if deal.table is None:  # a lead opens a new round
            self.trick = [None] * self.seat_count
        deal.play(play)
        self.trick[data["seat"]] = {"type": "play", "seat": data["seat"], **play_record(play)}
        self._after_action()

    def _apply_pass(self, data: Dict[str, Any], at: float) -> None:
        self.started_game().deal.pass_turn()
        self.trick[data["seat"]] = {"type": "pass", "seat": data["seat"]}
        self._after_action()

    def _after_action(self) -> None:
        """Score a deal when it ends, and note the game's end."""
        game = self.started_game()
        deal = game.deal
        if not deal.is_over:
            return
        self.finished = deal
        game.next_deal()
        self.results.append({
            "deal": len(game.deals),
            "winner": deal.winner,
            "penalties": list(deal.penalties),
            "scores_after": list(game.scores),
        })
        if game.is_over:
            self.status = "over"
