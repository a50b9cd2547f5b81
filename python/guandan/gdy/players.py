"""Who plays each seat of a Gan Deng Yan run: a core policy, or a bot.

As for Guandan (:mod:`guandan.gd.players`): a seat is a bot spec
(:mod:`guandan.common.bot_spec`: ``"rule"``, ``"mybots:Greedy:depth=2"``)
or a bot object (anything with ``choose_move``, :class:`guandan.gdy.bots.Bot`).
A core policy named without options is played by the core itself; any
other bot is shown only its seat's observation.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .._core import gdy as core_gdy
from ..common.bot_spec import is_user_spec, load_user_bot, parse_builtin
from ..common.bot_spec import seat_players as common_seat_players
from ..common.checks import checked_text

POLICIES = tuple(core_gdy.policy_names())  # the core's registry (gdy/policy.cpp), in its order

PlayersLike = Union[str, Any, Sequence[Any]]


def _no_options(seed: int = 0) -> None:
    """The core's Gan Deng Yan policies take no options: a spec names one alone."""


def _builtin_bots() -> Dict[str, Any]:
    return {name: _no_options for name in POLICIES}


def is_bot(value: Any) -> bool:
    """Whether ``value`` is a Gan Deng Yan bot object: it has ``choose_move``."""
    return callable(getattr(value, "choose_move", None))


def parse_bot(text: str, seed: int = 0) -> Union[str, Any]:
    """The player a bot spec names: a core policy's name (the core plays it),
    or a bot object for ``MODULE:CLASS``."""
    if not isinstance(text, str):
        raise TypeError(f"a bot is a name, a MODULE:CLASS spec or a bot object, got {text!r}")
    checked_text("bot", text)
    bots = _builtin_bots()
    if is_user_spec(text, bots):
        bot = load_user_bot(text)
        if not is_bot(bot):
            raise ValueError(f"bot {text!r} has no choose_move method (guandan.gdy.bots.Bot)")
        return bot
    name, _options = parse_builtin(text, bots)  # the core's policies take no options
    return name


def bot_label(player: Any) -> str:
    """A short name for results: the spec, or the bot's class name."""
    return player if isinstance(player, str) else type(player).__name__


def seat_players(players: PlayersLike, seats: int, seed: int = 0) -> Tuple[List[str], List[Optional[Any]]]:
    """Each seat's core policy name and bot, as :func:`guandan.gd.players.seat_players`."""
    return common_seat_players(players, seats, seed, parse_bot, is_bot, "choose_move")
