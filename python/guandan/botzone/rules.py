"""What Botzone's GuanDan judge does that the ``botzone`` ruleset's fields
do not say: one deal with its level, tribute and places given before it
starts, its own tribute steps, and its scores.

The play of the deal is the core's, under ``Ruleset.preset("botzone")``
(standard's fields). The tribute steps follow the judge's conventions
(docs/guides/botzone.md lists each with the standard rule it replaces):

- the payer gives its highest card but a wild; the judge also takes a wild
  heart from a payer that holds a level card of another suit;
- a return is a card of rank 2 to 9 that is not of the level rank, taken
  from the hand as dealt (never the tribute just received), with no
  fallback when there is none;
- in a double tribute both payments come first, then both returns, and the
  cards are handed over only then: the higher card to first place, or, when
  the two are equal, first place's next player pays first place;
- after a single tribute the payer's partner leads; after a double, the
  payer of the higher card (first place's next player on equal cards);
  after a cancelled tribute, first place.

    >>> scores_of_outcome(first_out=1, outcome="1-3")
    [0, 2, 0, 2]
    >>> error_scores(2)
    [0, 1, -2, 1]
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .._core import Card, Hand
from ..gd.cards import level_order
from ..gd.ruleset import Ruleset
from ..gd.tribute import tribute_cards

RULESET = Ruleset.preset("botzone")
#: The score of an illegal answer (and of a bot that fails to answer); its
#: partner scores 0 and each opponent 1.
ILLEGAL_SCORE = -2
#: The ranks a return may have (the level rank excepted).
RETURN_RANKS = "23456789"


def scores_of_outcome(first_out: int, outcome: str) -> List[int]:
    """Each seat's score after a deal: the winners (the first player out and
    partner) score 3, 2 or 1 for a 1-2, 1-3 or 1-4, as standard's advance,
    the losers 0."""
    score = RULESET.levels_gained(outcome)
    return [score if (seat - first_out) % 2 == 0 else 0 for seat in range(4)]


def error_scores(offender: int) -> List[int]:
    """Each seat's score when ``offender`` answers illegally: the game ends."""
    return [ILLEGAL_SCORE if seat == offender else 0 if seat == offender ^ 2 else 1 for seat in range(4)]


def deal_level(levels: Sequence[str], tribute: int, first: Optional[int]) -> str:
    """The deal's level: first place's team's level after a tribute, else team 0's."""
    return levels[first % 2] if tribute and first is not None else levels[0]


def payers(tribute: int, last: int) -> List[int]:
    """Who pays, in the order the judge asks them: last place, then its partner."""
    return [last, last ^ 2][:tribute]


def receivers(tribute: int, first: int) -> List[int]:
    """Who returns, in the order the judge asks them: first place, then its partner."""
    return [first, first ^ 2][:tribute]


def tribute_cancelled(hands: Sequence[Hand], paying: Sequence[int]) -> bool:
    """The payers hold both big jokers between them (``both_big_jokers``)."""
    return sum(hands[seat].count(Card("BJ")) for seat in paying) >= 2


def tribute_accepted(hand: Hand, card: Card, level: str) -> bool:
    """Whether the judge takes ``card`` as tribute from ``hand``: the
    standard tribute cards, and a wild when the hand holds a level card of
    another suit (and no joker), which the judge counts as the level rank."""
    if card not in hand:
        return False
    if card in tribute_cards(hand, level, RULESET):
        return True
    level_cards = [c for c in hand if level_order(c, level) == 13]
    wild = card.suit == "h" and level_order(card, level) == 13
    no_joker = not any(c.suit is None for c in hand)
    return wild and no_joker and any(c.suit != "h" for c in level_cards)


def return_options(dealt: Hand, level: str) -> List[Card]:
    """The cards the judge takes as a return: rank 2 to 9, not the level
    rank, from the hand as dealt. Empty when there is none (the judge then
    takes no answer at all)."""
    return [card for card in dealt if card.suit is not None and card.rank in RETURN_RANKS
            and level_order(card, level) != 13]


def same_rank(a: Card, b: Card, level: str) -> bool:
    return level_order(a, level) == level_order(b, level)


def exchange(tribute: int, first: int, last: int, paid: Dict[int, Card], level: str) -> List[Tuple[int, int]]:
    """Who pays whom, as ``(payer, receiver)`` pairs, once every tribute card
    is known (``paid``: payer to card); the receiver returns to its payer."""
    if tribute == 1:
        return [(last, first)]
    one, other = last, last ^ 2
    if same_rank(paid[one], paid[other], level):
        return [((first + 1) % 4, first), ((first + 3) % 4, first ^ 2)]
    high, low = (one, other) if level_order(paid[one], level) > level_order(paid[other], level) else (other, one)
    return [(high, first), (low, first ^ 2)]


def leader(tribute: int, first: Optional[int], last: Optional[int], paid: Dict[int, Card], cancelled: bool,
           level: str) -> int:
    """Who leads the deal: seat 0 without tribute, first place after a
    cancelled one, the payer's partner after a single tribute, the payer to
    first place after a double."""
    if not tribute or first is None or last is None:
        return 0
    if cancelled:
        return first
    if tribute == 1:
        return last ^ 2
    return exchange(tribute, first, last, paid, level)[0][0]
