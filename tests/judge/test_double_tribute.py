"""The two payers of a double tribute (and the two receivers giving back)
are asked at once over real sockets: both ``act`` messages go out before
either answers, the answers are taken in any order, and each seat has its
own timeout and fallback."""

import asyncio
import io
import json
import random
import time

import pytest

websockets = pytest.importorskip("websockets")

from websockets.asyncio.client import connect as ws_connect  # noqa: E402

from guandan import Match  # noqa: E402
from guandan.judge.cards import wire_card  # noqa: E402
from guandan.judge.command import run_coroutine  # noqa: E402
from guandan.judge.report import run_log  # noqa: E402
from guandan.judge.server import JudgeOptions, JudgeServer  # noqa: E402
from guandan.judge.table import JudgeTable  # noqa: E402
from guandan.gd.log import replay  # noqa: E402


class Table:
    """What the four test clients share: the tribute questions of each deal as they arrive."""

    def __init__(self):
        self.deal = [0, 0, 0, 0]
        self.asked = {}  # (deal, stage) -> seats asked so far
        self.open = {}  # (deal, stage) -> seats asked that have not answered yet
        self.arrived = {}  # (deal, stage) -> event set once two seats are asked
        self.both_out = []  # (deal, stage, seats) of every pair asked together
        self.chosen = {}  # (deal, stage, seat) -> the card answered


async def _client(url, seat, table, silent=lambda deal, stage: False):
    rng = random.Random(seat)
    async with ws_connect(url + str(seat), proxy=None) as connection:
        async for raw in connection:
            message = json.loads(raw)
            stage = message["stage"]
            if stage == "beginning":
                table.deal[seat] += 1
            if message["type"] != "act":
                continue
            if stage in ("tribute", "back"):
                key = (table.deal[seat], stage)
                table.asked.setdefault(key, []).append(seat)
                table.open.setdefault(key, set()).add(seat)
                event = table.arrived.setdefault(key, asyncio.Event())
                if len(table.open[key]) == 2:
                    table.both_out.append((*key, tuple(sorted(table.open[key]))))
                    event.set()
                try:  # a second question, if the judge asks one, comes while this one is open
                    await asyncio.wait_for(event.wait(), 0.3)
                except asyncio.TimeoutError:
                    pass
                if silent(*key) and seat == min(table.asked[key]):
                    continue  # never answers this question
                if (seat == min(table.asked[key])) == (key[0] % 2 == 0):
                    await asyncio.sleep(0.05)  # the other seat answers first (which one changes by deal)
                table.open[key].discard(seat)
                index = message["indexRange"]  # the last card: not the fallback when there are two
                table.chosen[(*key, seat)] = message["actionList"][index][2][0]
            else:
                index = rng.randint(0, message["indexRange"])
            await connection.send(json.dumps({"actIndex": index}))


async def _run(timeout, silent=lambda deal, stage: False):
    table = Table()
    options = JudgeOptions(port=0, wait=10, matches=1, level="Q", seed=4, timeout=timeout)
    server = JudgeServer(options, out=io.StringIO())
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/game/client"
    tasks = [asyncio.create_task(_client(url, s, table, silent)) for s in range(4)]
    started = time.perf_counter()
    run = await asyncio.wait_for(server.run(), 120)
    seconds = time.perf_counter() - started
    await asyncio.wait_for(asyncio.gather(*tasks), 20)
    return run, table, seconds


def _given(match):
    """(deal number from 1, stage, seat) -> the card it gave, from the engine's record."""
    given = {}
    for number, deal in enumerate(match.deals, start=1):
        for event in deal.events:
            if event.kind in ("tribute", "return"):
                given[(number, "tribute" if event.kind == "tribute" else "back", event.seat)] = event.card
    return given


def test_both_payers_are_asked_at_once_and_answers_count_in_any_order():
    run, table, _ = run_coroutine(_run(timeout=5))
    assert not run.fallbacks
    pairs = [p for p in table.both_out if p[1] == "tribute"]
    assert pairs, "the seeded match has a double tribute"
    assert any(p[1] == "back" for p in table.both_out)
    # Every double tribute in the match: both questions were out before either answered.
    match = run.matches[0]
    doubles = [n for n, deal in enumerate(match.deals, start=1)
               if deal.tribute is not None and not deal.tribute.cancelled and len(deal.tribute.payments) == 2]
    assert sorted({p[0] for p in pairs}) == doubles
    for deal, _, seats in pairs:
        assert seats[0] % 2 == seats[1] % 2  # the two payers are partners
    # Each seat's own answer is the card it gave, whichever answered first.
    given = _given(match)
    assert table.chosen
    for key, card in table.chosen.items():
        assert wire_card(given[key]) == card, key
    log = run_log(run)["matches"][0]["log"]
    assert replay(json.loads(json.dumps(log))).winner == match.winner


def test_each_payer_has_its_own_timeout_and_fallback():
    first_double = {}

    def silent(deal, stage):
        first_double.setdefault("deal", deal)
        return stage == "tribute" and deal == first_double["deal"]

    run, table, _ = run_coroutine(_run(timeout=0.5, silent=silent))
    timeouts = [f for f in run.fallbacks if f.why == "timeout"]
    assert len(timeouts) == 1 and timeouts[0].stage == "tribute"
    quiet = timeouts[0].seat
    deal = timeouts[0].deal + 1
    partner = [s for s in table.asked[(deal, "tribute")] if s != quiet]
    assert len(partner) == 1 and (deal, "tribute", partner[0]) in table.chosen  # the other one's answer stood
    assert run.matches[0].is_over
    log = run_log(run)["matches"][0]["log"]
    assert replay(json.loads(json.dumps(log))).winner == run.matches[0].winner


def test_a_single_tribute_is_one_question():
    match = Match("standard", seed=1)
    table = JudgeTable(match)
    rng = random.Random(1)
    seen = set()
    while True:
        table.start_deal()
        while (both := table.decisions()):
            plan = match.deal.tribute
            if both[0].stage != "play":
                double = len(plan.payments) == 2 and not (plan.paid if both[0].stage == "tribute" else plan.returned)
                assert len(both) == (2 if double else 1)
                seen.add(len(both))
                if len(both) == 2:
                    assert both[1].message["publicInfo"] == both[0].message["publicInfo"]
                    table.answer_both(len(both[0].options) - 1, (both[1], len(both[1].options) - 1))
                    continue
            table.answer(rng.randrange(len(both[0].options)))
        table.end_deal()
        if match.next_deal() is None:
            break
    assert seen == {1, 2}
