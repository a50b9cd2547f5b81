"""Gan Deng Yan logs: a deal or a game as versioned JSON, and exact replay.

A deal's log holds its players, seed and starter (given, or drawn from the
seed), every action in order (the seat, the cards, and the reading: kind
and rank) and the result. A game's log holds its players, seed, target and
each deal's log. :func:`replay` re-plays a log through the engine and checks
every recorded fact on the way; anything missing, mistyped or different
from what the engine reproduces raises :class:`ReplayError` (a ValueError)
naming the field.

    >>> import json
    >>> from guandan.gdy import Deal
    >>> from guandan.gdy.log import deal_log, replay
    >>> d = Deal(players=4, seed=11)
    >>> while not d.is_over:
    ...     d.play(d.legal_plays()[-1])
    >>> again = replay(json.loads(json.dumps(deal_log(d))))
    >>> again.penalties == d.penalties and again.history == d.history
    True
"""

from __future__ import annotations

from typing import Any, Dict, List, Union

from ..common.checks import checked_text
from .cards import Cards
from .deal import Deal
from .game import Game
from .plays import KIND_NAMES, Play, choose_play

LOG_FORMAT = "guandan-gdy-log"
LOG_VERSION = 1

Log = Dict[str, Any]


class ReplayError(ValueError):
    """A log that does not replay: the message names the field."""


def _action_record(seat: int, play: Play) -> Dict[str, Any]:
    if play.is_pass:
        return {"seat": seat, "play": "pass"}
    return {"seat": seat, "play": str(play), "kind": play.kind, "rank": play.rank}


def _deal_record(deal: Deal) -> Log:
    record: Log = {
        "players": deal.players,
        "seed": deal.seed,
        "starter": deal.starter,
        "actions": [_action_record(a.seat, a.play) for a in deal.history],
    }
    if deal.is_over:
        record["result"] = {"winner": deal.winner, "penalties": deal.penalties, "bombs": deal.bombs}
    return record


def deal_log(deal: Deal) -> Log:
    """The log of a deal (finished or not), ready for json.dumps."""
    if not isinstance(deal, Deal):
        raise TypeError(f"deal_log takes a gdy.Deal, got {deal!r}")
    return {"format": LOG_FORMAT, "version": LOG_VERSION, "type": "deal", **_deal_record(deal)}


def game_log(game: Game) -> Log:
    """The log of a game: every finished deal, the one under way, the scores."""
    if not isinstance(game, Game):
        raise TypeError(f"game_log takes a gdy.Game, got {game!r}")
    deals = [_deal_record(d) for d in game.deals]
    if not game.is_over:
        deals.append(_deal_record(game.deal))
    return {"format": LOG_FORMAT, "version": LOG_VERSION, "type": "game", "players": game.players,
            "seed": game.seed, "target": game.target, "deals": deals, "scores": game.scores,
            "winners": game.winners}


def _field(record: Log, name: str, kind: Union[type, tuple], where: str) -> Any:
    if not isinstance(record, dict):
        raise ReplayError(f"{where} must be a JSON object")
    if name not in record:
        raise ReplayError(f"{where}: '{name}' is missing")
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ReplayError(f"{where}: '{name}' has the wrong type ({type(value).__name__})")
    if isinstance(value, str):
        # A JSON escape can make a lone surrogate, which no message quoting it can print.
        try:
            checked_text(f"{where}: '{name}'", value)
        except ValueError as error:
            raise ReplayError(str(error)) from None
    return value


def _replay_actions(deal: Deal, actions: List[Any], where: str) -> None:
    for i, action in enumerate(actions):
        here = f"{where}actions[{i}]"
        seat = _field(action, "seat", int, here)
        if seat != deal.turn:
            raise ReplayError(f"{here}: 'seat' is {seat}, but seat {deal.turn} is to act")
        text = _field(action, "play", str, here)
        try:
            if text == "pass":
                play = choose_play("pass", deal.legal_plays())
            else:
                kind = _field(action, "kind", str, here)
                rank = _field(action, "rank", str, here)
                if kind not in KIND_NAMES[1:]:
                    raise ReplayError(f"{here}: unknown 'kind' {kind!r}")
                cards = Cards(text)
                matches = [p for p in deal.legal_plays() if p.cards == cards and p.kind == kind and p.rank == rank]
                if not matches:
                    raise ReplayError(f"{here}: {kind} {text} (rank {rank}) is not legal here")
                play = matches[0]
        except ReplayError:
            raise
        except ValueError as error:
            raise ReplayError(f"{here}: {error}") from None
        deal.play(play)


def _check_result(deal: Deal, record: Log, where: str) -> None:
    if "result" not in record:
        if deal.is_over:
            raise ReplayError(f"{where}the deal is over but 'result' is missing")
        return
    result = _field(record, "result", dict, where)
    if not deal.is_over:
        raise ReplayError(f"{where}'result' is given but the actions do not finish the deal")
    for name, value in (("winner", deal.winner), ("penalties", deal.penalties), ("bombs", deal.bombs)):
        if name not in result or result[name] != value:
            raise ReplayError(f"{where}result.{name} is {result.get(name)!r}, the replay gives {value!r}")


def _replay_deal(record: Log, where: str = "") -> Deal:
    players = _field(record, "players", int, where or "log")
    seed = _field(record, "seed", int, where or "log")
    starter = _field(record, "starter", int, where or "log")
    try:
        deal = Deal(players, seed, starter)
    except (TypeError, ValueError) as error:
        raise ReplayError(f"{where or 'log'}: {error}") from None
    _replay_actions(deal, _field(record, "actions", list, where or "log"), where)
    _check_result(deal, record, where)
    return deal


def _check_header(log: Log) -> str:
    if not isinstance(log, dict):
        raise ReplayError("a log is a JSON object")
    if log.get("format") != LOG_FORMAT:
        raise ReplayError(f"'format' must be {LOG_FORMAT!r}, got {log.get('format')!r}")
    if log.get("version") != LOG_VERSION:
        raise ReplayError(f"this engine reads log version {LOG_VERSION}, got {log.get('version')!r}")
    kind = log.get("type")
    if kind not in ("deal", "game"):
        raise ReplayError(f"'type' must be 'deal' or 'game', got {kind!r}")
    return kind


def replay(log: Log) -> Union[Deal, Game]:
    """The deal or game a log records, re-played and checked (ReplayError otherwise)."""
    if _check_header(log) == "deal":
        return _replay_deal(log)
    players = _field(log, "players", int, "log")
    seed = _field(log, "seed", int, "log")
    target = _field(log, "target", int, "log")
    try:
        game = Game(players, seed, target)
    except (TypeError, ValueError) as error:
        raise ReplayError(f"log: {error}") from None
    records = _field(log, "deals", list, "log")
    for i, record in enumerate(records):
        where = f"deals[{i}]."
        if game.is_over:
            raise ReplayError(f"{where[:-1]}: the game was over before this deal")
        deal = game.deal
        for name, value in (("players", players), ("seed", deal.seed), ("starter", deal.starter)):
            if _field(record, name, int, where[:-1]) != value:
                raise ReplayError(f"{where}{name} is {record[name]}, the game gives {value}")
        _replay_actions(deal, _field(record, "actions", list, where[:-1]), where)
        _check_result(deal, record, where)
        if deal.is_over:
            game.next_deal()
        elif i != len(records) - 1:
            raise ReplayError(f"{where[:-1]}: an unfinished deal must be the last")
    for name, value in (("scores", game.scores), ("winners", game.winners)):
        if log.get(name) != value:
            raise ReplayError(f"log: '{name}' is {log.get(name)!r}, the replay gives {value!r}")
    return game
