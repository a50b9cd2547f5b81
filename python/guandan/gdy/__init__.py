"""Gan Deng Yan (干瞪眼): China's quick one-deck climbing game for 2 to 6
players, on the same core as Guandan (docs/gdy_rules.md has the rules).

    >>> from guandan import gdy
    >>> d = gdy.Deal(players=4, seed=7)
    >>> len(d.hand(d.starter)), d.table is None
    (6, True)
    >>> [p.describe() for p in gdy.legal_plays("5 5 6 JK")][:4]
    ['bomb of three 5s', 'single 5', 'single 6', 'pair of 5s']

Modules: cards (Cards, parse), plays (Play, legal_plays, beats), deal
(Deal, Observation), game (Game), log (JSON logs and replay), bots (Bot,
CoreBot, play_deal), simulate (numpy columns, threads), arena (duplicate
deals).
"""

from .arena import ArenaResult, arena
from .bots import Bot, CoreBot, play_deal
from .cards import JOKER, RANK_NAMES, Cards
from .deal import MAX_PLAYERS, MIN_PLAYERS, Action, Deal, Observation
from .game import DEFAULT_TARGET, Game
from .log import ReplayError, deal_log, game_log, replay
from .plays import KIND_NAMES, Play, beats, legal_plays
from .simulate import POLICIES, DealResults, GameResults, simulate, simulate_games

__all__ = [
    "Action", "arena", "ArenaResult", "beats", "Bot", "Cards", "CoreBot", "Deal", "deal_log", "DealResults",
    "DEFAULT_TARGET", "Game", "game_log", "GameResults", "JOKER", "KIND_NAMES", "legal_plays", "MAX_PLAYERS",
    "MIN_PLAYERS", "Observation", "Play", "play_deal", "POLICIES", "RANK_NAMES", "replay", "ReplayError",
    "simulate", "simulate_games",
]
