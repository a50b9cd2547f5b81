"""guandan: a fast, exact Guandan (掼蛋) rules engine.

Two decks (108 cards), level cards, the two wild hearts of the level rank,
the bomb ladder, tribute and levels, under three rulesets (``"pagat"``,
``"standard"``, ``"app"``); docs/rules_in_brief.md summarises the rules.

    >>> import guandan
    >>> hand = guandan.Hand("5s 6s 7s 8s 2h")
    >>> sorted({(m.kind, m.rank) for m in guandan.legal_moves(hand, "2") if m.size == 5})
    [('straight', '8'), ('straight', '9'), ('straight_flush', '8'), ('straight_flush', '9')]
"""

from ._core import Card, Hand, Move
from .gd.batch import KIND_NAMES, MoveBatch, legal_moves_batch
from .gd.cards import RANKS, parse_cards
from .gd.deal import Deal, deal
from .gd.events import Event
from .gd.match import Match, MatchState, next_match_state
from .gd.moves import beats, classify, grouped_moves, legal_moves
from .gd.moves import MoveSequence
from .gd.observation import Observation
from .gd.ruleset import PRESET_NAMES, Ruleset
from .gd.simulate import DealResults, MatchResults, simulate, simulate_matches
from .gd.tribute import TributePlan, return_cards, tribute_cards, tribute_leader, tribute_plan
from .version import __version__

from . import games as _games  # noqa: E402,F401 - registers the built-in games (guandan.common.games)

__all__ = [
    "beats",
    "Card",
    "classify",
    "deal",
    "Deal",
    "DealResults",
    "Event",
    "grouped_moves",
    "Hand",
    "KIND_NAMES",
    "legal_moves",
    "legal_moves_batch",
    "Match",
    "MatchResults",
    "MatchState",
    "Move",
    "MoveBatch",
    "MoveSequence",
    "next_match_state",
    "Observation",
    "parse_cards",
    "PRESET_NAMES",
    "RANKS",
    "return_cards",
    "Ruleset",
    "simulate",
    "simulate_matches",
    "tribute_cards",
    "tribute_leader",
    "tribute_plan",
    "TributePlan",
]
