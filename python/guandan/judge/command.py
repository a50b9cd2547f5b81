"""The ``guandan judge`` and ``guandan connect`` commands: their options and runs."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import threading
from typing import Any, Coroutine, Dict, Optional, TypeVar

from ..common import network
from ..gd import arguments
from ..gd.ruleset import PRESET_NAMES

RULESETS = "{" + ",".join(PRESET_NAMES) + "}"
DEFAULT_PORT = 23456
DEFAULT_LOG = "guandan-judge.json"
T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end, from plain code: in this thread, or, when
    this thread already runs an event loop (a notebook, or a test session
    holding one), in a thread of its own, so the commands work from both."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    outcome: Dict[str, Any] = {}

    def own_loop() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # handed back to the caller's thread
            outcome["error"] = error

    worker = threading.Thread(target=own_loop, name="guandan-judge-loop")
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def _seconds(most: float):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}") from None
        if not 0.0 <= value <= most:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"must be 0..{most:g} seconds, got {text}")
        return value
    return parse


def _positive_seconds(most: float):
    parse = _seconds(most)

    def positive(text: str) -> float:
        value = parse(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text}")
        return value
    return positive


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer 1..100,000, got {text!r}") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"must be 1..100,000, got {value}")
    return value


def _bots(text: str) -> list:
    from .server import check_bots

    from ..common.options import bot_names

    names = bot_names(text)
    try:
        return check_bots(names)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--bots: ")) from None


def core_policies_with_a_clock() -> set:
    """The core policies that take a time budget (``think_ms``)."""
    from .. import _core

    return {name for name in _core.policy_names() if any(o[0] == "think_ms" for o in _core.policy_options(name))}


def bot_options(name: str) -> Dict[str, Any]:
    """The options bot ``name`` takes (its keyword arguments but the seed), with their defaults."""
    from ..common.bot_spec import bot_options as declared_options
    from ..gd.bots import BOTS

    return declared_options(BOTS[name]) if name in BOTS else {}


def make_connect_bot(name: str, options: Optional[Dict[str, Any]], seed: Any = None) -> Any:
    """Bot ``name`` with ``options`` (checked by the bot itself); a spec
    given whole (options None: ``MODULE:CLASS``, or a core policy with
    options only the core declares) is made from the spec."""
    from ..gd.bots import make_bot
    from ..gd.players import bot_object

    return bot_object(name, seed) if options is None else make_bot(name, seed, **options)


def parse_bot_spec(text: str) -> tuple:
    """``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` as ``(name, options)``, or
    ``MODULE:CLASS[:KEY=VALUE,...]`` as ``(text, None)``; a core policy with
    options its Python class does not take (``search:keep_worlds=200``,
    declared in the core: ``_core.policy_options``) as ``(spec, None)``; a
    ValueError of one line for an unknown bot or option or a bad value."""
    from .. import _core
    from ..common.bot_spec import is_user_spec, parse_builtin
    from ..gd.bots import BOTS

    if is_user_spec(text, BOTS):
        make_connect_bot(text.strip(), None)  # imports it: a mistake shows now, not at the table
        return text.strip(), None
    try:
        name, options = parse_builtin(text, BOTS)
        make_connect_bot(name, options)  # the bot checks its ranges
        return name, options
    except (ValueError, TypeError) as error:
        name = text.partition(":")[0].strip().lower()
        if name not in _core.policy_names():
            raise ValueError(f"{name}: {error}" if not str(error).startswith(name) else str(error)) from None
    # A core policy: the options its C++ header declares, checked there.
    return _core.policy_spec(text.strip()), None


def _bot(text: str) -> tuple:
    try:
        return parse_bot_spec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_URL = re.compile(r"^wss?://[^/\s]+(/\S*)?$")


def _url(text: str) -> str:
    if not _URL.match(text):
        raise argparse.ArgumentTypeError(f"not a websocket URL {text!r} (like ws://127.0.0.1:23456/game/client0)")
    return text


def _log_path(text: str) -> str:
    folder = os.path.dirname(os.path.abspath(text))
    if os.path.isdir(text) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text!r}: not a writable file path")
    return text


def add_commands(sub: Any) -> None:
    """The ``judge`` and ``connect`` subcommands of ``sub``."""
    judge = sub.add_parser("judge", help="host the Guandan AI competition's websocket protocol (docs/judge.md)")
    judge.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    judge.add_argument("--port", type=network.port(0), default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    judge.add_argument("--matches", type=_count, default=1, help="matches to play (default 1)")
    judge.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS)
    judge.add_argument("--level", type=arguments.level, default="2", help="level both teams start at (default 2)")
    judge.add_argument("--seed", type=arguments.seed, default=0, help="run seed in [0, 2**64) (default 0)")
    judge.add_argument("--wait", type=_seconds(86_400), default=30.0,
                       help="seconds to wait for the four clients before bots take the empty seats (default 30)")
    judge.add_argument("--timeout", type=_positive_seconds(3_600), default=30.0,
                       help="seconds a client has for each decision before the fallback is played (default 30)")
    judge.add_argument("--bots", type=_bots, default=["rule"] * 4, metavar="NAME[,NAME,NAME,NAME]",
                       help="the bots of seats without a client, one or one per seat (default rule)")
    judge.add_argument("--duplicate", action="store_true",
                       help="play every match twice, the second time with the clients one seat on")
    judge.add_argument("--out", type=_log_path, default=DEFAULT_LOG, metavar="FILE",
                       help=f"the run's JSON log (default {DEFAULT_LOG})")
    judge.set_defaults(run=judge_command)

    connect = sub.add_parser("connect", help="play one of our bots at a judge speaking the competition's protocol")
    connect.add_argument("url", type=_url, help="the seat's websocket URL, e.g. ws://127.0.0.1:23456/game/client0")
    connect.add_argument("--bot", type=_bot, default=("rule", {}), metavar="NAME[:KEY=VALUE,...]",
                         help="the bot and its options, e.g. search:think_ms=30,max_candidates=8 (default rule)")
    connect.add_argument("--seed", type=arguments.seed, default=None, help="the bot's seed (default: random)")
    connect.add_argument("--ruleset", type=arguments.ruleset, default="standard", metavar=RULESETS,
                         help="the judge's rules (for reading its plays; default standard)")
    connect.add_argument("--think-ms", type=arguments.integer_in(1, 60_000), default=None,
                         help="a search bot's time per decision, 1..60,000 ms (default its own, 100)")
    connect.add_argument("--retries", type=_count, default=10,
                         help="failed connection attempts in a row before giving up (default 10)")
    connect.set_defaults(run=connect_command)


def _check_websockets() -> None:
    try:
        import websockets  # noqa: F401
    except ImportError:
        raise ValueError("the judge and its clients need the web extra: pip install 'guandan-engine[web]'") from None


def judge_command(args: argparse.Namespace) -> int:
    from .report import summary, write_run
    from .server import JudgeOptions, JudgeServer

    _check_websockets()
    if args.port:
        network.check_address(args.host, args.port)
    options = JudgeOptions(host=args.host, port=args.port, matches=args.matches, ruleset=args.ruleset,
                           level=args.level, seed=args.seed, wait=args.wait, timeout=args.timeout,
                           bots=args.bots, duplicate=args.duplicate)
    run = run_coroutine(JudgeServer(options).run())
    print()
    print("\n".join(summary(run)))
    write_run(run, args.out)
    print(f"\nWrote {args.out}")
    return 0


def _with_think_ms(name: str, options: Optional[Dict[str, Any]], think_ms: int) -> tuple:
    """The bot of ``--bot`` with ``--think-ms`` added to its options (or to
    its core spec, when given whole)."""
    if options is None:
        if name.partition(":")[0] not in core_policies_with_a_clock():
            raise ValueError(f"--think-ms: {name} is a bot of your own; give its options in --bot")
        if "think_ms=" in name:
            raise ValueError("--think-ms: the time is given twice (in --bot too)")
        return f"{name},think_ms={think_ms}", None
    if "think_ms" not in bot_options(name):
        raise ValueError(f"--think-ms: {name} has no time budget (search and search_v2 have)")
    if "think_ms" in options:
        raise ValueError("--think-ms: the time is given twice (in --bot too)")
    return name, {**options, "think_ms": think_ms}


def connect_command(args: argparse.Namespace) -> int:
    from .client import connect

    _check_websockets()
    name, options = args.bot
    if args.think_ms is not None:
        name, options = _with_think_ms(name, options, args.think_ms)
    bot = make_connect_bot(name, options, args.seed)
    return run_coroutine(connect(args.url, bot, args.ruleset, retries=args.retries))
