"""Guandan's own texts, in English and Chinese: its catalogue
(``texts/guandan/en.json`` and ``zh.json``, which its pages read too through
``GET /api/games``) and the names of its moves, kinds, ranks and phases.

Keys of the catalogue besides the lobby's (``title``, ``lobby.*``,
``option.*``, docs/web.md §7):

- the names of things: ``kind_name.KIND`` (a move kind: "pair"),
  ``kind.KIND`` (a move's name, a template beginning with its kind's name:
  "pair of {ranks}"), ``kind.wild.one`` / ``kind.wild.many`` (the note on a
  move whose wild hearts stand for other cards, n: how many),
  ``kind.count.N`` (a bomb's size in words, four .. ten), ``kind.suit.S``
  (a straight flush's suit), ``kind.joker.sj`` / ``kind.joker.bj``, and
  ``phase.PHASE`` (``tribute``, ``return``, ``play``, ``over``). The
  page's ``kind.*`` strings (static/i18n.js) are these same templates, so
  the table, the replay and the rules page name every combination alike.
  ``kind.*`` parameters: ``rank`` (the rank: "K", "big joker"), ``ranks``
  (English: the plural "Ks"; Chinese: the rank, or for a full house its
  three cards "999"), ``pairs`` (a full house's pair: "4s" / "44"), ``run``
  (the ranks of a run: "3–7" / "34567", "334455"), ``suit`` and ``count``;
- errors of Guandan's moves: ``bad_card`` (card: the text sent);
  ``card_text`` (where: the field that is not a card text);
  ``not_this_phase`` (phase: a :func:`phase_name` text); for a refused
  tribute or return card ``give_not_owed`` and ``not_an_option`` (card);
- why a selection is not a legal play (:mod:`guandan.web.selection`):
  ``not_play_phase`` (phase); ``not_held`` (cards: card texts);
  ``held_fewer`` (card, held: how many the hand holds); ``lead_no_pass``;
  ``does_not_beat`` (table: a :func:`move_name` text); ``wrong_kind``
  (selection: a :func:`kind_name` text, table: a :func:`move_name` text,
  table_kind: a :func:`kind_name` text); the shared ``not_your_turn``,
  ``deal_over`` and ``not_a_combination`` besides;
- the coach (:mod:`guandan.web.coach`): a hint's reason, which never names
  the move: ``hint_only_move``; ``hint_must_pass`` (table);
  ``hint_partner_winning``; ``hint_goes_out``; ``hint_stop_opponent``
  (cards: a ``card_count`` text); ``hint_bomb_follow`` (table);
  ``hint_bomb_lead``; ``hint_lead_weakest``; ``hint_lead_many`` (n: cards);
  ``hint_lead_keeps_lower``; ``hint_lead_several`` (n: cards); ``hint_lead``;
  ``hint_beat_cheap`` (table); ``hint_beat`` (table); ``hint_only_bombs``
  (table); ``hint_let_go`` (table); then what it keeps or sets up, each
  wrapping a ``reason``: ``hint_keeps_bombs``, ``hint_keeps_wilds``,
  ``hint_keeps_both``, ``hint_sets_up_out``; and ``hint_win_share``
  (reason, win: percent of playouts won) for the number, or
  ``hint_deal_lost`` (reason) when no playout is won. ``hint_tribute``
  (card); ``hint_return`` (card); ``rate_bombed_partner``;
  ``rate_missed_out`` (move); ``rate_passed_on_danger`` (cards, move);
  ``rate_worse`` (best, reason: why the best play, as a hint says it,
  played_win, best_win: percents). ``table``, ``move`` and ``best`` are
  :func:`move_name` texts, or the shared ``pass`` text;
- the match: ``team`` (team: 0..1), ``playing_level`` (level: a
  :func:`rank_name` text), ``first_out``, ``last_out``, ``deal_over_order``
  (order), ``match_over`` (team), ``levels_climbed`` (team, levels).

::

    >>> from guandan import classify
    >>> text("does_not_beat", table=move_name(classify("Ks Kd", "2")[0], "2"))["en"]
    'does not beat the pair of Ks on the table'
"""

from __future__ import annotations

import os
from collections import Counter
from functools import lru_cache
from typing import Dict, Mapping, Tuple

from .._core import Move
from ..gd.cards import level_index
from ..gd.names import KIND_NAMES, LEVEL_NAMES, PHASE_NAMES, RANK_NAMES
from .i18n import Catalogue, Text, both

#: Guandan's own texts (texts/guandan/en.json, zh.json).
TEXTS = Catalogue(os.path.join(os.path.dirname(__file__), "texts", "guandan"))

assert all(f"kind_name.{kind}" in TEXTS and f"kind.{kind}" in TEXTS for kind in KIND_NAMES), "texts for every kind"
assert all(f"phase.{phase}" in TEXTS for phase in PHASE_NAMES), "a text for every phase of the engine"

# How a rank reads on a card face: T is written 10; the jokers by name.
_FACE = {**{rank: rank for rank in LEVEL_NAMES}, "T": "10"}
_JOKERS = ("SJ", "BJ")

# The runs: how many ranks, and how many cards of each.
_RUNS = {"straight": (5, 1), "straight_flush": (5, 1), "tube": (3, 2), "plate": (2, 3)}


def text(key: str, **params: object) -> Text:
    """The text ``key`` of Guandan's catalogue in both languages, filled as
    :func:`guandan.web.i18n.text` fills a shared one::

        >>> text("hint_lead_many", n=3)
        {'en': 'it gets 3 cards out in one play', 'zh': '一手出掉 3 张牌'}
    """
    return TEXTS.text(key, **params)


def _both(key: str) -> Text:
    return {language: strings[key] for language, strings in TEXTS.strings.items()}


def kind_name(kind: str) -> Text:
    """A move kind (``"pair"``, ``"joker_bomb"``...) in both languages."""
    if kind not in KIND_NAMES:
        raise ValueError(f"unknown move kind {kind!r} (expected one of {', '.join(KIND_NAMES)})")
    return _both(f"kind_name.{kind}")


def phase_name(phase: str) -> Text:
    """A deal phase (``"tribute"``, ``"return"``, ``"play"``, ``"over"``) in both languages."""
    if phase not in PHASE_NAMES:
        raise ValueError(f"unknown phase {phase!r} (expected one of {', '.join(PHASE_NAMES)})")
    return _both(f"phase.{phase}")


def rank_name(rank: str) -> Text:
    """A rank as it reads on a card: ``"T"`` is 10, the jokers by name."""
    if rank in _JOKERS:
        return _both(f"kind.joker.{rank.lower()}")
    if rank == "10":
        rank = "T"
    if rank not in _FACE:
        raise ValueError(f"not a rank {rank!r} (expected 2..9, T, J, Q, K, A, SJ or BJ)")
    return both(_FACE[rank], _FACE[rank])


def move_name(move: Move, level: str) -> Text:
    """The name of a move in both languages, with its ranks::

        >>> from guandan import classify
        >>> move_name(classify("Ks Kd", "2")[0], "2")
        {'en': 'pair of Ks', 'zh': '对K'}
        >>> move_name(classify("3s 4s 5d 6c 7c", "2")[0], "2")
        {'en': 'straight 3–7', 'zh': '顺子 34567'}

    A move whose wild hearts stand for other cards says how many.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move_name needs a Move, got {type(move).__name__}")
    level_index(level)  # raises ValueError/TypeError naming a bad level
    return dict(_cached_name(move))  # a copy: the caller may change it


# Every view the server sends names each play of the deal so far: the names
# of recent moves are kept (a Move is a hashable value; the name does not
# depend on the level beyond the move's own wild declarations).
@lru_cache(maxsize=8192)
def _cached_name(move: Move) -> Tuple[Tuple[str, str], ...]:
    return tuple(_name_of(move).items())


def _plural(rank: str) -> str:
    """'Ks', '10s', 'small jokers': the English plural of a rank."""
    return rank_name(rank)["en"] + "s"


def _run(top: str, length: int) -> Tuple[str, ...]:
    """The ranks of a run of ``length`` ranks ending at ``top``, lowest first
    (an ace starts a run that ends at 5, 3 or 2: A2345, AA2233, AAA222)."""
    high = RANK_NAMES.index(top)
    return tuple(LEVEL_NAMES[(high - step) % 13] for step in range(length - 1, -1, -1))


def _name_of(move: Move) -> Text:
    kind, rank = move.kind, move.rank
    face = rank_name(rank)
    params: Dict[str, Text] = {"rank": face, "ranks": both(_plural(rank), face["zh"])}
    if kind == "full_house":
        pair_rank = next(c.rank for c in move.declared if c.rank != rank)
        params["ranks"] = both(_plural(rank), face["zh"] * 3)
        params["pairs"] = both(_plural(pair_rank), rank_name(pair_rank)["zh"] * 2)
    elif kind in _RUNS:
        width, copies = _RUNS[kind]
        ranks = [_FACE[r] for r in _run(rank, width)]
        params["run"] = both(f"{ranks[0]}–{ranks[-1]}", "".join(r * copies for r in ranks))
        if kind == "straight_flush":
            params["suit"] = _both(f"kind.suit.{move.declared[0].suit or ''}")  # its declared cards share it
    elif kind == "bomb":
        params["count"] = _both(f"kind.count.{move.size}")
    name = _fill(f"kind.{kind}", params)
    standing_in = _wilds_standing_in(move)
    if standing_in:
        note = _fill("kind.wild.one" if standing_in == 1 else "kind.wild.many", {"n": both(str(standing_in), str(standing_in))})
        name = both(name["en"] + note["en"], name["zh"] + note["zh"])
    return name


def _fill(key: str, params: Mapping[str, Text]) -> Text:
    """The template ``key`` filled, each language with its own part of each parameter."""
    return {language: strings[key].format(**{name: value[language] for name, value in params.items()})
            for language, strings in TEXTS.strings.items()}


def _wilds_standing_in(move: Move) -> int:
    """How many wild hearts stand for another card (a wild played as
    itself, e.g. the 2h in a bomb of 2s at level 2, is not worth a mention)."""
    declared = Counter(str(c) for c in move.declared)
    return sum((declared - Counter(str(c) for c in move.cards)).values())
