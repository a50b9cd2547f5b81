"""Gan Deng Yan hints give a reason in words (gdy_coach.py): over the
positions of seeded games, each reason fits what the seat sees, never names
the play, and reads in both languages."""

from __future__ import annotations

import random
from typing import List, Tuple

import pytest

from guandan.gdy.bots import CoreBot, next_play
from guandan.gdy.deal import Deal
from guandan.gdy.plays import Play
from guandan.web.gdy_coach import DANGER, hint_reason, rate
from guandan.web.gdy_table import TEXTS
from guandan.web.gdy_table import play_words as gdy_play_name


def _positions(games: int) -> List[Tuple[Deal, int, Play]]:
    """(position, seat to act, the search bot's play) along seeded deals played by the rule bot."""
    out = []
    search = CoreBot("search", seed=5)
    for seed in range(games):
        deal = Deal(players=2 + seed % 5, seed=seed)
        player = CoreBot("rule", seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            if rng.random() < 0.25:
                out.append((deal.copy(), deal.turn, next_play(deal, search)))
            play = next_play(deal, player)
            deal.pass_turn() if play.is_pass else deal.play(play)
    return out


POSITIONS = _positions(12)


def _key(reason) -> str:
    """The message key a reason was made from (its English text matched against the templates)."""
    for key, en in TEXTS.strings["en"].items():
        if key.startswith("hint_") and en.split("{")[0] and reason["en"].startswith(en.split("{")[0]):
            return key
    raise AssertionError(f"not a hint reason: {reason}")


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) > 150
    assert {"hint_out", "hint_beat_cheap", "hint_lead_low"} <= {_key(hint_reason(*p)) for p in POSITIONS}


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_each_reason_fits_the_position(index):
    deal, seat, play = POSITIONS[index]
    reason = hint_reason(deal, seat, play)
    key = _key(reason)
    assert reason["en"] and reason["zh"] and reason["en"] != reason["zh"]
    if not play.is_pass:
        name = gdy_play_name(play.kind, play.rank, len(play), play.cards.jokers)
        assert name["en"] not in reason["en"] and name["zh"] not in reason["zh"]  # the page shows the cards
    others = [n for s, n in enumerate(deal.hand_sizes) if s != seat]
    legal = [p for p in deal.legal_plays() if not p.is_pass]
    if play.is_pass:
        assert key.startswith("hint_pass")
        assert (key == "hint_pass_nothing") == (not legal)
        assert (key == "hint_pass_only_bomb") == (bool(legal) and all(p.is_bomb for p in legal))
    elif len(play) == deal.hand_sizes[seat]:
        assert key == "hint_out"
    elif key in ("hint_stop", "hint_bomb_stop"):
        assert min(others) <= DANGER and str(min(others)) in reason["en"]
    elif key.startswith("hint_lead"):
        assert deal.table is None
    elif key.startswith("hint_beat"):
        assert deal.table is not None and min(others) > DANGER


def _rate_key(comment) -> str:
    for key in ("rate_missed_out", "rate_passed_on_danger", "rate_never_played"):
        if comment["zh"].startswith(TEXTS.strings["zh"][key].split("{")[0]) and comment["en"].endswith(TEXTS.strings["en"][key].rsplit("}", 1)[1]):
            return key
    raise AssertionError(f"not a coach comment: {comment}")


def test_coach_mode_speaks_only_of_clear_mistakes_and_names_the_better_play():
    """Over the same positions, each play and the pass: a comment comes only
    when a play that went out was left, or a pass let a seat close to out
    keep the lead or kept a seat that never played at double penalty while
    the search would have played; it names the play to learn from."""
    seen = set()
    for deal, seat, best in POSITIONS:
        plays = [p for p in deal.legal_plays() if not p.is_pass]
        out = [p for p in plays if len(p) == deal.hand_sizes[seat]]
        for played in plays[:6] + ([Play.PASS] if deal.can_pass() else []):
            comment = rate(deal, seat, played, lambda: best)
            if comment is None:
                assert not (out and played not in out), "a missed way out is always said"
                continue
            key = _rate_key(comment)
            seen.add(key)
            if key == "rate_missed_out":
                assert out and played not in out
                named = out[0]
            else:
                assert played.is_pass and not best.is_pass and best in plays
                named = best
                if key == "rate_passed_on_danger":
                    assert deal.hand_sizes[deal.last_player] <= DANGER
                else:
                    assert not deal.has_played(seat)
            name = gdy_play_name(named.kind, named.rank or "", len(named), named.cards.jokers)
            assert name["en"] in comment["en"] and name["zh"] in comment["zh"]
    assert seen == {"rate_missed_out", "rate_passed_on_danger", "rate_never_played"}
