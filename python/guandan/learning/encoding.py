"""The observation vector of Guandan for learning code.

``observation["observation"]`` is an ``int8`` vector of
``OBSERVATION_SIZE = 502`` entries built only from
:meth:`guandan.Deal.observation` (or :meth:`guandan.Match.observation`), so
it holds the observer's own hand and the public record, nothing of the other
hands. Seats are *relative to the observer*: relative seat ``r`` is absolute
seat ``(observer + r) % 4`` (0 = self, 1 = next to play, 2 = partner, 3 =
previous). Card kind ``k`` is :attr:`guandan.Card.index` (rank * 4 + suit,
suits ``s h c d``, ranks 2..A; ``SJ`` = 52, ``BJ`` = 53). Ranks index
``guandan.gd.names.RANK_NAMES`` (2..A, SJ, BJ); kinds index
``guandan.KIND_NAMES``.

======================  ===========  =====  ==============================================
field                   entries      range  meaning
======================  ===========  =====  ==============================================
``hand``                0..53        0-2    copies of each card kind in the observer's hand
``played``              54..107      0-2    copies of each card kind played so far (plays only)
``card_counts``         108..111     0-28   cards held, by relative seat
``last_play_cards``     112..165     0-2    the play to beat, per card kind (zeros: leading)
``last_player``         166..169     0-1    one-hot relative seat of its player
``last_play_kind``      170..179     0-1    one-hot kind of the play to beat
``last_play_rank``      180..194     0-1    one-hot rank of the play to beat
``level``               195..207     0-1    one-hot level rank 2..A
``phase``               208..211     0-1    one-hot tribute, return, play, over
``turn``                212..215     0-1    one-hot relative seat to act (zeros: over)
``places``              216..231     0-1    4 x 4: relative seat r went out in place p at 216 + 4r + p
``tribute_given``       232..447     0-1    4 x 54: the card relative seat r gave (tribute or return) at 232 + 54r + k
``tribute_role``        448..455     0-1    4 x 2: relative seat r paid a tribute (448 + 2r), gave a return (449 + 2r)
``tribute_to``          456..471     0-1    4 x 4: relative seat r gave its card to relative seat q at 456 + 4r + q
``team_levels``         472..497     0-1    match mode: one-hot level of the observer's team, then of the opponents
``declarers``           498..499     0-1    match mode: the observer's team declares, the opponents declare
``failed_attempts``     500..501     0-3    match mode: failed attempts at A, observer's team then opponents (capped at 3)
======================  ===========  =====  ==============================================

In deal mode the three match fields are zero. :func:`encode_observation`
turns any :class:`guandan.Observation` into this vector, and
:data:`FIELDS` lists the fields as ``(name, start, size, high)``.

The encoding needs only numpy. The PettingZoo environment
(:mod:`guandan.learning.env`) and the OpenSpiel game (:mod:`guandan.learning.openspiel`) use it.
"""

from __future__ import annotations

from typing import Dict, Tuple

import numpy as np

from ..gd.names import KIND_NAMES, PHASE_NAMES, RANK_NAMES
from ..gd.cards import RANKS
from ..gd.observation import Observation
from .fields import Field, bounds, layout

__all__ = ["FIELDS", "OBSERVATION_SIZE", "encode_observation", "observation_bounds"]

_FIELD_SPECS: Tuple[Tuple[str, int, int], ...] = (
    ("hand", 54, 2),
    ("played", 54, 2),
    ("card_counts", 4, 28),
    ("last_play_cards", 54, 2),
    ("last_player", 4, 1),
    ("last_play_kind", len(KIND_NAMES), 1),
    ("last_play_rank", len(RANK_NAMES), 1),
    ("level", 13, 1),
    ("phase", 4, 1),
    ("turn", 4, 1),
    ("places", 16, 1),
    ("tribute_given", 4 * 54, 1),
    ("tribute_role", 8, 1),
    ("tribute_to", 16, 1),
    ("team_levels", 26, 1),
    ("declarers", 2, 1),
    ("failed_attempts", 2, 3),
)


#: ``(name, start, size, high)`` of every field of the observation vector, in order.
FIELDS: Tuple[Field, ...] = layout(_FIELD_SPECS)
OBSERVATION_SIZE: int = FIELDS[-1][1] + FIELDS[-1][2]
_START: Dict[str, int] = {name: start for name, start, _, _ in FIELDS}

_KIND_INDEX = {name: i for i, name in enumerate(KIND_NAMES)}
_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}
_LEVEL_INDEX = {name: i for i, name in enumerate(RANKS)}
_PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
_MASK54 = (1 << 54) - 1
_BITS = np.left_shift(np.uint64(1), np.arange(54, dtype=np.uint64))


def observation_bounds() -> Tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of every entry (int8 arrays)."""
    return bounds(FIELDS)


def _unpack(word: int) -> np.ndarray:
    """Bits 0..53 of ``word`` as a 0/1 int8 vector."""
    return ((np.uint64(word & _MASK54) & _BITS) != 0).astype(np.int8)


def _counts(bits: Tuple[int, int]) -> np.ndarray:
    """Copies per card kind of a hand or move given as its (first, second copy) words."""
    lo, hi = bits
    return _unpack(lo) + _unpack(hi)


def encode_observation(obs: Observation) -> np.ndarray:
    """The observation vector of the module docstring, from an Observation alone."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    me = obs.seat

    def rel(seat: int) -> int:
        return (seat - me) % 4

    s = _START
    out[s["hand"] : s["hand"] + 54] = _counts(obs.hand.bits)

    # Cards played so far, and the tribute and return cards (public), as the
    # observation carries them from the core: no replay of the history.
    out[s["played"] : s["played"] + 54] = _counts(obs.played.bits)
    if obs.tribute is not None:
        gifts = [(payer, receiver, card, 0) for payer, receiver, card in obs.tribute.paid]
        gifts += [(giver, to, card, 1) for giver, to, card in obs.tribute.returned]
        for giver, to, card, role in gifts:
            r = rel(giver)
            out[s["tribute_given"] + 54 * r + card.index] = 1
            out[s["tribute_role"] + 2 * r + role] = 1
            out[s["tribute_to"] + 4 * r + rel(to)] = 1

    for seat, count in enumerate(obs.card_counts):
        out[s["card_counts"] + rel(seat)] = count

    if obs.last_play is not None:
        move = obs.last_play
        out[s["last_play_cards"] : s["last_play_cards"] + 54] = _counts(move.bits)
        out[s["last_play_kind"] + _KIND_INDEX[move.kind]] = 1
        out[s["last_play_rank"] + _RANK_INDEX[move.rank]] = 1
    if obs.last_player is not None:
        out[s["last_player"] + rel(obs.last_player)] = 1

    out[s["level"] + _LEVEL_INDEX[obs.level]] = 1
    out[s["phase"] + _PHASE_INDEX[obs.phase]] = 1
    if obs.turn is not None:
        out[s["turn"] + rel(obs.turn)] = 1
    for place, seat in enumerate(obs.finishing_order):
        out[s["places"] + 4 * rel(seat) + place] = 1

    if obs.levels is not None:
        mine, theirs = me % 2, 1 - me % 2
        out[s["team_levels"] + _LEVEL_INDEX[obs.levels[mine]]] = 1
        out[s["team_levels"] + 13 + _LEVEL_INDEX[obs.levels[theirs]]] = 1
        if obs.declarers is not None:
            out[s["declarers"] + (0 if obs.declarers == mine else 1)] = 1
        if obs.failed_attempts is not None:
            out[s["failed_attempts"]] = min(obs.failed_attempts[mine], 3)
            out[s["failed_attempts"] + 1] = min(obs.failed_attempts[theirs], 3)
    return out

