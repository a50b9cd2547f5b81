"""The types of the command-line options every game takes.

Each turns the text of one option into a value, or raises
``argparse.ArgumentTypeError`` with a one-line reason, so that a mistyped
command is refused before any work starts. Names are accepted in any case;
a command checks them against the choices of its own game
(:mod:`guandan.common.games`).
"""

from __future__ import annotations

import argparse
from typing import Callable, List, Sequence, Union

from .checks import check_seed
from .runner import MAX_THREADS

# Upper bound of the options that set an amount of work; a count past what
# memory holds is refused by the command with the memory it would need.
MAX_COUNT = 10**12  # deals, matches or deal pairs


def integer(text: str) -> int:
    """An integer written in decimal (``1_000_000`` accepted)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def integer_in(low: int, high: Union[int, None] = None) -> Callable[[str], int]:
    """An argparse type: an integer in ``[low, high]`` (no upper bound if ``high`` is None)."""

    def parse(text: str) -> int:
        value = integer(text)
        if value < low or (high is not None and value > high):
            bounds = f"from {low:,} to {high:,}" if high is not None else f"at least {low:,}"
            raise argparse.ArgumentTypeError(f"must be an integer {bounds}, got {text.strip()}")
        return value

    return parse


def real_in(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite decimal number in ``[low, high]``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be a number from {low:g} to {high:g}, got {text.strip()}")
        return value

    return parse


any_seat = integer  # a seat of any game: the command checks it against its game's players
count = integer_in(1, MAX_COUNT)
threads = integer_in(1, MAX_THREADS)


def seed(text: str) -> int:
    """A seed in [0, 2**64)."""
    try:
        return check_seed(integer(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def name_in(names: Sequence[str], what: str) -> Callable[[str], str]:
    """An argparse type: one of ``names``, in any case."""

    def parse(text: str) -> str:
        name = text.strip().lower()
        if name not in names:
            raise argparse.ArgumentTypeError(f"unknown {what} {text.strip()!r} (expected one of {', '.join(names)})")
        return name

    return parse


def bot(text: str) -> str:
    """A bot of ``guandan play``: a name (lowercased), which the command
    checks against the bots of its game, or a spec (``NAME:KEY=VALUE,...``,
    ``MODULE:CLASS``), which the game reads when the command runs."""
    text = text.strip()
    return text if ":" in text else text.lower()


def bot_names(text: str) -> List[str]:
    """Comma-separated bots: names (lowercased) or specs
    (``search:think_ms=100,max_candidates=8``, ``mybots:Greedy:depth=2``),
    a ``KEY=VALUE`` part belonging to the spec before it; the command checks
    them against the bots of its game."""
    names: List[str] = []
    for part in (part.strip() for part in text.split(",")):
        if names and "=" in part and ":" not in part and ":" in names[-1]:
            names[-1] += "," + part  # one more option of the spec before
        else:
            names.append(part if ":" in part else part.lower())
    return names


def policy(text: str) -> Union[str, List[str]]:
    """One core policy for every seat, or one per seat, comma-separated (seat 0
    first; the command checks the number against its game's players)."""
    names = bot_names(text)
    return names[0] if len(names) == 1 else names


def policy_pair(text: str) -> List[str]:
    """Two core policies, comma-separated (``guandan arena``)."""
    names = bot_names(text)
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"give two policies, e.g. search,rule; got {len(names)}: {text.strip()!r}")
    return names


def policy_list(text: str) -> List[str]:
    """Two or more distinct core policies, comma-separated (a league)."""
    names = bot_names(text)
    if len(names) < 2:
        raise argparse.ArgumentTypeError(f"give at least two policies, e.g. random,rule,search; got {len(names)}: "
                                         f"{text.strip()!r}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise argparse.ArgumentTypeError(f"{', '.join(repeated)} listed twice; the bots of a league are distinct")
    return names
