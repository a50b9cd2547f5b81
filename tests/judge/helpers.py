"""A judge over real sockets for the tests: its options, and one run of it
against client coroutines."""

from __future__ import annotations

import asyncio
import io

from guandan.judge.server import JudgeOptions, JudgeServer


def judge_options(**changes) -> JudgeOptions:
    # Matches that start at A are short: a team at A wins with a 1-2 or 1-3.
    settings = dict(port=0, wait=10, matches=1, level="A", timeout=5)
    settings.update(changes)
    return JudgeOptions(**settings)


async def run_judge(options: JudgeOptions, *clients, path: str = "/game/client"):
    """Start a judge, run each ``client(url)`` coroutine against it (``url``
    is the judge's address followed by ``path``); the run and their results."""
    server = JudgeServer(options, out=io.StringIO())
    await server.start()
    url = f"ws://127.0.0.1:{server.port}{path}"
    tasks = [asyncio.create_task(client(url)) for client in clients]
    run = await asyncio.wait_for(server.run(), 60)
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)
    return run, results
