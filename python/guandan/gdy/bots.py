"""Gan Deng Yan bots for play in Python (the terminal game, scripts).

:class:`CoreBot` asks one of the core's policies (``"random"``, ``"rule"``)
for the player to act; it sees only that seat's hand and the public state.

    >>> from guandan.gdy import Deal
    >>> from guandan.gdy.bots import CoreBot
    >>> d, bot = Deal(players=3, seed=1), CoreBot("rule")
    >>> bot.choose(d) in d.legal_plays()
    True
"""

from __future__ import annotations

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from ..common.checks import check_seed
from .deal import Deal
from .plays import Play, play_from_core
from .simulate import POLICIES


class CoreBot:
    """A core policy by name, with its own seeded random stream."""

    def __init__(self, name: str = "rule", seed: int = 0) -> None:
        if not isinstance(name, str):
            raise TypeError(f"a bot is a policy name, got {name!r}")
        if name not in POLICIES:
            raise ValueError(f"unknown bot '{name}' (expected one of {', '.join(POLICIES)})")
        check_seed(seed)
        self.name = name
        self._bot = core_gdy.Bot(name, seed)

    def choose(self, deal: Deal) -> Play:
        """The play this bot makes for the player to act in ``deal``."""
        if not isinstance(deal, Deal):
            raise TypeError(f"choose takes a gdy.Deal, got {deal!r}")
        return play_from_core(self._bot.choose(deal.core))

    def __repr__(self) -> str:
        return f"CoreBot({self.name!r})"
