"""The built-in games, registered in the game registry
(:mod:`guandan.common.games`): Guandan (``guandan``, the default) and Gan
Deng Yan (``gdy``). Each game's entry is in its own package: Guandan's in
``guandan/commands.py``, Gan Deng Yan's in ``guandan/gdy/commands.py``."""

from __future__ import annotations

from typing import Dict

from .commands import GUANDAN
from .common.games import GameEntry, game_names, register_game
from .gdy.commands import GDY

for _entry in (GUANDAN, GDY):
    if _entry.name not in game_names():
        register_game(_entry)


#: The built-in games by their --game name.
GAMES: Dict[str, GameEntry] = {GUANDAN.name: GUANDAN, GDY.name: GDY}
