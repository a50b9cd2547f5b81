"""The names the package shows for kinds, ranks, levels, phases and outcomes.

One table each, in the order of the C++ core's indices, imported by every
module that names these things::

    >>> from guandan.gd.names import KIND_NAMES, RANK_NAMES, OUTCOME_NAMES
    >>> KIND_NAMES[0], RANK_NAMES[-1], OUTCOME_NAMES[0]
    ('single', 'BJ', '1-2')
"""

from __future__ import annotations

from .. import _core

#: Move kinds by the core's kind index (``move.h`` ``Kind``).
KIND_NAMES = ("single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb", "straight_flush", "joker_bomb")
#: Ranks by the core's rank index: 2..A, then the small and big joker.
RANK_NAMES = tuple(_core.rank_name(index) for index in range(15))
#: The thirteen levels 2..A (the natural ranks).
LEVEL_NAMES = RANK_NAMES[:13]
#: Deal phases by the core's phase index (``deal.h`` ``Phase``).
PHASE_NAMES = ("tribute", "return", "play", "over")
#: Deal outcomes by where the first player out's partner finished (1, 2, 3).
OUTCOME_NAMES = ("1-2", "1-3", "1-4")
