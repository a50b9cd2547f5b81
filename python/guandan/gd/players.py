"""Who plays each seat of a Guandan run: a core policy, or a bot.

A seat is given as a bot spec (:mod:`guandan.common.bot_spec`: ``"rule"``,
``"search:think_ms=100"``, ``"mybots:Greedy:depth=2"``) or as a bot object
(anything with ``choose_move`` and ``choose_card``, :class:`guandan.gd.bots.Bot`).
A core policy, with or without options, is played by the core on its own
threads; everything else is a bot that the core calls at its seat
(:mod:`guandan.gd.seat_driver`), on the same deals.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple, Union

from .. import _core
from ..common.bot_spec import is_user_spec, load_user_bot, parse_builtin
from ..common.bot_spec import seat_players as common_seat_players
from ..common.checks import checked_text
from .bots import BOTS, Bot, CoreBot, make_bot

POLICIES = tuple(_core.policy_names())  # the core's registry (bots/registry.cpp), in its order

BotLike = Union[str, Bot]
PlayersLike = Union[BotLike, Sequence[BotLike]]


def is_bot(value: Any) -> bool:
    """Whether ``value`` is a bot object: it has ``choose_move`` and ``choose_card``."""
    return callable(getattr(value, "choose_move", None)) and callable(getattr(value, "choose_card", None))


def parse_bot(text: str, seed: Optional[int] = None) -> Union[str, Bot]:
    """The player a bot spec names: for a core policy, its spec in normal
    form (``"search:think_ms=100"``: the core plays it itself, with the
    options the policy declares, ``_core.policy_options``); else a bot
    object (a Python bot of :data:`guandan.gd.bots.BOTS`, or ``MODULE:CLASS``)."""
    if not isinstance(text, str):
        raise TypeError(f"a bot is a name, a MODULE:CLASS spec or a bot object, got {text!r}")
    checked_text("bot", text)
    if is_user_spec(text, BOTS):
        bot = load_user_bot(text)
        if not is_bot(bot):
            raise ValueError(f"bot {text!r} has no choose_move and choose_card methods (guandan.gd.bots.Bot)")
        return bot
    name, colon, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name in POLICIES:
        # A core policy and its options (declared in the bot's own C++
        # header, checked there): the core plays it on its own threads.
        return _core.policy_spec(name + colon + rest)
    name, options = parse_builtin(text, BOTS)
    try:
        return make_bot(name, seed, **options)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


def bot_object(player: BotLike, seed: Optional[int] = None) -> Bot:
    """A bot object for ``player``: the object itself, or the bot a spec
    names (a core policy as :class:`guandan.gd.bots.CoreBot`), seeded ``seed``."""
    if is_bot(player):
        return player  # type: ignore[return-value]
    parsed = parse_bot(player, seed)  # type: ignore[arg-type]
    if not isinstance(parsed, str):
        return parsed
    # A core policy: its own class when named alone, else the core's player
    # made from the spec (its options as declared in the core).
    return make_bot(parsed, seed) if ":" not in parsed else CoreBot(parsed, seed)


def bot_label(player: BotLike) -> str:
    """A short name for results: the spec, or the bot's class name."""
    return player if isinstance(player, str) else type(player).__name__


def seat_players(players: PlayersLike, seats: int = 4, seed: int = 0) -> Tuple[List[str], List[Optional[Bot]]]:
    """Each seat's core policy name and bot: ``(names, bots)``, where
    ``bots[s]`` is None for a seat the core plays by ``names[s]``
    (:func:`guandan.common.bot_spec.seat_players`: every seat gets a bot of
    its own)."""
    return common_seat_players(players, seats, seed, parse_bot, is_bot, "choose_move and choose_card")
