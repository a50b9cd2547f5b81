"""A run of the local Botzone judge: its games, and the summary it prints
(each program's score per game with its 95% interval, the illegal answers
by reason, the time each program took per turn)."""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass, field
from typing import IO, Dict, List, Optional, Sequence

import numpy as np

from ..common.lines import mean_line, mean_record
from .judge import GameRecord, GameSetup, play_game


@dataclass
class BotzoneRun:
    """Every game of a run, with the command index that played each seat."""

    commands: List[List[str]]
    options: Dict[str, object]
    games: List[GameRecord] = field(default_factory=list)
    seats: List[List[int]] = field(default_factory=list)  # per game: the command of each seat
    seconds: float = 0.0

    def programs(self) -> List[str]:
        """The distinct commands, in order of first seat."""
        names: List[str] = []
        for command in self.commands:
            text = shlex.join(command)
            if text not in names:
                names.append(text)
        return names

    def program_of(self, game: int, seat: int) -> str:
        return shlex.join(self.commands[self.seats[game][seat]])

    def scores(self, program: str) -> np.ndarray:
        """Per game, the mean score of the seats ``program`` played."""
        rows = []
        for g, record in enumerate(self.games):
            mine = [record.scores[s] for s in range(4) if self.program_of(g, s) == program]
            if mine:
                rows.append(sum(mine) / len(mine))
        return np.array(rows, dtype=np.float64)

    def turn_seconds(self, program: str) -> np.ndarray:
        return np.array([t for g, record in enumerate(self.games) for s in range(4)
                         if self.program_of(g, s) == program for t in record.seconds[s]], dtype=np.float64)

    def illegal(self, program: str) -> Dict[str, int]:
        reasons: Dict[str, int] = {}
        for g, record in enumerate(self.games):
            if record.illegal is not None and self.program_of(g, record.illegal.seat) == program:
                reasons[record.illegal.reason] = reasons.get(record.illegal.reason, 0) + 1
        return reasons

    def to_dict(self) -> dict:
        return {
            "format": "guandan-botzone-run", "version": 1, "options": dict(self.options),
            "commands": [shlex.join(c) for c in self.commands], "seconds": self.seconds,
            "programs": {p: {"score": mean_record(self.scores(p)), "illegal": self.illegal(p),
                             "turn_seconds": mean_record(self.turn_seconds(p))} for p in self.programs()},
            "games": [dict(record.to_dict(), seats=[self.program_of(g, s) for s in range(4)])
                      for g, record in enumerate(self.games)],
        }


def run_games(commands: Sequence[Sequence[str]], games: int, seed: int = 0, level: str = "2", tribute: str = "none",
              history: str = "moves", time_limit: float = 2.0, duplicate: bool = False,
              progress: Optional[IO[str]] = None) -> BotzoneRun:
    """Play ``games`` seeded games of the four ``commands`` (seat s plays
    ``commands[s]``); with ``duplicate`` each deal again with every command
    one seat on."""
    if len(commands) != 4:
        raise ValueError(f"four commands, one per seat, are needed; got {len(commands)}")
    run = BotzoneRun([list(c) for c in commands], {"games": games, "seed": seed, "level": level, "tribute": tribute,
                                                   "history": history, "time_limit": time_limit,
                                                   "duplicate": duplicate})
    start = time.perf_counter()
    for index in range(games):
        setup = GameSetup.seeded(seed + index, level, tribute)
        for rotation in ((0, 1) if duplicate else (0,)):
            record, seats = play_game(setup, run.commands, time_limit, history, rotation)
            run.games.append(record)
            run.seats.append(seats)
            if progress is not None:
                why = f", {record.illegal.reason} by seat {record.illegal.seat}" if record.illegal else ""
                print(f"game {len(run.games)}: scores {record.scores}{why}", file=progress, flush=True)
    run.seconds = time.perf_counter() - start
    return run


def summary(run: BotzoneRun) -> List[str]:
    """The lines ``guandan botzone-judge`` prints."""
    options = run.options
    lines = [f"{len(run.games)} game(s), seed {options['seed']}, level {options['level']}, tribute "
             f"{options['tribute']}, history {options['history']}, {options['time_limit']:g} s per turn"
             f"{', duplicate' if options['duplicate'] else ''}; {run.seconds:.1f} s in all"]
    for program in run.programs():
        seats = sorted({s for g in range(len(run.games)) for s in range(4) if run.program_of(g, s) == program})
        lines.append(f"{program}  (seats {', '.join(map(str, seats))})")
        lines.append(mean_line("score per game", run.scores(program)))
        illegal = run.illegal(program)
        lines.append("  illegal answers:          " + (", ".join(f"{n} {why}" for why, n in sorted(illegal.items()))
                                                         if illegal else "none"))
        seconds = run.turn_seconds(program)
        if len(seconds):
            lines.append(f"  seconds per turn:         mean {seconds.mean():.3f}, max {seconds.max():.3f} "
                         f"over {len(seconds):,} turns")
    return lines
