"""A token bucket per connection: ``rate`` messages a second, bursts of
``burst`` (``docs/web.md §4``)."""

from __future__ import annotations

import time
from typing import Callable


class RateLimit:
    def __init__(self, rate: float = 10.0, burst: int = 20, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Whether one more message may pass now (and count it if so)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
