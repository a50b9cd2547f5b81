"""Naming a bot in one string, for any game.

Two forms, the same in every tool (``simulate``, ``arena``, ``league``,
``play``, ``serve``, ``judge``, ``connect``):

- ``NAME`` or ``NAME:KEY=VALUE,...``: a built-in bot of the game and its
  options, e.g. ``search:think_ms=300,max_candidates=8``. The options are
  the keyword arguments of the bot's class (its declaration: name, type from
  the default, range checked by the class), so a new option is one
  parameter in that bot's file.
- ``MODULE:CLASS`` or ``MODULE:CLASS:KEY=VALUE,...``: a bot of your own,
  ``CLASS`` imported from ``MODULE`` (importable from the current directory
  or the Python path) and made with the options as keyword arguments, e.g.
  ``mybots:Greedy:depth=2``. Values are Python literals (numbers, ``True``,
  ``None``, quoted strings) or else taken as text.

Each game supplies its table of built-in bots; this module parses the
string and reports one-line ValueErrors naming what is wrong.
"""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import re
import sys
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

_IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
_MODULE = re.compile(rf"{_IDENTIFIER}(\.{_IDENTIFIER})*")
_CLASS = re.compile(_IDENTIFIER)


def bot_options(factory: Callable[..., Any]) -> Dict[str, Any]:
    """The options a bot's factory takes (its keyword arguments but the
    seed), with their defaults."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in parameters
            if p.name != "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def option_value(key: str, text: str, default: Any) -> Any:
    """``text`` as the type of an option whose default is ``default``: a
    whole number, a finite number (float default), ``none`` for an option
    that may be None, true/false for a flag, else the text itself."""
    text = text.strip()
    if default is None and text.lower() == "none":
        return None
    if isinstance(default, bool):
        if text.lower() in ("true", "1", "yes", "on"):
            return True
        if text.lower() in ("false", "0", "no", "off"):
            return False
        raise ValueError(f"{key} must be true or false, got {text!r}")
    if isinstance(default, float):
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{key} must be a number, got {text!r}") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{key} must be a finite number, got {text!r}")
        return value
    if isinstance(default, int) or default is None:
        if not re.fullmatch(r"[+-]?[0-9][0-9_]*", text):
            raise ValueError(f"{key} must be a whole number, got {text!r}")
        return int(text)
    return text


def split_options(owner: str, text: str) -> Dict[str, str]:
    """``KEY=VALUE,KEY=VALUE`` as a dict of texts (keys in lower case)."""
    options: Dict[str, str] = {}
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise ValueError(f"{owner}: give options as KEY=VALUE,...")
    for item in items:
        key, equals, value = item.partition("=")
        key = key.strip()
        if not key:
            raise ValueError(f"{owner}: option {item!r} needs a name (KEY=VALUE)")
        if not equals or not value.strip():
            raise ValueError(f"{owner}: option {key} needs a value ({key}=VALUE)")
        if key in options:
            raise ValueError(f"{owner}: option {key} given twice")
        options[key] = value.strip()
    return options


def parse_builtin(text: str, bots: Mapping[str, Callable[..., Any]]) -> Tuple[str, Dict[str, Any]]:
    """``NAME`` or ``NAME:KEY=VALUE,...`` as ``(name, options)``, options
    typed by the bot's declaration; ValueError for an unknown bot or option."""
    name, colon, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in bots:
        raise ValueError(f"unknown bot {name or text!r} (expected one of {', '.join(bots)}, or MODULE:CLASS)")
    known = bot_options(bots[name])
    takes = f"it takes {', '.join(known)}" if known else "it takes none"
    if not colon:
        return name, {}
    options: Dict[str, Any] = {}
    try:
        raw = split_options(name, rest)
    except ValueError as error:
        raise ValueError(f"{error} ({takes})") from None
    for key, value in raw.items():
        key = key.lower()
        if key not in known:
            raise ValueError(f"{name} has no option {key!r} ({takes})")
        try:
            options[key] = option_value(key, value, known[key])
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    return name, options


def is_user_spec(text: str, bots: Mapping[str, Any]) -> bool:
    """Whether ``text`` names a bot of one's own (``MODULE:CLASS...``)."""
    head, colon, rest = text.strip().partition(":")
    return bool(colon) and head.strip().lower() not in bots and bool(_MODULE.fullmatch(head.strip())) \
        and bool(_CLASS.fullmatch(rest.partition(":")[0].strip()))


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return text


def user_spec_parts(text: str) -> Tuple[str, str, Dict[str, Any]]:
    """``MODULE:CLASS[:KEY=VALUE,...]`` as its module, class and options
    (Python literals, else text), read from the text alone."""
    module_name, _, rest = text.strip().partition(":")
    class_name, colon, options_text = rest.partition(":")
    options = {key: _literal(value) for key, value in split_options(text, options_text).items()} if colon else {}
    return module_name.strip(), class_name.strip(), options


def load_user_bot(text: str) -> Any:
    """The bot ``MODULE:CLASS[:KEY=VALUE,...]`` names, made with its options."""
    module_name, class_name, options = user_spec_parts(text)
    if "" not in sys.path:
        sys.path.insert(0, "")  # the current directory, as `python -m` has it
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"bot {text!r}: cannot import module {module_name!r} ({error})") from None
    factory = getattr(module, class_name, None)
    if factory is None or not callable(factory):
        raise ValueError(f"bot {text!r}: module {module_name!r} has no class {class_name!r}")
    try:
        return factory(**options)
    except TypeError as error:
        raise ValueError(f"bot {text!r}: {error}") from None


def seat_players(players: Any, seats: int, seed: int, parse: Callable[[str, int], Any],
                 is_bot: Callable[[Any], bool], methods: str) -> Tuple[List[str], List[Optional[Any]]]:
    """Each seat's core policy name and bot, for a game: ``(names, bots)``,
    ``bots[s]`` None for a seat the core plays by ``names[s]`` (else
    ``names[s]`` is a placeholder). ``players`` is one player for every
    seat or one per seat: a spec, which ``parse(spec, seed)`` turns into a
    core policy's name or a bot object, or a bot object (``is_bot``).

    Every seat gets a bot of its own: a spec is made once per seat (seeded
    ``seed + seat``), and a bot object given for several seats is copied
    (``copy.deepcopy``) for all but the first, since a bot may keep memory
    of its seat between decisions.
    """
    entries: List[Any]
    if isinstance(players, str) or is_bot(players):
        entries = [players] * seats
    elif isinstance(players, Sequence):
        entries = list(players)
        if len(entries) != seats:
            raise ValueError(f"give one policy for all seats or one per seat ({seats}), got {len(entries)}")
    else:
        raise TypeError(f"policy must be a bot (a name, a spec or a bot object) or one per seat ({seats}), "
                        f"got {players!r}")
    names: List[str] = []
    bots: List[Optional[Any]] = []
    for seat, entry in enumerate(entries):
        if isinstance(entry, str):
            player = parse(entry, (seed + seat) % 2**64)
        elif is_bot(entry):
            player = copy.deepcopy(entry) if any(entry is other for other in entries[:seat]) else entry
        else:
            raise TypeError(f"a policy is a bot name or spec, or an object with {methods}; got {entry!r}")
        names.append(player if isinstance(player, str) else "random")
        bots.append(None if isinstance(player, str) else player)
    return names, bots
