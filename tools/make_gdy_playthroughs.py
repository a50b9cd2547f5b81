"""Write tests/data/gdy_playthroughs/*.txt: golden playthroughs of Gan Deng Yan.

Each file plays one seeded deal with seeded random choices and records every
action and the whole state after it (every hand, the table, the stock left,
the bombs). tests/test_gdy_playthroughs.py regenerates them in memory and
reports the first line that differs, so any change to the rules, the order
of the plays or the dealing shows up as a diff (which then needs a reason).

Usage: python tools/make_gdy_playthroughs.py
"""

import random
from pathlib import Path
from typing import List, NamedTuple

ROOT = Path(__file__).resolve().parents[1]

from guandan.gdy import Deal

OUTPUT = ROOT / "tests" / "data" / "gdy_playthroughs"


class Spec(NamedTuple):
    name: str
    players: int
    seed: int
    choice_seed: int
    pass_weight: float  # how often a follower passes when it could play (long deals drain the stock)


SPECS = (
    Spec("two_players_stock_runs_out", 2, 1, 1, 0.95),
    Spec("three_players", 3, 5, 2, 0.5),
    Spec("four_players", 4, 7, 3, 0.3),
    Spec("five_players", 5, 11, 4, 0.5),
    Spec("six_players", 6, 13, 5, 0.3),
)


def state_line(deal: Deal) -> str:
    table = "-" if deal.table is None else f"{deal.table.describe()} ({deal.table})"
    hands = " | ".join(str(h) or "-" for h in deal.hands)
    turn = "-" if deal.turn is None else deal.turn
    return (f"state turn={turn} table={table} last={deal.last_player} stock={deal.stock_left} "
            f"bombs={deal.bombs} hands=[{hands}]")


def playthrough(spec: Spec) -> List[str]:
    """The lines of one playthrough file."""
    deal = Deal(spec.players, spec.seed)
    rng = random.Random(spec.choice_seed)
    lines = [
        "# Golden playthrough: one seeded Gan Deng Yan deal played with seeded random choices.",
        "# Regenerate with: python tools/make_gdy_playthroughs.py (a diff needs a reason).",
        f"deal players={spec.players} seed={spec.seed} starter={deal.starter} choices={spec.choice_seed}",
        state_line(deal),
    ]
    while not deal.is_over:
        plays = deal.legal_plays()
        seat = deal.turn
        if deal.can_pass() and (len(plays) == 1 or rng.random() < spec.pass_weight):
            choice = plays[0]
        else:
            choice = rng.choice([p for p in plays if not p.is_pass])
        deal.play(choice)
        action = "passes" if choice.is_pass else f"plays {choice.describe()}: {choice}"
        lines.append(f"seat {seat} {action}")
        lines.append(state_line(deal))
    lines.append(f"result winner={deal.winner} penalties={' '.join(map(str, deal.penalties))}")
    return lines


def main() -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for spec in SPECS:
        lines = playthrough(spec)
        (OUTPUT / f"{spec.name}.txt").write_text("\n".join(lines) + "\n")
        print(f"wrote {len(lines)} lines to {(OUTPUT / (spec.name + '.txt')).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
