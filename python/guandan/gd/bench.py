"""Guandan's signature workload: a built-in bot at seats 0 and 2 against
``rule`` at seats 1 and 3 on the same seeded deals every time, whose
results :mod:`guandan.common.provenance` hashes into the bot's behaviour
signature.

A core policy named alone is played by the core, a search at
:data:`~guandan.common.provenance.SIGNATURE_ROLLOUTS` playouts per
decision. A bot with options is played with them, except for what would
make the workload depend on the machine or run long: a wall-clock budget
becomes ``think_ms=0`` and a playout budget (``rollouts``, and the
search's ``confirm_worlds``) above ``SIGNATURE_ROLLOUTS`` is cut to it.

    >>> measured, results = bench("search:think_ms=100,rollouts=20")
    >>> measured, len(results)
    ('search:rollouts=20,think_ms=0', 24)
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Tuple

from .. import _core
from ..common.bot_spec import bot_options, parse_builtin
from ..common.provenance import BENCH_DEALS, BENCH_SEARCH_DEALS, SIGNATURE_ROLLOUTS, SIGNATURE_SEED
from .bots import BOTS
from .players import POLICIES
from .simulate import DealResults, simulate


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def bot_spec(name: str, options: Mapping[str, Any]) -> str:
    """``name:key=value,...`` with the keys sorted, as a bot spec reads back."""
    if not options:
        return name
    return f"{name}:" + ",".join(f"{key}={_option_text(options[key])}" for key in sorted(options))


def bench_options(name: str, options: Mapping[str, Any]) -> Dict[str, Any]:
    """The options bot ``name`` plays the workload with: ``options``, with no
    wall clock and at most ``SIGNATURE_ROLLOUTS`` playouts (and worlds of a
    second opinion)."""
    known = _declared(name)
    played = dict(options)
    if "think_ms" in known and float(options.get("think_ms", known["think_ms"])) != 0:
        played["think_ms"] = 0
    # The playouts a decision, and the worlds a search's second opinion
    # plays (search: confirm_worlds; often set high to run to the clock).
    for budget in ("rollouts", "confirm_worlds"):
        if budget in options and float(options[budget]) > SIGNATURE_ROLLOUTS:
            played[budget] = SIGNATURE_ROLLOUTS
    return played


def _declared(name: str) -> Dict[str, Any]:
    """A bot's options and their defaults: a core policy's as the core
    declares them, a Python bot's from its class."""
    if name in POLICIES:
        return {option[0]: option[4] for option in _core.policy_options(name)}
    return bot_options(BOTS[name])


def _parsed(spec: str) -> Tuple[str, Dict[str, Any]]:
    """A built-in bot's name and options, as the tools read the spec."""
    name = spec.strip().partition(":")[0].strip().lower()
    if name not in POLICIES:
        return parse_builtin(spec, BOTS)
    name, _, rest = _core.policy_spec(spec.strip()).partition(":")
    return name, dict(item.split("=", 1) for item in rest.split(",")) if rest else {}


def bench(spec: str, threads: int = 1) -> Tuple[Optional[str], DealResults]:
    """The spec played, when the bot's options were changed for the workload
    (else None), and the workload's results. ValueError for an unknown bot
    or option."""
    name, options = _parsed(spec)
    search = "rollouts" in _declared(name)  # a bot with a playout budget searches
    played = bench_options(name, options) if options else {}
    text = bot_spec(name, played)
    # A bot object's random stream runs on from deal to deal, so only a core
    # policy may spread its deals over threads.
    results = simulate(BENCH_SEARCH_DEALS if search else BENCH_DEALS, policy=[text, "rule", text, "rule"],
                       seed=SIGNATURE_SEED, search_rollouts=SIGNATURE_ROLLOUTS,
                       threads=threads if name in POLICIES else 1)
    return (text if played != options else None), results
