"""A judge run's log (versioned JSON) and its summary, as ``guandan arena`` prints one.

The log holds the options, what played each path, the commit and the
behaviour signature of each of our bots that played
(:mod:`guandan.common.provenance`), every match as our match log
(:func:`guandan.gd.log.match_log`, so each replays exactly with
:func:`guandan.gd.log.replay`) with the rotation it was played at, and every
fallback the judge played for a client.

Team A is the clients of paths 0 and 2, team B those of 1 and 3, whatever
seats they played (with ``--duplicate`` they swap seats every other match).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import numpy as np

from ..common.lines import mean_line, rate_line
from ..common.provenance import provenance
from ..gd.log import match_log
from ..gd.ruleset import as_ruleset
from ..version import __version__
from .server import JudgeRun

RUN_FORMAT = "guandan-judge-run"
RUN_VERSION = 1


def bots_that_played(run: JudgeRun) -> List[str]:
    """Our bots that made decisions: those of the seats no client took, and
    those that answered for a client (a fallback), in path order."""
    seats = {p for p, player in enumerate(run.players) if player != "client"}
    seats |= {fallback.participant for fallback in run.fallbacks}
    return [run.options.bots[p] for p in sorted(seats)]


def run_log(run: JudgeRun) -> Dict[str, Any]:
    """The run as one JSON-ready object."""
    options = run.options
    made = provenance(bots_that_played(run), "gd")
    return {
        "format": RUN_FORMAT,
        "version": RUN_VERSION,
        "guandan": __version__,
        "commit": made["commit"],
        "signatures": made["bots"],
        "options": {
            "matches": options.matches, "ruleset": as_ruleset(options.ruleset).to_dict(), "level": options.level,
            "seed": options.seed, "wait": options.wait, "timeout": options.timeout, "bots": list(options.bots),
            "duplicate": options.duplicate,
        },
        "players": list(run.players),
        "matches": [{"rotation": r, "log": match_log(m)} for m, r in zip(run.matches, run.rotations)],
        "fallbacks": [f.to_dict() for f in run.fallbacks],
    }


def write_run(run: JudgeRun, path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(run_log(run), out, indent=1)
        out.write("\n")


def _deal_rows(run: JudgeRun) -> List[Dict[str, Any]]:
    """Per finished deal: whether team A won, its outcome, the winners' levels gained."""
    rows = []
    # The ruleset's advance for 1-2 / 1-3 / 1-4, not the change of level, which stops at A.
    advance = as_ruleset(run.options.ruleset).core.advance
    for match, rotation in zip(run.matches, run.rotations):
        states = match.states
        for i, deal in enumerate(match.deals):
            if not deal.is_over or i + 1 >= len(states):
                continue
            team = deal.winning_team
            assert team is not None and deal.outcome is not None
            gained = advance[("1-2", "1-3", "1-4").index(deal.outcome)]
            # The engine's team t holds seats t and t+2; path p plays seat p + rotation.
            rows.append({"a_won": (team - rotation) % 2 == 0, "outcome": deal.outcome, "gained": gained})
    return rows


def summary(run: JudgeRun) -> List[str]:
    """The summary lines: deals and matches won by team A with 95% intervals,
    levels per deal, 1-2 / 1-3 / 1-4 per team, fallbacks and the judge's cost."""
    players = run.players
    a = f"A (client0 {players[0]}, client2 {players[2]})"
    b = f"B (client1 {players[1]}, client3 {players[3]})"
    rows = _deal_rows(run)
    deals = len(rows)
    a_deals = sum(r["a_won"] for r in rows)
    finished = [(m, r) for m, r in zip(run.matches, run.rotations) if m.winner is not None]
    a_matches = sum((m.winner - r) % 2 == 0 for m, r in finished)  # type: ignore[operator]
    margin = np.array([r["gained"] if r["a_won"] else -r["gained"] for r in rows], dtype=np.float64)
    lines = [
        f"Team {a} vs team {b}",
        f"{len(run.matches)} match(es){' (duplicate: teams swap seats every other match)' if run.options.duplicate else ''}, "
        f"{deals} deal(s), ruleset {as_ruleset(run.options.ruleset).name}, seed {run.options.seed}",
        rate_line("A wins deals", a_deals, deals),
        rate_line("A wins matches", a_matches, len(finished)),
        mean_line("levels per deal, A - B", margin) if deals else "  levels per deal, A - B       n/a",
    ]
    for team, won in (("A", True), ("B", False)):
        counts = {o: sum(1 for r in rows if r["a_won"] == won and r["outcome"] == o) for o in ("1-2", "1-3", "1-4")}
        lines.append(f"  {team} won 1-2 / 1-3 / 1-4:        {counts['1-2']} / {counts['1-3']} / {counts['1-4']}")
    levels = " | ".join(" ".join(d.level for d in m.deals) for m in run.matches)
    lines.append(f"  level of each deal, match by match: {levels}")
    why: Dict[str, int] = {}
    for fallback in run.fallbacks:
        kind = fallback.why.split(" ")[0] if fallback.why.startswith("actIndex") else fallback.why
        why[kind] = why.get(kind, 0) + 1
    lines.append("  fallbacks: " + (", ".join(f"{n} {w}" for w, n in sorted(why.items())) if why else "none"))
    if run.decision_seconds:
        median = float(np.median(run.decision_seconds)) * 1e6
        lines.append(f"  judge's cost per decision (message built, answer checked): median {median:.0f} µs "
                     f"over {len(run.decision_seconds):,} decisions; {run.seconds:.1f} s in all")
    return lines
