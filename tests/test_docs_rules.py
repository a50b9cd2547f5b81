"""The rules reference (docs/rules.md §9.1) stays in step with the code.

- Every citation of a section of the rules reference (the file name, then
  a section sign and a number such as 6 or 6.5) in the sources and the README
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
from guandan.ruleset import PRESET_NAMES

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


def test_code_cites_the_rules_by_section():
    bare = [
        f"{path.relative_to(ROOT)}:{number}: {line!r}"
        for path, number, line, sections in citations()
        if not sections and path.name != "README.md" and path != THIS_FILE
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
