"""Protocol actions ``[type, rank, cards]`` and engine Moves, both ways.

The mapping (docs/judge.md, "Actions"):

=================  ==============================  ============================
engine kind        protocol type                   protocol rank
=================  ==============================  ============================
single             ``Single``                      the card's rank; jokers ``B`` / ``R``
pair               ``Pair``                        the rank; jokers ``B`` / ``R``
triple             ``Trips``                       the rank
full_house         ``ThreeWithTwo``                the triple's rank
straight           ``Straight``                    the lowest rank (``A`` for A2345)
tube               ``ThreePair``                   the lowest pair's rank (``A`` for AA2233)
plate              ``TwoTrips``                    the lowest triple's rank (``A`` for AAA222)
straight_flush     ``StraightFlush``               the lowest rank
bomb (4-10 cards)  ``Bomb``                        the rank
joker_bomb         ``Bomb``                        ``JOKER``
pass               ``PASS``                        ``PASS`` (cards ``PASS``)
=================  ==============================  ============================

Cards are physical cards (a wild as the heart it is), ordered slot by slot:
sequences from the lowest rank up, the full house's triple before its pair,
wilds after the natural cards of the slot they fill, cards of one slot by
suit (``S H C D``). A wild that stands for its own rank (the heart of the
level in a pair of the level) is placed by suit like the natural card it
is, as in the hand: ``["Pair", "2", ["S2", "H2"]]`` at level 2. A protocol action
names (type, rank, cards); an engine move is identified by (kind, rank,
cards) (docs/rules.md §3), so the mapping is one-to-one on the legal moves
of a position.

    >>> from guandan import classify
    >>> move = classify("5s 6s 7s 8s 2h", "2")[0]
    >>> move.kind, move.rank, wire_action(move)
    ('straight', '8', ['Straight', '4', ['H2', 'S5', 'S6', 'S7', 'S8']])
    >>> move_of_action(['Straight', '4', ['H2', 'S5', 'S6', 'S7', 'S8']], "2") == move
    True
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from .._core import Card, Move
from ..gd.moves import classify
from ..gd.ruleset import RulesetLike
from .cards import BIG_JOKER as BIG_JOKER_WIRE, SMALL_JOKER as SMALL_JOKER_WIRE, hand_of_wire, wire_card

PASS_ACTION: List[Any] = ["PASS", "PASS", "PASS"]

TYPE_OF_KIND: Dict[str, str] = {
    "single": "Single", "pair": "Pair", "triple": "Trips", "full_house": "ThreeWithTwo",
    "straight": "Straight", "tube": "ThreePair", "plate": "TwoTrips",
    "straight_flush": "StraightFlush", "bomb": "Bomb", "joker_bomb": "Bomb",
}
KINDS_OF_TYPE: Dict[str, Tuple[str, ...]] = {}
for _kind, _type in TYPE_OF_KIND.items():
    KINDS_OF_TYPE[_type] = KINDS_OF_TYPE.get(_type, ()) + (_kind,)
PLAY_TYPES = tuple(KINDS_OF_TYPE)

# Natural order with the Ace high (A low is 0, written separately below).
_NATURAL = {rank: i for i, rank in enumerate("23456789TJQKA", start=1)}
_NATURAL_NAME = {i: rank for rank, i in _NATURAL.items()}
# How many ranks a sequence spans: its lowest rank is top - span + 1.
_SPAN = {"straight": 5, "straight_flush": 5, "tube": 3, "plate": 2}
_JOKER_RANK = {"SJ": "B", "BJ": "R"}
_SUIT_ORDER = {"s": 0, "h": 1, "c": 2, "d": 3, None: 4}


def wire_rank(move: Move) -> str:
    """The protocol's rank of a move (see the table above)."""
    kind, rank = move.kind, move.rank
    if kind == "joker_bomb":
        return "JOKER"
    span = _SPAN.get(kind)
    if span is not None:
        lowest = _NATURAL[rank] - span + 1
        return "A" if lowest == 0 else _NATURAL_NAME[lowest]
    return _JOKER_RANK.get(rank, rank)


# Protocol strings and sort keys of every card text, so that a move is
# mapped from its text form alone (str(move) costs far less than reading
# its Card objects).
_WIRE = {str(card): wire_card(card) for card in (Card(r + s) for r in "23456789TJQKA" for s in "shcd")}
_WIRE.update({"SJ": SMALL_JOKER_WIRE, "BJ": BIG_JOKER_WIRE})
_SUIT_OF = {text: _SUIT_ORDER[text[-1]] if text not in ("SJ", "BJ") else 4 for text in _WIRE}

# Built actions by move: a deal offers the same moves again and again.
_CACHE: Dict[Move, List[Any]] = {}
_CACHE_LIMIT = 200_000


def _build(move: Move) -> List[Any]:
    kind, rank = move.kind, move.rank
    protocol_rank = wire_rank(move)
    ace_low = protocol_rank == "A" and kind in _SPAN
    keyed = []
    # str(move) is "9s 9c 9d 5h=2h 5h=2h": each physical card, "=" what a wild stands for.
    for token in str(move).split():
        physical, _, declared = token.partition("=")
        # A wild that stands for its own rank (the level card in a pair, a
        # triple or a bomb of the level) is placed as the natural card it is,
        # by suit: clients that group their hand by rank build such plays in
        # hand order and look them up by value.
        is_wild = bool(declared) and declared[:-1] != physical[:-1]
        declared = declared or physical
        if declared in ("SJ", "BJ"):
            position = 20 + (declared == "BJ")
        elif kind in _SPAN:
            declared_rank = declared[:-1]
            position = 0 if ace_low and declared_rank == "A" else _NATURAL[declared_rank]
        elif kind == "full_house":
            position = 0 if declared[:-1] == rank else 1
        else:
            position = 0
        keyed.append((position, is_wild, _SUIT_OF[physical], _WIRE[physical]))
    keyed.sort()
    return [TYPE_OF_KIND[kind], protocol_rank, [entry[3] for entry in keyed]]


def wire_action(move: Optional[Move]) -> List[Any]:
    """The protocol action of an engine move (None: a pass). The result is
    shared between calls: copy it before changing it."""
    if move is None:
        return PASS_ACTION
    action = _CACHE.get(move)
    if action is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        action = _CACHE[move] = _build(move)
    return action


def is_pass(action: object) -> bool:
    """Whether ``action`` is the protocol's pass, ``["PASS", "PASS", "PASS"]``."""
    return isinstance(action, list) and len(action) == 3 and action[0] == "PASS"


def _checked(action: object) -> Tuple[str, str, list]:
    if not isinstance(action, list) or len(action) != 3:
        raise ValueError(f"a protocol action is a list [type, rank, cards], got {action!r:.80}")
    kind, rank, cards = action
    if not isinstance(kind, str) or kind not in KINDS_OF_TYPE:
        raise ValueError(f"unknown action type {kind!r:.40} (expected one of {', '.join(PLAY_TYPES)} or PASS)")
    if not isinstance(rank, str):
        raise ValueError(f"an action's rank is a str, got {type(rank).__name__}")
    if not isinstance(cards, list) or not cards:
        raise ValueError("an action's cards are a non-empty list of protocol cards")
    return kind, rank, cards


def move_of_action(action: object, level: str, ruleset: RulesetLike = "standard",
                   moves: Optional[Sequence[Move]] = None) -> Optional[Move]:
    """The engine move of a protocol action at ``level`` (None for a pass).

    The move is the reading of exactly the action's cards whose kind and
    rank the action names. With ``moves`` (the legal moves of a position),
    it must be one of them. ValueError if there is no such move."""
    if is_pass(action):
        return None
    kind, rank, cards = _checked(action)
    hand = hand_of_wire(cards)
    kinds = KINDS_OF_TYPE[kind]
    for move in classify(hand, level, ruleset):
        if move.kind in kinds and wire_rank(move) == rank:
            if moves is not None and move not in moves:
                raise ValueError(f"{action!r:.80} is not a legal play here")
            return move
    raise ValueError(f"{action!r:.80} is not a {kind} of rank {rank} at level {level}")


def tribute_action(card: Card, stage: str) -> List[Any]:
    """The action of giving ``card`` in the ``tribute`` or ``back`` stage:
    ``[stage, stage, [card]]``."""
    return [stage, stage, [wire_card(card)]]
