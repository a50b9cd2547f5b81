"""The built-in games, registered in the game registry
(:mod:`guandan.common.games`): Guandan (``guandan``, the default) and Gan
Deng Yan (``gdy``). Each game's entry is in its own package (Guandan's in
``guandan/commands.py``, Gan Deng Yan's in ``guandan/gdy/commands.py``);
here each is joined to its browser table (``guandan/web/``), which stands
above both games, so neither game imports the web."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .gd.commands import GUANDAN
from .common.games import game_names, register_game
from .gdy.commands import GDY


def _guandan_table() -> Any:
    from .web.guandan_game import WEB_GAME

    return WEB_GAME


def _gdy_table() -> Any:
    from .web.gdy_game import WEB_GAME

    return WEB_GAME


for _entry, _table in ((GUANDAN, _guandan_table), (GDY, _gdy_table)):
    if _entry.name not in game_names():
        register_game(replace(_entry, web_table=_table))
