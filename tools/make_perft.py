"""Write tests/data/perft_leads.txt: lead-move counts of seeded deals.

For each seed, `perft_positions(seed)` gives four hands and a level; for each
seat and each ruleset flag the reference `leads` is counted by kind.  The
engine's tests compare their own counts with this frozen file.

Usage: python tools/make_perft.py
"""

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # so `tests.reference` imports when run as a script
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/data_file.py

from data_file import write_data_file  # noqa: E402
from tests.reference.deal import perft_positions  # noqa: E402
from tests.reference.movegen import KINDS, leads  # noqa: E402

SEEDS = range(1, 13)
# Label -> wild_with_joker flag ("standard" and "pagat" share True).
RULESETS = (("standard", True), ("app", False))
OUTPUT = ROOT / "tests" / "data" / "perft_leads.txt"

HEADER = """\
# Reference lead-move counts (perft depth 1) for seeded Guandan deals.
# Produced by: python tools/make_perft.py  (pure-Python reference in tests/reference)
# Position of a seed: tests/reference/deal.py perft_positions(seed) = the
# xoshiro256** deal of that seed, then level = rank of rng.bounded(13).
# One line per (seed, seat, ruleset); ruleset standard = wild_with_joker True
# (also pagat), app = False (no combination holds both a wild and a joker).
# total = number of distinct moves (kind, rank, physical cards); then counts
# per kind; hand = the seat's 27 cards sorted by card index.
"""


def perft_lines():
    for seed in SEEDS:
        hands, level = perft_positions(seed)
        for seat, hand in enumerate(hands):
            for label, flag in RULESETS:
                by_kind = Counter(kind for kind, _, _ in leads(hand, level, flag))
                fields = [f"seed={seed}", f"seat={seat}", f"level={level}",
                          f"ruleset={label}", f"total={sum(by_kind.values())}"]
                fields += [f"{kind}={by_kind[kind]}" for kind in KINDS]
                fields.append("hand=" + " ".join(hand))
                yield " ".join(fields)


def main():
    write_data_file(OUTPUT, HEADER, perft_lines, ROOT)


if __name__ == "__main__":
    main()
