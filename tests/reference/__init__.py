"""Pure-Python reference for Guandan move generation and dealing.

Written from docs/rules.md §1 to §5 alone, independently of the engine, so the engine's
tests can compare against it.
"""

from .deal import Rng, deal, perft_positions
from .movegen import KINDS, beats, brute_force_leads, follows, leads

__all__ = [
    "KINDS",
    "Rng",
    "beats",
    "brute_force_leads",
    "deal",
    "follows",
    "leads",
    "perft_positions",
]
