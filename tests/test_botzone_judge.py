"""The local Botzone judge against bot programs: ours over whole games, as
subprocesses reading stdin and writing stdout, and bots that answer
nonsense, late or not at all (-2 for their seat; the run goes on)."""

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest

from guandan.botzone.bot import answer_input
from guandan.botzone.judge import BotzoneGame, GameSetup
from guandan.botzone.program import Turn
from guandan.botzone.report import run_games, summary
from guandan.botzone.seat import BotzoneSeat
from guandan.cli import main
from guandan.gd.bots import SimpleBot

PYTHON = sys.executable
OUR_BOT = [PYTHON, "-m", "guandan.botzone", "--bot", "rule", "--keep-running"]
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))


@pytest.fixture(autouse=True)
def programs_find_guandan(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", ENV["PYTHONPATH"])


def script(code: str) -> list:
    return [PYTHON, "-c", code]


def assert_played_out(record):
    assert record.illegal is None, record.illegal
    winners = sorted(record.scores)[2:]
    assert winners[0] == winners[1] in (1, 2, 3) and sorted(record.scores)[:2] == [0, 0]


@pytest.mark.parametrize("history, tribute, level", [("moves", "random", "random"), ("seats", "double", "2")])
def test_our_bot_program_plays_whole_games_with_no_illegal_answer(history, tribute, level):
    run = run_games([OUR_BOT] * 4, games=3, seed=11, level=level, tribute=tribute, history=history, time_limit=20)
    assert len(run.games) == 3
    for record in run.games:
        assert_played_out(record)
        assert all(len(times) >= 1 for times in record.seconds)
    lines = summary(run)
    assert "illegal answers:          none" in "\n".join(lines)


def test_a_program_started_every_turn_gets_the_whole_history():
    simple = [PYTHON, "-m", "guandan.botzone", "--bot", "rule"]  # no keep-running: one process per turn
    run = run_games([simple, OUR_BOT, OUR_BOT, OUR_BOT], games=1, seed=4, time_limit=30)
    assert_played_out(run.games[0])
    assert len(run.games[0].seconds[0]) > 5


NONSENSE = script("import json,sys\nfor line in sys.stdin:\n"
                  "    print(json.dumps({'response': 'nonsense'}), flush=True); print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)")
ALWAYS_PASS = script("import json,sys\nfor line in sys.stdin:\n"
                     "    req = json.loads(line); req = req['requests'][-1] if 'requests' in req else req\n"
                     "    print(json.dumps({'response': [] if req['stage'] == 'deal' else [[], []]}), flush=True)\n"
                     "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)")
SLEEPER = script("import time; time.sleep(30)")
SILENT = script("import sys; sys.stdin.readline()")


@pytest.mark.parametrize("program, seat, reason", [
    (NONSENSE, 2, "INVALID_MOVE"),  # its deal answer is not []
    (ALWAYS_PASS, 0, "INVALID_PASS"),  # seat 0 leads the first trick and may not pass
    (SLEEPER, 1, "TIME_LIMIT"),
    (SILENT, 3, "NO_ANSWER"),
])
def test_a_bad_answer_scores_minus_two_and_the_run_goes_on(program, seat, reason):
    commands = [OUR_BOT] * 4
    commands[seat] = program
    run = run_games(commands, games=2, seed=2, time_limit=3)
    assert len(run.games) == 2
    for record in run.games:
        assert record.illegal is not None and (record.illegal.seat, record.illegal.reason) == (seat, reason)
        assert record.scores[seat] == -2 and record.scores[seat ^ 2] == 0 and record.scores[seat ^ 1] == 1


class InProcess:
    """A seat's program run in this process: our seat and bot, with some
    answers replaced."""

    def __init__(self, replace=None):
        self.seat, self.replace = BotzoneSeat(), replace or {}

    def ask(self, request):
        answer, _ = answer_input(self.seat, SimpleBot(), [request], [])
        stage = request.get("stage")
        if stage in self.replace:
            answer = self.replace[stage](self.seat, answer)
        return Turn(answer, 0.0)

    def close(self):
        pass


def test_a_return_of_ten_is_illegal_under_botzone_rules():
    setup = GameSetup.seeded(6, tribute="single")
    ten = next(n for n in setup.allocation[setup.first] if n % 54 in range(36, 40))  # a 10 of first place
    programs = [InProcess() for _ in range(4)]
    programs[setup.first] = InProcess({"return": lambda seat, answer: [ten]})
    record = BotzoneGame(setup, programs).play()
    assert record.illegal and (record.illegal.seat, record.illegal.reason) == (setup.first, "INVALID_MOVE")


def test_in_process_games_with_tribute_play_out():
    for seed in range(6):
        setup = GameSetup.seeded(seed, level="random", tribute="random")
        record = BotzoneGame(setup, [InProcess() for _ in range(4)], "seats" if seed % 2 else "moves").play()
        assert_played_out(record)


@pytest.mark.parametrize("argv, words", [
    (["botzone-judge", "a", "b", "c"], ["one, two or four"]),
    (["botzone-judge", "x", "--time-limit", "0"], ["--time-limit"]),
    (["botzone-judge", "x", "--level", "1"], ["--level"]),
    (["botzone-judge", "x", "--tribute", "triple"], ["--tribute"]),
    (["botzone-judge", "'unclosed"], ["COMMAND", "quotation"]),
    (["botzone", "--bot", "deep"], ["--bot", "deep"]),
])
def test_a_mistyped_command_gets_one_line_and_exit_2(argv, words):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    assert status == 2 and len(err.getvalue().splitlines()) == 1, err.getvalue()
    for word in words:
        assert word in err.getvalue()


def test_the_packed_zip_runs_as_botzone_runs_it(tmp_path):
    out = tmp_path / "bot.zip"
    assert main(["botzone", "--bot", "rule", "--keep-running", "--pack", str(out)]) == 0
    setup = GameSetup.seeded(9)
    envelope = {"requests": [{"stage": "deal", "deliver": list(setup.allocation[0]), "your_id": 0,
                              "global": {"level": "2"}}], "responses": []}
    done = subprocess.run([PYTHON, str(out)], input=json.dumps(envelope) + "\n", capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    first = done.stdout.splitlines()
    assert json.loads(first[0])["response"] == [] and first[1] == ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", done.stderr
