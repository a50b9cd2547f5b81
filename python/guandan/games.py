"""The built-in games, registered in the game registry
(:mod:`guandan.common.games`): Guandan (``guandan``, the default) and Gan
Deng Yan (``gdy``). Each game's entry is in its own package (Guandan's in
``guandan/commands.py``, Gan Deng Yan's in ``guandan/gdy/commands.py``);
here each is joined to its browser table (``guandan/web/``), which stands
above both games, so neither game imports the web, and to the workload its
bots' behaviour signatures hash (:mod:`guandan.common.provenance`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional, Tuple

from .common.games import game_names, register_game
from .common.provenance import BENCH_DEALS, BENCH_SEARCH_DEALS, SIGNATURE_SEED
from .gd.bench import bench as _guandan_bench
from .gd.commands import GUANDAN
from .gdy.commands import GDY
from .gdy.simulate import POLICIES as _GDY_POLICIES, DealResults as _GdyDeals, simulate as _simulate_gdy


def _guandan_table() -> Any:
    from .web.guandan_game import WEB_GAME

    return WEB_GAME


def _gdy_table() -> Any:
    from .web.gdy_game import WEB_GAME

    return WEB_GAME


def _gdy_bench(spec: str, threads: int = 1) -> Tuple[Optional[str], _GdyDeals]:
    """Gan Deng Yan's signature workload: a core policy at seats 0 and 2 of
    four against ``rule``; its policies take no options, so none is changed."""
    if spec not in _GDY_POLICIES:
        raise ValueError(f"unknown Gan Deng Yan bot {spec!r} (expected one of {', '.join(_GDY_POLICIES)}, "
                         "or MODULE:CLASS)")
    deals = BENCH_SEARCH_DEALS if spec == "search" else BENCH_DEALS  # the search plays out every decision
    return None, _simulate_gdy(deals, 4, policy=[spec, "rule", spec, "rule"], seed=SIGNATURE_SEED, threads=threads)


for _entry, _table, _bench in ((GUANDAN, _guandan_table, _guandan_bench), (GDY, _gdy_table, _gdy_bench)):
    if _entry.name not in game_names():
        register_game(replace(_entry, web_table=_table, bench=_bench))
