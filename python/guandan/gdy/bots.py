"""Gan Deng Yan bots, and the loop that plays a deal with them.

A bot is anything with the method of :class:`Bot`: it is shown what its
seat may know (:class:`~guandan.gdy.deal.Observation`) and its legal plays,
never the deal. :func:`play_deal` asks the seat to act until the deal is
over; :class:`CoreBot` plays one of the core's policies (``"random"``,
``"rule"``, ``"search"``).

    >>> from guandan.gdy import Deal
    >>> from guandan.gdy.bots import CoreBot, play_deal
    >>> deal = play_deal(Deal(players=3, seed=1), [CoreBot("rule", seed=s) for s in range(3)])
    >>> deal.is_over, deal.penalties[deal.winner]
    (True, 0)
"""

from __future__ import annotations

from typing import Optional, Protocol, Sequence, Tuple

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from ..common.checks import check_seed, checked_text
from .deal import Deal, Observation
from .plays import Play, play_from_core
from .players import POLICIES


class Bot(Protocol):
    """A Gan Deng Yan player: picks a play for its seat, or None to pass.

    ``observation`` is what the seat may know: its own hand and the public
    record (card counts, the plays and passes, the stock's size), no other
    hand and no stock card. ``moves`` are the seat's legal plays, the pass
    not among them, in the order of :meth:`Deal.legal_plays`. ``can_pass``
    is false when the seat leads; then ``moves`` is never empty and the bot
    must return one of them. When the seat follows and nothing it holds
    beats the play on the table, ``moves`` is empty and the bot must return
    None (pass). Any other answer is a ValueError of :func:`play_deal`.

    The smallest bot plays the first legal play, or passes when there is none:

        >>> from guandan.gdy import Deal
        >>> from guandan.gdy.bots import play_deal
        >>> class FirstPlay:
        ...     def choose_move(self, observation, moves, can_pass):
        ...         return moves[0] if moves else None
        >>> deal = play_deal(Deal(players=4, seed=2), [FirstPlay() for _ in range(4)])
        >>> deal.is_over
        True
    """

    def choose_move(self, observation: Observation, moves: Sequence[Play], can_pass: bool) -> Optional[Play]:
        ...


class CoreBot:
    """A core policy by name, with its own seeded random stream. It chooses
    from the observation alone, as every bot does: the core's policies read
    only the seat's view (its hand and the public state:
    ``cpp/include/guandan/gdy/policy.h``), rebuilt here from the observation."""

    def __init__(self, name: str = "rule", seed: int = 0) -> None:
        if not isinstance(name, str):
            raise TypeError(f"a bot is a policy name, got {name!r}")
        checked_text("bot name", name)  # the message below quotes it
        if name not in POLICIES:
            raise ValueError(f"unknown bot '{name}' (expected one of {', '.join(POLICIES)})")
        check_seed(seed)
        self.name = name
        self._seed = seed
        self._bot = core_gdy.Bot(name, seed)

    def __reduce__(self):
        # A copy, a pickle or a worker process gets the bot as made.
        return (CoreBot, (self.name, self._seed))

    def choose_move(self, observation: Observation, moves: Sequence[Play], can_pass: bool) -> Optional[Play]:
        """The policy's play for the seat of ``observation``; None to pass."""
        if not isinstance(observation, Observation):
            raise TypeError(f"choose_move takes a gdy.Observation, got {observation!r}")
        if observation.turn != observation.seat:
            raise ValueError(f"seat {observation.seat} is not to act (seat {observation.turn} is)")
        o = observation
        word = self._bot.choose_view(
            seat=o.seat, players=o.players, hand=o.hand.word, table=0 if o.table is None else o.table.word,
            last_player=o.last_player, passes=len(o.passed), hand_sizes=list(o.hand_sizes), played=list(o.played),
            stock_left=o.stock_left, bombs=o.bombs, gone=o.cards_played.word)
        play = play_from_core(word)
        return None if play.is_pass else play

    def __repr__(self) -> str:
        return f"CoreBot({self.name!r})"


def seat_turn(deal: Deal) -> Tuple[Observation, Tuple[Play, ...], bool]:
    """What the seat to act is shown: its observation, its legal plays (the
    pass left out) and whether it may pass. ValueError once the deal is over."""
    if not isinstance(deal, Deal):
        raise TypeError(f"expected a gdy.Deal, got {deal!r}")
    seat = deal.turn
    if seat is None:
        raise ValueError("the deal is over")
    moves = tuple(p for p in deal.legal_plays() if not p.is_pass)
    return deal.observation(seat), moves, deal.can_pass()


def ask(bot: Bot, observation: Observation, moves: Sequence[Play], can_pass: bool) -> Play:
    """The bot's answer as a play (``Play.PASS`` for None); ValueError when it
    is not one of ``moves``, or a pass while leading; TypeError when it is no play."""
    choice = bot.choose_move(observation, moves, can_pass)
    seat = observation.seat
    if choice is None:
        if not can_pass:
            raise ValueError(f"seat {seat} passed but leads")
        return Play.PASS
    if not isinstance(choice, Play):
        raise TypeError(f"seat {seat} returned {choice!r}: a bot returns one of its plays, or None to pass")
    if choice.is_pass:
        raise ValueError(f"seat {seat} returned Play.PASS: a bot passes by returning None")
    if choice not in moves:
        raise ValueError(f"seat {seat} chose {choice!r}, not one of its legal plays")
    return choice


def next_play(deal: Deal, bot: Bot) -> Play:
    """The play ``bot`` makes for the seat to act (``Play.PASS`` for a pass),
    checked but not yet made."""
    return ask(bot, *seat_turn(deal))


def step(deal: Deal, bots: Sequence[Bot]) -> Play:
    """Let the seat to act make its bot's play (``bots[seat]``); the play made."""
    seat = deal.turn
    if seat is None:
        raise ValueError("the deal is over")
    play = next_play(deal, bots[seat])
    deal.play(play)
    return play


def play_deal(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end, one bot a seat (``bots[seat]``)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"play_deal takes a gdy.Deal, got {deal!r}")
    if len(bots) != deal.players:
        raise ValueError(f"a deal of {deal.players} players needs {deal.players} bots, got {len(bots)}")
    while not deal.is_over:
        step(deal, bots)
    return deal
