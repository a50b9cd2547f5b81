"""Write tests/data/playthroughs/*.txt: golden playthroughs of fixed deals.

Like OpenSpiel's playthroughs: each file plays one fixed-seed deal with
seeded random choices and records every action and the position's text form
(`Deal.to_text`) after it. tests/test_playthroughs.py regenerates them in
memory and reports the first line that differs, so any change to the rules,
the move order or the text form shows up as a diff.

Usage: python tools/make_playthroughs.py
"""

import random
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence

import guandan

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "data" / "playthroughs"


class Spec(NamedTuple):
    name: str
    ruleset: str
    seed: int
    level: str
    previous_order: Optional[Sequence[int]]  # None: a first deal, the cut decides the leader
    choice_seed: int


SPECS = (
    Spec("standard_first_deal", "standard", 1, "2", None, 1),
    Spec("pagat_double_tribute", "pagat", 2, "7", (0, 2, 1, 3), 2),
    Spec("app_single_tribute", "app", 3, "K", (1, 2, 3, 0), 3),
    Spec("standard_tribute_at_ace", "standard", 4, "A", (3, 0, 1, 2), 4),
)


def playthrough(spec: Spec) -> List[str]:
    """The lines of one playthrough file."""
    deal = guandan.Deal(seed=spec.seed, level=spec.level, ruleset=spec.ruleset,
                        previous_order=None if spec.previous_order is None else list(spec.previous_order))
    rng = random.Random(spec.choice_seed)
    previous = "-" if spec.previous_order is None else "".join(str(s) for s in spec.previous_order)
    lines = [
        "# Golden playthrough: one fixed deal played with seeded random choices.",
        "# Regenerate with: python tools/make_playthroughs.py (a diff needs a reason).",
        f"deal ruleset={spec.ruleset} seed={spec.seed} level={spec.level} previous={previous} choices={spec.choice_seed}",
        f"state {deal.to_text()}",
    ]
    while not deal.is_over:
        if deal.phase in ("tribute", "return"):
            deal.give(rng.choice(deal.tribute_options()))
        else:
            options: List[Optional[guandan.Move]] = list(deal.legal_moves())
            if deal.can_pass():
                options.append(None)
            move = rng.choice(options)
            if move is None:
                deal.pass_turn()
            else:
                deal.play(move)
        lines.append(f"action {deal.events[-1]}")
        lines.append(f"state {deal.to_text()}")
    lines.append(f"outcome {deal.outcome} placing {' '.join(str(s) for s in deal.placing)}")
    return lines


def main() -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for spec in SPECS:
        lines = playthrough(spec)
        (OUTPUT / f"{spec.name}.txt").write_text("\n".join(lines) + "\n")
        print(f"wrote {len(lines)} lines to {(OUTPUT / spec.name).relative_to(ROOT)}.txt")


if __name__ == "__main__":
    main()
