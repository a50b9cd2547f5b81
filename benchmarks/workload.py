"""The benchmark workload: 1,000 seeded random 27-card hands at random levels.

Hand i is seat i % 4 of the deal with seed 1000 + i (as in the C++ benchmark
cpp/bench/bench_movegen.cpp); levels and previous plays come from a seeded
Python generator. The previous play of hand i is a uniformly random lead of
the next seat's hand.
"""

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import List

import guandan
import numpy as np


@dataclass(frozen=True)
class Workload:
    hands: List[guandan.Hand]
    levels: List[str]
    previous: List[guandan.Move]

    @property
    def hand_bits(self) -> np.ndarray:
        return np.array([h.bits for h in self.hands], dtype=np.uint64)

    @property
    def level_indices(self) -> np.ndarray:
        return np.array([guandan.RANKS.index(lv) for lv in self.levels], dtype=np.int64)

    @property
    def previous_bits(self) -> np.ndarray:
        return np.array([m.bits for m in self.previous], dtype=np.uint64)


@lru_cache(maxsize=None)
def workload(n: int = 1000) -> Workload:
    rng = random.Random(2026)
    hands, levels, previous = [], [], []
    for i in range(n):
        dealt = guandan.deal(1000 + i)
        level = rng.choice(guandan.RANKS)
        hands.append(dealt[i % 4])
        levels.append(level)
        previous.append(rng.choice(guandan.legal_moves(dealt[(i + 1) % 4], level)))
    return Workload(hands, levels, previous)
