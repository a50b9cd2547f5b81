"""Cards as Botzone's GuanDan writes them: the numbers 0-107, and plays as
the cards played plus the cards claimed.

The 108 cards are two decks of 54. Within a deck, number ``n`` (0-51) is
rank ``"A23456789TJQK"[n // 4]`` in suit ``"hdsc"[n % 4]`` (hearts,
diamonds, spades, clubs); 52 is the small joker and 53 the big joker. The
second deck is the same plus 54. Botzone's own text writes a 10 as ``0``
(``h0``), levels included: its level ``"0"`` is our ``"T"``.

A play is ``[action, claim]``: the numbers of the cards played, and as many
numbers saying what each card is read as. A natural card claims itself; a
wild heart of the level rank claims any card but a joker (what it stands
for). A pass is ``[[], []]``.

    >>> from guandan import Card
    >>> str(card_of_number(0)), str(card_of_number(39)), str(card_of_number(107))
    ('Ah', 'Tc', 'BJ')
    >>> number_of_card(Card("Tc")), number_of_card(Card("SJ"), deck=1)
    (39, 106)
"""

from __future__ import annotations

from collections import Counter
from typing import Dict, List, Sequence, Set, Tuple

from .. import _core
from .._core import Card, Hand, Move
from ..gd.cards import level_index

CARD_COUNT = 108
DECK_SIZE = 54
SMALL_JOKER, BIG_JOKER = 52, 53
#: Ranks in the order of the numbers (a deck starts with the aces).
RANKS = "A23456789TJQK"
#: Suits in the order of the numbers.
SUITS = "hdsc"
#: Our level ranks, low to high, for finding one no claimed card is wild at.
_LEVELS = "23456789TJQKA"


class ClaimError(ValueError):
    """A play Botzone's judge refuses, with its reason (``ILLEGAL_CLAIM``,
    ``INVALID_TYPE``, ``INVALID_FORMAT``) and what is wrong in words."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def _card_table() -> Tuple[List[Card], Dict[str, int]]:
    cards: List[Card] = []
    for n in range(DECK_SIZE):
        cards.append(Card("SJ" if n == SMALL_JOKER else "BJ" if n == BIG_JOKER else RANKS[n // 4] + SUITS[n % 4]))
    return cards, {str(card): n for n, card in enumerate(cards)}


_CARDS, _NUMBERS = _card_table()


def check_number(value: object, what: str = "a card number") -> int:
    """``value`` if it is a card number 0..107 (TypeError/ValueError naming ``what`` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int 0..107, got {type(value).__name__}")
    if not 0 <= value < CARD_COUNT:
        raise ValueError(f"{what} must be 0..107, got {value}")
    return value


def card_of_number(number: int) -> Card:
    """The engine card of a Botzone card number."""
    return _CARDS[check_number(number) % DECK_SIZE]


def number_of_card(card: Card, deck: int = 0) -> int:
    """The Botzone number of ``card`` in deck 0 or 1."""
    if deck not in (0, 1):
        raise ValueError(f"deck must be 0 or 1, got {deck!r}")
    return _NUMBERS[str(card)] + DECK_SIZE * deck


def cards_of_numbers(numbers: Sequence[int]) -> List[Card]:
    """The engine cards of a list of numbers, in order."""
    if not isinstance(numbers, list):
        raise TypeError(f"Botzone cards are a list of numbers, got {type(numbers).__name__}")
    return [card_of_number(n) for n in numbers]


def hand_of_numbers(numbers: Sequence[int]) -> Hand:
    return Hand(cards_of_numbers(list(numbers)))


def numbers_for_cards(cards: Sequence[Card], held: Sequence[int]) -> List[int]:
    """Distinct numbers among ``held`` for ``cards`` (ValueError if ``held``
    lacks one): which of two copies is played does not matter."""
    free: Dict[str, List[int]] = {}
    for number in held:
        free.setdefault(str(card_of_number(number)), []).append(number)
    chosen = []
    for card in cards:
        copies = free.get(str(card))
        if not copies:
            raise ValueError(f"{card} is not among the held cards")
        chosen.append(copies.pop())
    return chosen


def level_of_text(text: object) -> str:
    """Our level rank of Botzone's level text (``"0"`` is ``"T"``)."""
    if not isinstance(text, str) or len(text) != 1 or text not in "234567890JQKA":
        raise ValueError(f"a Botzone level is one of 2-9, 0, J, Q, K, A; got {text!r}")
    return "T" if text == "0" else text


def text_of_level(level: str) -> str:
    """Botzone's level text of our level rank."""
    level = _core.rank_name(level_index(level))
    return "0" if level == "T" else level


def is_wild(card: Card, level: str) -> bool:
    return card.suit == "h" and card.rank == _core.rank_name(level_index(level))


# --- plays -------------------------------------------------------------------

def answer_of_move(move: Move, held: Sequence[int]) -> List[List[int]]:
    """The ``[action, claim]`` of our move, played from the numbers ``held``.

    The claim is the move as the engine reads it (``Move.declared``), whose
    suits already make a straight with a wild no flush and a straight flush
    one suit, as Botzone reads them from the claim.
    """
    action = numbers_for_cards(list(move.cards), held)
    naturals: Dict[str, List[int]] = {}
    for number in action:
        card = card_of_number(number)
        if not is_wild(card, move.level):
            naturals.setdefault(str(card), []).append(number)
    claim = []
    for card in move.declared:
        copies = naturals.get(str(card))
        claim.append(copies.pop() if copies else number_of_card(card))
    return [action, claim]


def _numbers(value: object, what: str) -> List[int]:
    if not isinstance(value, list):
        raise ClaimError("INVALID_FORMAT", f"{what} must be a list of card numbers, got {type(value).__name__}")
    try:
        return [check_number(n, f"a number of the {what}") for n in value]
    except (TypeError, ValueError) as error:
        raise ClaimError("INVALID_FORMAT", str(error)) from None


def check_claim(action: List[int], claim: List[int], level: str) -> None:
    """Botzone's check of a claim: as many cards as played, each natural card
    claiming itself, each wild claiming anything but a joker."""
    if len(action) != len(claim):
        raise ClaimError("ILLEGAL_CLAIM", f"{len(action)} cards played but {len(claim)} claimed")
    left = Counter(str(card_of_number(n)) for n in claim)
    for number in action:
        card = card_of_number(number)
        if is_wild(card, level):
            continue
        if left[str(card)] == 0:
            raise ClaimError("ILLEGAL_CLAIM", f"the natural card {card} (number {number}) does not claim itself")
        left[str(card)] -= 1
    jokers = [name for name, count in left.items() if count and name in ("SJ", "BJ")]
    if jokers:
        raise ClaimError("ILLEGAL_CLAIM", f"a wild card claims a joker ({jokers[0]})")


def claimed_kinds(claim_cards: Sequence[Card]) -> Set[Tuple[str, str]]:
    """The (kind, rank) readings of the claimed cards taken as they are.

    Botzone reads a claim with no wild in it, so the cards are classified at
    a level whose heart none of them is; which combination natural cards
    form, and its rank's name, do not depend on the level."""
    hearts = {card.rank for card in claim_cards if card.suit == "h"}
    neutral = next(level for level in _LEVELS if level not in hearts)
    readings = _core.classify(Hand(list(claim_cards)), level_index(neutral), True)
    return {(m.kind, m.rank) for m in readings}


def move_of_answer(action: object, claim: object, level: str) -> Move:
    """Our move of a Botzone play (not a pass): the reading of the played
    cards whose kind and rank are those of the claim. ClaimError when
    Botzone's judge refuses the claim, or (reason ``NO_READING``) when the
    engine has no such reading: wilds alone claimed as another rank than the
    level's, which Botzone accepts and which is never stronger."""
    action_numbers, claim_numbers = _numbers(action, "action"), _numbers(claim, "claim")
    if not action_numbers:
        raise ClaimError("INVALID_FORMAT", "a play needs at least one card")
    check_claim(action_numbers, claim_numbers, level)
    claim_cards = cards_of_numbers(claim_numbers)
    kinds = claimed_kinds(claim_cards)
    if not kinds:
        raise ClaimError("INVALID_TYPE", f"{' '.join(map(str, claim_cards))} is no combination")
    played = Hand(cards_of_numbers(action_numbers))
    for move in _core.classify(played, level_index(level), True):
        if (move.kind, move.rank) in kinds:
            return move
    kind, rank = sorted(kinds)[0]
    raise ClaimError("NO_READING", f"{played} read as {kind} {rank}: the engine plays wilds alone only as the level rank")


def stand_in_move(claim: List[int], level: str) -> Move:
    """A move of natural cards with the kind and rank of ``claim``: what an
    opponent's play the engine has no reading of (wilds alone claimed as a
    lower rank) must be beaten as."""
    cards = cards_of_numbers(claim)
    # A wild claiming itself stands in as the level card of another suit.
    natural = [Card(c.rank + "s") if is_wild(c, level) else c for c in cards]
    readings = _core.classify(Hand(natural), level_index(level), True)
    if not readings:
        raise ClaimError("INVALID_TYPE", f"{' '.join(map(str, cards))} is no combination")
    return readings[0]
