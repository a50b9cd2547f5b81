"""A plain text progress bar for long runs (no dependency; stderr by default)."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


class ProgressBar:
    """Call ``update(done, total)``; redraws at most ten times a second."""

    def __init__(self, label: str, stream: Optional[TextIO] = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.perf_counter()
        self._last_draw = 0.0

    def __call__(self, done: int, total: int) -> None:
        self.update(done, total)

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        elapsed = now - self.start
        fraction = done / total if total else 1.0
        filled = int(round(self.width * fraction))
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done:,}/{total:,} {rate:,.0f}/s eta {eta:4.0f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
