"""Reading the cards a player selected: their legal plays now, or why none.

The page sends the cards a player tapped; :func:`read_selection` answers
with every legal move made of exactly those cards (several when wild hearts,
or a full house against a bomb, allow several readings) or, when there is
none, the reason in both languages. An empty selection means passing.

    >>> from guandan import Deal
    >>> deal = Deal(hands=["Ks Kd 3c", "As Ad 4c", "5s", "6s"], leader=0)
    >>> deal.play("Ks Kd")
    >>> read_selection(deal, 1, ["4c"]).reason["en"]
    'a single cannot follow the pair of Ks: play a higher pair or a bomb'
    >>> [m.kind for m in read_selection(deal, 1, ["As", "Ad"]).moves]
    ['pair']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

from .._core import Card, Move
from ..gd.deal import Deal
from ..gd.moves import beats, classify
from .guandan_texts import TEXTS, kind_name, move_name, phase_name
from .i18n import Text, text


@dataclass(frozen=True)
class Selection:
    """The legal readings of a selection, or why it is not a legal play.

    ``moves`` are every legal move of exactly the selected cards, in the
    engine's order, and ``names`` their :func:`~guandan.web.guandan_texts.move_name`
    texts. ``reason`` says why not (only when ``moves`` is empty and the
    selection is not a legal pass). ``is_pass``: the selection is empty and
    passing is legal now.
    """

    moves: Tuple[Move, ...] = ()
    names: Tuple[Text, ...] = ()
    reason: Optional[Text] = None
    is_pass: bool = False


def _refused(key: str, **params: object) -> Selection:
    """Why not: Guandan's own text ``key``, or one every game shares."""
    return Selection(reason=TEXTS.text(key, **params) if key in TEXTS else text(key, **params))


def _as_cards(cards: Sequence[object]) -> Tuple[Card, ...]:
    """The selected cards as engine cards (card text is read by the engine's parser)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TypeError(f"cards must be a sequence of cards, got {type(cards).__name__}")
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str):
            out.append(Card(card))  # ValueError naming a text that is not a card
        else:
            raise TypeError(f"a card must be a Card or its text, got {type(card).__name__}")
    return tuple(out)


def _missing(hand_cards: Sequence[Card], wanted: Sequence[Card]) -> Optional[Selection]:
    """The reason when the hand does not hold every selected card, else None."""
    held = Counter(str(c) for c in hand_cards)
    asked = Counter(str(c) for c in wanted)
    absent = [card for card in asked if held[card] == 0]
    if absent:
        return _refused("not_held", cards=" ".join(absent))
    for card, count in asked.items():
        if count > held[card]:
            return _refused("held_fewer", card=card, held=held[card])
    return None


def read_selection(deal: Deal, seat: int, cards: Sequence[Card]) -> Selection:
    """The legal moves of ``seat`` made of exactly ``cards`` now, or why none.

    ``cards`` are :class:`Card` objects or their texts (``"Kh"``); a text that
    is not a card raises ValueError, a seat outside 0..3 ValueError.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"read_selection needs a Deal, got {type(deal).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an integer 0..3, got {type(seat).__name__}")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0..3, got {seat}")
    wanted = _as_cards(cards)
    if deal.is_over:
        return _refused("deal_over")
    if deal.phase != "play":
        return _refused("not_play_phase", phase=phase_name(deal.phase))
    if deal.turn != seat:
        return _refused("not_your_turn")
    refused = _missing(deal.hands[seat].cards, wanted)
    if refused is not None:
        return refused
    table = deal.last_play
    if not wanted:
        return Selection(is_pass=True) if table is not None else _refused("lead_no_pass")
    readings = classify(list(wanted), deal.level, deal.ruleset)
    if not readings:
        return _refused("not_a_combination")
    level = deal.level
    legal = tuple(m for m in readings if table is None or beats(m, table, level))
    if legal:
        return Selection(moves=legal, names=tuple(move_name(m, level) for m in legal))
    assert table is not None  # a lead has a legal reading of any combination
    table_name = move_name(table, level)
    # Same kind (or a bomb against a bomb): it is just too low. Otherwise
    # the kind or length does not match what is on the table.
    if any(m.kind == table.kind or (m.is_bomb and table.is_bomb) for m in readings):
        return _refused("does_not_beat", table=table_name)
    return _refused("wrong_kind", selection=kind_name(readings[0].kind), table=table_name,
                    table_kind=kind_name(table.kind))
