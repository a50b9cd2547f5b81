"""Gan Deng Yan at the browser table: its :class:`~guandan.web.web_games.WebGame`.

What a seat sees is built from the engine's observation of that seat: its
own hand, every seat's card count, the size of the stock (never its cards),
the play to beat and the public record of the deal. Nothing here reads
another seat's hand or the stock while the deal goes on, so no hidden card
reaches a browser; once it is over, the cards the seats still held are
public (``remaining``), beside how each penalty was counted. The
messages of play are ``select`` (the readings of some cards), ``play``,
``pass`` and ``hint``; each is checked by the engine before the table
changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, cast

from .._core import gdy as core_gdy
from ..gdy.bots import CoreBot, seat_turn
from ..gdy.bots import ask as ask_bot
from ..gdy.deal import Action, Deal
from ..gdy.game import DEFAULT_TARGET, MAX_TARGET
from ..gdy.log import game_log
from ..gdy.players import is_bot, parse_bot
from ..gdy.plays import Play
from .errors import WebError
from .gdy_coach import hint_reason, rate
from .gdy_table import TEXTS, BOT_STRENGTHS, SEATS, GdyTable, card_texts, play_name, play_record
from .i18n import detail
from .events import Ask, Commit, Event, Handlers, Later, Reply
from .protocol import ClientMessage, FieldError, Raw, read_by, reading_below, server_message
from .tables import Action as TableAction
from .tables import Table
from .web_games import GameView, LobbyOption, UserBots, WebGame

MAX_CARDS = 20  # more than any Gan Deng Yan hand holds
HINT_STRENGTH = "search"


def _table(table: Table) -> GdyTable:
    return cast(GdyTable, table)  # the server hands each game its own tables


def _play_view(seat: int, play: Play) -> Dict[str, Any]:
    return {"type": "play", "seat": seat, **play_record(play), "name": play_name(play)}


# --- the view ----------------------------------------------------------------------

def _with_draws(history: Sequence[Action], players: int) -> Iterator[Tuple[Action, bool]]:
    """Each action, and whether it ends a round with a draw: everyone else
    passed the last play, so the cards are cleared and every seat draws one,
    as far as the stock goes (docs/gdy_rules.md §5.3)."""
    passes = 0
    for action in history:
        passes = passes + 1 if action.play.is_pass else 0
        yield action, passes == players - 1


def _log(deal: Deal, history: Sequence[Action]) -> List[Dict[str, Any]]:
    """The deal's public events: plays, passes, and the draws that end rounds."""
    records: List[Dict[str, Any]] = []
    for action, drew in _with_draws(history, deal.players):
        records.append({"type": "pass", "seat": action.seat} if action.play.is_pass else _play_view(action.seat, action.play))
        if drew:
            records.append({"type": "draw"})
    return records


def bomb_factor(bombs: int) -> int:
    """What the bombs played so far multiply each penalty by (x4 at most), as
    the engine counts it (docs/gdy_rules.md §6)."""
    return core_gdy.penalty(1, True, bombs)


#: What never playing a card multiplies a penalty by, as the engine counts it.
UNPLAYED_FACTOR = core_gdy.penalty(1, False, 0)


def scoring(deal: Deal) -> List[Dict[str, Any]]:
    """Each seat's penalty of a finished deal and its parts: the cards still
    held, the factor for never having played, the bombs' factor. The parts
    come from the engine, so the page explains the sum without counting it."""
    penalties = deal.penalties
    factor = bomb_factor(deal.bombs)
    return [{"cards": deal.hand_sizes[seat], "unplayed": 1 if deal.has_played(seat) else UNPLAYED_FACTOR,
             "bombs": factor, "penalty": penalties[seat]} for seat in range(deal.players)]


def _deal_view(table: GdyTable, seat: Optional[int]) -> Dict[str, Any]:
    game = table.started_game()
    deal = table.deal
    if deal is None:
        raise RuntimeError(f"table {table.code}: no game has started")
    seen = deal.observation(0 if seat is None else seat)
    mine = seat is not None and table.turn == seat
    over = deal.is_over
    return {
        "number": len(game.deals) + (0 if over else 1),
        "phase": "over" if over else "play",
        "starter": deal.starter,
        "turn": table.turn,
        "my_turn": mine,
        "hand": [] if seat is None else card_texts(seen.hand),
        "counts": list(seen.hand_sizes),
        "stock": seen.stock_left,
        "bombs": seen.bombs,
        "bomb_factor": bomb_factor(seen.bombs),
        "played": list(seen.played),
        "table": None if seen.table is None else _play_view(seen.last_player, seen.table),
        "can_pass": mine and seen.table is not None,
        "winner": seen.winner,
        "penalties": list(deal.penalties) if over else None,
        "scoring": scoring(deal) if over else None,
        # the deal is over: what the seats still hold is public, and only then
        "remaining": [card_texts(deal.hand(s)) for s in range(deal.players)] if over else None,
        "log": _log(deal, seen.history),
    }


def _match_view(table: GdyTable) -> Dict[str, Any]:
    game = table.game
    return {
        "target": table.target,
        "scores": list(game.scores) if game is not None else [0] * table.seat_count,
        "winners": list(game.winners) if game is not None else [],
        "deal_number": 0 if game is None else len(game.deals) + (0 if table.deal_over or game.is_over else 1),
        "results": list(table.results),
    }


def view(table: Table, seat: Optional[int], coach_on: bool) -> GameView:
    table = _table(table)
    deal_view = _deal_view(table, seat) if table.game is not None else None
    match = _match_view(table)
    seats = [{"cards": deal_view["counts"][s] if deal_view else None, "score": match["scores"][s],
              "last": table.trick[s]} for s in range(table.seat_count)]
    return match, deal_view, seats


# --- messages of play ------------------------------------------------------------------

def _cards(raw: Raw, name: str) -> Tuple[str, ...]:
    cards = raw.get(name)
    if not isinstance(cards, list) or not all(isinstance(c, str) and len(c) <= 3 for c in cards):
        raise FieldError(TEXTS.text("cards_list"))
    if len(cards) > MAX_CARDS:
        raise FieldError(detail("at_most_cards", n=MAX_CARDS))
    return tuple(cards)


@dataclass(frozen=True)
class Select(ClientMessage):
    """Some cards of the hand: the server answers their readings (``selection``)."""
    TYPE = "select"
    cards: Tuple[str, ...] = read_by(_cards)


@dataclass(frozen=True)
class PlayCards(ClientMessage):
    """Play these cards, as their ``reading``-th reading where there are several."""
    TYPE = "play"
    cards: Tuple[str, ...] = read_by(_cards)
    reading: Optional[int] = read_by(reading_below(100))


@dataclass(frozen=True)
class Pass(ClientMessage):
    TYPE = "pass"


@dataclass(frozen=True)
class Hint(ClientMessage):
    TYPE = "hint"


def _select(ask: Ask, message: Select) -> List[Event]:
    """The readings of the selected cards, or why they are no play."""
    table, seat = _table(ask.table), ask.own_seat()
    readings: List[Dict[str, Any]] = []
    reason = None
    can_pass = False
    if message.cards:
        try:
            plays = table.readings(seat, message.cards)
            readings = [{"index": i, **play_record(p), "name": play_name(p)} for i, p in enumerate(plays)]
        except WebError as error:
            reason = error.message
    else:
        deal = table.deal
        can_pass = deal is not None and table.turn == seat and deal.can_pass()
    return [Reply(server_message("selection", cards=list(message.cards), readings=readings, reason=reason,
                                 **{"pass": can_pass}))]


def _search_choice(table: GdyTable, position: Deal) -> Play:
    """The search bot's play for the seat to act, from what that seat sees alone."""
    bot = CoreBot(HINT_STRENGTH, seed=table.seed ^ table.actions)
    return ask_bot(bot, *seat_turn(position))


def _played(ask: Ask, seat: int, played: Play) -> List[Event]:
    """Play or pass; with coach mode on, a word on a clear mistake follows (gdy_coach.rate)."""
    table = _table(ask.table)
    events: List[Event] = [Commit(table.play_action(seat, played))]
    if ask.coaching and table.deal is not None:
        before = table.deal.copy()

        def look() -> Optional[Dict[str, Any]]:
            comment = rate(before, seat, played, lambda: _search_choice(table, before))
            return None if comment is None else server_message("coach", text=comment)

        events.append(Later(look))
    return events


def _play(ask: Ask, message: PlayCards) -> List[Event]:
    seat = ask.own_seat()
    return _played(ask, seat, _table(ask.table).chosen_play(seat, message.cards, message.reading))


def _hint(ask: Ask, message: Hint) -> List[Event]:
    table, seat = _table(ask.table), ask.own_seat()
    if table.turn != seat or table.game is None:
        raise WebError("not_your_turn")
    position = table.game.deal.copy()

    def search() -> Dict[str, Any]:
        play = _search_choice(table, position)
        reason = hint_reason(position, seat, play)
        if play.is_pass:
            return server_message("hint", cards=[], reading=None, reason=reason)
        same = [p for p in position.legal_plays() if not p.is_pass and p.cards == play.cards]
        shown = {"index": same.index(play), **play_record(play), "name": play_name(play)}
        return server_message("hint", cards=shown["cards"], reading=shown, reason=reason)

    return [Later(search)]


#: The game's layer of the protocol: its messages and their handlers.
HANDLERS: Handlers = {
    Select: _select,
    PlayCards: _play,
    Pass: lambda ask, message: _played(ask, ask.own_seat(), Play.PASS),
    Hint: _hint,
}


# --- bots ------------------------------------------------------------------------------

def decide(table: Table, seat: int, bot: Any) -> Callable[[], Any]:
    """The bot's play (``Play.PASS`` to pass), chosen from the seat's
    observation and legal plays alone, taken now: the table may move on
    while the bot thinks."""
    shown = seat_turn(_table(table).started_game().deal)
    return lambda: ask_bot(bot, *shown)


def bot_action(table: Table, seat: int, decision: Any) -> TableAction:
    """A bot's decision as the table's action."""
    return _table(table).play_action(seat, decision)


def fallback(table: Table, seat: int) -> Any:
    deal = _table(table).started_game().deal
    return Play.PASS if deal.can_pass() else deal.legal_plays()[0]


def replay_steps(table: Table, players: List[Dict[str, Optional[str]]]) -> Dict[str, Any]:
    """Every deal of a finished game step by step, every hand shown (the game
    is over: nothing is hidden any more), and who played each seat
    (``players``): what the replay page steps through.
    Each deal is dealt again from its seed and starter and its actions played
    in order, so the hands after each draw are the engine's."""
    game = _table(table).started_game()
    deals = list(game.deals) + ([] if game.is_over else [game.deal])
    records = []
    for number, played in enumerate(deals, 1):
        deal = Deal(players=played.players, seed=played.seed, starter=played.starter)
        steps = [_replay_step(deal, None)]
        for action, drew in _with_draws(played.history, deal.players):
            deal.play(action.play)
            steps.append(_replay_step(deal, action, drew=drew))
        records.append({"number": number, "starter": deal.starter, "steps": steps,
                        "penalties": list(deal.penalties) if deal.is_over else None, "winner": deal.winner})
    return {"game": "gdy", "players": game.players, "seats": players, "target": game.target, "scores": list(game.scores),
            "winners": list(game.winners), "deals": records}


def _replay_step(deal: Deal, action: Optional[Action], drew: bool = False) -> Dict[str, Any]:
    step: Dict[str, Any] = {
        "hands": [card_texts(deal.hand(s)) for s in range(deal.players)],
        "stock": deal.stock_left,
        "table": None if deal.table is None else _play_view(deal.last_player, deal.table),
        "turn": deal.turn,
        "drew": drew,
    }
    if action is not None:
        step["action"] = {"type": "pass", "seat": action.seat} if action.play.is_pass else _play_view(action.seat, action.play)
    return step


def _log_of(table: Table, players: List[Dict[str, Optional[str]]]) -> Dict[str, Any]:
    # the game's log format names no one: its replay page reads the names from replay_steps
    return game_log(_table(table).started_game())


def _make_bot(strength: str, seed: int) -> Any:
    return CoreBot(strength, seed)


def _user_bot(spec: str, seed: int) -> Any:
    """The bot a spec names: a core policy, or a bot of one's own."""
    player = parse_bot(spec, seed)
    return CoreBot(player, seed) if isinstance(player, str) else player


WEB_GAME = WebGame(
    name="gdy", table=GdyTable, seats=SEATS, default_seats=4, strengths=tuple(BOT_STRENGTHS),
    default_strength="rule", make_bot=_make_bot, view=view, handlers=HANDLERS,
    decide=decide, bot_action=bot_action, fallback=fallback, log=_log_of, page="gdy.html", replay_page="gdy_replay.html",
    lobby=(LobbyOption("target", DEFAULT_TARGET, low=1, high=MAX_TARGET),), texts=TEXTS,
    replay=replay_steps,
    user_bots=UserBots(make=_user_bot, is_bot=is_bot, methods="choose_move"),
)
