"""A plain text progress bar for long runs (no dependency; stderr by default)."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO

# On a stream that is not a terminal (a log file, a pipe, CI), the bar is
# written as whole lines, at most one per this many seconds: carriage
# returns there would pile up as thousands of updates on one line.
LINE_INTERVAL_S = 5.0


class ProgressBar:
    """Call ``update(done, total)``. On a terminal every call redraws the bar
    in place, so it moves as soon as the first work is reported; elsewhere
    (``terminal`` False, by default when the stream is not a tty) the first
    report, then at most one every ``line_interval`` seconds, and the last
    are written as lines of their own."""

    def __init__(self, label: str, stream: Optional[TextIO] = None, width: int = 30,
                 terminal: Optional[bool] = None, line_interval: float = LINE_INTERVAL_S) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        if terminal is None:
            isatty = getattr(self.stream, "isatty", None)
            terminal = bool(isatty()) if callable(isatty) else False
        self.terminal = terminal
        self.line_interval = line_interval
        self.start = time.perf_counter()
        self._open_line = False  # a bar is drawn and its line not ended
        self._last_line: Optional[float] = None  # when the last line was written (not a terminal)

    def __call__(self, done: int, total: int) -> None:
        self.update(done, total)

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        finished = done >= total
        if not self.terminal:
            due = self._last_line is None or now - self._last_line >= self.line_interval
            if not (due or finished):
                return
            self._last_line = now
        elapsed = now - self.start
        fraction = done / total if total else 1.0
        filled = int(round(self.width * fraction))
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        text = f"{self.label} [{bar}] {done:,}/{total:,} {rate:,.0f}/s eta {eta:4.0f}s"
        if self.terminal:
            self.stream.write(f"\r{text}")
            self._open_line = not finished
            if finished:
                self.stream.write("\n")
        else:
            self.stream.write(f"{text}\n")
        self.stream.flush()

    def end_line(self) -> None:
        """End a bar left unfinished (a run stopped), so the next message has its own line."""
        if self._open_line:
            self.stream.write("\n")
            self.stream.flush()
            self._open_line = False
