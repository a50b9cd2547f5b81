"""guandan.gdy from Python: the boundary (clear errors, fuzzed parsers), the
deal against the reference's flow step by step, observations, logs and
replay, games, simulation and the arena."""

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan import _core, gdy
from guandan.gdy import Cards, Deal, Game, Play, legal_plays
from guandan.gdy.bots import next_play
from guandan.gdy.log import LOG_VERSION, ReplayError, deal_log, game_log, replay
from reference import gdy as ref


# --- cards and plays -----------------------------------------------------------

def test_cards_text_round_trips_and_counts():
    hand = Cards("2 jk 10 t 3, Joker")
    assert str(hand) == "3 10 10 2 JK JK" and len(hand) == 6
    assert hand.count("10") == 2 and hand.count("JK") == 2 and hand.counts()[0] == 1
    assert Cards(str(hand)) == hand and Cards.from_word(hand.word) == hand
    assert Cards("3 10") in hand and Cards("3 3") not in hand


@pytest.mark.parametrize("text, words", [
    ("3 3 3 3 3", ["four", "3"]), ("JK JK JK", ["two jokers"]), ("1", ["'1'"]), ("5h", ["'5h'"]),
    ("SJ", ["'SJ'"]),
])
def test_bad_cards_are_named(text, words):
    with pytest.raises(ValueError) as error:
        Cards(text)
    for word in words:
        assert word in str(error.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789TJQKAjkqtaoker ,\n\t", max_size=30))
def test_any_card_text_parses_or_raises_value_error(text):
    try:
        cards = Cards(text)
    except ValueError:
        return
    assert Cards(str(cards)) == cards


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-(2**65), max_value=2**65))
def test_any_word_is_a_play_or_a_value_error(word):
    try:
        play = Play(word)
    except ValueError:
        return
    assert play.is_pass or (len(play) > 0 and Play(play.word) == play and play.describe())


def test_wrong_types_are_type_errors():
    for bad in (3, 2.0, None, b"3"):
        with pytest.raises(TypeError):
            Cards(bad)
    with pytest.raises(TypeError):
        Play("3")
    with pytest.raises(TypeError):
        legal_plays("3", table="3")
    with pytest.raises(TypeError):
        Cards.from_word(True)


def test_plays_describe_and_read_the_strongest_way():
    leads = {p.describe(): str(p) for p in legal_plays("5 JK JK")}
    assert "bomb of three 5s" in leads and "joker bomb" in leads
    assert not any(d.startswith("run") for d in leads)  # 5 JK JK is only a bomb
    assert [p.describe() for p in legal_plays("JK")] == ["single 2 (joker)"]
    two = legal_plays("2")[0]
    assert legal_plays("2 A", two) == [Play.PASS]  # nothing but a bomb beats a 2


def test_typed_plays_choose_a_reading_or_say_why_not():
    d = Deal(players=2, seed=1)
    options = d.legal_plays()
    with pytest.raises(ValueError, match="cannot pass"):
        d.play("pass")
    with pytest.raises(ValueError, match="not a legal play"):
        d.play(Play(legal_plays("2 2 2 2")[-1].word))
    from guandan.gdy.plays import choose_play
    both = legal_plays("5 6 JK JK")
    with pytest.raises(ValueError, match="two ways"):
        choose_play("5 6 jk jk", both)
    assert choose_play("run 5 6 JK JK", both).kind == "run"
    assert choose_play("pairs 5 6 JK JK", both).kind == "pair_run"
    assert options == d.legal_plays()  # nothing was played


# --- the deal --------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error", [
    (dict(players=1), ValueError), (dict(players=7), ValueError), (dict(players="4"), TypeError),
    (dict(seed=-1), ValueError), (dict(seed=2**64), ValueError), (dict(seed=1.5), ValueError),
    (dict(players=3, starter=3), ValueError), (dict(starter=True), TypeError),
])
def test_bad_deal_arguments(kwargs, error):
    with pytest.raises(error):
        Deal(**kwargs)


def _reference_state(r):
    return ([r.hands[s] for s in range(r.players)], r.turn, r.table, list(r.stock), r.bombs)


def _core_state(d):
    stock_words = [1 << 52 if k == 13 else 1 << (4 * k) for k in d._core.stock()]
    table = 0 if d.table is None else d.table.word
    return ([h.word for h in d.hands], d._core.turn, table, stock_words, d.bombs)


@pytest.mark.parametrize("players", range(2, 7))
def test_deals_follow_the_reference_step_by_step(players):
    """Random deals through both implementations: the same hands, turn, table,
    stock and bombs after every action (drawing order included)."""
    rng = random.Random(players)
    for seed in range(12):
        d, r = Deal(players, seed), ref.Deal(players, seed)
        assert _core_state(d) == _reference_state(r)
        while not d.is_over:
            plays = d.legal_plays()
            assert sorted(p.word for p in plays) == sorted(r.legal_plays())
            choice = rng.choice(plays)
            d.play(choice)
            r.apply(choice.word)
            if not d.is_over:
                assert _core_state(d) == _reference_state(r)
        assert r.is_over and d.winner == r.winner and d.penalties == r.penalties()


def test_cards_are_conserved_and_copies_are_independent():
    d = Deal(players=4, seed=3)
    played = 0
    while not d.is_over:
        twin = d.copy()
        play = d.legal_plays()[-1]
        d.play(play)
        played += len(play)
        assert sum(d.hand_sizes) + d.stock_left + played == 54
        assert len(twin.history) == len(d.history) - 1  # the copy did not move
    with pytest.raises(ValueError, match="over"):
        d.play("pass")
    assert d.legal_plays() == [] and d.turn is None


def test_an_observation_shows_nothing_hidden():
    d = Deal(players=4, seed=8)
    for _ in range(6):
        d.play(d.legal_plays()[-1])
    seen = d.observation(2)
    assert seen.hand == d.hand(2) and seen.hand_sizes == tuple(d.hand_sizes)
    # The only cards in it are the seat's own hand and the public plays.
    cards_fields = [name for name, value in vars(seen).items() if isinstance(value, Cards)]
    assert cards_fields == ["hand"]
    assert all(isinstance(a.play, Play) for a in seen.history)
    # Another seat's hidden cards change nothing in it: seats 1 and 3 swapped
    # hands would give the same observation to seat 2 but for their sizes.
    assert not any(str(d.hand(s)) in repr(seen) for s in (0, 1, 3) if len(d.hand(s)) >= 3)
    for bad in (4, -1, "2", True):
        with pytest.raises(ValueError):
            d.observation(bad)


# --- logs and replay ------------------------------------------------------------

def _finished_deal(seed=5, players=4):
    d = Deal(players, seed)
    while not d.is_over:
        d.play(d.legal_plays()[-1])
    return d


def test_a_deal_log_replays_exactly_through_json():
    d = _finished_deal()
    log = json.loads(json.dumps(deal_log(d)))
    assert log["format"] == "guandan-gdy-log" and log["version"] == LOG_VERSION
    again = replay(log)
    assert again.history == d.history and again.hands == d.hands and again.penalties == d.penalties


@pytest.mark.parametrize("tamper, words", [
    (lambda log: log.update(version=99), ["version"]),
    (lambda log: log.pop("seed"), ["seed", "missing"]),
    (lambda log: log.update(players="4"), ["players", "type"]),
    (lambda log: log["actions"][0].update(seat=(log["actions"][0]["seat"] + 1) % 4), ["actions[0]", "seat"]),
    (lambda log: log["actions"][0].update(play="2 2 2 2"), ["actions[0]"]),
    (lambda log: log["actions"][0].update(kind="rocket"), ["actions[0]", "kind"]),
    (lambda log: log["result"].update(penalties=[0, 0, 0, 0]), ["penalties"]),
    (lambda log: log["actions"].pop(), ["result"]),
])
def test_a_tampered_log_names_the_field(tamper, words):
    log = deal_log(_finished_deal())
    tamper(log)
    with pytest.raises(ReplayError) as error:
        replay(log)
    for word in words:
        assert word in str(error.value)


def test_game_logs_replay_and_games_match_the_core_simulation():
    seed = 21
    game = Game(players=3, seed=_core.match_deal_seed(seed, 0), target=40)
    bot = gdy.CoreBot("rule")  # deterministic: the same choices as simulate's rule policy
    while not game.is_over:
        d = game.deal
        while not d.is_over:
            d.play(next_play(d, bot))
        game.next_deal()
    sim = gdy.simulate_games(1, players=3, policy="rule", target=40, seed=seed)
    assert list(sim.scores[0]) == game.scores and int(sim.deals[0]) == len(game.deals)
    assert list(np.flatnonzero(sim.winners[0])) == game.winners
    assert max(game.scores) >= 40 and game.deals[1].starter == game.deals[0].winner
    again = replay(json.loads(json.dumps(game_log(game))))
    assert again.scores == game.scores and again.winners == game.winners
    log = game_log(game)
    log["scores"][0] += 1
    with pytest.raises(ReplayError, match="scores"):
        replay(log)
    with pytest.raises(ValueError, match="over"):
        game.next_deal()


def test_game_arguments():
    for kwargs in (dict(target=0), dict(target=10001), dict(players=8)):
        with pytest.raises(ValueError):
            Game(**kwargs)
    with pytest.raises(TypeError):
        Game(target="50")
    g = Game(players=2, seed=1)
    with pytest.raises(ValueError, match="not finished"):
        g.next_deal()


# --- simulation and the arena ------------------------------------------------------

def test_simulation_is_the_same_for_any_threads_and_split():
    one = gdy.simulate(3000, players=6, policy=["rule", "random"] * 3, seed=9)
    two = gdy.simulate(3000, players=6, policy=["rule", "random"] * 3, seed=9, threads=2)
    parts = [gdy.simulate(1000, players=6, policy=["rule", "random"] * 3, seed=9, first=f) for f in (0, 1000, 2000)]
    merged = gdy.DealResults.concatenate(parts)
    for name, column in one.arrays().items():
        assert np.array_equal(column, two.arrays()[name]) and np.array_equal(column, merged.arrays()[name]), name
    assert one.penalties.shape == (3000, 6)
    assert (one.penalties[np.arange(3000), one.winner] == 0).all()
    assert (one.cards_left[np.arange(3000), one.winner] == 0).all()
    # The first deal is Deal(players, match_deal_seed(seed, 0)).
    d = Deal(6, _core.match_deal_seed(9, 0))
    assert d.starter == one.starter[0]


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(players=7), ValueError, ["2..6"]),
    (dict(policy="rule_v1"), ValueError, ["rule_v1", "random, rule, search"]),
    (dict(policy=["rule"] * 3), ValueError, ["one per seat (4)"]),
    (dict(policy=3), TypeError, ["policy"]),
    (dict(threads=0), ValueError, ["threads"]),
    (dict(seed=-5), ValueError, ["seed"]),
])
def test_bad_simulation_arguments(kwargs, error, words):
    with pytest.raises(error) as raised:
        gdy.simulate(10, **kwargs)
    for word in words:
        assert word in str(raised.value)


def test_the_rule_bot_beats_random_in_duplicate_deals():
    result = gdy.arena("rule", "random", deals=400, players=4, seed=3)
    share, low, high = result.win_share()
    assert low > 0.5 and result.penalty_margin()[1] > 0
    assert result.pairs == 400 and "duplicate pairs" in result.summary_lines()[0]
    summary = result.summary()
    assert summary["deals"] == 800 and summary["win_share"]["low"] == low and summary["a_wins"] == result.pair_wins().sum()
    with pytest.raises(ValueError, match="unknown bot"):
        gdy.arena("rule", "rule_v1", deals=10)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**64 + 3) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_log_replays_or_raises_replay_error(data):
    """Arbitrary JSON, and real logs with one field replaced by arbitrary JSON:
    a ReplayError (a ValueError) or a faithful replay, never anything else."""
    log = deal_log(_finished_deal(seed=data.draw(st.integers(0, 5)), players=data.draw(st.integers(2, 6))))
    if data.draw(st.booleans()):
        log = data.draw(_json)
    else:
        target = log
        if data.draw(st.booleans()) and log["actions"]:
            target = log["actions"][data.draw(st.integers(0, len(log["actions"]) - 1))]
        key = data.draw(st.sampled_from(sorted(target)))
        target[key] = data.draw(_json)
    try:
        again = replay(log)
    except ReplayError:
        return
    assert deal_log(again)["actions"] == log["actions"]


def test_the_search_bot_plays_legal_plays_from_its_view_alone():
    d = Deal(players=3, seed=12)
    bot = gdy.CoreBot("search", seed=4)
    while not d.is_over:
        play = next_play(d, bot)
        assert play in d.legal_plays()
        d.play(play)
    # Seeded, it chooses the same again (that it sees only its seat's view
    # is checked in cpp/tests/test_gdy.cpp, on positions with hidden cards swapped).
    first = Deal(players=2, seed=31, starter=0)
    choice = next_play(first, gdy.CoreBot("search", seed=9))
    assert choice in first.legal_plays()
    assert next_play(first, gdy.CoreBot("search", seed=9)) == choice  # seeded: repeatable
