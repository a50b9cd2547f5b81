"""A plain text progress bar for long runs (no dependency; stderr by default)."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


class ProgressBar:
    """Call ``update(done, total)``; every call redraws the bar, so it moves
    as soon as the first work is reported."""

    def __init__(self, label: str, stream: Optional[TextIO] = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.perf_counter()
        self._open_line = False  # a bar is drawn and its line not ended

    def __call__(self, done: int, total: int) -> None:
        self.update(done, total)

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        fraction = done / total if total else 1.0
        filled = int(round(self.width * fraction))
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done:,}/{total:,} {rate:,.0f}/s eta {eta:4.0f}s")
        self._open_line = done < total
        if not self._open_line:
            self.stream.write("\n")
        self.stream.flush()

    def end_line(self) -> None:
        """End a bar left unfinished (a run stopped), so the next message has its own line."""
        if self._open_line:
            self.stream.write("\n")
            self.stream.flush()
            self._open_line = False
