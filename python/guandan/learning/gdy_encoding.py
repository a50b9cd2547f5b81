"""The observation vector of Gan Deng Yan for learning code, the peer of
:mod:`guandan.learning.encoding` (Guandan's).

:func:`encode_observation` builds an ``int8`` vector of
``OBSERVATION_SIZE = 184`` entries from a :class:`guandan.gdy.Observation`
alone, so it holds the observer's own hand and the public record, nothing
of the other hands or of the stock. Seats are *relative to the observer*:
relative seat ``r`` is absolute seat ``(observer + r) % players`` (0 = self,
1 = the next to act, ...). Every seat field has room for six seats; those
past the table's size stay zero. Card kind ``k`` is a rank ``3..2``
(``k = 0..12``, :data:`guandan.gdy.RANK_NAMES`) or the joker (``k = 13``);
suits never matter in Gan Deng Yan.

======================  ===========  =====  ==============================================
field                   entries      range  meaning
======================  ===========  =====  ==============================================
``hand``                0..13        0-4    copies of each card kind in the observer's hand
``played``              14..27       0-4    copies of each card kind played so far
``played_by``           28..111      0-4    6 x 14: what relative seat r played this deal, at 28 + 14r + k
``hand_sizes``          112..117     0-54   cards held, by relative seat
``has_played``          118..123     0-1    relative seat r has played a card this deal (else its penalty doubles)
``players``             124..128     0-1    one-hot table size 2..6
``table_cards``         129..142     0-4    the play to beat, per card kind (zeros: leading)
``table_kind``          143..148     0-1    one-hot kind of the play to beat: single, pair, run, pair run, bomb, joker bomb
``table_rank``          149..162     0-1    one-hot rank it reads as (3..2; 13: the joker bomb)
``last_player``         163..168     0-1    one-hot relative seat that played it
``passes``              169          0-4    passes on it so far
``turn``                170..175     0-1    one-hot relative seat to act (zeros: over)
``stock_left``          176          0-43   cards left in the stock
``bombs``               177          0-2    bombs played this deal, capped at 2 (penalties x1, x2, x4)
``winner``              178..183     0-1    one-hot relative seat that went out (once over)
======================  ===========  =====  ==============================================

The table fields are zeros when the player to act leads and once the deal
is over. :data:`FIELDS` lists the fields as ``(name, start, size, high)``.
The batched environment (:mod:`guandan.learning.gdy_batch`) writes the same
vector from the core (cpp/include/guandan/gdy/learning_encoding.h).

    >>> from guandan.gdy import Deal
    >>> from guandan.learning.gdy_encoding import OBSERVATION_SIZE, encode_observation, field
    >>> deal = Deal(players=3, seed=4)
    >>> vector = encode_observation(deal.observation(deal.turn))
    >>> vector.shape == (OBSERVATION_SIZE,), int(field(vector, "hand").sum()), field(vector, "hand_sizes").tolist()
    (True, 6, [6, 5, 5, 0, 0, 0])
"""

from __future__ import annotations

from typing import Dict, Tuple

import numpy as np

from ..gdy.cards import JOKER, RANK_NAMES, Cards
from ..gdy.deal import MAX_PLAYERS, MIN_PLAYERS, Observation
from .fields import Field, bounds, layout

__all__ = ["FIELDS", "OBSERVATION_SIZE", "encode_observation", "field", "observation_bounds"]

KINDS = len(RANK_NAMES) + 1  # the ranks, then the joker
_TABLE_KINDS = ("single", "pair", "run", "pair_run", "bomb", "joker_bomb")

_FIELD_SPECS: Tuple[Tuple[str, int, int], ...] = (
    ("hand", KINDS, 4),
    ("played", KINDS, 4),
    ("played_by", MAX_PLAYERS * KINDS, 4),
    ("hand_sizes", MAX_PLAYERS, 54),
    ("has_played", MAX_PLAYERS, 1),
    ("players", MAX_PLAYERS - MIN_PLAYERS + 1, 1),
    ("table_cards", KINDS, 4),
    ("table_kind", len(_TABLE_KINDS), 1),
    ("table_rank", KINDS, 1),
    ("last_player", MAX_PLAYERS, 1),
    ("passes", 1, MAX_PLAYERS - 2),
    ("turn", MAX_PLAYERS, 1),
    ("stock_left", 1, 54 - 2 * 5 - 1),
    ("bombs", 1, 2),
    ("winner", MAX_PLAYERS, 1),
)


#: ``(name, start, size, high)`` of every field of the observation vector, in order.
FIELDS: Tuple[Field, ...] = layout(_FIELD_SPECS)
OBSERVATION_SIZE: int = FIELDS[-1][1] + FIELDS[-1][2]
_SPAN: Dict[str, Tuple[int, int]] = {name: (start, size) for name, start, size, _ in FIELDS}


def observation_bounds() -> Tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of every entry (int8 arrays)."""
    return bounds(FIELDS)


def field(vector: np.ndarray, name: str) -> np.ndarray:
    """The entries of field ``name`` in an observation vector (a view)."""
    start, size = _SPAN[name]
    return vector[start : start + size]


def _counts(cards: Cards) -> np.ndarray:
    """Copies per card kind: the word's 13 rank nibbles, then its jokers."""
    word = cards.word
    return np.array([(word >> (4 * r)) & 0xF for r in range(len(RANK_NAMES))] + [cards.jokers], dtype=np.int8)


def _rank_index(rank: str) -> int:
    return KINDS - 1 if rank == JOKER else RANK_NAMES.index(rank)


def encode_observation(obs: Observation) -> np.ndarray:
    """The observation vector of the module docstring, from an Observation alone."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    n = obs.players

    def rel(seat: int) -> int:
        return (seat - obs.seat) % n

    field(out, "hand")[:] = _counts(obs.hand)
    field(out, "played")[:] = _counts(obs.cards_played)
    # Plays are face up: each seat's cards played, summed from the record.
    # Words of disjoint plays add without a carry (four cards of a rank at most).
    words = [0] * n
    for action in obs.history:
        words[action.seat] += action.play.cards.word
    played_by = field(out, "played_by").reshape(MAX_PLAYERS, KINDS)
    for seat in range(n):
        played_by[rel(seat)] = _counts(Cards.from_word(words[seat]))
        field(out, "hand_sizes")[rel(seat)] = obs.hand_sizes[seat]
        field(out, "has_played")[rel(seat)] = obs.played[seat]
    field(out, "players")[n - MIN_PLAYERS] = 1

    if obs.table is not None and obs.winner is None:
        table = obs.table
        field(out, "table_cards")[:] = _counts(table.cards)
        field(out, "table_kind")[_TABLE_KINDS.index(table.kind)] = 1
        field(out, "table_rank")[_rank_index(table.rank)] = 1  # type: ignore[arg-type]
        field(out, "last_player")[rel(obs.last_player)] = 1
        field(out, "passes")[0] = len(obs.passed)
    if obs.turn is not None:
        field(out, "turn")[rel(obs.turn)] = 1
    if obs.winner is not None:
        field(out, "winner")[rel(obs.winner)] = 1
    field(out, "stock_left")[0] = obs.stock_left
    field(out, "bombs")[0] = min(obs.bombs, 2)
    return out
