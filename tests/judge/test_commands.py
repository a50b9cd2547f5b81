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
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:think_ms=5", "--think-ms", "50"],
     ["--think-ms", "twice"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:depth=3"], ["--bot", "depth", "think_ms"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "rule:think_ms=5"], ["--bot", "rule", "no options"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:think_ms=fast"], ["--bot", "think_ms", "a number"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:think_ms=70000"], ["--bot", "think_ms"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:rollouts=0"], ["--bot", "rollouts"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:keep_margin=inf"], ["--bot", "keep_margin"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:keep_margin=9"], ["--bot", "keep_margin"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:max_candidates=-1"], ["--bot", "max_candidates"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:threads"], ["--bot", "threads", "KEY=VALUE"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:threads=1,threads=2"], ["--bot", "twice"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search:"], ["--bot", "KEY=VALUE"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "search_v1:think_ms=5"], ["--bot", "rollouts"]),
    (["connect", "ws://127.0.0.1:1/game/client0", "--bot", "simple:bomb_threshold=x"], ["--bot", "bomb_threshold"]),
])
def test_a_mistyped_command_gets_one_line_and_exit_2(argv, words):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    assert status == 2, (argv, out.getvalue(), err.getvalue())
    assert len(err.getvalue().splitlines()) == 1 and "Traceback" not in err.getvalue()
    for word in words:
        assert word in err.getvalue(), (word, err.getvalue())


@pytest.mark.parametrize("spec, name, options", [
    ("rule", "rule", {}),
    ("Search", "search", {}),
    ("search:think_ms=30", "search", {"think_ms": 30}),
    ("search: think_ms = 30 , max_candidates=none,keep_margin=0.25", "search",
     {"think_ms": 30, "max_candidates": None, "keep_margin": 0.25}),
    ("search_v2:rollouts=2_000,threads=1", "search_v2", {"rollouts": 2000, "threads": 1}),
    ("search_v1:rollouts=4000", "search_v1", {"rollouts": 4000}),
    ("simple:bomb_threshold=3", "simple", {"bomb_threshold": 3}),
])
def test_a_bot_with_its_options(spec, name, options):
    from guandan.judge.command import make_connect_bot, parse_bot_spec

    assert parse_bot_spec(spec) == (name, options)
    bot = make_connect_bot(name, options, 7)
    for key, value in options.items():
        if key != "threads" and hasattr(bot, key):
            assert getattr(bot, key) == value, key


def test_a_core_option_the_python_class_lacks_goes_to_the_core():
    # search's options are declared once, in its C++ header: every one is
    # accepted by connect, and a bad one is refused naming the core's list.
    from guandan.judge.command import make_connect_bot, parse_bot_spec

    spec, options = parse_bot_spec("search:keep_worlds=200,read_styles=1")
    assert options is None and "keep_worlds=200" in spec and "read_styles=1" in spec
    bot = make_connect_bot(spec, options, 7)
    assert bot.policy == spec
    with pytest.raises(ValueError, match="keep_worlds must be a number"):
        parse_bot_spec("search:keep_worlds=abc")
    with pytest.raises(ValueError, match="it takes rollouts, think_ms, .*keep_worlds"):
        parse_bot_spec("search:nosuch=1")


def test_every_registered_bot_lists_its_options():
    from guandan.gd.bots import BOTS
    from guandan.judge.command import bot_options, parse_bot_spec

    for name in BOTS:
        assert parse_bot_spec(name) == (name, {})
        assert "seed" not in bot_options(name)
    assert set(bot_options("search")) == {"think_ms", "rollouts", "threads", "max_candidates", "keep_margin"}
    assert set(bot_options("search_v1")) == {"rollouts"}
    assert bot_options("rule") == {}
