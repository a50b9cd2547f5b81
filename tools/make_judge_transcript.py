"""Write tests/data/judge_transcript.jsonl.gz: every message of one seeded match's
first two deals as the judge sends them, each seat answering with the
fallback (pass, else its weakest play). tests/judge/test_transcript.py diffs it.

    python tools/make_judge_transcript.py
"""

from __future__ import annotations

import gzip
import io
import json
import os
from typing import List

from guandan import Match
from guandan.judge.table import JudgeTable

# Compressed: the questions of a lead list every legal play (about 850 KB as text).
PATH = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "judge_transcript.jsonl.gz")
SEED, DEALS = 1, 2


def transcript(seed: int = SEED, deals: int = DEALS) -> List[str]:
    """One JSON line per message: ``{"to": seat or "all", "message": ...}``,
    and ``{"from": seat, "actIndex": i}`` for each answer."""
    match = Match("standard", seed=seed)
    table = JudgeTable(match)
    lines: List[str] = []

    def write(addressed):
        for seat, message in addressed:
            lines.append(json.dumps({"to": "all" if seat is None else seat, "message": message}, sort_keys=True))

    for _ in range(deals):
        write(table.start_deal())
        while (decision := table.decision()) is not None:
            write([(decision.seat, decision.message)])
            index = decision.fallback()
            lines.append(json.dumps({"from": decision.seat, "actIndex": index}, sort_keys=True))
            write(table.answer(index)[1])
        write(table.end_deal())
        if match.next_deal() is None:
            break
    return lines


def read_stored() -> List[str]:
    with gzip.open(PATH, "rt", encoding="utf-8") as stored:
        return stored.read().splitlines()


if __name__ == "__main__":
    # mtime 0: the same transcript gives the same bytes
    with gzip.GzipFile(PATH, "wb", mtime=0) as raw, io.TextIOWrapper(raw, encoding="utf-8") as out:
        out.write("\n".join(transcript()) + "\n")
    print(f"wrote {os.path.normpath(PATH)}")
