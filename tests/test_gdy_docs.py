"""docs/gdy_rules.md stays in step with the engine: its citations resolve and
its worked examples are what the engine does."""

import re
from pathlib import Path

import pytest

from guandan import gdy
from guandan.gdy import Cards, legal_plays

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "gdy_rules.md").read_text(encoding="utf-8")
CITATION = re.compile(r"docs/gdy_rules\.md((?:\s*(?:,|and|to|-|–)?\s*§\d+(?:\.\d+)?)*)")
SECTION_REF = re.compile(r"§(\d+(?:\.\d+)?)")


def sections():
    numbers = set(re.findall(r"^## (\d+)\. ", DOC, re.M))
    numbers |= {f"{a}.{b}" for a, b in re.findall(r"^### (\d+)\.(\d+) ", DOC, re.M)}
    return numbers


def test_every_citation_names_a_section():
    known, cited, unknown = sections(), set(), []
    for folder in ("cpp", "python", "tests", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".h", ".cpp", ".py", ".pyi") or "__pycache__" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in CITATION.finditer(line):
                    for section in SECTION_REF.findall(m.group(1)):
                        cited.add(section)
                        if section not in known:
                            unknown.append(f"{path.relative_to(ROOT)}:{number}: §{section}")
    assert not unknown and len(cited) >= 5, unknown
    assert set(SECTION_REF.findall(DOC)) <= known  # the document's own cross-references


def _describe(hand, table=None):
    return sorted(p.describe() for p in legal_plays(hand, table) if not p.is_pass)


def _play(text, kind=None):
    """The lead of exactly these cards (of ``kind`` when given)."""
    (play,) = [p for p in legal_plays(text) if p.cards == Cards(text) and (kind is None or p.kind == kind)]
    return play


def test_section_3_4_every_lead_of_a_small_hand():
    # 1 (joker bomb) + 3 (with the 5) + 3 (with the 6) + 3 (with both) = 10.
    assert len(legal_plays("5 6 JK JK")) == 10


def test_section_3_3_readings():
    assert _play("5 JK JK").describe() == "bomb of three 5s"
    assert _play("5 5 JK JK").describe() == "bomb of four 5s"
    assert _play("5 6 JK").describe() == "run 5-7"
    assert [p.describe() for p in legal_plays("5 6 JK", _play("3 4 5")) if not p.is_pass] == ["run 4-6"]
    assert [p.describe() for p in legal_plays("5 6 JK", _play("4 5 6")) if not p.is_pass] == ["run 5-7"]


def test_section_4_3_examples():
    assert _describe("10 J 2 7 7 7", _play("9")) == ["bomb of three 7s", "single 10", "single 2"]
    assert _describe("2 JK K", _play("A A")) == ["pair of 2s"]
    assert _describe("5 6 8 JK", _play("4 5 6 7")) == ["run 5-8"]
    # 8 8 8 and 8 8 JK are two plays of one reading; 6 6 6 is too low, 6 6 6 JK is four cards.
    assert _describe("8 8 8 6 6 6 JK", _play("7 7 7")) == [
        "bomb of four 6s", "bomb of four 8s", "bomb of three 8s", "bomb of three 8s"]


def test_section_4_2_a_bomb_with_a_joker_is_worth_a_natural_one():
    assert gdy.beats(_play("5 5 5 JK"), _play("4 4 4 4"))
    assert gdy.beats(_play("6 6 6 6"), _play("5 5 5 JK"))
    assert gdy.beats(_play("JK JK"), _play("Q Q Q Q JK JK"))


def test_section_6_example():
    # One bomb: x2; seat 3 never played: x2 more.
    from guandan import _core

    assert [_core.gdy.penalty(3, True, 1), _core.gdy.penalty(1, True, 1), _core.gdy.penalty(6, False, 1)] == [6, 2, 24]
    assert _core.gdy.penalty(4, False, 5) == 32  # x8 at most


@pytest.mark.parametrize("text, kind", [("K A 2", "run"), ("A A 2 2", "pair_run")])
def test_section_2_runs_stop_at_the_ace(text, kind):
    assert not [p for p in legal_plays(text) if p.kind == kind]
