"""Summary tables of Gan Deng Yan simulations, with 95 % intervals (the
lines of :mod:`guandan.gd.summary`)."""

from __future__ import annotations

from typing import List, Mapping, Sequence

import numpy as np

from ..common.lines import mean_line, mean_record, mean_text, rate_line, throughput_line
from .simulate import DealResults, GameResults


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    n, players = len(results), results.penalties.shape[1]
    seat_wins = [int((results.winner == seat).sum()) for seat in range(players)]
    starter_wins = int((results.winner == results.starter).sum())
    means = {}
    if n:
        losers = players - 1
        means = {"penalty per loser": mean_record(results.penalties.sum(axis=1) / losers),
                 "cards left per loser": mean_record(results.cards_left.sum(axis=1) / losers),
                 "plays per deal": mean_record(results.plays), "passes per deal": mean_record(results.passes),
                 "cards drawn per deal": mean_record(results.draws), "bombs per deal": mean_record(results.bombs)}
    return deal_summary_lines(n, seat_wins, starter_wins, means, seconds)


def deal_summary_lines(n: int, seat_wins: Sequence[int], starter_wins: int, means: Mapping[str, Mapping[str, float]],
                       seconds: float) -> List[str]:
    """The lines of a run's summary: deals won by seat and by the starter,
    and the means (``label -> {mean, half, sd}``), from the rows or a Ray
    run's aggregate."""
    lines = [throughput_line(n, "deals", seconds), "", f"  {'':<26}{'rate':>8}   95% interval"]
    lines += [rate_line(f"seat {seat} wins", wins, n) for seat, wins in enumerate(seat_wins)]
    lines += [rate_line("the starter wins", starter_wins, n), ""]
    lines += [mean_text(label, **mean) for label, mean in means.items()]
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
