"""The bot protocol (:class:`Bot`: a move or a card from what the seat may
know), and the loops that ask bots for each action of a deal or a match."""

from __future__ import annotations

from typing import List, Optional, Protocol, Sequence

from ..._core import Card, Move
from ..cards import level_order
from ..deal import Deal
from ..match import Match
from ..observation import Observation

_SUITS = "shcd"


class Bot(Protocol):
    """A player: picks a move (None to pass, only when ``can_pass``) and a card
    to pay or return in the tribute phase.

    ``observation`` is what the seat may know: its own hand and the public
    record, no other hand. ``moves`` are the seat's legal moves
    (:meth:`Deal.legal_moves`; the pass is not one). ``can_pass`` is false
    when the seat leads; then ``moves`` is never empty and the bot must play
    one. When the seat follows and nothing it holds beats the last play,
    ``moves`` is empty and the bot must return None (pass).

    The smallest bot plays the first legal move, or passes when there is
    none, and gives the first card it may:

        >>> from guandan import Deal
        >>> from guandan.gd.bots import play_deal
        >>> class FirstMove:
        ...     def choose_move(self, observation, moves, can_pass):
        ...         return moves[0] if moves else None
        ...     def choose_card(self, observation, options):
        ...         return options[0]
        >>> play_deal(Deal(seed=3), [FirstMove() for _ in range(4)]).is_over
        True
    """

    def choose_move(self, observation: Observation, moves: Sequence[Move], can_pass: bool) -> Optional[Move]:
        ...

    def choose_card(self, observation: Observation, options: List[Card]) -> Card:
        ...


def card_order(card: Card, level: str) -> int:
    """A card's place in level order: 2..A are 0..12 (the level rank left out
    of its natural place), the level rank 13, SJ 14, BJ 15."""
    return level_order(card, level)


def card_sort_key(card: Card, level: str) -> tuple:
    """Level order, then suit (s h c d), for a stable display and choice."""
    return (card_order(card, level), _SUITS.index(card.suit) if card.suit else 0)


def step(deal: Deal, bots: Sequence[Bot], match: Optional[Match] = None) -> None:
    """Let the seat to act take one action (a card, a move or a pass)."""
    seat = deal.turn
    if seat is None:
        raise ValueError("the deal is over")
    bot = bots[seat]
    observation = deal.observation(seat, match)
    if deal.phase in ("tribute", "return"):
        options = deal.tribute_options()
        card = bot.choose_card(observation, options)
        if card not in options:
            raise ValueError(f"seat {seat} chose {card}, not one of {', '.join(map(str, options))}")
        deal.give(card)
        return
    can_pass = deal.can_pass()
    move = bot.choose_move(observation, deal.legal_moves(), can_pass)
    if move is None:
        if not can_pass:
            raise ValueError(f"seat {seat} passed but leads the trick")
        deal.pass_turn()
    else:
        deal.play(move)


def play_deal(deal: Deal, bots: Sequence[Bot], match: Optional[Match] = None) -> Deal:
    """Play ``deal`` to its end with four bots (``bots[seat]``)."""
    if len(bots) != 4:
        raise ValueError(f"a deal needs 4 bots, got {len(bots)}")
    while not deal.is_over:
        step(deal, bots, match)
    return deal


def play_match(match: Match, bots: Sequence[Bot], max_deals: int = 1000) -> Match:
    """Play ``match`` until a team wins (at most ``max_deals`` deals)."""
    for _ in range(max_deals):
        play_deal(match.deal, bots, match)
        if match.next_deal() is None:
            return match
    raise RuntimeError(f"the match did not end within {max_deals} deals")
