"""The game registry: every game the ``guandan`` command plays is one entry.

An entry names what a command needs of its game, as OpenSpiel's registry
does: its players, its core policies (``simulate --policy``, ``arena
--bots``), its bots (``play --bots``), the options it adds to each command,
the function that runs each command, and the result tables its runs write.
The command line (:mod:`guandan.common.command_line`) knows games only
through these entries, so a new game is one :func:`register_game` call:

    >>> from guandan.common.games import game_entry
    >>> game_entry("gdy").players, game_entry("guandan").title
    ((2, 6), 'Guandan')

Both built-in games are registered when the ``guandan`` package is imported
(``guandan/games.py``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Type

from .checks import checked_text
from .columns import Columns

#: The commands a game can run; each entry runs the ones it has.
COMMANDS = ("play", "simulate", "arena")

Command = Callable[[argparse.Namespace], int]  # parsed arguments -> exit status
# (a built-in bot spec, threads) -> the spec played if the bot's options were
# changed for it (else None), and the results of the signature workload
# (guandan.common.provenance).
Bench = Callable[[str, int], Tuple[Optional[str], Columns]]
AddOptions = Callable[[str, argparse.ArgumentParser], None]  # (command, its parser): adds the game's own options


@dataclass(frozen=True)
class GameEntry:
    name: str                   # the --game value
    title: str                  # for people: "Guandan", "Gan Deng Yan"
    players: Tuple[int, int]    # fewest and most players
    default_players: int
    policies: Tuple[str, ...]   # the core's policies of this game
    bots: Tuple[str, ...]       # the bots of ``guandan play``
    default_bot: str
    commands: Mapping[str, Command]  # "play", "simulate", "arena": the function that runs each
    add_options: Optional[AddOptions] = None  # the game's own options, beyond the shared ones
    default_policy: str = "random"        # simulate --policy
    default_pair: Tuple[str, str] = ("rule", "random")  # arena --bots
    # The result table of each kind of run ("deals", "matches", "games"), to
    # read a results file back (guandan.common.results_file).
    result_types: Mapping[str, Callable[[], Type]] = field(default_factory=dict)
    # The web server's part (guandan.web.web_games.WebGame), made on first
    # use so that the engine does not need the web extra; None: no browser table.
    web_table: Optional[Callable[[], Any]] = None
    # Plays a bot on the workload its behaviour signature hashes; None: the
    # game's bots get no signature.
    bench: Optional[Bench] = None
    # Reads a bot spec ("NAME:KEY=VALUE,...", "MODULE:CLASS"): ValueError
    # naming what is wrong; None: the game's bots are names only.
    parse_bot: Optional[Callable[[str], Any]] = None

    def _unknown(self, option: str, what: str, name: str, choices: Sequence[str]) -> ValueError:
        game = "" if self.name == DEFAULT_GAME else f"{self.title} "
        if isinstance(name, str):
            checked_text(f"argument {option}", name)  # the message below quotes it
        return ValueError(f"argument {option}: unknown {game}{what} '{name}' (expected one of {', '.join(choices)})")

    def check_policies(self, names: Sequence[str], option: str) -> None:
        """ValueError naming the first of ``names`` that is neither a policy
        nor a bot of this game, nor a spec it reads (``parse_bot``)."""
        for name in names:
            if isinstance(name, str):
                checked_text(f"argument {option}", name)  # the messages below quote it
            if name not in self.policies and name not in self.bots and not self._is_spec(option, name):
                raise self._unknown(option, "bot", name, tuple(dict.fromkeys(self.policies + self.bots)))

    def check_bot(self, name: str) -> None:
        """ValueError unless ``name`` is a bot of this game or a spec it reads."""
        if name not in self.bots and not self._is_spec("--bots", name):
            raise self._unknown("--bots", "bot", name, self.bots)

    def _is_spec(self, option: str, name: str) -> bool:
        """Whether ``name`` is a bot spec (with a ':') the game reads;
        ValueError naming ``option`` and what is wrong with one it cannot."""
        if not isinstance(name, str) or ":" not in name or self.parse_bot is None:
            return False
        checked_text(f"argument {option}", name)
        try:
            self.parse_bot(name)
        except (TypeError, ValueError) as error:
            raise ValueError(f"argument {option}: {error}") from None
        return True

    def check_seat(self, seat: int, players: int) -> None:
        if not 0 <= seat < players:
            table = f"{self.title} has" if self.players[0] == self.players[1] else f"a game of {players} players has"
            raise ValueError(f"argument --seat: {table} seats 0..{players - 1}, got {seat}")

    @property
    def player_counts_vary(self) -> bool:
        return self.players[0] != self.players[1]


#: The game a command plays when --game is not given.
DEFAULT_GAME = "guandan"

_GAMES: Dict[str, GameEntry] = {}


def register_game(entry: GameEntry) -> GameEntry:
    """Add ``entry`` to the registry (ValueError if its name is taken or its entry is inconsistent)."""
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register_game takes a GameEntry, got {type(entry).__name__}")
    if entry.name in _GAMES:
        raise ValueError(f"a game called {entry.name!r} is already registered")
    fewest, most = entry.players
    if not 1 <= fewest <= entry.default_players <= most:
        raise ValueError(f"{entry.name}: default_players {entry.default_players} is not in {fewest}..{most}")
    unknown = sorted(set(entry.commands) - set(COMMANDS))
    if unknown:
        raise ValueError(f"{entry.name}: unknown command(s) {', '.join(unknown)} (expected {', '.join(COMMANDS)})")
    _GAMES[entry.name] = entry
    return entry


def unregister_game(name: str) -> None:
    """Remove a registered game (tests register games of their own)."""
    if name == DEFAULT_GAME:
        raise ValueError(f"{DEFAULT_GAME} cannot be removed")
    _GAMES.pop(name, None)


def game_names() -> List[str]:
    """The registered games' names, in the order they were registered."""
    return list(_GAMES)


def game_entry(name: str) -> GameEntry:
    """The entry of the game called ``name``; ValueError listing the games otherwise."""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(_GAMES)})") from None
