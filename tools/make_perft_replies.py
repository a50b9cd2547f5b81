"""Write tests/data/perft_replies.txt: a two-ply perft of seeded positions.

For each seed, `perft_positions(seed)` gives four hands and a level. Seat 0
leads; for every lead the pure-Python reference (tests/reference) counts the
replies of seat 1: the moves that beat it, plus the pass. The engine's test
compares its own counts lead by lead with this frozen file.

Usage: python tools/make_perft_replies.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # so `tests.reference` imports when run as a script
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/data_file.py

from data_file import write_data_file  # noqa: E402
from tests.reference.deal import perft_positions  # noqa: E402
from tests.reference.movegen import beats, leads  # noqa: E402

# Seeds whose hands hold wilds and jokers, so the two move rulesets differ.
SEEDS = (8, 11, 13)
# Label -> wild_with_joker flag ("standard" and "pagat" share True).
RULESETS = (("standard", True), ("app", False))
OUTPUT = ROOT / "tests" / "data" / "perft_replies.txt"

HEADER = """\
# Reference two-ply perft for seeded Guandan positions.
# Produced by: python tools/make_perft_replies.py  (pure-Python reference in tests/reference)
# Position of a seed: tests/reference/deal.py perft_positions(seed); seat 0
# leads, seat 1 replies. A "position" line gives the totals; then one line per
# lead of seat 0: kind, rank and cards (sorted by card index), and the number
# of replies of seat 1 (moves that beat the lead, plus the pass).
"""


def position_lines(seed, label, flag):
    hands, level = perft_positions(seed)
    replier = list(leads(hands[1], level, flag))
    rows = []
    for kind, rank, cards in sorted(leads(hands[0], level, flag)):
        beating = sum(1 for k, r, c in replier if beats(k, r, len(c), kind, rank, len(cards), level))
        rows.append(f"lead={kind},{rank},{'.'.join(cards)} replies={beating + 1}")
    total = sum(int(row.rsplit("=", 1)[1]) for row in rows)
    head = (f"position seed={seed} level={level} ruleset={label} leads={len(rows)} replies={total} "
            f"leader={' '.join(hands[0])} / replier={' '.join(hands[1])}")
    return [head] + rows


def all_lines():
    return [line for seed in SEEDS for label, flag in RULESETS for line in position_lines(seed, label, flag)]


def main():
    write_data_file(OUTPUT, HEADER, all_lines, ROOT)


if __name__ == "__main__":
    main()
