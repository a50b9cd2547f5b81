"""Gan Deng Yan's coach, in words (both languages).

- :func:`hint_reason`: why a hint is a good play. The hint's play is the
  search bot's (``gdy_game``); the reason is read from what the seat sees:
  its own hand, the play on the table and every seat's cards left. It names
  what the play does first (goes out, stops a player about to go out, takes
  the lead cheaply, sheds many cards), then what it keeps, never the play
  itself (the page shows the cards).
- :func:`rate`: coach mode's word on a play just made, only for a clear
  mistake a player can learn from, naming the better play: a play that
  went out was left, or a pass let a player about to go out keep the lead,
  or left a player who had never played a card with double the penalty,
  while the search bot would have played.
"""

from __future__ import annotations

from typing import Callable, List, Optional

from ..gdy.cards import RANK_NAMES
from ..gdy.deal import Deal
from ..gdy.plays import Play
from .gdy_table import TEXTS, play_name
from .i18n import Text, card_count

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
            return TEXTS.text("hint_pass_nothing")
        if not plain:
            return TEXTS.text("hint_pass_only_bomb")
        return TEXTS.text("hint_pass_keep")
    if len(play) == held:
        return TEXTS.text("hint_out")
    if play.is_bomb:
        if closest <= DANGER:
            return TEXTS.text("hint_bomb_stop", cards=card_count(closest))
        return TEXTS.text("hint_bomb")
    if deal.table is None:  # the seat leads
        if len(play) >= 3:
            return TEXTS.text("hint_lead_long", n=len(play))
        same_kind = [p for p in plain if p.kind == play.kind and len(p) == len(play)]
        if all(_order(play) <= _order(p) for p in same_kind):
            return TEXTS.text("hint_lead_low")
        return TEXTS.text("hint_lead")
    if closest <= DANGER:
        return TEXTS.text("hint_stop", cards=card_count(closest))
    if all(_order(play) <= _order(p) for p in plain):
        return TEXTS.text("hint_beat_cheap")
    return TEXTS.text("hint_beat")


def rate(deal: Deal, seat: int, played: Play, best: Callable[[], Play]) -> Optional[Text]:
    """Coach mode's comment on ``played`` by ``seat`` in ``deal`` (the position
    before it), or None when it was no clear mistake. ``best`` gives the search
    bot's play there; it is asked only after a pass that could have played."""
    plays: List[Play] = [p for p in deal.legal_plays() if not p.is_pass]
    out = [p for p in plays if len(p) == deal.hand_sizes[seat]]
    if out and played not in out:
        return TEXTS.text("rate_missed_out", play=play_name(out[0]))
    if not played.is_pass or not plays:
        return None
    choice = best()
    if choice.is_pass:
        return None
    leader = deal.hand_sizes[deal.last_player]
    if leader <= DANGER:
        return TEXTS.text("rate_passed_on_danger", cards=card_count(leader), play=play_name(choice))
    if not deal.has_played(seat):
        return TEXTS.text("rate_never_played", play=play_name(choice))
    return None
