"""Bot decisions, hints and ratings run in a thread pool, off the event loop.

The engine's decisions release the interpreter while they think, so a slow
search at one table never holds up the event loop or the other tables: each
waits for its own future only.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Optional, TypeVar, Union

from .._core import Card, Move
from ..bots import Bot
from ..deal import Deal
from ..observation import Observation

T = TypeVar("T")
Decision = Union[Card, Move, None]


class BotRunner:
    def __init__(self, workers: int = 4) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="guandan-bot")

    async def run(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    async def decide(self, bot: Bot, deal: Deal, observation: Observation) -> Decision:
        """The bot's card (tribute or return phase) or move (None: pass).

        ``deal`` is a private copy: the table may change while the bot thinks."""
        def work() -> Decision:
            if deal.phase in ("tribute", "return"):
                return bot.choose_card(observation, deal.tribute_options())
            return bot.choose_move(observation, deal.legal_moves(), deal.can_pass())

        return await self.run(work)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
