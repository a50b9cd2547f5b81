"""The speed gate's verdicts (benchmarks/bench.py), on made-up figures: what
fails, with a message that names the workload and the ratio, and what only
warns. CI runs the gate itself on the real program (.ci/run)."""

import copy
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import bench  # noqa: E402

RECORDED = {
    "build": "12.2.0 | -O3",
    "workloads": {
        "movegen_leads": {"work": 8000, "unit": "hands", "signature": "aa", "instructions": 1_000_000},
        "playout_rule": {"work": 400, "unit": "deals", "signature": "bb", "instructions": 2_000_000},
    },
    "binding": {"build": "Python 3.11", "work": 10, "unit": "decisions", "signature": "cc", "instructions": 5_000_000},
}


def measured(**changes):
    figures = copy.deepcopy(RECORDED)
    for name, fields in changes.items():
        (figures["binding"] if name == "binding" else figures["workloads"][name]).update(fields)
    return figures


def test_the_recorded_figures_pass():
    assert bench.judge(measured(), RECORDED) == []


def test_a_five_percent_slowdown_fails_naming_the_workload_and_the_ratio():
    failures = bench.judge(measured(playout_rule={"instructions": 2_100_000}), RECORDED)
    assert len(failures) == 1
    assert failures[0].startswith("playout_rule: 1.050x the recorded instructions") and "slower by 5.0 %" in failures[0]


def test_a_speedup_asks_to_be_recorded():
    failures = bench.judge(measured(movegen_leads={"instructions": 900_000}), RECORDED)
    assert len(failures) == 1 and "faster by 10.0 %: record it" in failures[0]


def test_small_moves_pass():
    assert bench.judge(measured(movegen_leads={"instructions": 1_030_000}, playout_rule={"instructions": 1_970_000}),
                       RECORDED) == []


def test_a_changed_behaviour_fails_even_on_another_build():
    figures = measured(playout_rule={"signature": "b2"})
    figures["build"] = "13.1.0 | -O2"
    failures = bench.judge(figures, RECORDED)
    assert len(failures) == 1 and failures[0].startswith("playout_rule: behaviour changed (signature bb -> b2")


def test_another_build_warns_instead_of_failing(capsys):
    figures = measured(movegen_leads={"instructions": 3_000_000})
    figures["build"] = "13.1.0 | -O2"
    assert bench.judge(figures, RECORDED) == []
    assert "instruction counts are printed, not judged" in capsys.readouterr().out


def test_the_binding_path_has_a_wider_band():
    assert bench.judge(measured(binding={"instructions": 5_300_000}), RECORDED) == []
    failures = bench.judge(measured(binding={"instructions": 5_500_000}), RECORDED)
    assert len(failures) == 1 and failures[0].startswith("python_binding: 1.100x")


def test_a_workload_missing_or_unrecorded_fails():
    figures = measured()
    del figures["workloads"]["playout_rule"]
    assert bench.judge(figures, RECORDED) == ["playout_rule: recorded but not run"]
    assert bench.judge(figures, RECORDED, partial=True) == []
    figures = measured()
    figures["workloads"]["search"] = {"work": 6, "unit": "decisions", "signature": "dd", "instructions": 1}
    assert bench.judge(figures, RECORDED) == ["search: not recorded (python benchmarks/bench.py record)"]


def test_the_record_in_the_repository_names_every_workload_of_the_program():
    record = json.loads(bench.RECORD.read_text())
    source = (bench.ROOT / "cpp" / "bench" / "bench.cpp").read_text()
    for name in record["workloads"]:
        assert f'{{"{name}", ' in source and f"bench_{name}(" in source, name
    assert set(record["workloads"]) >= {"movegen_leads", "movegen_follows", "planner", "playout_random",
                                        "playout_rule_v1", "playout_rule", "search", "endgame", "gdy_movegen",
                                        "gdy_playout"}
    assert record["binding"]["instructions"] > 0


@pytest.mark.parametrize("line, name", [("movegen_leads 8000 hands 9d4f6fdfec00d7e1 0.038054", "movegen_leads")])
def test_the_programs_lines_parse(line, name):
    figure = bench.parse(line)[name]
    assert (figure.work, figure.unit, figure.signature, figure.seconds) == (8000, "hands", "9d4f6fdfec00d7e1", 0.038054)
