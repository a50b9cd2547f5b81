"""The types of the command-line options.

Each turns the text of one option into a value, or raises
``argparse.ArgumentTypeError`` with a one-line reason, so that a mistyped
command is refused before any work starts. Names (rulesets, policies, bots,
levels) are accepted in any case.
"""

from __future__ import annotations

import argparse
import os
from typing import Callable, List, Sequence, Union

from .cards import RANKS, level_index
from .deal import check_seed
from .ruleset import PRESET_NAMES
from .simulate import MAX_ROLLOUTS, MAX_THREADS

# Upper bounds of the options that set an amount of work: threads and
# rollouts are simulate's own; a count past what memory holds is refused by
# the command with the memory it would need.
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


seat = integer_in(0, 3)
any_seat = integer  # a seat of any game: the command checks it against its game's players
target = integer_in(1, 10000)  # Gan Deng Yan's game target, in penalty points
count = integer_in(1, MAX_COUNT)
threads = integer_in(1, MAX_THREADS)
rollouts = integer_in(1, MAX_ROLLOUTS)
examples = integer_in(0)


def seed(text: str) -> int:
    """A seed in [0, 2**64)."""
    try:
        return check_seed(integer(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def level(text: str) -> str:
    """A level rank, as the canonical rank string: '10' and 't' give 'T'."""
    try:
        return RANKS[level_index(text.strip().upper())]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a level {text!r} (expected 2..9, T or 10, J, Q, K or A)") from None


def _name(text: str, names: Sequence[str], what: str) -> str:
    name = text.strip().lower()
    if name not in names:
        raise argparse.ArgumentTypeError(f"unknown {what} {text.strip()!r} (expected one of {', '.join(names)})")
    return name


def ruleset(text: str) -> str:
    """A preset ruleset name."""
    return _name(text, PRESET_NAMES, "ruleset")


def game(text: str) -> str:
    """Which game: guandan, or gdy (Gan Deng Yan)."""
    from .games import GAMES

    return _name(text, list(GAMES), "game")


def bot(text: str) -> str:
    """The name of a bot of ``guandan play``, lowercased: the command checks
    it against the bots of the game it plays (games.py)."""
    return text.strip().lower()


def _names(text: str) -> List[str]:
    """Comma-separated names, lowercased; the command checks them against
    the policies of its game (games.py)."""
    return [part.strip().lower() for part in text.split(",")]


def policy(text: str) -> Union[str, List[str]]:
    """One core policy for every seat, or one per seat, comma-separated (seat 0
    first): four for Guandan, as many as the players for Gan Deng Yan (the
    command checks the number)."""
    names = _names(text)
    return names[0] if len(names) == 1 else names


def policy_pair(text: str) -> List[str]:
    """Two core policies, comma-separated (``guandan arena``)."""
    names = _names(text)
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"give two policies, e.g. search,rule; got {len(names)}: {text.strip()!r}")
    return names


def league(text: str) -> List[str]:
    """Two or more distinct core policies, comma-separated (``guandan arena --league``)."""
    names = _names(text)
    if len(names) < 2:
        raise argparse.ArgumentTypeError(f"give at least two policies, e.g. random,rule,search; got {len(names)}: "
                                         f"{text.strip()!r}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise argparse.ArgumentTypeError(f"{', '.join(repeated)} listed twice; the bots of a league are distinct")
    return names


TABLE_FORMATS = (".json", ".csv")


def table_path(text: str) -> str:
    """A file the league table can be written to (``.json`` or ``.csv``), checked before the run."""
    path = text.strip()
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in TABLE_FORMATS:
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: the name must end in .json or .csv")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: the folder {folder!r} does not exist or is not writable")
    if os.path.isdir(path) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: a folder or a read-only file is in the way")
    return path


def ray_address(text: str) -> str:
    """'auto', 'local' or the address of a Ray cluster."""
    address = text.strip()
    if not address:
        raise argparse.ArgumentTypeError("give 'auto', 'local' or the address of a Ray cluster")
    return address.lower() if address.lower() in ("auto", "local") else address
