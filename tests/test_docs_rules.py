"""The rules reference (docs/rules.md §9.1) stays in step with the code.

- Every citation of a section of the rules reference (the file name, then
  a section sign and a number such as 6 or 6.5) in the sources, the README
  and the other pages of docs/
  names a section heading that exists, and the sections are numbered in
  order, so a citation keeps pointing at the rule it meant.
- Code mentions the rules reference only by section, and never the old
  rules file that is not in the repository.
- The ruleset table of §9.1 (and the advance table of §8.3) say exactly what
  ``guandan.Ruleset.preset`` holds, for every field and every preset.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path
from typing import Dict, Iterator, List, Set, Tuple

import pytest

import guandan
from guandan.gd.ruleset import PRESET_NAMES

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
THIS_FILE = Path(__file__).resolve()  # names the files it checks, so it is exempt from the naming checks
SOURCE_DIRS = ("cpp", "python", "tests", "tools", "benchmarks")
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".py", ".pyi", ".txt", ".md", ".toml", ".cfg", ".sh"}

# The file name followed by a chain of sections: "§6.5", "§5.1, §5.2",
# "§1 to §5", "§7 and §9.1".
CITATION = re.compile(r"docs/rules\.md((?:\s*(?:,|and|to|-|–)?\s*§\d+(?:\.\d+)?)*)")
SECTION_REF = re.compile(r"§(\d+(?:\.\d+)?)")
TOP_HEADING = re.compile(r"^## (\d+)\. \S")
SUB_HEADING = re.compile(r"^### (\d+)\.(\d+) \S")


def rules_lines() -> List[str]:
    return RULES.read_text(encoding="utf-8").splitlines()


def section_numbers() -> List[str]:
    """The section numbers of docs/rules.md in document order ("1", "1.1", ...)."""
    numbers = []
    for line in rules_lines():
        if m := TOP_HEADING.match(line):
            numbers.append(m.group(1))
        elif m := SUB_HEADING.match(line):
            numbers.append(f"{m.group(1)}.{m.group(2)}")
    return numbers


def source_files() -> Iterator[Path]:
    yield ROOT / "README.md"
    yield from sorted(p for p in (ROOT / "docs").rglob("*.md") if p != RULES)
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                yield path


def citations() -> Iterator[Tuple[Path, int, str, List[str]]]:
    """(file, line number, line, cited sections) for every mention of docs/rules.md."""
    for path in source_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            for m in CITATION.finditer(line):
                yield path, number, line.strip(), SECTION_REF.findall(m.group(1))


def test_sections_are_numbered_in_order():
    # "## N." headings count 1, 2, 3, ...; the "### N.M" headings under
    # heading N count N.1, N.2, ...
    top = 0
    sub = 0
    for number in section_numbers():
        if "." not in number:
            top += 1
            sub = 0
            assert number == str(top), f"section {number} should be {top}"
        else:
            sub += 1
            assert number == f"{top}.{sub}", f"section {number} should be {top}.{sub}"
    assert top >= 9


def test_every_citation_names_an_existing_section():
    known = set(section_numbers())
    cited: Set[str] = set()
    unknown = []
    for path, number, line, sections in citations():
        for section in sections:
            cited.add(section)
            if section not in known:
                unknown.append(f"{path.relative_to(ROOT)}:{number}: §{section} in {line!r}")
    assert not unknown, "citations of sections docs/rules.md does not have:\n" + "\n".join(unknown)
    # The sources do cite it (a citation format the pattern misses would
    # make this test pass vacuously).
    assert len(cited) >= 10


def test_cross_references_inside_the_document_resolve():
    known = set(section_numbers())
    text = RULES.read_text(encoding="utf-8")
    referenced = set(SECTION_REF.findall(text))
    assert referenced, "the document refers to its own sections"
    assert referenced <= known, f"sections referred to but missing: {sorted(referenced - known)}"


def test_code_cites_the_rules_by_section():
    bare = [
        f"{path.relative_to(ROOT)}:{number}: {line!r}"
        for path, number, line, sections in citations()
        if not sections and path.suffix != ".md" and path != THIS_FILE
    ]
    assert not bare, "docs/rules.md mentioned without a section:\n" + "\n".join(bare)


def test_no_code_cites_the_old_rules_file():
    old = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in source_files()
        if path != THIS_FILE
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
        if "RULES.md" in line
    ]
    assert not old, "cite docs/rules.md by section instead of RULES.md:\n" + "\n".join(old)


def section_table(section: str) -> List[List[str]]:
    """The rows of the first table in a section, each a list of stripped cells
    (header row first, separator row dropped)."""
    lines = rules_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"### {section} "))
    rows: List[List[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                rows.append(cells)
        elif rows:
            break
    assert rows, f"no table in section {section}"
    return rows


def code(cell: str) -> str:
    """The text of a cell that is one code span: `x` -> x."""
    assert re.fullmatch(r"`[^`]+`", cell), f"expected one code span, got {cell!r}"
    return cell[1:-1]


def ruleset_table() -> Tuple[List[str], Dict[str, List[object]]]:
    header, *rows = section_table("9.1")
    presets = [code(cell) for cell in header[1:4]]
    values = {code(row[0]): [ast.literal_eval(code(cell)) for cell in row[1:4]] for row in rows}
    return presets, values


def test_ruleset_table_lists_every_preset_and_field():
    presets, values = ruleset_table()
    assert presets == list(PRESET_NAMES)
    fields = [f.name for f in dataclasses.fields(guandan.Ruleset)]
    assert sorted(values) == sorted(fields)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_ruleset_table_agrees_with_the_presets(preset):
    presets, values = ruleset_table()
    column = presets.index(preset)
    ruleset = guandan.Ruleset.preset(preset)
    for field, row in values.items():
        expected = getattr(ruleset, field)
        documented = row[column]
        # Compare types too: the table must say False, not 0, and (4, 2, 1),
        # not [4, 2, 1].
        assert (type(documented), documented) == (type(expected), expected), f"{preset}.{field}"


def test_advance_table_agrees_with_the_presets():
    header, *rows = section_table("8.3")
    assert header == ["ruleset", "1-2", "1-3", "1-4"]
    documented = {code(row[0]): tuple(int(cell) for cell in row[1:]) for row in rows}
    assert documented == {name: guandan.Ruleset.preset(name).advance for name in PRESET_NAMES}


# --- the document's examples hold in the engine -----------------------------


def section_text(section: str) -> str:
    """The text of one "### N.M" section, up to the next heading."""
    lines = rules_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"### {section} "))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return "\n".join(lines[start:end])


def test_python_examples_run():
    text = RULES.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert blocks
    for block in blocks:
        exec(compile(block, str(RULES), "exec"), {})


# (section, cards, level, ruleset, readings as {(kind, rank)}): each example
# of the wild-card sections, read by the engine.
READINGS = [
    ("4.3", "9s 9d 9c 2h 2h", "2", "standard", {("full_house", "9"), ("bomb", "9")}),
    ("4.3", "5s 6s 7s 8s 2h", "2", "standard",
     {("straight_flush", "9"), ("straight_flush", "8"), ("straight", "9"), ("straight", "8")}),
    ("4.3", "3s 3d 4s 4d 2h 2h", "2", "standard", {("tube", "4"), ("tube", "5"), ("plate", "4")}),
    ("4.4", "5s 6s 7s 8s 9s", "2", "standard", {("straight_flush", "9")}),
    ("4.4", "5s 6s 7h 8s 9s", "7", "standard", {("straight_flush", "9"), ("straight", "9")}),
    ("4.5", "7s 7d 7c 7h 7h", "7", "standard", {("full_house", "7"), ("bomb", "7")}),
    ("4.5", "9c 9d 9d 9h 9h", "9", "standard", {("full_house", "9"), ("bomb", "9")}),
    ("4.6", "9s 2h 2h SJ SJ", "2", "pagat", {("full_house", "9")}),
    ("4.6", "9s 2h 2h SJ SJ", "2", "standard", {("full_house", "9")}),
    ("4.6", "9s 2h 2h SJ SJ", "2", "app", set()),
    ("4.7", "Ks 2h", "2", "standard", {("pair", "K")}),
    ("2.2", "SJ BJ", "2", "standard", set()),
    ("2.4", "9d Tc Js Qs Kh", "2", "standard", {("straight", "K")}),
    ("2.5", "3s 3d 4c 4c 5h 5s", "2", "standard", {("tube", "5")}),
    ("2.6", "Js Jd Jc Qs Qh Qd", "2", "standard", {("plate", "Q")}),
    ("3.1", "As Ad Ac Ad", "2", "standard", {("bomb", "A")}),
    ("3.2", "7c 8c 9c Tc Jc", "2", "standard", {("straight_flush", "J")}),
]


@pytest.mark.parametrize("section, cards, level, ruleset, expected", READINGS)
def test_reading_examples(section, cards, level, ruleset, expected):
    assert f"`{cards}`" in section_text(section)
    readings = guandan.classify(cards, level=level, ruleset=ruleset)
    assert {(m.kind, m.rank) for m in readings} == expected
    # Each reading is its own move (§4.3): no two readings are equal.
    assert len(readings) == len(expected)


def test_lead_count_example_of_section_4_3():
    # 4 singles + 7 pairs + 7 triples + 4 four-of-a-kinds + 2 five-card moves.
    assert "= 24" in section_text("4.3")
    assert len(guandan.legal_moves(guandan.Hand("9s 9d 9c 2h 2h"), level="2")) == 24


def cards_text(cards) -> List[str]:
    return sorted(str(c) for c in cards)


def test_tribute_examples_of_section_7_3_and_7_6():
    text = section_text("7.3")
    assert "`5h 5s As Kd`" in text and "`5h As Kd`" in text
    for ruleset in PRESET_NAMES:
        assert cards_text(guandan.tribute_cards("5h 5s As Kd", "5", ruleset)) == ["5s"]
    assert cards_text(guandan.tribute_cards("5h As Kd", "5", "pagat")) == ["As"]
    assert cards_text(guandan.tribute_cards("5h As Kd", "5", "standard")) == ["As"]
    assert cards_text(guandan.tribute_cards("5h As Kd", "5", "app")) == ["5h"]

    assert "`As Ks Ts 5d 9c 9c 5h`" in section_text("7.6")
    hand = "As Ks Ts 5d 9c 9c 5h"
    assert cards_text(guandan.return_cards(hand, "As", "5", "pagat")) == sorted(["5h", "5d", "9c", "Ts", "Ks"])
    for ruleset in ("standard", "app"):
        assert cards_text(guandan.return_cards(hand, "As", "5", ruleset)) == ["9c", "Ts"]


def test_equal_cards_example_of_section_7_4():
    # Seats 0 and 2 finished 1-2; at level 5 seat 1's 5s equals seat 3's 5d.
    plan = guandan.tribute_plan([0, 2, 1, 3], ["3s", "5s 3c", "6s", "5d 4c"], "5", "standard")
    assert plan.payments == ((1, 0), (3, 2))


WORKED_HANDS = ["3s 9d Kc", "BJ 5h 7c 4c", "6s Jd 8h", "SJ 5d 9s 9s"]


@pytest.mark.parametrize(
    "ruleset, steps, leader",
    [
        # (seat, phase, cards it may give), in order; the first option is given.
        ("standard", [(1, "tribute", ["BJ"]), (3, "tribute", ["SJ"]),
                      (0, "return", ["3s", "9d"]), (2, "return", ["6s", "8h"])], 1),
        ("pagat", [(1, "tribute", ["BJ"]), (3, "tribute", ["SJ"]),
                   (0, "return", ["3s", "9d", "Kc"]), (2, "return", ["6s", "8h", "Jd"])], 1),
        ("app", [(3, "tribute", ["SJ"]), (0, "return", ["3s", "9d"])], 0),
    ],
)
def test_worked_tribute_example_of_section_7_9(ruleset, steps, leader):
    text = section_text("7.9")
    assert all(f"`{hand}`" in text for hand in WORKED_HANDS)
    deal = guandan.Deal(hands=WORKED_HANDS, level="5", ruleset=ruleset, previous_order=[0, 2, 1, 3])
    for seat, phase, options in steps:
        assert (deal.turn, deal.phase) == (seat, phase)
        given = deal.tribute_options()
        assert cards_text(given) == sorted(options)
        deal.give(given[0])
    assert deal.phase == "play" and deal.turn == leader


def test_jiefeng_example_of_section_6_5():
    assert "seat 0 holds only `Ac`" in section_text("6.5")
    deal = guandan.Deal(hands=["Ac", "3d 4d", "5s 6s", "7s 8s"], level="2", leader=0)
    deal.play("Ac")
    for _ in range(3):
        deal.pass_turn()
    assert deal.turn == 2 and deal.last_play is None


def test_match_examples_of_section_8_3_and_8_8():
    king = guandan.classify("Ks", "A")[0]
    # §8.3: a 1-3 for team 1, then a 1-2 for team 0 at level 4.
    for ruleset, team0 in (("pagat", "6"), ("standard", "5")):
        state = guandan.next_match_state(guandan.MatchState(), [1, 0, 3, 2], king, ruleset)
        assert state.levels == ("2", "4") and state.declarers == 1
        state = guandan.next_match_state(state, [0, 2, 1, 3], king, ruleset)
        assert state.levels == (team0, "4") and state.declarers == 0 and state.deal_level == team0

    # §8.8, step by step (pagat).
    state = guandan.MatchState(levels=("A", "5"), declarers=0)
    state = guandan.next_match_state(state, [0, 1, 3, 2], king, "pagat")  # 1. team 0 wins 1-4
    assert (state.levels, state.declarers, state.failed_attempts) == (("A", "5"), 0, (1, 0))
    state = guandan.next_match_state(state, [1, 0, 3, 2], king, "pagat")  # 2. team 1 wins 1-3
    assert (state.levels, state.declarers, state.failed_attempts) == (("A", "7"), 1, (2, 0))
    state = guandan.next_match_state(state, [0, 2, 1, 3], king, "pagat")  # 3. team 0 wins 1-2
    assert (state.levels, state.declarers, state.failed_attempts, state.winner) == (("A", "7"), 0, (2, 0), None)
    ace = guandan.classify("Ad", "A")[0]
    after = guandan.next_match_state(state, [1, 0, 3, 2], ace, "pagat")  # 4. team 1 wins 1-3 on Ad
    assert (after.levels, after.declarers, after.failed_attempts) == (("2", "9"), 1, (0, 0))
    won = guandan.next_match_state(state, [0, 1, 2, 3], king, "pagat")  # 4', team 0 wins 1-3
    assert won.winner == 0
