"""Two bots written in Python: uniform random choices, and a cautious rule of thumb."""

from __future__ import annotations

import random
from typing import List, Optional, Sequence

from ..._core import Card, Move
from ..observation import Observation
from .protocol import card_sort_key


def _move_key(move: Move) -> tuple:
    """Smallest first; equal strength: fewer wilds, then more cards."""
    return (move.strength, move.wilds, -move.size, str(move))


class RandomBot:
    """Uniform over the legal moves (and passing, when allowed); a random card."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, observation: Observation, moves: Sequence[Move], can_pass: bool) -> Optional[Move]:
        choices: List[Optional[Move]] = list(moves)
        if can_pass:
            choices.append(None)
        return self.rng.choice(choices)

    def choose_card(self, observation: Observation, options: List[Card]) -> Card:
        return self.rng.choice(options)


class SimpleBot:
    """A cautious rule-of-thumb player.

    - Leads its smallest combination (lowest ``Move.strength``; on a tie the
      fewest wilds, then the most cards); never leads a bomb if it has
      anything else.
    - Follows with the smallest move that beats, non-bombs before bombs;
      plays a bomb only when an opponent still in has at most
      ``bomb_threshold`` cards, or when the bomb takes it out.
    - Passes on its partner's play, unless it can go out with one move.
    - Pays and returns its lowest allowed card.
    """

    def __init__(self, bomb_threshold: int = 5) -> None:
        self.bomb_threshold = bomb_threshold

    def choose_move(self, observation: Observation, moves: Sequence[Move], can_pass: bool) -> Optional[Move]:
        hand_size = len(observation.hand)
        winning = [m for m in moves if m.size == hand_size]
        if winning:
            return min(winning, key=_move_key)
        if not can_pass:
            return self._lead(moves)
        if observation.last_player == observation.partner:
            return None
        return self._follow(observation, moves)

    def _lead(self, moves: Sequence[Move]) -> Move:
        plain = [m for m in moves if not m.is_bomb]
        return min(plain or moves, key=_move_key)

    def _follow(self, observation: Observation, moves: Sequence[Move]) -> Optional[Move]:
        plain = [m for m in moves if not m.is_bomb]
        if plain:
            return min(plain, key=_move_key)
        bombs = [m for m in moves if m.is_bomb]
        if bombs and self._opponent_close(observation):
            return min(bombs, key=_move_key)
        return None

    def _opponent_close(self, observation: Observation) -> bool:
        counts = observation.card_counts
        opponents = ((observation.seat + 1) % 4, (observation.seat + 3) % 4)
        return any(0 < counts[s] <= self.bomb_threshold for s in opponents)

    def choose_card(self, observation: Observation, options: List[Card]) -> Card:
        return min(options, key=lambda c: card_sort_key(c, observation.level))
