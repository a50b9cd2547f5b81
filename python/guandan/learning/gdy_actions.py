"""A fixed, documented action space for Gan Deng Yan learning code, the
peer of :mod:`guandan.learning.actions` (Guandan's).

Every action is one integer in ``range(NUM_ACTIONS)`` (201):

- ``0``: pass;
- then one action per (kind, size, rank) of play, the rank being the one
  the cards read as (a run's top), in this order: singles of the 13 ranks
  3..2 (1..13; a lone joker, playable only as the last card, is a single
  2); pairs of 3..2 (14..26); runs by length 3..12, each by top rank from
  the lowest it can have up to A (27..81); pair runs by pairs 2..12, each by
  top rank (82..147); bombs of 3, 4, 5 and 6 cards, each by the 13 ranks
  (148..199); the joker bomb (200).

An action stands for every legal play of its (kind, size, rank): they
differ only in which cards the jokers replace. The play made is the first
the deal lists (:meth:`guandan.gdy.Deal.legal_plays`) among those that spend
the fewest jokers, as the core's batched environment plays it
(cpp/include/guandan/gdy/action_space.h).

    >>> from guandan.gdy import legal_plays
    >>> from guandan.learning.gdy_actions import NUM_ACTIONS, action_of, describe
    >>> run = [p for p in legal_plays("5 6 JK JK") if p.kind == "run" and len(p) == 4][0]
    >>> action_of(run), describe(action_of(run))
    (39, 'run 5-8')
    >>> NUM_ACTIONS
    201
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..gdy.cards import JOKER, RANK_NAMES
from ..gdy.deal import Deal
from ..gdy.plays import Play

__all__ = [
    "ActionTable", "MOVE_ACTIONS", "NUM_ACTIONS", "PASS", "action_of", "apply_action", "describe",
    "legal_action_table",
]

PASS = 0
_ACE = RANK_NAMES.index("A")
_BOMB_SIZES = (3, 4, 5, 6)  # one to four natural cards and up to two jokers


def _table() -> List[Tuple[str, int, str]]:
    """(kind, size, rank) of every play action, in action order."""
    entries: List[Tuple[str, int, str]] = []
    entries += [("single", 1, r) for r in RANK_NAMES]
    entries += [("pair", 2, r) for r in RANK_NAMES]
    # Runs and pair runs stop at the Ace: a run of `length` ranks tops at
    # least at rank index length - 1.
    entries += [("run", n, RANK_NAMES[top]) for n in range(3, _ACE + 2) for top in range(n - 1, _ACE + 1)]
    entries += [("pair_run", 2 * n, RANK_NAMES[top]) for n in range(2, _ACE + 2) for top in range(n - 1, _ACE + 1)]
    entries += [("bomb", n, r) for n in _BOMB_SIZES for r in RANK_NAMES]
    entries += [("joker_bomb", 2, JOKER)]
    return entries


#: ``(kind, size, rank)`` of actions ``1..NUM_ACTIONS - 1``, in order.
MOVE_ACTIONS: Tuple[Tuple[str, int, str], ...] = tuple(_table())
_INDEX: Dict[Tuple[str, int, str], int] = {key: i + 1 for i, key in enumerate(MOVE_ACTIONS)}
NUM_ACTIONS: int = 1 + len(MOVE_ACTIONS)


def action_of(play: Play) -> int:
    """The action of a play (``PASS`` for :data:`Play.PASS`)."""
    if not isinstance(play, Play):
        raise TypeError(f"action_of takes a gdy.Play, got {play!r}")
    if play.is_pass:
        return PASS
    return _INDEX[(play.kind, len(play), play.rank)]  # type: ignore[index]


def describe(action: int) -> str:
    """A readable name: 'pass', 'single 7', 'pair 2', 'run 5-8', 'pairs 5-6', 'bomb 4x9', 'joker bomb'."""
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action must be an integer 0..{NUM_ACTIONS - 1}, got {action!r}")
    if action == PASS:
        return "pass"
    kind, size, rank = MOVE_ACTIONS[action - 1]
    top = RANK_NAMES.index(rank) if rank != JOKER else -1
    if kind == "run":
        return f"run {RANK_NAMES[top - size + 1]}-{rank}"
    if kind == "pair_run":
        return f"pairs {RANK_NAMES[top - size // 2 + 1]}-{rank}"
    if kind == "bomb":
        return f"bomb {size}x{rank}"
    if kind == "joker_bomb":
        return "joker bomb"
    return f"{kind} {rank}"


#: The legal actions of a position, each mapped to the play it makes.
ActionTable = Dict[int, Play]


def legal_action_table(deal: Deal) -> ActionTable:
    """Every legal action of the seat to act, mapped to the play it makes
    (the pass to :data:`Play.PASS`): of the plays of an action, the first
    listed of those with the fewest jokers. Empty once the deal is over."""
    table: ActionTable = {}
    for play in deal.legal_plays():
        action = action_of(play)
        if action not in table or play.cards.jokers < table[action].cards.jokers:
            table[action] = play
    return table


def apply_action(deal: Deal, action: int, table: Optional[ActionTable] = None) -> None:
    """Take ``action`` for the seat to act; ValueError (deal unchanged) if it is not legal now."""
    if table is None:
        table = legal_action_table(deal)
    if action not in table:
        name = describe(action) if isinstance(action, int) and 0 <= action < NUM_ACTIONS else "out of range"
        raise ValueError(f"action {action!r} ({name}) is not legal for seat {deal.turn}")
    deal.play(table[action])
