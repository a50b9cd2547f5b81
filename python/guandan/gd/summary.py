"""Summary tables of simulation results, with confidence intervals."""

from __future__ import annotations

from typing import Any, Dict, List

from ..common.statistics import Z95, mean_and_half, wilson_interval  # noqa: F401 (the summary's API)
from ..common.lines import mean_text, rate_line, throughput_line
from .simulate import DealResults, MatchResults, deal_summary_data, match_summary_data


def _head(what: str, n: int, summary: Dict[str, Any], seconds: float) -> List[str]:
    """Throughput, then the win rate of each team."""
    lines = [throughput_line(n, what, seconds), ""]
    lines.append(f"  {'':<26}{'rate':>8}   95% interval")
    for team, label in enumerate(("team 0 (seats 0, 2) wins", "team 1 (seats 1, 3) wins")):
        lines.append(rate_line(label, summary["team_wins"][team]["count"], n))
    return lines


def deal_summary(results: DealResults, seconds: float) -> List[str]:
    """The lines ``guandan simulate`` prints, from :func:`deal_summary_data`."""
    return deal_summary_lines(deal_summary_data(results), seconds)


def deal_summary_lines(data: Dict[str, Any], seconds: float) -> List[str]:
    """The lines of a run's summary data (:func:`deal_summary_data` of its
    rows, or a Ray run's ``DealAggregate.summary``)."""
    n = data["deals"]
    lines = _head("deals", n, data, seconds)
    for place, (outcome, rate) in enumerate(data["outcomes"].items(), 1):
        lines.append(rate_line(f"{outcome} (double win)" if place == 1 else outcome, rate["count"], n))
    for name, rate in data["tribute"].items():
        lines.append(rate_line(f"tribute: {name}", rate["count"], n))
    lines.append("")
    lines.extend(mean_text(label, **mean) for label, mean in data["means"].items())
    return lines


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
