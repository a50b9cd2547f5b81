"""Tribute as pure functions (the rules live in cpp/src/tribute.cpp).

From the second deal of a match, after the deal and before play: the loser(s)
pay their highest card, each receiver gives one card back, and the ruleset
decides who pays, what may be paid and returned, when it is cancelled and who
leads. ``guandan.Deal(previous_order=...)`` drives these steps one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

from .. import _core
from .._core import Card
from .cards import CardsLike, as_hand, level_index
from .ruleset import RulesetLike, as_ruleset


@dataclass(frozen=True)
class TributePlan:
    """Who pays whom. ``payments`` lists (payer, receiver), the payment to
    first place first; ``paid`` and ``returned`` the cards given so far, as
    (giver, receiver, card)."""

    cancelled: bool
    payments: Tuple[Tuple[int, int], ...]
    first_place: int
    paid: Tuple[Tuple[int, int, Card], ...] = field(default=())
    returned: Tuple[Tuple[int, int, Card], ...] = field(default=())


def _card(card) -> Card:
    return card if isinstance(card, Card) else Card(card)


def tribute_plan(previous_order: Sequence[int], hands: Sequence[CardsLike], level: str, ruleset: RulesetLike = "standard") -> TributePlan:
    """Who pays whom after a deal that finished in ``previous_order`` (all four
    seats, first to last), on the new deal's ``hands`` at its ``level``."""
    rules = as_ruleset(ruleset)
    cancelled, payments = _core.tribute_plan(list(previous_order), [as_hand(h) for h in hands], level_index(level), rules.core)
    return TributePlan(cancelled=cancelled, payments=tuple((p[0], p[1]) for p in payments), first_place=previous_order[0])


def tribute_cards(hand: CardsLike, level: str, ruleset: RulesetLike = "standard") -> List[Card]:
    """The cards a payer may give: its highest in level order (ruleset: never a wild, or a wild counting as the level rank)."""
    return _core.tribute_cards(as_hand(hand), level_index(level), as_ruleset(ruleset).core)


def return_cards(hand: CardsLike, received, level: str, ruleset: RulesetLike = "standard") -> List[Card]:
    """The cards a receiver may give back after receiving ``received``."""
    return _core.return_cards(as_hand(hand), _card(received), level_index(level), as_ruleset(ruleset).core)


def tribute_leader(plan: TributePlan, paid: Optional[Sequence] = None, ruleset: RulesetLike = "standard") -> int:
    """Who leads the deal after the tribute of ``plan``.

    The leader follows from the plan alone (the payment to first place is
    listed first); ``paid`` is accepted for symmetry with the deal's record.
    """
    return _core.tribute_leader(plan.cancelled, list(plan.payments), plan.first_place, as_ruleset(ruleset).core)
