"""The game registry's extension point: a third game, registered from this
file alone, runs through ``guandan simulate``, ``arena`` and ``play``, its
results file reads back, and people play it at a table of the web server
against a bot, without a line of the package knowing it.

The game is Nim: 2 to 4 players take 1 to 3 stones in turn from a pile of
13 to 20 (drawn from the seed); whoever takes the last stone wins. Policy
``perfect`` leaves a multiple of 4 when it can, ``random`` takes any amount.
"""

import dataclasses
import io
import random
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from guandan.cli import main
from guandan.common.columns import Columns
from guandan.common.command_line import check_memory, seat_policies, with_progress
from guandan.common.games import GameEntry, game_names, register_game, unregister_game
from guandan.common.lines import rate_line
from guandan.common.results_file import read_results, write_results

POLICIES = ("random", "perfect")
#: Nim's texts at the browser table (en.json, zh.json), read by the server and the page.
NIM_TEXTS = Path(__file__).parent / "nim_texts"


@dataclass(frozen=True)
class NimResults(Columns):
    winner: np.ndarray


def take(policy, stones, rng):
    if policy == "perfect" and stones % 4:
        return stones % 4
    return rng.randint(1, min(3, stones))


def play_deal(seed, policies, person=None):
    rng = random.Random(seed)
    stones, seat = rng.randint(13, 20), 0
    while True:
        taken = person(stones) if seat == person_seat(policies) else take(policies[seat], stones, rng)
        stones -= taken
        if stones == 0:
            return seat
        seat = (seat + 1) % len(policies)


def person_seat(policies):
    return policies.index(None) if None in policies else -1


def simulate(n, policies, seed, progress=None):
    winners = [play_deal(seed * 1_000_003 + i, policies) for i in range(n)]
    if progress is not None:
        progress(n, n)
    return NimResults(winner=np.array(winners, dtype=np.int8))


def nim_simulate(args):
    check_memory(args.deals, simulate(0, seat_policies(args), 0), f"{args.deals} deals")
    results, _ = with_progress(args, "Nim", lambda bar: simulate(args.deals, seat_policies(args), args.seed, bar))
    for seat in range(args.players):
        print(rate_line(f"seat {seat} wins", int((results.winner == seat).sum()), len(results)))
    if args.out:
        write_results(results, args.out, {"game": "nim", "what": "deals", "count": args.deals})
    return 0


def nim_arena(args):
    a, b = args.bots
    seats = [[a if s % 2 == k else b for s in range(args.players)] for k in (0, 1)]  # each bot in every seat
    wins = sum(int(np.isin(simulate(args.deals, policies, args.seed).winner, [s for s, p in enumerate(policies) if p == a]).sum())
               for policies in seats)
    print(rate_line(f"{a} vs {b}: {a} wins", wins, 2 * args.deals))
    return 0


def nim_play(args):
    policies = [None if s == args.seat else args.bots for s in range(args.players)]
    winner = play_deal(args.seed or 0, policies, person=lambda stones: int(input(f"{stones} stones> ")))
    print("you win" if winner == args.seat else f"seat {winner} wins")
    return 0


NIM = GameEntry(name="nim", title="Nim", players=(2, 4), default_players=2, policies=POLICIES, bots=POLICIES,
                default_bot="perfect", default_pair=("perfect", "random"),
                commands={"simulate": nim_simulate, "arena": nim_arena, "play": nim_play},
                result_types={"deals": lambda: NimResults})


def nim_web_table():
    """Nim at the browser table: the table class and the server's WebGame."""
    from guandan.web.errors import WebError
    from guandan.web.events import Commit
    from guandan.web.i18n import Catalogue
    from guandan.web.protocol import ClientMessage, read_by, seat_number
    from guandan.web.tables import Action, Table
    from guandan.web.web_games import PageMove, WebGame

    class NimTable(Table):
        GAME = "nim"
        stones = None

        has_game = property(lambda self: self.stones is not None)
        turn = property(lambda self: None if not self.stones else self.actions % self.seat_count)
        deal_over = property(lambda self: False)

        def start_game(self):
            self.stones = random.Random(self.seed).randint(13, 20)

        def take_action(self, seat, n):
            if seat != self.turn:
                raise WebError("not_your_turn")
            if not 1 <= n <= min(3, self.stones):
                raise WebError("illegal")
            return Action("take", {"seat": seat, "n": n})

        def _apply_take(self, data, at):
            self.stones -= data["n"]
            if self.stones == 0:
                self.results.append({"winner": data["seat"]})
                self.status = "over"

    @dataclass(frozen=True)
    class Take(ClientMessage):
        TYPE = "take"
        n: int = read_by(seat_number)  # a small whole number, as a seat is

    def view(table, seat, coach):
        deal = None if table.stones is None else {"stones": table.stones, "turn": table.turn, "my_turn": table.turn == seat}
        # a copy: a view is kept to patch the next one against, so it shares nothing the table changes
        return {"results": list(table.results)}, deal, [{} for _ in range(table.seat_count)]

    return WebGame(
        name="nim", table=NimTable, seats=(2, 4), default_seats=2, strengths=POLICIES, default_strength="perfect",
        make_bot=lambda strength, seed: strength, view=view, texts=Catalogue(str(NIM_TEXTS)),
        moves=tuple(PageMove(f"move.take{n}", {"type": "take", "n": n}) for n in (1, 2, 3)),
        handlers={Take: lambda ask, message: [Commit(ask.table.take_action(ask.own_seat(), message.n))]},
        decide=lambda table, seat, bot: (lambda: take(bot, table.stones, random.Random(table.actions))),
        bot_action=lambda table, seat, n: table.take_action(seat, n), fallback=lambda table, seat: 1,
        log=lambda table, players: {"results": table.results},
    )


def register_nim():
    """Register Nim with its browser table: all a game needs to be hosted
    (tests/e2e/test_browser_declared_game.py serves it from here)."""
    register_game(dataclasses.replace(NIM, web_table=nim_web_table))


@pytest.fixture(autouse=True)
def nim():
    register_nim()
    yield
    unregister_game("nim")


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_simulate_runs_the_registered_game_and_its_file_reads_back(tmp_path):
    path = str(tmp_path / "nim.npz")
    status, out, err = run(["simulate", "--game", "nim", "--players", "3", "--deals", "400", "--policy",
                            "perfect,random,random", "--out", path, "--quiet"])
    assert status == 0, err
    assert [line.split()[1] for line in out.splitlines()] == ["0", "1", "2"]
    results, run_record = read_results(path)
    assert isinstance(results, NimResults) and run_record["game"] == "nim"
    assert np.array_equal(results.winner, simulate(400, ["perfect", "random", "random"], 0).winner)


def test_arena_compares_the_games_policies():
    status, out, err = run(["arena", "--game", "nim", "--deals", "300", "--quiet"])
    assert status == 0, err
    share = float(out.split("wins")[1].split("%")[0]) / 100
    assert "perfect vs random" in out and share > 0.6  # the perfect player wins most two-player deals


def test_play_at_the_terminal(monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    status, out, err = run(["play", "--game", "nim", "--seed", "5", "--bots", "random"])
    # The command passes the seed, the seat and the bots through: the deal
    # ends as the same deal played here, taking one stone a turn, ends.
    winner = play_deal(5, [None, "random"], person=lambda stones: 1)
    assert status == 0, err
    assert out.strip().splitlines()[-1] == ("you win" if winner == 0 else f"seat {winner} wins")


def test_the_game_checks_its_own_names_and_seats():
    for argv, words in [
        (["simulate", "--game", "nim", "--policy", "rule"], ["Nim bot 'rule'", "random, perfect"]),
        (["simulate", "--game", "nim", "--players", "5"], ["--players", "2 to 4"]),
        (["simulate", "--game", "nim", "--ruleset", "pagat"], ["--ruleset", "Guandan's", "not of Nim's"]),
        (["arena", "--game", "nim", "--bots", "perfect,search"], ["Nim bot 'search'"]),
        (["play", "--game", "nim", "--players", "3", "--seat", "3"], ["--seat", "0..2"]),
        (["simulate", "--game", "chess"], ["--game", "guandan, gdy, nim"]),
    ]:
        status, out, err = run(argv)
        assert status == 2 and out == "" and len(err.splitlines()) == 1, (argv, err)
        for word in words:
            assert word in err, (word, err)


def test_help_lists_the_games_own_choices():
    status, out, _ = run(["simulate", "--game", "nim", "--help"])
    assert status == 0 and "random, perfect" in out and "--ruleset" not in out and "--players" in out


def test_the_registry_refuses_a_second_game_of_the_same_name():
    with pytest.raises(ValueError, match="already registered"):
        register_game(NIM)
    assert game_names()[:2] == ["guandan", "gdy"]


def test_a_person_plays_it_at_a_web_table_against_a_bot(tmp_path):
    pytest.importorskip("starlette")
    from tests.web.helpers import FAST, create_app, person

    app = create_app(str(tmp_path / "nim.sqlite"), **FAST)
    with person(app, "Nim player") as client:
        reply = client.post("/api/tables/vs-bots", json={"game": "nim", "bots": "perfect", "players": 3})
        assert reply.status_code == 201 and reply.json()["table"]["game"] == "nim"
        code = reply.json()["table"]["code"]
        with client.websocket_connect(f"/ws/{code}") as ws:
            while True:
                message = ws.receive_json()
                assert message["type"] != "error", message
                if message["type"] == "view" and message["table"]["status"] == "over":
                    break
                if message["type"] == "view" and message["deal"]["my_turn"]:
                    ws.send_json({"type": "take", "n": 1})
        assert len(message["seats"]) == 3 and message["match"]["results"][0]["winner"] in (0, 1, 2)
        log = client.get(f"/api/tables/{code}/log")
        assert log.status_code == 200 and log.json() == {"results": message["match"]["results"]}
        assert client.post("/api/tables", json={"game": "nim", "players": 5}).status_code == 400
