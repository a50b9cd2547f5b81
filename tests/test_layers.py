"""The package's layers, read from every module's imports (docs/contributing.md,
Layout): each package imports only its own modules and the layers below,
neither game imports the other, and no modules import each other in a
circle."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, Set

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "guandan"

# The layers from the bottom; a module may import its own package and any
# lower layer. The compiled core (_core) and version are below everything.
LAYERS = {
    "_core": 0, "version": 0,
    "common": 1,
    "gd": 2, "gdy": 2,
    "learning": 3,
    "web": 4, "judge": 4, "botzone": 4,
    "games": 5,
    "cli": 6, "__init__": 6,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> Set[str]:
    """The guandan modules ``path`` imports (at any depth of its code)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "guandan")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "guandan":
                target = node.module
            else:
                continue
            for alias in node.names:  # from .. import _core names a module
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target)
    return {m for m in found if m in MODULES}


MODULES: Dict[str, Path] = {module_name(p): p for p in PACKAGE.rglob("*.py")}
MODULES["guandan._core"] = PACKAGE / "_core.pyi"


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def test_every_package_has_a_layer():
    assert {layer_of(m) for m in MODULES} <= set(LAYERS)


def test_each_module_imports_only_its_package_and_lower_layers():
    wrong = []
    for module, path in MODULES.items():
        if path.suffix != ".py":
            continue
        here = layer_of(module)
        for target in imports_of(path):
            there = layer_of(target)
            if there != here and LAYERS[there] >= LAYERS[here]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports of a layer that is not below:\n" + "\n".join(sorted(wrong))


def test_neither_game_imports_the_other():
    for game, other in (("gd", "gdy"), ("gdy", "gd")):
        for module, path in MODULES.items():
            if layer_of(module) == game and path.suffix == ".py":
                assert not any(layer_of(t) == other for t in imports_of(path)), module


def test_no_modules_import_each_other_in_a_circle():
    graph = {m: imports_of(p) - {m} for m, p in MODULES.items() if p.suffix == ".py"}
    state: Dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list) -> None:
        state[module] = 1
        for target in graph.get(module, ()):
            if state.get(target) == 1:
                raise AssertionError("a circle of imports: " + " -> ".join(path[path.index(target):] + [target]))
            if target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module, [module])


def test_no_module_imports_another_modules_private_names():
    wrong = []
    for module, path in MODULES.items():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("guandan")):
                wrong += [f"{module}: {alias.name}" for alias in node.names
                          if alias.name.startswith("_") and alias.name not in ("_core", "__version__")]
    assert not wrong, "private names imported across modules:\n" + "\n".join(wrong)


# Within each game, from the bottom: the rules (cards, moves, the deal, what
# a seat may know, the game's log), the bots (the protocol, the bots, the
# search's building blocks, and the players a spec names), then the tools
# that run them (everything else: simulate, arena, league, the terminal,
# the commands).
GAME_RULES = {
    "gd": {"cards", "moves", "ruleset", "tribute", "names", "events", "observation", "deal", "match", "log", "batch"},
    "gdy": {"cards", "plays", "deal", "game", "log"},
}
GAME_BOTS = {"gd": {"bots", "players"}, "gdy": {"bots", "players"}}


def game_layer(module: str) -> int:
    """0 rules, 1 bots, 2 tools, for a module of a game package."""
    parts = module.split(".")
    game, name = parts[1], parts[2] if len(parts) > 2 else "__init__"
    if name in GAME_RULES[game]:
        return 0
    return 1 if name in GAME_BOTS[game] else 2


def test_within_a_game_rules_then_bots_then_tools():
    wrong = []
    for module, path in MODULES.items():
        if path.suffix != ".py" or layer_of(module) not in GAME_RULES or module.count(".") < 2:
            continue
        for target in imports_of(path):
            if layer_of(target) == layer_of(module) and target.count(".") >= 2 and game_layer(target) > game_layer(module):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "a game's rules importing its bots or tools, or its bots its tools:\n" + "\n".join(sorted(wrong))
    # The bots are a folder of their own in Guandan.
    assert (PACKAGE / "gd" / "bots" / "__init__.py").exists()
