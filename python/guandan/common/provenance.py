"""Where a result comes from: the package version, the commit the package
was built from, and a behaviour signature of each bot that played.

A bot's signature works as a chess engine's ``bench`` signature: a short hash
of every result column of a small fixed workload the bot plays (its game's
``bench`` in the game registry, :mod:`guandan.common.games`: the bot at
seats 0 and 2 against ``rule``, the same seeded deals every time). The
core's policies without a time budget decide by the seed alone, so the
signature is the same on every machine, run and thread count, and it moves
when the bot's play or a rule changes. Two results whose bots have the same
signatures were played by bots that decide alike on that workload.

    >>> from guandan.common.provenance import bot_signature
    >>> len(bot_signature("rule")), bot_signature("rule") == bot_signature("rule_v1")
    (12, False)

What a signature cannot fix is recorded instead:

- a wall-clock budget (``think_ms`` > 0) decides by the machine's speed, so
  such a bot is measured at ``think_ms=0``, and a search's playout budget
  is cut to :data:`SIGNATURE_ROLLOUTS` to keep the workload short; the
  record's ``measured_as`` names the spec that was played;
- a bot of one's own (a ``MODULE:CLASS`` spec or a bot object) is not run:
  the record names its class and options, and its signature is None.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..version import __version__
from .bot_spec import bot_options, is_user_spec, user_spec_parts
from .checks import checked_integer
from .columns import Columns
from .games import GameEntry, game_entry

#: The workload's seed, and the playouts per decision of a search in it.
SIGNATURE_SEED = 20240601
SIGNATURE_ROLLOUTS = 32
#: Deals per workload: a cheap policy takes well under 0.2 s, a search about a second.
BENCH_DEALS = 128
BENCH_SEARCH_DEALS = 24
_HEX_DIGITS = 12  # 48 bits: two bots share a signature by chance one time in 10**14

# Short names of games for this module's callers ("gd" is the registry's "guandan").
_ALIASES = {"gd": "guandan"}

_PACKAGE = Path(__file__).resolve().parents[1]  # the guandan folder
#: The file the build writes next to the compiled core (CMakeLists.txt).
BUILD_INFO = _PACKAGE / "build_info.json"
_COMMIT = re.compile(r"[0-9a-f]{40}")


# --- the commit ---------------------------------------------------------------------

@lru_cache(maxsize=None)
def commit() -> Optional[str]:
    """The git commit the package was built from, or None when unknown.

    A package that is a source checkout's ``python/guandan`` asks git for the
    checkout's HEAD (uncommitted edits are not part of it); an installed
    package reads the commit its build wrote to ``build_info.json``. Never
    raises: no git, no checkout or a failing git give None.
    """
    return _checkout_commit() or _built_commit()


def _checkout_commit() -> Optional[str]:
    root = _PACKAGE.parents[1]
    # Only the checkout's own python/guandan: an installed copy in a virtual
    # environment inside a checkout was built from some other commit.
    if _PACKAGE.parent.name != "python" or not (root / ".git").exists():
        return None
    # Git's variables (set inside a git hook, say) would point it elsewhere.
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, env=env, capture_output=True, text=True,
                              timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    text = done.stdout.strip()
    return text if done.returncode == 0 and _COMMIT.fullmatch(text) else None


def _built_commit() -> Optional[str]:
    try:
        with open(BUILD_INFO, encoding="utf-8") as file:
            text = json.load(file).get("commit")
    except (OSError, ValueError, AttributeError):
        return None
    return text if isinstance(text, str) and _COMMIT.fullmatch(text) else None


# --- one bot --------------------------------------------------------------------------

def _entry(game: object) -> GameEntry:
    if not isinstance(game, str):
        raise TypeError(f"game must be a game's name such as 'gd' or 'gdy', got {game!r}")
    return game_entry(_ALIASES.get(game, game))


def _is_bot_object(bot: object) -> bool:
    return callable(getattr(bot, "choose_move", None))


def _json_ready(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str, type(None))) else repr(value)


def _object_record(bot: object) -> Dict[str, Any]:
    cls = type(bot)
    options = {key: _json_ready(getattr(bot, key)) for key in bot_options(cls) if hasattr(bot, key)}
    return {"bot": cls.__name__, "signature": None, "class": f"{cls.__module__}.{cls.__qualname__}",
            "options": options}


def _user_spec_record(text: str) -> Dict[str, Any]:
    # Read from the spec alone: recording a bot must not import its module.
    module, name, options = user_spec_parts(text)
    return {"bot": text.strip(), "signature": None, "class": f"{module}.{name}",
            "options": {key: _json_ready(value) for key, value in options.items()}}


def bot_record(bot: Any, game: str = "gd", threads: int = 1) -> Dict[str, Any]:
    """What a result records about one bot of ``game`` (JSON-ready): ``bot``
    (its spec, or its class name for a bot object) and ``signature``, plus
    ``measured_as`` when the signature was measured with other options (a
    clock or a large playout budget, above), or ``class`` and ``options``
    for a bot of one's own. ValueError for an unknown bot or game."""
    entry = _entry(game)
    threads = checked_integer("threads", threads, 1, 256)
    if _is_bot_object(bot):
        return _object_record(bot)
    if not isinstance(bot, str):
        raise TypeError(f"a bot is a spec (such as 'rule' or 'search:think_ms=0') or a bot object, got {bot!r}")
    if is_user_spec(bot, dict.fromkeys((*entry.bots, *entry.policies))):
        return _user_spec_record(bot)
    if entry.bench is None:
        return {"bot": bot.strip(), "signature": None}
    measured, signature = _measured(entry.name, bot.strip(), threads)
    record: Dict[str, Any] = {"bot": bot.strip(), "signature": signature}
    if measured is not None:
        record["measured_as"] = measured
    return record


@lru_cache(maxsize=None)
def _measured(game: str, spec: str, threads: int) -> Tuple[Optional[str], str]:
    bench = game_entry(game).bench
    assert bench is not None
    measured, results = bench(spec, threads)
    return measured, digest(results)


def bot_signature(bot: Any, game: str = "gd", threads: int = 1) -> Optional[str]:
    """The behaviour signature of a built-in bot spec of ``game`` (``"gd"``,
    ``"gdy"``), such as ``"rule"`` or ``"search:think_ms=0,rollouts=20"``:
    12 hex digits, the same for any ``threads`` (those of the workload's run);
    None for a bot of one's own. Cached per process."""
    return bot_record(bot, game, threads)["signature"]


def digest(results: Columns) -> str:
    """A short hex hash of every column of a result table: names, types, shapes and values."""
    hashed = hashlib.sha256()
    for name, array in sorted(results.arrays().items()):
        array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))  # the same bytes on any machine
        hashed.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        hashed.update(array.tobytes())
    return hashed.hexdigest()[:_HEX_DIGITS]


# --- a run ------------------------------------------------------------------------------

def _distinct(bots: Any) -> List[Any]:
    if isinstance(bots, str) or _is_bot_object(bots):
        bots = [bots]
    if not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a bot or a list of them, got {bots!r}")
    seen: List[Any] = []
    for bot in bots:
        key = bot.strip() if isinstance(bot, str) else bot
        if not any(key is other or (isinstance(key, str) and key == other) for other in seen):
            seen.append(key)
    return seen


def provenance(bots: Any, game: str = "gd") -> Dict[str, Any]:
    """What made a result, ready for JSON: ``{"version", "commit", "bots"}``,
    ``bots`` holding the :func:`bot_record` of each distinct bot, in order."""
    return {"version": __version__, "commit": commit(), "bots": [bot_record(bot, game) for bot in _distinct(bots)]}


def with_provenance(run: Mapping[str, Any], bots: Optional[Any] = None, game: Optional[str] = None) -> Dict[str, Any]:
    """``run`` (what a results file records of its run) with ``version``,
    ``commit`` and ``signatures`` (the :func:`bot_record` of each distinct
    bot) added where it has none. The bots are ``bots``, else the run's
    ``policies`` or ``bots``; the game is ``game``, else the run's (Guandan
    when it names none)."""
    out = dict(run)
    if bots is None:
        bots = out.get("policies", out.get("bots", []))
    made = provenance(bots, game if game is not None else out.get("game", "guandan"))
    out.setdefault("version", made["version"])
    out.setdefault("commit", made["commit"])
    out.setdefault("signatures", made["bots"])
    return out
