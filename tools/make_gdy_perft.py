"""Write tests/data/gdy_perft.txt: perft counts of seeded Gan Deng Yan deals.

For each seed and player count, the reference deal `Deal(players, seed)`
(starter drawn from the seed) is searched to a few depths with the
pure-Python reference's `perft`: the number of action sequences (plays and
passes) of exactly that many actions, a finished deal counting as one leaf.
Depths run to players + 2, so every line set includes a full round of passes,
the draw from the stock and the next lead. The engine's tests compare their
own counts with this frozen file.

Usage: python tools/make_gdy_perft.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # so `tests.reference` imports when run as a script
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/data_file.py

from data_file import write_data_file  # noqa: E402
from tests.reference.gdy import Deal, perft  # noqa: E402

SEEDS = range(1, 7)
PLAYERS = range(2, 7)
OUTPUT = ROOT / "tests" / "data" / "gdy_perft.txt"

HEADER = """\
# Reference perft counts for seeded Gan Deng Yan deals (docs/gdy_rules.md).
# Produced by: python tools/make_gdy_perft.py  (pure-Python reference in tests/reference/gdy.py)
# Position of (players, seed): tests/reference/gdy.py Deal(players, seed), the
# 54-card shuffle of that seed with the starter drawn right after it.
# nodes = number of action sequences (plays and passes) of exactly `depth`
# actions from the start of the deal; a deal that ends earlier counts once.
# Depths 1 .. players + 2, so each position includes an all-pass round and the draw.
"""


def depths(players):
    return range(1, players + 3)


def perft_lines():
    for players in PLAYERS:
        for seed in SEEDS:
            deal = Deal(players, seed)
            for depth in depths(players):
                yield f"players={players} seed={seed} depth={depth} nodes={perft(deal, depth)}"


def main():
    write_data_file(OUTPUT, HEADER, perft_lines, ROOT)


if __name__ == "__main__":
    main()
