"""The types of Guandan's own command-line options (rulesets, levels,
search playouts, the Ray address, the league and its table); the options
every game shares are in :mod:`guandan.common.options`, re-exported here.

Each turns the text of one option into a value, or raises
``argparse.ArgumentTypeError`` with a one-line reason, so that a mistyped
command is refused before any work starts. Names (rulesets, policies, bots,
levels) are accepted in any case.
"""

from __future__ import annotations

import argparse
import os

from .cards import RANKS, level_index
from ..common.options import (MAX_COUNT, any_seat, bot, count, integer, integer_in, name_in, policy,  # noqa: F401
                             policy_pair, seed, threads)
from ..common.options import policy_list as league  # noqa: F401 - the bots of a league
from .ruleset import PRESET_NAMES
from .simulate import MAX_ROLLOUTS, MAX_THREADS  # noqa: F401 (MAX_THREADS: this module's API too)

seat = integer_in(0, 3)
rollouts = integer_in(1, MAX_ROLLOUTS)
examples = integer_in(0)


def level(text: str) -> str:
    """A level rank, as the canonical rank string: '10' and 't' give 'T'."""
    try:
        return RANKS[level_index(text.strip().upper())]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a level {text!r} (expected 2..9, T or 10, J, Q, K or A)") from None


ruleset = name_in(PRESET_NAMES, "ruleset")  # a preset ruleset name


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

