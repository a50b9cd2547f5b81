"""Golden Gan Deng Yan playthroughs (tests/data/gdy_playthroughs, by
tools/make_gdy_playthroughs.py): regenerated in memory, they must equal the
frozen files line for line; the first difference is reported."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("make_gdy_playthroughs", ROOT / "tools" / "make_gdy_playthroughs.py")
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)


def frozen(spec):
    return (make.OUTPUT / f"{spec.name}.txt").read_text().splitlines()


def test_playthroughs_cover_every_table_size_bombs_and_an_empty_stock():
    assert sorted(s.players for s in make.SPECS) == [2, 3, 4, 5, 6]
    lines = [line for s in make.SPECS for line in frozen(s)]
    assert any(" plays bomb " in line for line in lines)
    assert any(" stock=0 " in line for line in frozen(make.SPECS[0]))


@pytest.mark.parametrize("spec", make.SPECS, ids=[s.name for s in make.SPECS])
def test_playthrough_matches_the_frozen_file(spec):
    expected, got = frozen(spec), make.playthrough(spec)
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        assert have == want, f"{spec.name}.txt line {number} differs:\n  frozen:      {want}\n  regenerated: {have}"
    assert len(got) == len(expected), f"{spec.name}.txt has {len(expected)} lines, regenerated {len(got)}"
