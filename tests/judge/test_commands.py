"""A mistyped `guandan judge` or `guandan connect` gets one line on stderr
and exit status 2 before anything listens or connects."""

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

pytest.importorskip("websockets")

from guandan.cli import main  # noqa: E402


@pytest.mark.parametrize("argv, words", [
    (["judge", "--port", "70000"], ["--port", "0..65535"]),
    (["judge", "--port", "x"], ["--port"]),
    (["judge", "--matches", "0"], ["--matches", "1..100,000"]),
    (["judge", "--ruleset", "house"], ["--ruleset"]),
    (["judge", "--level", "1"], ["--level"]),
    (["judge", "--seed", "-1"], ["--seed"]),
    (["judge", "--wait", "nan"], ["--wait"]),
    (["judge", "--timeout", "0"], ["--timeout", "more than 0"]),
    (["judge", "--bots", "deep"], ["--bots", "deep"]),
    (["judge", "--bots", "rule,rule"], ["--bots", "four"]),
    (["judge", "--out", "/no/such/folder/run.json"], ["--out"]),
    (["connect"], ["url"]),
    (["connect", "http://127.0.0.1:23456/game/client0"], ["websocket URL"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "deep"], ["--bot", "deep"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "rule", "--think-ms", "50"], ["--think-ms"]),
])
def test_a_mistyped_command_gets_one_line_and_exit_2(argv, words):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    assert status == 2, (argv, out.getvalue(), err.getvalue())
    assert len(err.getvalue().splitlines()) == 1 and "Traceback" not in err.getvalue()
    for word in words:
        assert word in err.getvalue(), (word, err.getvalue())
