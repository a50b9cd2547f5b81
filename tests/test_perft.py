"""Perft: lead counts of seeded deals, frozen from the reference.

tests/data/perft_leads.txt was produced by `python tools/make_perft.py` with
the pure-Python reference (tests/reference). Each line is one seat of one
seeded deal at a seeded level under one ruleset. A changed count needs a rules
reason; on a mismatch the test prints the per-kind breakdown ("divide").

The two-ply perft (tests/data/perft_replies.txt, by
`python tools/make_perft_replies.py` with the same reference) counts, for
every lead of seat 0, the replies of seat 1 (beating moves plus the pass),
played through `Deal`; on a mismatch it prints the leads whose counts differ.
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


# --- two-ply perft: every reply to every lead --------------------------------

REPLIES_FILE = Path(__file__).parent / "data" / "perft_replies.txt"


def reply_positions():
    """(fields, {lead key: replies}) per position of tests/data/perft_replies.txt."""
    positions = []
    for line in REPLIES_FILE.read_text().splitlines():
        if line.startswith("position "):
            head = line.split(" leader=")[0]
            fields = dict(item.split("=", 1) for item in head.split()[1:])
            positions.append((fields, {}))
        elif line.startswith("lead="):
            lead, replies = line[len("lead="):].split(" replies=")
            kind, rank, cards = lead.split(",")
            positions[-1][1][(kind, rank, str(guandan.Hand(cards.split(".")))) ] = int(replies)
    return positions


REPLY_POSITIONS = reply_positions()


def test_reply_file_covers_both_move_rulesets():
    assert len(REPLY_POSITIONS) >= 6
    assert {f["ruleset"] for f, _ in REPLY_POSITIONS} == {"standard", "app"}
    for fields, leads in REPLY_POSITIONS:
        assert len(leads) == int(fields["leads"]) and sum(leads.values()) == int(fields["replies"])


@pytest.mark.parametrize("fields,expected", REPLY_POSITIONS,
                         ids=[f"seed{f['seed']}-{f['ruleset']}" for f, _ in REPLY_POSITIONS])
def test_two_ply_perft(fields, expected):
    # Seat 0 of the seeded deal leads, seat 1 replies (any beating move, or pass).
    hands, level = perft_positions(int(fields["seed"]))
    assert level == fields["level"]
    deal = guandan.Deal(hands=[" ".join(h) for h in hands], level=level, ruleset=fields["ruleset"], leader=0)
    got = {}
    for lead in deal.legal_moves():
        after = deal.copy()
        after.play(lead)
        assert after.turn == 1 and after.can_pass()
        got[(lead.kind, lead.rank, str(guandan.Hand(lead.cards)))] = len(after.legal_moves()) + 1
    differ = {lead: (expected.get(lead), got.get(lead)) for lead in expected.keys() | got.keys()
              if expected.get(lead) != got.get(lead)}
    shown = dict(sorted(differ.items(), key=str)[:20])
    assert not differ, f"{len(differ)} leads whose replies differ, (expected, engine), first 20: {shown}"
    assert sum(got.values()) == int(fields["replies"])
