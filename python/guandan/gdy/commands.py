"""Gan Deng Yan's entry in the game registry: ``guandan play|simulate|arena
--game gdy``, with its own options (``--target``; ``--ray`` and
``--aggregate`` for simulate) beside the shared ones
(:mod:`guandan.common.command_line`)."""

from __future__ import annotations

import argparse
from typing import Any

from ..common import options
from ..common.columns import Columns
from ..common.command_line import CommandError, check_memory, joined, one_line, seat_policies, with_progress
from ..common.games import GameEntry
from ..common.ray_tasks import add_ray_options, check_ray_options
from .game import DEFAULT_TARGET, MAX_TARGET
from .simulate import POLICIES


def _add_options(command: str, parser: argparse.ArgumentParser) -> None:
    if command in ("play", "simulate"):
        also = " (with --matches: whole games)" if command == "simulate" else ""
        parser.add_argument("--target", type=options.integer_in(1, MAX_TARGET), default=None,
                            help=f"the score that ends a game{also}, 1..{MAX_TARGET:,} (default {DEFAULT_TARGET})")
    if command == "simulate":
        add_ray_options(parser)


def _simulate(args: argparse.Namespace) -> int:
    from ..common.results_file import write_results
    from ..version import __version__
    from .simulate import simulate, simulate_games
    from .summary import deal_summary, game_summary

    games = bool(args.matches)
    if args.target is not None and not games:
        raise CommandError("--target sets the end of a game: simulate whole games with --matches")
    target = args.target or DEFAULT_TARGET
    players = args.players
    n = args.matches or args.deals
    what = "games" if games else "deals"
    check_ray_options(args)
    if not args.aggregate:  # an aggregate keeps no rows
        check_memory(n, simulate_games(0, players) if games else simulate(0, players), f"{n:,} {what}")
    print(f"guandan simulate: Gan Deng Yan, {n:,} {what}, {players} players, policy {joined(args.policy)}, "
          f"seed {args.seed}, {args.threads} thread(s)" + (f", target {target}" if games else "")
          + (f", Ray cluster {args.ray}" if args.ray else "") + (", summed in the tasks" if args.aggregate else ""))
    label = f"Simulating {n:,} {what}"
    results: Columns
    if args.ray:
        ran, seconds = with_progress(args, label, lambda bar: _simulate_on_ray(args, n, target, bar))
        if args.aggregate:  # sums, not rows: --out was refused
            summary = ran.summary_lines(seconds)
        else:
            summary, results = (game_summary if games else deal_summary)(ran, seconds), ran
    elif games:
        played, seconds = with_progress(args, label, lambda bar: simulate_games(
            n, players, policy=args.policy, target=target, seed=args.seed, threads=args.threads, progress=bar))
        summary, results = game_summary(played, seconds), played
    else:
        dealt, seconds = with_progress(args, label, lambda bar: simulate(
            n, players, policy=args.policy, seed=args.seed, threads=args.threads, progress=bar))
        summary, results = deal_summary(dealt, seconds), dealt
    print()
    print("\n".join(summary))
    if args.out:
        run = {"command": "simulate", "game": "gdy", "what": what, "count": n, "seed": args.seed, "players": players,
               "policies": seat_policies(args), "target": target if games else None, "threads": args.threads,
               "ray": args.ray, "version": __version__}
        write_results(results, args.out, run)
        print(f"\nWrote {args.out}")
    return 0


def _simulate_on_ray(args: argparse.Namespace, n: int, target: int, bar: Any) -> Any:
    from .cluster import simulate_on_ray

    games = bool(args.matches)
    try:
        return simulate_on_ray(args.ray, n, args.players, policy=args.policy, seed=args.seed, games=games,
                               target=target if games else DEFAULT_TARGET, threads_per_task=args.threads,
                               progress=bar, aggregate=args.aggregate)
    except (ConnectionError, RuntimeError) as error:  # no cluster at that address, or it failed
        raise CommandError(f"cannot run on the Ray cluster {args.ray!r}: {one_line(error)}") from None


def _arena(args: argparse.Namespace) -> int:
    from .arena import arena
    from .simulate import simulate

    a, b = args.bots
    if args.deals < 2:
        raise CommandError("--deals: the arena needs at least 2 deal pairs for an interval")
    check_memory(2 * args.deals, simulate(0, args.players), f"{2 * args.deals:,} deals")
    result, seconds = with_progress(args, f"Arena {a} vs {b}", lambda bar: arena(
        a, b, args.deals, players=args.players, seed=args.seed, threads=args.threads, progress=bar))
    print("\n".join(result.summary_lines()))
    print(f"  ({seconds:.1f} s; Gan Deng Yan, seed {args.seed})")
    return 0


def _play(args: argparse.Namespace) -> int:
    from .terminal import play_command

    args.target = args.target or DEFAULT_TARGET
    return play_command(args)


def _deal_results() -> type:
    from .simulate import DealResults

    return DealResults


def _game_results() -> type:
    from .simulate import GameResults

    return GameResults


def _parse_bot(spec: str) -> object:
    from .players import parse_bot

    return parse_bot(spec)


GDY = GameEntry(
    name="gdy", title="Gan Deng Yan", players=(2, 6), default_players=4,
    policies=POLICIES, bots=POLICIES, default_bot="rule",
    commands={"play": _play, "simulate": _simulate, "arena": _arena},
    add_options=_add_options,
    parse_bot=_parse_bot,
    result_types={"deals": _deal_results, "games": _game_results},
)
