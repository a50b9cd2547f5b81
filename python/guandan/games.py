"""The games the command line plays, each with the choices of its own
options: the players it seats, its core policies (``simulate --policy``,
``arena --bots``) and its bots (``play --bots``). A command checks its
options against the entry of the game it plays, so an error lists that
game's choices, never the other's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Sequence, Tuple


@dataclass(frozen=True)
class GameEntry:
    name: str                   # the --game value
    title: str                  # for people: "Guandan", "Gan Deng Yan"
    players: Tuple[int, int]    # fewest and most players
    default_players: int
    policies: Tuple[str, ...]   # the core's policies of this game
    bots: Tuple[str, ...]       # the bots of ``guandan play``
    default_bot: str

    def _unknown(self, option: str, what: str, name: str, choices: Sequence[str]) -> ValueError:
        game = "" if self.name == "guandan" else f"{self.title} "
        return ValueError(f"argument {option}: unknown {game}{what} '{name}' (expected one of {', '.join(choices)})")

    def check_policies(self, names: Sequence[str], option: str) -> None:
        """ValueError naming the first of ``names`` that is not a policy of this game."""
        for name in names:
            if name not in self.policies:
                raise self._unknown(option, "policy", name, self.policies)

    def check_bot(self, name: str) -> None:
        if name not in self.bots:
            raise self._unknown("--bots", "bot", name, self.bots)

    def check_seat(self, seat: int, players: int) -> None:
        if not 0 <= seat < players:
            table = "Guandan has" if self.name == "guandan" else f"a game of {players} players has"
            raise ValueError(f"argument --seat: {table} seats 0..{players - 1}, got {seat}")


def _games() -> Dict[str, GameEntry]:
    from .bots import BOTS
    from .gdy import POLICIES as GDY_POLICIES
    from .simulate import POLICIES

    return {
        "guandan": GameEntry("guandan", "Guandan", (4, 4), 4, POLICIES, tuple(BOTS), "simple"),
        "gdy": GameEntry("gdy", "Gan Deng Yan", (2, 6), 4, GDY_POLICIES, GDY_POLICIES, "rule"),
    }


#: Every game by its --game name.
GAMES: Dict[str, GameEntry] = _games()
