"""The golden transcript: every message of a seeded match's first two deals
(tests/data/judge_transcript.jsonl.gz, by tools/make_judge_transcript.py)."""

import os
import sys

HERE = os.path.dirname(__file__)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))

from make_judge_transcript import read_stored, transcript  # noqa: E402


def test_transcript_is_unchanged():
    expected = read_stored()
    lines = transcript()
    assert len(lines) == len(expected)
    for i, (line, want) in enumerate(zip(lines, expected)):
        assert line == want, f"line {i + 1} differs (regenerate with python tools/make_judge_transcript.py if the change is meant)"
