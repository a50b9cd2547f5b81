"""The core's layers, read from every C++ file's includes (docs/contributing.md,
Layout): the rules at the include root (cards, moves, the deal and its
record, what a seat may know), the bots above them in bots/ (the policies,
the planner, the search and what it reads from play), the tools above the
bots in tools/ (runs of many deals). A file includes only its own layer
and the layers below; Gan Deng Yan (gdy/) stands beside Guandan on the
shared common/ alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parent.parent / "cpp"
INCLUDE = re.compile(r'^#include "guandan/([^"]+)"', re.M)

# From the bottom: a file may include its own layer and any lower one.
LAYERS = {"common": 0, "rules": 1, "bots": 2, "tools": 3}


def layer_of(path: str) -> str:
    """The layer of a path under guandan/ (a header) or cpp/src/ (a source)."""
    folder = path.split("/")[0] if "/" in path else "rules"
    return folder


def files() -> Dict[str, List[str]]:
    """Each header and source of the core (by its path under guandan/ or
    src/) with the guandan/ headers it includes."""
    found: Dict[str, List[str]] = {}
    for base in (ROOT / "include" / "guandan", ROOT / "src"):
        for path in sorted(base.rglob("*")):
            if path.suffix in (".h", ".cpp"):
                found[str(path.relative_to(base))] = INCLUDE.findall(path.read_text())
    return found


def test_every_file_sits_in_a_known_folder():
    assert {layer_of(path) for path in files()} <= set(LAYERS) | {"gdy"}


def test_each_file_includes_only_its_layer_and_lower_ones():
    wrong = []
    for path, includes in files().items():
        here = layer_of(path)
        if here == "gdy":
            continue
        for target in includes:
            there = layer_of(target)
            if there == "gdy" or LAYERS[there] > LAYERS[here]:
                wrong.append(f"{path} ({here}) includes {target} ({there})")
    assert not wrong, "includes of a layer that is not below:\n" + "\n".join(wrong)


def test_gan_deng_yan_stands_on_common_alone():
    wrong = [f"{path} includes {target}" for path, includes in files().items() if layer_of(path) == "gdy"
             for target in includes if layer_of(target) not in ("gdy", "common")]
    assert not wrong, "\n".join(wrong)


def test_the_rules_hold_no_reading_of_play():
    # The position and the view carry the public record, never a bot's
    # reading of it (bots/evidence.h reads it on the bots' side).
    rules = {path: includes for path, includes in files().items() if layer_of(path) == "rules"}
    assert "deal.h" in rules and "player_view.h" in rules and "recorded_deal.h" in rules
    for path in ("deal.h", "player_view.h"):
        text = (ROOT / "include" / "guandan" / path).read_text()
        assert "Evidence" not in text, path
