"""Summary tables of simulation results, with confidence intervals."""

from __future__ import annotations

from typing import Any, Dict, List

import numpy as np

from ..common.statistics import Z95, mean_and_half, wilson_interval  # noqa: F401 (the summary's API)
from ..common.lines import mean_record, mean_text, rate_line, rate_record, throughput_line
from .names import OUTCOME_NAMES
from .simulate import TRIBUTE_EVENTS, DealResults, MatchResults

def _head(what: str, n: int, summary: Dict[str, Any], seconds: float) -> List[str]:
    """Throughput, then the win rate of each team."""
    lines = [throughput_line(n, what, seconds), ""]
    lines.append(f"  {'':<26}{'rate':>8}   95% interval")
    for team, label in enumerate(("team 0 (seats 0, 2) wins", "team 1 (seats 1, 3) wins")):
        lines.append(rate_line(label, summary["team_wins"][team]["count"], n))
    return lines


def deal_summary_data(results: DealResults) -> Dict[str, Any]:
    """A run of deals as plain values: each team's wins, the outcomes and
    tribute kinds (count, rate and 95% interval), and the means of plays,
    passes, bombs and levels gained (mean, half width of the 95% interval,
    spread)."""
    n = len(results)
    return {
        "deals": n,
        "team_wins": [rate_record(int((results.winning_team == team).sum()), n) for team in (0, 1)],
        "outcomes": {outcome: rate_record(int((results.partner_place == place).sum()), n)
                     for place, outcome in enumerate(OUTCOME_NAMES, 1)},
        "tribute": {name: rate_record(int((results.tribute == code).sum()), n)
                    for code, name in enumerate(TRIBUTE_EVENTS) if (results.tribute == code).any()},
        "means": {"plays per deal": mean_record(results.plays), "passes per deal": mean_record(results.passes),
                  "bombs per deal": mean_record(results.bombs), "levels gained": mean_record(results.levels_gained)},
    }


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    """The lines ``guandan simulate`` prints, from :func:`deal_summary_data`."""
    n = len(results)
    data = deal_summary_data(results)
    lines = _head("deals", n, data, seconds)
    for place, (outcome, rate) in enumerate(data["outcomes"].items(), 1):
        lines.append(rate_line(f"{outcome} (double win)" if place == 1 else outcome, rate["count"], n))
    for name, rate in data["tribute"].items():
        lines.append(rate_line(f"tribute: {name}", rate["count"], n))
    lines.append("")
    lines.extend(mean_text(label, **mean) for label, mean in data["means"].items())
    return lines


def match_summary_data(results: MatchResults) -> Dict[str, Any]:
    """A run of matches as plain values, as :func:`deal_summary_data`."""
    n = len(results)
    return {
        "matches": n,
        "team_wins": [rate_record(int((results.winner == team).sum()), n) for team in (0, 1)],
        "unfinished": rate_record(int((results.winner < 0).sum()), n),
        "means": {"deals per match": mean_record(results.deals), "plays per match": mean_record(results.plays),
                  "double wins per match": mean_record(results.double_wins)},
    }


def match_summary(results: MatchResults, seconds: float) -> List[str]:
    """The lines ``guandan simulate --matches`` prints, from :func:`match_summary_data`."""
    n = len(results)
    data = match_summary_data(results)
    lines = _head("matches", n, data, seconds)
    if data["unfinished"]["count"]:
        lines.append(rate_line("no winner within the cap", data["unfinished"]["count"], n))
    lines.append("")
    lines.extend(mean_text(label, **mean) for label, mean in data["means"].items())
    return lines
