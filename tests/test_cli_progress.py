"""The progress bar of `guandan simulate` and `guandan arena` shows every report."""

import functools
import io
import sys

from guandan.cli import main
from guandan.progress import ProgressBar

simulate_module = sys.modules["guandan.simulate"]  # guandan.simulate is the function


def test_every_report_is_drawn_at_once():
    stream = io.StringIO()
    bar = ProgressBar("Run", stream=stream)
    bar(1, 100)
    bar(2, 100)  # a millisecond later: drawn too, not held back
    draws = stream.getvalue().split("\r")[1:]
    assert len(draws) == 2 and "1/100" in draws[0] and "2/100" in draws[1]
    assert "\n" not in stream.getvalue()  # unfinished: the line stays open
    bar.end_line()
    bar.end_line()  # a second call adds nothing
    assert stream.getvalue().endswith("s\n") and stream.getvalue().count("\n") == 1


def test_a_finished_bar_ends_its_line_once():
    stream = io.StringIO()
    bar = ProgressBar("Run", stream=stream)
    bar(100, 100)
    bar.end_line()
    assert stream.getvalue().count("\n") == 1 and "100/100" in stream.getvalue()


def test_the_command_draws_each_block_as_it_is_reported(monkeypatch, capsys):
    real = simulate_module.simulate

    @functools.wraps(real)
    def in_blocks_of_50(n, **kwargs):
        return real(n, chunk=50, **kwargs)  # reports after every 50 deals

    monkeypatch.setattr(simulate_module, "simulate", in_blocks_of_50)
    assert main(["simulate", "--deals", "300", "--policy", "rule"]) == 0
    draws = capsys.readouterr().err.split("\r")[1:]
    assert [d.split("] ")[1].split(" ")[0] for d in draws] == [f"{k:,}/300" for k in range(50, 301, 50)]
