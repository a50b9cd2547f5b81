"""A fixed, documented action space for learning code.

Every action is one integer in ``range(NUM_ACTIONS)``:

- ``0``: pass;
- then one action per distinct (kind, size, rank) move, the grouped view of
  :func:`guandan.grouped_moves` (suits ignored; the move played is the
  representative that spends wild cards last), in this order: singles and
  pairs of the 15 ranks 2..A, SJ, BJ; triples and full houses of the 13
  natural ranks; straights by top rank 5..A (10); tubes by top 3..A (12);
  plates by top 2..A (13); n-of-a-kind bombs for n = 4..10, each by the 13
  ranks; straight flushes by top 5..A (10); the four-joker bomb;
- then ``GIVE_BASE + k`` gives card kind ``k`` (0..53, ``Card.index``) in the
  tribute and return steps.

    >>> from guandan.learning.actions import NUM_ACTIONS, action_of, describe
    >>> import guandan
    >>> move = guandan.classify("9s 9d", "2")[0]
    >>> describe(action_of(move))
    'pair 9'
    >>> NUM_ACTIONS
    248
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple, Union

from .._core import Card, Move
from ..gd.deal import Deal
from ..gd.moves import group_key
from ..gd.names import RANK_NAMES

PASS = 0


def _table() -> List[Tuple[str, int, str]]:
    """(kind, size, rank) of every move action, in action order."""
    naturals = RANK_NAMES[:13]
    entries: List[Tuple[str, int, str]] = []
    entries += [("single", 1, r) for r in RANK_NAMES]
    entries += [("pair", 2, r) for r in RANK_NAMES]
    entries += [("triple", 3, r) for r in naturals]
    entries += [("full_house", 5, r) for r in naturals]
    entries += [("straight", 5, r) for r in naturals[3:]]
    entries += [("tube", 6, r) for r in naturals[1:]]
    entries += [("plate", 6, r) for r in naturals]
    entries += [("bomb", n, r) for n in range(4, 11) for r in naturals]
    entries += [("straight_flush", 5, r) for r in naturals[3:]]
    entries += [("joker_bomb", 4, "BJ")]
    return entries


MOVE_ACTIONS: Tuple[Tuple[str, int, str], ...] = tuple(_table())
_INDEX: Dict[Tuple[str, int, str], int] = {key: i + 1 for i, key in enumerate(MOVE_ACTIONS)}
GIVE_BASE = 1 + len(MOVE_ACTIONS)
NUM_ACTIONS = GIVE_BASE + 54


def action_of(move: Optional[Move]) -> int:
    """The action of a move (None: pass)."""
    if move is None:
        return PASS
    return _INDEX[group_key(move)]


def give_action(card: Card) -> int:
    """The action that gives ``card`` as tribute or return."""
    return GIVE_BASE + card.index


def describe(action: int) -> str:
    """A readable name: 'pass', 'pair 9', 'bomb 5x7', 'give Ah'."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action must be in 0..{NUM_ACTIONS - 1}, got {action}")
    if action == PASS:
        return "pass"
    if action >= GIVE_BASE:
        return f"give {Card.from_index(action - GIVE_BASE)}"
    kind, size, rank = MOVE_ACTIONS[action - 1]
    return f"bomb {size}x{rank}" if kind == "bomb" else f"{kind} {rank}"


# ---------------------------------------------------------------------------
# Actions on a deal
# ---------------------------------------------------------------------------

#: The legal actions of a position, each mapped to what it does.
ActionTable = Dict[int, Union[None, Move, Card]]


def legal_action_table(deal: Deal) -> ActionTable:
    """Every legal action of the seat to act, mapped to what it does: None
    (pass), the representative Move of a move action, or the Card of a give
    action. Empty once the deal is over."""
    phase = deal.phase
    if phase in ("tribute", "return"):
        return {give_action(card): card for card in deal.tribute_options()}
    if phase != "play":
        return {}
    table: ActionTable = {}
    if deal.can_pass():
        table[PASS] = None
    for move in deal.grouped_moves():
        table.setdefault(action_of(move), move)
    return table


def apply_action(deal: Deal, action: int, table: Optional[ActionTable] = None) -> None:
    """Take ``action`` for the seat to act; ValueError (deal unchanged) if it is not legal now."""
    if table is None:
        table = legal_action_table(deal)
    if action not in table:
        name = describe(action) if 0 <= action < NUM_ACTIONS else "out of range"
        raise ValueError(f"action {action} ({name}) is not legal for seat {deal.turn} in the {deal.phase} phase")
    what = table[action]
    if action == PASS:
        deal.pass_turn()
    elif action >= GIVE_BASE:
        deal.give(what)
    else:
        deal.play(what)
