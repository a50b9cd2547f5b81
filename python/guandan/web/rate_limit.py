"""A token bucket: ``rate`` events a second, bursts of ``burst``. Each
websocket has one for its messages (``docs/web.md §4``); sign-in attempts
have one per address and per login (``accounts.SignInLimits``)."""

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

    def tokens_at(self, now: float) -> float:
        """The tokens the bucket would hold at ``now`` (nothing is counted)."""
        return min(self.burst, self._tokens + (now - self._last) * self.rate)

    def allow(self) -> bool:
        """Whether one more message may pass now (and count it if so)."""
        now = self._clock()
        self._tokens = self.tokens_at(now)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
