"""The progress bar of `guandan simulate` and `guandan arena`: on a terminal
it shows every report in place; elsewhere whole lines, a few seconds apart."""

import functools
import io
import sys

from guandan.cli import main
from guandan.common.progress import ProgressBar

progress_module = sys.modules["guandan.common.progress"]
simulate_module = sys.modules["guandan.gd.simulate"]  # guandan.simulate is the function


def test_every_report_is_drawn_at_once():
    stream = io.StringIO()
    bar = ProgressBar("Run", stream=stream, terminal=True)
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
    bar = ProgressBar("Run", stream=stream, terminal=True)
    bar(100, 100)
    bar.end_line()
    assert stream.getvalue().count("\n") == 1 and "100/100" in stream.getvalue()


class _Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_off_a_terminal_whole_lines_at_most_every_few_seconds(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(progress_module.time, "perf_counter", clock)
    stream = io.StringIO()  # not a tty
    bar = ProgressBar("Run", stream=stream)
    assert not bar.terminal
    for done in range(1, 101):
        clock.now = done * 0.25  # 25 seconds in all, a report every 250 ms
        bar(done, 100)
    bar.end_line()  # nothing left open
    text = stream.getvalue()
    assert "\r" not in text
    lines = text.splitlines()
    # The first report, one each 5 s after it, and the last.
    assert [line.split("] ")[1].split(" ")[0] for line in lines] == [f"{k}/100" for k in (1, 21, 41, 61, 81, 100)]


def test_a_terminal_stream_gets_the_bar_in_place():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    bar = ProgressBar("Run", stream=Tty())
    assert bar.terminal
    bar(1, 10)
    assert bar.stream.getvalue().startswith("\rRun [")


def test_the_command_draws_each_block_as_it_is_reported(monkeypatch, capsys):
    real = simulate_module.simulate

    @functools.wraps(real)
    def in_blocks_of_50(n, **kwargs):
        return real(n, chunk=50, **kwargs)  # reports after every 50 deals

    monkeypatch.setattr(simulate_module, "simulate", in_blocks_of_50)
    monkeypatch.setattr(progress_module.ProgressBar, "__init__", _on_a_terminal(progress_module.ProgressBar.__init__))
    assert main(["simulate", "--deals", "300", "--policy", "rule"]) == 0
    draws = capsys.readouterr().err.split("\r")[1:]
    assert [d.split("] ")[1].split(" ")[0] for d in draws] == [f"{k:,}/300" for k in range(50, 301, 50)]


def _on_a_terminal(init):
    """ProgressBar.__init__ as if its stream were a terminal."""
    @functools.wraps(init)
    def wrapped(self, *args, **kwargs):
        kwargs["terminal"] = True
        init(self, *args, **kwargs)
    return wrapped
