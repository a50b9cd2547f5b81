"""Golden playthroughs (tests/data/playthroughs, by tools/make_playthroughs.py):
regenerated in memory, they must equal the frozen files line for line; the
first difference is reported. Every recorded state text reads back to itself."""

import importlib.util
from pathlib import Path

import guandan
import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("make_playthroughs", ROOT / "tools" / "make_playthroughs.py")
make_playthroughs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_playthroughs)

SPECS = make_playthroughs.SPECS


def frozen(spec):
    return (make_playthroughs.OUTPUT / f"{spec.name}.txt").read_text().splitlines()


def test_playthroughs_cover_rulesets_and_tribute():
    assert {s.ruleset for s in SPECS} == set(guandan.PRESET_NAMES)
    assert any(" pays tribute " in line for s in SPECS for line in frozen(s))
    assert any(" returns " in line for s in SPECS for line in frozen(s))


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_playthrough_matches_the_frozen_file(spec):
    expected, got = frozen(spec), make_playthroughs.playthrough(spec)
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        assert have == want, f"{spec.name}.txt line {number} differs:\n  frozen:      {want}\n  regenerated: {have}"
    assert len(got) == len(expected), f"{spec.name}.txt has {len(expected)} lines, regenerated {len(got)}"


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_recorded_states_read_back(spec):
    for line in frozen(spec):
        if line.startswith("state "):
            text = line[len("state "):]
            assert guandan.Deal.from_text(text).to_text() == text
