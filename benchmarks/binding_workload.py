"""One path through the Python binding, for the bench (benchmarks/bench.py):
100 seeded deals, half with a tribute, played through ``guandan.Deal`` by a
bot that plays its first legal move, so every decision crosses the binding
(legal moves, the observation, the play).

    python benchmarks/binding_workload.py                 # the work alone
    python benchmarks/binding_workload.py --signature     # prints decisions and a signature
    python benchmarks/binding_workload.py --imports-only  # start-up alone, to subtract
"""

import hashlib
import sys

import guandan
from guandan.gd.bots import play_deal

DEALS = 100


class FirstMove:
    def choose_move(self, observation, moves, can_pass):
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        return options[0]


def run() -> tuple:
    bots = [FirstMove() for _ in range(4)]
    hashed = hashlib.sha256()
    decisions = 0
    for seed in range(DEALS):
        deal = play_deal(guandan.Deal(seed=seed, previous_order=[0, 1, 2, 3] if seed % 2 else None), bots)
        decisions += len(deal.history)
        hashed.update(repr((deal.finishing_order, [str(e) for e in deal.history])).encode())
    return decisions, hashed.hexdigest()[:16]


if __name__ == "__main__":
    if "--imports-only" not in sys.argv:
        decisions, signature = run()
        if "--signature" in sys.argv:
            print(decisions, signature)
