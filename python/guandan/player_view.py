"""The core's view of one seat, built from an Observation alone.

The C++ policies and the search read a ``PlayerView``: the seat's hand and
the public record (counts, cards played, tribute and return cards known to be
held, the trick, who is out). Building it from an :class:`Observation` keeps
the bots honest: nothing else is passed.
"""

from __future__ import annotations

from typing import List

from . import _core
from ._core import Hand
from .cards import level_index
from .observation import Observation
from .ruleset import as_ruleset


def public_record(observation: Observation):
    """(played, shown, passed_mask, first_out_last_play) from the history."""
    played = Hand()
    shown: List[Hand] = [Hand() for _ in range(4)]
    passed = 0
    first_out = observation.finishing_order[0] if observation.finishing_order else None
    first_out_last_play = None
    for event in observation.history:
        if event.kind == "play":
            assert event.move is not None
            cards = Hand(event.move.cards)
            played = played + cards
            shown[event.seat] = _without(shown[event.seat], cards)
            passed = 0
            if event.seat == first_out:
                first_out_last_play = event.move
        elif event.kind == "pass":
            passed |= 1 << event.seat
        else:  # tribute or return: shown face up, now held by the receiver
            assert event.card is not None and event.to is not None
            shown[event.seat] = _without(shown[event.seat], Hand([event.card]))
            shown[event.to] = shown[event.to] + [event.card]
    return played, shown, passed, first_out_last_play


def _without(held: Hand, cards: Hand) -> Hand:
    """``held`` minus the cards it shares with ``cards``."""
    out = held
    for card in cards:
        if out.count(card) > 0:
            out = out - [card]
    return out


def player_view(observation: Observation, ruleset) -> "_core.PlayerView":
    played, shown, passed, first_out_last_play = public_record(observation)
    return _core.PlayerView(
        seat=observation.seat,
        level=level_index(observation.level),
        rules=as_ruleset(ruleset).core,
        hand=observation.hand,
        counts=list(observation.card_counts),
        played=played,
        shown=shown,
        last_play=observation.last_play,
        last_player=-1 if observation.last_player is None else observation.last_player,
        passed_mask=passed if observation.last_play is not None else 0,
        out=list(observation.finishing_order),
        first_out_last_play=first_out_last_play,
    )
