"""Summary tables of Gan Deng Yan simulations, with 95 % intervals (the
lines of :mod:`guandan.gd.summary`)."""

from __future__ import annotations

from typing import List

import numpy as np

from ..common.lines import mean_line, rate_line, throughput_line
from .simulate import DealResults, GameResults


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    n, players = len(results), results.penalties.shape[1]
    lines = [throughput_line(n, "deals", seconds), "", f"  {'':<26}{'rate':>8}   95% interval"]
    for seat in range(players):
        lines.append(rate_line(f"seat {seat} wins", int((results.winner == seat).sum()), n))
    lines.append(rate_line("the starter wins", int((results.winner == results.starter).sum()), n))
    lines.append("")
    if n:
        losers = results.penalties.sum(axis=1) / (players - 1)
        lines.append(mean_line("penalty per loser", losers))
        lines.append(mean_line("cards left per loser", results.cards_left.sum(axis=1) / (players - 1)))
        lines.append(mean_line("plays per deal", results.plays))
        lines.append(mean_line("passes per deal", results.passes))
        lines.append(mean_line("cards drawn per deal", results.draws))
        lines.append(mean_line("bombs per deal", results.bombs))
    return lines


def game_summary(results: GameResults, seconds: float) -> List[str]:
    n, players = len(results), results.scores.shape[1]
    lines = [throughput_line(n, "games", seconds), "", f"  {'':<26}{'rate':>8}   95% interval"]
    for seat in range(players):
        lines.append(rate_line(f"seat {seat} wins (or shares)", int(results.winners[:, seat].sum()), n))
    lines.append(rate_line("shared wins", int((results.winners.sum(axis=1) > 1).sum()), n))
    lines.append("")
    if n:
        lines.append(mean_line("deals per game", results.deals))
        lines.append(mean_line("winning score", np.min(results.scores, axis=1)))
        lines.append(mean_line("highest score", np.max(results.scores, axis=1)))
        lines.append(mean_line("bombs per game", results.bombs))
    return lines
