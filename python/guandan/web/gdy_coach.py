"""Why a Gan Deng Yan hint is a good play, in words (both languages).

The hint's play is the search bot's (``gdy_game``); the reason is read from
what the seat sees: its own hand, the play on the table and every seat's
cards left. It names what the play does first (goes out, stops a player
about to go out, takes the lead cheaply, sheds many cards), then what it
keeps, never the play itself (the page shows the cards).
"""

from __future__ import annotations

from typing import List

from ..gdy.cards import RANK_NAMES
from ..gdy.deal import Deal
from ..gdy.plays import Play
from .i18n import Text, card_count, text

#: A player with this many cards or fewer may go out with the next play.
DANGER = 2


def _order(play: Play) -> int:
    """How high a play of its kind is: the rank's order, jokers above all."""
    return len(RANK_NAMES) if play.rank not in RANK_NAMES else RANK_NAMES.index(play.rank)


def _closest_danger(deal: Deal, seat: int) -> int:
    """The fewest cards another seat holds (a large number when nobody is close to out)."""
    others = [n for s, n in enumerate(deal.hand_sizes) if s != seat and n > 0]
    return min(others) if others else 99


def hint_reason(deal: Deal, seat: int, play: Play) -> Text:
    """The reason for ``play`` (the search bot's choice) by ``seat`` in ``deal``."""
    plays: List[Play] = [p for p in deal.legal_plays() if not p.is_pass]
    plain = [p for p in plays if not p.is_bomb]
    closest = _closest_danger(deal, seat)
    held = deal.hand_sizes[seat]
    if play.is_pass:
        if not plays:
            return text("gdy_hint_pass_nothing")
        if not plain:
            return text("gdy_hint_pass_only_bomb")
        return text("gdy_hint_pass_keep")
    if len(play) == held:
        return text("gdy_hint_out")
    if play.is_bomb:
        if closest <= DANGER:
            return text("gdy_hint_bomb_stop", cards=card_count(closest))
        return text("gdy_hint_bomb")
    if deal.table is None:  # the seat leads
        if len(play) >= 3:
            return text("gdy_hint_lead_long", n=len(play))
        same_kind = [p for p in plain if p.kind == play.kind and len(p) == len(play)]
        if all(_order(play) <= _order(p) for p in same_kind):
            return text("gdy_hint_lead_low")
        return text("gdy_hint_lead")
    if closest <= DANGER:
        return text("gdy_hint_stop", cards=card_count(closest))
    if all(_order(play) <= _order(p) for p in plain):
        return text("gdy_hint_beat_cheap")
    return text("gdy_hint_beat")
