"""Gan Deng Yan bots inside the core's runs: what a seat played by a bot is told.

The core plays the deals (:func:`guandan.gdy.simulate` and its arena); a
seat played by a Python bot calls its :class:`SeatDriver` with the seat's
view (plain values) and the legal play words. The driver hands the bot the
:class:`~guandan.gdy.deal.Observation` that :meth:`Deal.observation` would
give at that point, its history read from the core's record of the deal,
and the legal plays without the pass, then checks the answer
(:func:`guandan.gdy.bots.ask`).
"""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

from .bots import ask
from .cards import Cards
from .deal import Action, Observation
from .plays import Play, play_from_core


class DealRecord:
    """The plays of the deal under way, as the core appends them ((seat,
    play word) each), turned into :class:`Action` objects once each."""

    def __init__(self, record: List[Tuple[int, int]]) -> None:
        self.record = record
        self._actions: List[Action] = []

    def history(self) -> Tuple[Action, ...]:
        for seat, word in self.record[len(self._actions):]:
            self._actions.append(Action(seat, play_from_core(word)))
        return tuple(self._actions)


class BotRun:
    """The shared state of one run with Python bots: the deal under way."""

    def __init__(self) -> None:
        self.deal = DealRecord([])

    def deal_started(self, seed: int, record: List[Tuple[int, int]]) -> None:
        self.deal = DealRecord(record)


class SeatDriver:
    """Asks one bot for one seat's plays in a core run, and checks them."""

    def __init__(self, bot: Any, run: BotRun) -> None:
        self.bot = bot
        self.run = run

    def play(self, view: tuple, words: Sequence[int]) -> int:
        seat, players, hand, table, last_player, passes, hand_sizes, played, stock_left, bombs, _gone = view
        observation = Observation(
            seat=seat, players=players, hand=Cards.from_word(hand), turn=seat,
            table=None if table == 0 else play_from_core(table), last_player=last_player, hand_sizes=hand_sizes,
            stock_left=stock_left, bombs=bombs, played=played, history=self.run.deal.history(), winner=None)
        can_pass = table != 0
        moves = tuple(play_from_core(word) for word in words if word != 0)
        play: Play = ask(self.bot, observation, moves, can_pass)
        return list(words).index(play.word)
