"""Guandan (掼蛋): the rules, the bots, simulation and the arena.

The layers, from the bottom: the cards and their names (``cards``,
``names``), the rules (``ruleset``, ``moves``, ``batch``, ``events``,
``tribute``, ``observation``, ``deal``, ``match``, ``log``), the players
(``bots``, ``terminal``) and whole runs (``simulate``, ``cluster`` on
Ray, ``summary``, ``arena``, ``league``), and the game's entry in the game registry
(``commands``, with its option types in ``arguments``). The package stands
on :mod:`guandan.common` and the compiled core alone; the friendly names
are re-exported by :mod:`guandan`.
"""
