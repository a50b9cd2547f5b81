"""Bots written in Python, in every tool: the same deals as the core's bots,
the same observation as Deal.observation, errors that name the bot, specs."""

from __future__ import annotations

import os
import pickle
import sys
import textwrap

import numpy as np
import pytest

import guandan
from guandan import Deal
from guandan.gd.arena import arena
from guandan.gd.bots import RuleBot, SimpleBot, play_deal
from guandan.gd.league import league
from guandan.gd.observation import Observation
from guandan.gd.players import parse_bot, seat_players
from guandan.gd.seat_driver import SeatObservation
from guandan.gd.simulate import simulation_deal


class FirstMove:
    def choose_move(self, observation, moves, can_pass):
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        return options[0]


class Recorder(SimpleBot):
    """SimpleBot that keeps every observation it is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = []

    def choose_move(self, observation, moves, can_pass):
        self.seen.append(observation)
        return super().choose_move(observation, moves, can_pass)

    def choose_card(self, observation, options):
        self.seen.append(observation)
        return super().choose_card(observation, options)


def _deals_of(observations):
    """The observations of one seat grouped by deal (the history restarts)."""
    deals, current = [], []
    for o in observations:
        if current and len(o.history) < len(current[-1].history):
            deals.append(current)
            current = []
        current.append(o)
    return deals + [current]


def _replay_and_compare(deal: Deal, seen, seat: int) -> int:
    """Replay the deal by its public history, checking each observation
    ``seat`` was shown against Deal.observation at that point."""
    checked = 0
    events = list(seen[-1].history)
    for count, event in enumerate(events + [None]):
        while checked < len(seen) and len(seen[checked].history) == count:
            assert seen[checked] == deal.observation(seat)
            assert seen[checked].to_observation() == deal.observation(seat)
            checked += 1
        if event is None:
            break
        if event.kind == "play":
            deal.play(event.move)
        elif event.kind == "pass":
            deal.pass_turn()
        else:
            deal.give(event.card)
    return checked


@pytest.mark.parametrize("tribute", [True, False])
def test_a_bot_sees_what_deal_observation_shows(tribute):
    bot = Recorder()
    results = guandan.simulate(6, policy=["rule", bot, "tempo", "rule"], seed=11, tribute=tribute)
    deals = _deals_of(bot.seen)
    assert len(deals) == 6
    for row, seen in enumerate(deals):
        assert all(isinstance(o, SeatObservation) and o.seat == 1 for o in seen)
        start = simulation_deal(int(results.seed[row]), tribute=tribute)
        assert _replay_and_compare(start, seen, 1) == len(seen)


def test_a_bot_in_a_match_sees_the_levels():
    bot = Recorder()
    results = guandan.simulate_matches(1, policy=[bot, "rule", "rule", "rule"], seed=4)
    assert results.deals[0] > 1
    levels = {o.levels for o in bot.seen}
    assert all(o.declarers in (None, 0, 1) and len(o.levels) == 2 for o in bot.seen)
    assert len(levels) > 1  # the levels move from deal to deal
    match = guandan.Match("standard", seed=int(results.seed[0]))
    first = [o for o in _deals_of(bot.seen)[0]]
    assert first[0].levels == match.state.levels


def test_the_core_bots_played_from_python_give_the_cores_results():
    # The planning player decides by the position alone: the same player
    # called through the Python seat gives the core's own results, deal for
    # deal, so the deals, their seeds and their tributes are the same.
    core = guandan.simulate(300, policy=["rule", "tempo", "rule", "tempo"], seed=8)
    through_python = guandan.simulate(300, policy=[RuleBot(), "tempo", RuleBot(), "tempo"], seed=8)
    for name in ("placing", "levels_gained", "tribute", "plays", "passes", "bombs", "seed"):
        assert np.array_equal(getattr(core, name), getattr(through_python, name)), name
    matches = guandan.simulate_matches(4, policy="rule", seed=3)
    again = guandan.simulate_matches(4, policy=[RuleBot(), "rule", "rule", RuleBot()], seed=3)
    assert np.array_equal(matches.final_levels, again.final_levels) and np.array_equal(matches.deals, again.deals)


def test_a_rows_seed_rebuilds_its_deal():
    results = guandan.simulate(20, policy="rule", seed=5)
    for row in range(20):
        deal = play_deal(simulation_deal(int(results.seed[row])), [RuleBot() for _ in range(4)])
        assert deal.placing == results.placing[row].tolist()
    plain = simulation_deal(int(results.seed[0]), tribute=False)
    assert plain.hands == Deal(seed=int(results.seed[0])).hands and plain.phase == "play"
    with pytest.raises(ValueError, match="deal_seed"):
        simulation_deal(-1)


def test_the_results_are_the_same_on_one_or_two_processes():
    one = guandan.simulate(400, policy=[FirstMove(), "rule", FirstMove(), "rule"], seed=2, threads=1)
    two = guandan.simulate(400, policy=[FirstMove(), "rule", FirstMove(), "rule"], seed=2, threads=2)
    for name in ("placing", "plays", "seed"):
        assert np.array_equal(getattr(one, name), getattr(two, name))
    seen = []
    guandan.simulate(400, policy=FirstMove(), seed=2, threads=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (400, 400) and [d for d, _ in seen] == sorted(d for d, _ in seen)


class Leads:
    """Passes whenever it may; leads the first move."""

    def __init__(self, wrong: str = "") -> None:
        self.wrong = wrong

    def choose_move(self, observation, moves, can_pass):
        if self.wrong == "pass" and not can_pass:
            return None
        if self.wrong == "type":
            return "3s"
        if self.wrong == "illegal" and moves:
            other = Deal(seed=99).legal_moves()
            return next(m for m in other if m not in moves)
        if self.wrong == "raise":
            raise RuntimeError("the bot broke")
        return None if can_pass else moves[0]

    def choose_card(self, observation, options):
        return options[0]


@pytest.mark.parametrize("wrong, error, words", [
    ("pass", ValueError, "passed but leads"),
    ("type", TypeError, "choose_move returns one of the moves"),
    ("illegal", ValueError, "not one of its legal moves"),
    ("raise", RuntimeError, "the bot broke"),
])
@pytest.mark.parametrize("threads", [1, 2])
def test_a_bot_that_answers_wrong_is_named(wrong, error, words, threads):
    with pytest.raises(error, match=words):
        guandan.simulate(4, policy=[Leads(wrong), "rule", "rule", "rule"], threads=threads, tribute=False, leader=0)


class _Unsendable(Exception):
    """An error that pickles but cannot be rebuilt from its pickle."""

    def __init__(self, code: int, words: str) -> None:
        super().__init__(f"{words} ({code})")


class BreaksItsWorker(FirstMove):
    """Fails in a way a worker process cannot simply send back."""

    def __init__(self, how: str) -> None:
        self.how = how

    def choose_move(self, observation, moves, can_pass):
        if self.how == "exit":
            os._exit(3)
        raise _Unsendable(7, "an error of its own")


def test_a_worker_whose_bot_ends_the_process_is_reported():
    with pytest.raises(RuntimeError, match="worker process .* stopped without answering"):
        guandan.simulate(4, policy=[BreaksItsWorker("exit"), "rule", "rule", "rule"], threads=2)


def test_an_error_that_cannot_cross_from_a_worker_keeps_its_words():
    with pytest.raises(RuntimeError, match=r"_Unsendable: an error of its own \(7\)"):
        guandan.simulate(4, policy=[BreaksItsWorker("raise"), "rule", "rule", "rule"], threads=2)
    # The same bot in this process raises its own error.
    with pytest.raises(_Unsendable):
        guandan.simulate(4, policy=[BreaksItsWorker("raise"), "rule", "rule", "rule"], threads=1)


def test_a_seat_observation_pickles_as_a_plain_observation():
    bot = Recorder()
    guandan.simulate(1, policy=[bot, "rule", "rule", "rule"], seed=1)
    for observation in bot.seen[:5]:
        copy = pickle.loads(pickle.dumps(observation))
        assert type(copy) is Observation and copy == observation


def test_every_seat_gets_its_own_bot():
    bot = FirstMove()
    names, bots = seat_players([bot, "rule", bot, "Search:rollouts=10"])
    assert names == ["random", "rule", "random", "search:rollouts=10"] and bots[0] is bot and bots[2] is not bot
    assert isinstance(bots[2], FirstMove) and bots[1] is None and bots[3] is None
    assert parse_bot("rule") == "rule" and isinstance(parse_bot("simple"), SimpleBot)


def test_a_core_policys_options_are_declared_in_the_core():
    # The core plays a spec with options itself, on its threads: the same
    # deals as the same search through its Python class, playout for playout.
    options = {name: (kind, low, high) for name, kind, low, high, *_ in guandan._core.policy_options("search")}
    assert options["keep_margin"] == ("real", 0.0, 6.0) and options["read_styles"][0] == "flag"
    assert guandan._core.policy_options("rule") == []
    assert parse_bot("search: think_ms = 0 , keep_margin=0.5") == "search:think_ms=0,keep_margin=0.5"
    # A spec's values reach the core's search: its default given explicitly
    # plays the same deals, another value other deals; the playouts of a
    # spec equal search_rollouts given apart.
    def run(spec, **kwargs):
        return guandan.simulate(3, policy=[spec, "rule", spec, "rule"], seed=6, threads=2, **kwargs).placing

    by_default = run("search", search_rollouts=30)
    assert np.array_equal(run("search:rollouts=30"), by_default)
    assert np.array_equal(run("search:rollouts=30,max_candidates=12"), by_default)
    assert not np.array_equal(run("search:rollouts=30,max_candidates=1"), by_default)


@pytest.fixture
def bot_module(tmp_path, monkeypatch):
    (tmp_path / "mybots_for_tests.py").write_text(textwrap.dedent("""
        class Greedy:
            def __init__(self, depth=1, name="g"):
                self.depth, self.name = depth, name
            def choose_move(self, observation, moves, can_pass):
                return moves[-1] if moves else None
            def choose_card(self, observation, options):
                return options[-1]
        class NotABot:
            pass
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "mybots_for_tests"
    sys.modules.pop("mybots_for_tests", None)


def test_a_bot_of_ones_own_by_spec(bot_module):
    bot = parse_bot(f"{bot_module}:Greedy:depth=3,name='x'")
    assert (bot.depth, bot.name) == (3, "x")
    result = arena(f"{bot_module}:Greedy", "rule", 20)
    assert result.bots == (f"{bot_module}:Greedy", "rule") and result.deals == 40
    assert result.summary()["provenance"]["bots"][0]["signature"] is None
    for spec, words in [(f"{bot_module}:Nope", "has no class 'Nope'"),
                        (f"{bot_module}:NotABot", "no choose_move"),
                        (f"{bot_module}:Greedy:width=2", "unexpected keyword"),
                        ("no_such_module_here:Bot", "cannot import module"),
                        ("rule:depth=2", "rule has no option 'depth'"),
                        ("search:rollouts=abc", "option rollouts must be a number"),
                        ("search:keep_margin=7", "keep_margin must be 0..6"),
                        ("search:opponent_ends_in=1", "opponent_ends_in must be 0 or 2"),
                        ("search:rollouts=0", "rollouts")]:
        with pytest.raises(ValueError, match=words):
            parse_bot(spec)


def test_the_arena_and_league_take_bot_objects():
    result = arena(FirstMove(), "rule", 30, threads=2)
    assert result.bots == ("FirstMove", "rule") and result.deals == 60
    assert result.a_wins < 30  # the first legal move loses to the planning player
    same = arena(FirstMove(), FirstMove(), 5)
    assert same.bots == ("FirstMove (a)", "FirstMove (b)")
    table = league([FirstMove(), "rule", "random"], 10, bootstrap=20)
    assert table.bots == ("FirstMove", "rule", "random")
    assert table.summary()["provenance"]["bots"][1]["bot"] == "rule"


def test_the_gdy_tools_take_bots():
    from guandan.gdy import simulate as gdy_simulate
    from guandan.gdy.arena import arena as gdy_arena
    from guandan.gdy.bots import CoreBot

    core = gdy_simulate(100, players=4, policy="rule", seed=3)
    through_python = gdy_simulate(100, players=4, policy=[CoreBot("rule"), "rule", CoreBot("rule"), "rule"], seed=3)
    for name in ("winner", "penalties", "cards_left", "plays", "passes", "draws", "bombs"):
        assert np.array_equal(getattr(core, name), getattr(through_python, name)), name
    result = gdy_arena(FirstMove(), "rule", 20, players=3, threads=2)
    assert result.bots == ("FirstMove", "rule")
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        gdy_simulate(2, policy="nobody")


def test_a_bot_in_a_core_run_cannot_reach_hidden_cards():
    from guandan import Hand, Match
    from guandan._core import DealState
    from tests.seat_view import of_type

    def with_view(observation):
        view = observation.view  # the core view, as Python sees it: its fields
        return (observation, [getattr(view, name) for name in dir(view) if not name.startswith("_")])

    bot = Recorder()
    guandan.simulate(4, policy=["rule", bot, "rule", "rule"], seed=21)
    guandan.simulate_matches(1, policy=["rule", bot, "rule", "rule"], seed=21)
    assert len(bot.seen) > 40
    for observation in bot.seen:
        # What it holds before any field is read (the view and the deal's
        # public record), and every field once read.
        for root in (with_view(observation), observation.to_observation()):
            allowed = [observation.hand, observation.played, *observation.shown]
            assert all(any(hand.bits == known.bits for known in allowed) for hand in of_type(root, Hand))
            assert of_type(root, (Deal, Match, DealState)) == []
        record = observation._deal.record
        public = [(e.kind, e.seat, e.move, e.card, e.to) for e in observation.history]
        assert record.entries(0, len(observation.history)) == public


def test_the_docs_table_of_the_searchs_options_is_its_declaration():
    import pathlib
    import re

    text = (pathlib.Path(__file__).parent.parent / "docs" / "your_bot.md").read_text()
    table = text.split("<!-- policy-options: search -->")[1].split("\n\n")[0]
    rows = [re.findall(r"\|\s*`?([^|`]*?)`?\s*(?=\|)", line) for line in table.splitlines()[3:]]

    def number(value):
        return str(int(value)) if float(value) == int(value) else str(value)

    declared = [[name, kind, f"{number(low)}..{number(high)}", number(default), help_text]
                for name, kind, low, high, default, help_text in guandan._core.policy_options("search")]
    assert rows == declared


@pytest.mark.parametrize("game", ["guandan", "gdy"])
def test_guandan_play_seats_a_bot_of_ones_own(bot_module, game, tmp_path):
    import os
    import subprocess

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    done = subprocess.run([sys.executable, "-m", "guandan.cli", "play", "--game", game, "--bots",
                           f"{bot_module}:Greedy", "--seed", "3"], input="q\n", capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"{bot_module}:Greedy bot" in done.stdout
    refused = subprocess.run([sys.executable, "-m", "guandan.cli", "play", "--game", game, "--bots", "nope_mod:Bot"],
                             input="q\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert refused.returncode == 2 and "cannot import module 'nope_mod'" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_a_gdy_bot_in_a_core_run_sees_what_deal_observation_shows():
    from guandan import _core
    from guandan.gdy import Deal as GdyDeal
    from guandan.gdy import simulate as gdy_simulate
    from guandan.gdy.bots import CoreBot
    from guandan.gdy.plays import Play

    class Recording(CoreBot):
        def __init__(self):
            super().__init__("rule")
            self.seen = []

        def choose_move(self, observation, moves, can_pass):
            self.seen.append((observation, tuple(moves), can_pass))
            return super().choose_move(observation, moves, can_pass)

    bot = Recording()
    results = gdy_simulate(5, players=3, policy=["rule", bot, "random"], seed=12)
    deals, current = [], []
    for seen in bot.seen:
        if current and len(seen[0].history) < len(current[-1][0].history):
            deals.append(current)
            current = []
        current.append(seen)
    deals.append(current)
    assert len(deals) == 5
    for row, seen in enumerate(deals):
        deal = GdyDeal(3, _core.match_deal_seed(12, row))
        checked = 0
        for action in list(seen[-1][0].history) + [None]:
            while checked < len(seen) and len(seen[checked][0].history) == len(deal.history):
                observation, moves, can_pass = seen[checked]
                assert observation == deal.observation(1)
                assert moves == tuple(p for p in deal.legal_plays() if not p.is_pass) and can_pass == deal.can_pass()
                checked += 1
            if action is None:
                break
            deal.pass_turn() if action.play == Play.PASS else deal.play(action.play)
        assert checked == len(seen)
    assert results.winner.shape == (5,)
