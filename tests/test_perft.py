"""Perft: lead counts of seeded deals, frozen from the reference.

tests/data/perft_leads.txt was produced by `python tools/make_perft.py` with
the pure-Python reference (tests/reference). Each line is one seat of one
seeded deal at a seeded level under one ruleset. A changed count needs a rules
reason; on a mismatch the test prints the per-kind breakdown ("divide").
"""

from collections import Counter
from pathlib import Path

import guandan
import pytest
from reference.deal import perft_positions

PERFT_FILE = Path(__file__).parent / "data" / "perft_leads.txt"
KINDS = guandan.KIND_NAMES


def perft_lines():
    for line in PERFT_FILE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields_part, hand = line.split(" hand=")
        fields = dict(item.split("=", 1) for item in fields_part.split())
        yield fields, hand.strip()


LINES = list(perft_lines())


def test_perft_file_covers_every_seat_and_both_move_rulesets():
    seen = {(f["seed"], f["seat"], f["ruleset"]) for f, _ in LINES}
    assert len(seen) == len(LINES) >= 48
    assert {f["ruleset"] for f, _ in LINES} == {"standard", "app"}


@pytest.mark.parametrize("fields,hand", LINES, ids=[f"seed{f['seed']}-seat{f['seat']}-{f['ruleset']}" for f, _ in LINES])
def test_perft_leads(fields, hand):
    # The hand in the file is the engine's own deal of that seed.
    hands, level = perft_positions(int(fields["seed"]))
    assert hand.split() == str(guandan.deal(int(fields["seed"]))[int(fields["seat"])]).split()
    assert level == fields["level"]

    moves = guandan.legal_moves(hand, fields["level"], ruleset=fields["ruleset"])
    got = Counter(m.kind for m in moves)
    divide = {k: (int(fields[k]), got.get(k, 0)) for k in KINDS if int(fields[k]) != got.get(k, 0)}
    assert not divide, f"per-kind (expected, engine) where they differ: {divide}"
    assert len(moves) == int(fields["total"])
