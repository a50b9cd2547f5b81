"""Bot strengths of one's own at the web table (docs/web.md, "Your bots at
the table"): ``create_app(bots=...)`` and ``guandan serve --bot`` add them
per game and per bot seat; the lobby lists them; a table plays with them
through the real app and websocket; bad ones are refused with clear errors;
a table resumes after a restart with or without them."""

from __future__ import annotations

import argparse
import io
import threading
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, Dict, List, Tuple

import pytest

from guandan.cli import main, parse_args
from guandan.web.sessions import COOKIE
from guandan.web.serve import bot_strength, bot_strengths
from tests.web.helpers import FAST, TestClient, create_app, person, play_through


class FirstMove:
    """A Guandan bot of one's own: the first legal move (pass when there is
    none), the first card. Every call is noted as (which bot, its seat) in a
    list of the class, which the copies the server makes share."""

    asked: List[Tuple[int, int]] = []

    def choose_move(self, observation, moves, can_pass):
        FirstMove.asked.append((id(self), observation.seat))
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        FirstMove.asked.append((id(self), observation.seat))
        return options[0]


class GdyFirst:
    """A Gan Deng Yan bot of one's own: the first legal play, else a pass."""

    asked: List[Tuple[int, int]] = []

    def choose_move(self, observation, moves, can_pass):
        GdyFirst.asked.append((id(self), observation.seat))
        return moves[0] if moves else None


class Cheater(FirstMove):
    """Answers what no deal allows: the table must play on without it."""

    def choose_move(self, observation, moves, can_pass):
        FirstMove.asked.append((id(self), observation.seat))
        return "the ace of everything"


class Uncopyable(FirstMove):
    def __init__(self) -> None:
        self.lock = threading.Lock()  # a lock cannot be deep-copied


@pytest.fixture(autouse=True)
def fresh_counts():
    FirstMove.asked.clear()
    GdyFirst.asked.clear()


def _vs_bots(client, **body) -> str:
    reply = client.post("/api/tables/vs-bots", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()["table"]["code"]


def _seats_of(asked: List[Tuple[int, int]]) -> Dict[int, set]:
    """Each bot (by id) and the seats it was asked at."""
    seats: Dict[int, set] = {}
    for bot, seat in asked:
        seats.setdefault(bot, set()).add(seat)
    return seats


# --- playing with them ------------------------------------------------------------

def test_a_guandan_deal_against_a_per_seat_strength_of_ones_own(tmp_path):
    spec = f"{__name__}:FirstMove"  # this module, as MODULE:CLASS
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, bots={"guandan": {"mix": [spec, "rule"]}})
    with person(app, "Host") as host:
        games = {g["name"]: g for g in host.get("/api/games").json()["games"]}
        assert games["guandan"]["strengths"] == ["simple", "rule", "search", "mix"]
        assert games["gdy"]["strengths"] == ["random", "rule", "search"]
        code = _vs_bots(host, bots="mix")
        with host.websocket_connect(f"/ws/{code}") as ws:
            last = play_through(ws, [], stop_after_deals=1)
    assert last["deal"]["phase"] == "over" and len(last["match"]["results"]) == 1
    assert [s["bot"] for s in last["seats"]] == [None, "mix", "mix", "mix"]
    # bot seats 1, 2, 3 get the list's bots 1, 2, 1: the user's bot at seats 1 and 3 only
    by_bot = _seats_of(FirstMove.asked)
    assert sorted(seat for seats in by_bot.values() for seat in seats) == [1, 3]
    assert all(len(seats) == 1 for seats in by_bot.values()), "a bot of its own for each seat"


def _play_gdy_deal(ws) -> Dict[str, Any]:
    """Play the seat (pass when possible, else the lowest single, or the
    jokers when only they are left) until the first deal is over."""
    acted = -1
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] != "view" or message["seq"] <= acted or message["deal"] is None:
            continue
        deal = message["deal"]
        if deal["phase"] == "over" or message["table"]["status"] == "over":
            return message
        if deal["my_turn"]:
            acted = message["seq"]
            hand = deal["hand"]
            ws.send_json({"type": "pass"} if deal["can_pass"]
                         else {"type": "play", "cards": [hand[0]] if hand[0] != "JK" else hand})


def test_a_gdy_bot_object_is_copied_for_each_seat(tmp_path):
    given = GdyFirst()
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, bots={"gdy": {"mine": given}})
    with person(app, "Host") as host:
        code = _vs_bots(host, game="gdy", players=3, bots="mine", target=500)
        with host.websocket_connect(f"/ws/{code}") as ws:
            last = _play_gdy_deal(ws)
    assert last["deal"]["phase"] == "over"
    by_bot = _seats_of(GdyFirst.asked)
    assert id(given) not in by_bot, "the object given is copied, never played itself"
    assert sorted(seat for seats in by_bot.values() for seat in seats) == [1, 2]
    assert all(len(seats) == 1 for seats in by_bot.values())


def test_a_bot_that_answers_nonsense_does_not_stall_the_table(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, bots={"guandan": {"cheat": Cheater()}})
    with person(app, "Host") as host:
        code = _vs_bots(host, bots="cheat")
        with host.websocket_connect(f"/ws/{code}") as ws:
            last = play_through(ws, [], stop_after_deals=1)
    assert last["deal"]["phase"] == "over"
    assert FirstMove.asked, "the bot was asked, and each answer replaced by a legal one"


# --- refused -----------------------------------------------------------------------

@pytest.mark.parametrize("bots, words", [
    ({"guandan": {"rule": "simple"}}, ["'rule'", "guandan", "built-in"]),
    ({"guandan": {"Search": "simple"}}, ["'Search'", "built-in"]),
    ({"guandan": {"bad name!": "rule"}}, ["'bad name!'", "guandan", "letter"]),
    ({"guandan": {"x" * 21: "rule"}}, ["guandan", "letter"]),
    ({"chess": {"x": "rule"}}, ["'chess'", "guandan, gdy"]),
    ({"guandan": {"x": "no_such_module_here:Bot"}}, ["'x'", "guandan", "cannot import", "no_such_module_here"]),
    ({"guandan": {"x": f"{__name__}:NoSuchClass"}}, ["'x'", "no class 'NoSuchClass'"]),
    ({"guandan": {"x": "search:nope=1"}}, ["'x'", "guandan", "no option 'nope'"]),
    ({"guandan": {"x": "teleport"}}, ["'x'", "unknown bot 'teleport'"]),
    ({"gdy": {"x": "rule:depth=2"}}, ["'x'", "gdy", "takes none"]),
    ({"guandan": {"x": []}}, ["'x'", "1 to 4 bots"]),
    ({"guandan": {"x": ["rule"] * 5}}, ["'x'", "1 to 4 bots", "got 5"]),
    ({"guandan": {"x": 42}}, ["'x'", "42", "choose_move and choose_card"]),
    ({"guandan": {"x": ["rule", GdyFirst()]}}, ["'x'", "bot 2", "choose_move and choose_card"]),
    ({"guandan": {"x": Uncopyable()}}, ["'x'", "copied"]),
    ({"guandan": "rule"}, ["guandan", "mapping"]),
    (["guandan"], ["map game names"]),
])
def test_bad_strengths_are_refused_when_the_app_is_made(tmp_path, bots, words):
    with pytest.raises(ValueError) as refused:
        create_app(str(tmp_path / "db.sqlite"), **FAST, bots=bots)
    message = str(refused.value)
    assert "\n" not in message
    for word in words:
        assert word in message, (word, message)
    assert not (tmp_path / "db.sqlite").exists(), "refused before the database is opened"


@pytest.mark.parametrize("factory, words", [
    ({"chess": lambda strength: FirstMove()}, ["bot_factory", "'chess'"]),
    ({"guandan": "rule"}, ["bot_factory", "guandan", "function"]),
    (42, ["bot_factory", "42"]),
])
def test_bad_bot_factories_are_refused(tmp_path, factory, words):
    with pytest.raises(ValueError) as refused:
        create_app(str(tmp_path / "db.sqlite"), **FAST, bot_factory=factory)
    for word in words:
        assert word in str(refused.value)


def test_a_bot_factory_per_game_replaces_only_that_games_bots(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, bot_factory={"guandan": lambda strength: FirstMove()})
    with person(app, "Host") as host:
        gdy = _vs_bots(host, game="gdy", players=2, bots="rule", target=500)
        with host.websocket_connect(f"/ws/{gdy}") as ws:
            _play_gdy_deal(ws)
        assert not FirstMove.asked, "the Gan Deng Yan table played its own bots"
        code = _vs_bots(host, bots="rule")
        with host.websocket_connect(f"/ws/{code}") as ws:
            play_through(ws, [], stop_after_deals=1)
    assert {seat for _, seat in FirstMove.asked} == {1, 2, 3}


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/vs-bots"])
@pytest.mark.parametrize("body", [
    {"game": "guandan", "bots": "gdymine"},  # a strength of the other game
    {"game": "gdy", "bots": "mine"},
    {"bots": "MINE"},
    {"bots": ["mine"]},
    {"bots": {"mine": "rule"}},
])
def test_a_strength_of_another_game_or_none_is_a_400(tmp_path, path, body):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST,
                     bots={"guandan": {"mine": FirstMove()}, "gdy": {"gdymine": GdyFirst()}})
    with person(app, "Host") as host:
        reply = host.post(path, json=body)
        assert reply.status_code == 400, reply.text
        error = reply.json()["error"]
        assert error["code"] == "bad_request"
        assert "bots" in error["message"]["en"]
        # the reply lists what the game takes: its strengths, then the server's own
        expected = "random, rule, search, gdymine" if body.get("game") == "gdy" else "simple, rule, search, mine"
        assert expected in error["message"]["en"]


def test_a_table_of_people_takes_a_strength_of_its_game(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST, bots={"gdy": {"gdymine": GdyFirst()}})
    with person(app, "Host") as host:
        reply = host.post("/api/tables", json={"game": "gdy", "bots": "gdymine"})
        assert reply.status_code == 201, reply.text
        assert reply.json()["table"]["bots"] == "gdymine"


# --- a restart -------------------------------------------------------------------------

def test_a_table_resumes_with_its_strength_or_the_default_without_it(tmp_path):
    db = str(tmp_path / "db.sqlite")
    with person(create_app(db, **FAST, bots={"guandan": {"mine": FirstMove()}}), "Host") as host:
        code = _vs_bots(host, bots="mine")
        cookies = {COOKIE: host.cookies[COOKIE]}
    # the next start has no such strength: the table resumes with the game's default bots
    without = create_app(db, **FAST)
    assert without.state.rooms.tables[code].bots == "rule"
    with TestClient(without, cookies=cookies) as client:
        assert client.get(f"/api/tables/{code}").json()["table"]["bots"] == "rule"
        with client.websocket_connect(f"/ws/{code}") as ws:
            last = play_through(ws, [], stop_after_deals=1)
    assert last["deal"]["phase"] == "over" and not FirstMove.asked
    assert {s["bot"] for s in last["seats"][1:]} == {"rule"}
    # a start that has it again plays it again, from where the table was
    again = create_app(db, **FAST, bots={"guandan": {"mine": FirstMove()}})
    assert again.state.rooms.tables[code].bots == "mine"
    with TestClient(again, cookies=cookies) as client:
        with client.websocket_connect(f"/ws/{code}") as ws:
            last = play_through(ws, [], stop_after_deals=2)
    assert len(last["match"]["results"]) == 2
    assert {seat for _, seat in FirstMove.asked} == {1, 2, 3}


# --- guandan serve --bot ---------------------------------------------------------------

def test_the_bot_option_parses_game_name_and_the_bots_of_each_seat():
    spec = f"{__name__}:FirstMove"
    assert bot_strength(f"mine={spec}") == ("guandan", "mine", (spec,))
    assert bot_strength("GDY/mix = rule+random ") == ("gdy", "mix", ("rule", "random"))
    assert bot_strength("slow=search:think_ms=500+rule") == ("guandan", "slow", ("search:think_ms=500", "rule"))
    args = parse_args(["serve", "--bot", f"mine={spec}", "--bot", "gdy/mix=rule+random"])
    assert bot_strengths(args.bot) == {"guandan": {"mine": (spec,)}, "gdy": {"mix": ("rule", "random")}}
    assert parse_args(["serve"]).bot is None


@pytest.mark.parametrize("value, words", [
    ("mine", ["--bot", "[GAME/]NAME=SPEC", "'mine'"]),
    ("chess/mine=rule", ["--bot", "'chess'"]),
    ("rule=simple", ["--bot", "'rule'", "built-in"]),
    ("gdy/search=rule", ["--bot", "'search'", "gdy", "built-in"]),
    ("mine=no_such_module_here:Bot", ["--bot", "cannot import"]),
    ("mine=rule+", ["--bot", "empty"]),
    ("mine=", ["--bot", "empty"]),
    ("=rule", ["--bot", "''", "letter"]),
    ("gdy/mine=rule+search:think_ms=5", ["--bot", "bot 2", "takes none"]),
])
def test_a_bad_bot_option_is_one_line_and_exit_2(value, words):
    with pytest.raises(argparse.ArgumentTypeError):
        bot_strength(value)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["serve", "--bot", value])
    assert status == 2 and out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1 and "Traceback" not in err.getvalue()
    for word in words:
        assert word in err.getvalue(), (word, err.getvalue())


def test_a_strength_given_twice_is_one_line_and_exit_2(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["serve", "--db", str(tmp_path / "db.sqlite"), "--bot", "x=rule", "--bot", "x=simple"])
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue() == "guandan: error: --bot: the bot strength 'x' of guandan is given twice\n"
    assert not (tmp_path / "db.sqlite").exists()
