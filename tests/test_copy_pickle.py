"""Copies and pickles of the game objects: Guandan's Deal, Match and
Observation, Gan Deng Yan's Deal, Game and Observation.

A copy (copy.copy, copy.deepcopy, .copy()) is independent: acting on it
leaves the original as it was, and the other way round. A pickle restores an
equal object (the same text form, events, legal moves and observations) that
plays on exactly like the original, under every pickle protocol from 2.
"""

from __future__ import annotations

import copy
import dataclasses
import multiprocessing
import operator
import pickle
import random

import pytest

import guandan
from guandan import Deal, Match, Observation, Ruleset, _core, gdy
from guandan.gd.bots import CoreBot
from random_play import play_deal, random_action

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)
COPIES = {"copy.copy": copy.copy, "copy.deepcopy": copy.deepcopy, "copy()": lambda obj: obj.copy()}

# A custom ruleset: what the text form holds of it must come back by name too.
HOUSE = Ruleset.preset("standard").replace(name="house", failed_attempts_limit=3, wild_with_joker=False,
                                           return_rule="any_but_received")


# --- Guandan deals ------------------------------------------------------------

def _mid_play(seed, ruleset="standard", steps=25):
    return play_deal(Deal(seed=seed, ruleset=ruleset), random.Random(seed), steps)


def _mid_tribute(seed):
    deal = Deal(seed=seed, previous_order=[1, 3, 0, 2], ruleset="pagat")
    if deal.phase == "tribute":
        deal.give(deal.tribute_options()[0])
    return deal


def _in_return(seed):
    deal = Deal(seed=seed, previous_order=[2, 0, 3, 1])
    while deal.phase == "tribute":
        deal.give(deal.tribute_options()[-1])
    return deal


def _after_tribute(seed):
    deal = Deal(seed=seed, previous_order=[0, 2, 1, 3], level="9", ruleset=HOUSE)
    return play_deal(deal, random.Random(seed), 12)  # the tribute, the return and some play


def _from_text(seed):
    # A position read from text with the events that led to it, then played on.
    before = _mid_play(seed, steps=10)
    deal = Deal.from_text(before.to_text(), events=before.events)
    return play_deal(deal, random.Random(seed + 1), 10)


def _given_hands(seed):
    deal = Deal(seed=seed, hands=["5s 5h 6s 6h 7s", "8s 8h 9s", "Ts Th Js Jh", "Qs Kh As"], leader=2)
    return play_deal(deal, random.Random(seed), 3)


POSITIONS = {
    "fresh": lambda: Deal(seed=3),
    "mid-play": lambda: _mid_play(11),
    "mid-play custom ruleset": lambda: _mid_play(12, ruleset=HOUSE),
    "mid-tribute": lambda: _mid_tribute(5),
    "in the return": lambda: _in_return(4),
    "after tribute, custom ruleset": lambda: _after_tribute(7),
    "after a cancelled tribute": lambda: _after_tribute(6),
    "from text with events": lambda: _from_text(7),
    "given hands and leader": lambda: _given_hands(8),
    "over": lambda: play_deal(Deal(seed=9, ruleset="app"), random.Random(9)),
}


def test_the_positions_are_what_they_say():
    deals = {name: make() for name, make in POSITIONS.items()}
    assert deals["fresh"].events == () and deals["mid-play"].phase == "play"
    assert deals["mid-play custom ruleset"].ruleset.name == "house"
    assert deals["mid-tribute"].phase == "tribute" and deals["mid-tribute"].events
    assert deals["in the return"].phase == "return"
    after = deals["after tribute, custom ruleset"]
    assert after.phase == "play" and after.tribute.returned and after.ruleset == HOUSE
    assert deals["after a cancelled tribute"].tribute.cancelled
    from_text = deals["from text with events"]
    assert from_text.start_text is not None and 0 < len(from_text.events_since_start) < len(from_text.events)
    assert deals["over"].is_over


def _observations(deal):
    return [deal.observation(seat) for seat in range(4)]


def _snapshot(deal):
    """Everything a deal shows, to compare a deal before and after."""
    return (deal.to_text(), deal.phase, deal.turn, deal.card_counts, deal.events, list(deal.legal_moves()),
            deal.tribute_options() if deal.phase in ("tribute", "return") else None, _observations(deal))


def _act(deal, seed=0):
    assert not deal.is_over
    random_action(deal, random.Random(seed))


def _same_deal(a, b):
    assert _snapshot(a) == _snapshot(b)
    assert a.ruleset == b.ruleset and a.ruleset.name == b.ruleset.name
    assert (a.seed, a.level, a.leader_given, a.previous_order) == (b.seed, b.level, b.leader_given, b.previous_order)
    assert (a.start_text, a.events_since_start, a.initial_hands) == (b.start_text, b.events_since_start, b.initial_hands)
    assert (a.face_up_card, a.tribute, a.finishing_order, a.placing) == (b.face_up_card, b.tribute, b.finishing_order,
                                                                         b.placing)


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("position", [p for p in POSITIONS if p != "over"])
def test_a_deal_copy_is_independent(position, how):
    original = POSITIONS[position]()
    twin = COPIES[how](original)
    assert type(twin) is Deal and twin is not original
    _same_deal(twin, original)
    before = _snapshot(original)
    _act(twin)
    assert _snapshot(original) == before
    assert _snapshot(twin) != before
    # And the other way round.
    twin_before = _snapshot(twin)
    _act(original, seed=1)
    assert _snapshot(twin) == twin_before


def test_deepcopy_keeps_shared_deals_shared():
    deal = _mid_play(4)
    pair = copy.deepcopy([deal, deal])
    assert pair[0] is pair[1] and pair[0] is not deal


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("position", POSITIONS)
def test_a_deal_pickles_to_an_equal_deal(position, protocol):
    original = POSITIONS[position]()
    restored = pickle.loads(pickle.dumps(original, protocol))
    _same_deal(restored, original)
    if original.is_over:
        return
    # It plays on exactly like the original, and independently of it.
    before = _snapshot(original)
    play_deal(restored, random.Random(protocol))
    assert _snapshot(original) == before
    play_deal(original, random.Random(protocol))
    _same_deal(restored, original)


def test_a_pickled_deal_keeps_what_the_core_policies_read():
    # The core's view carries what earlier passes and plays showed (its
    # evidence), which the text form leaves out: the search decides on it.
    differs_from_text = 0
    for seed in range(4):
        deal = Deal(seed=seed, previous_order=[0, 1, 2, 3] if seed % 2 else None)
        rng = random.Random(seed)
        while not deal.is_over:
            if deal.phase == "play" and rng.random() < 0.25:
                restored, from_text = pickle.loads(pickle.dumps(deal)), Deal.from_text(deal.to_text())
                moves, seat, can_pass = deal.legal_moves(), deal.turn, deal.can_pass()

                def choose(d):
                    return _core.policy_play("search", d.observation(seat).view, moves, can_pass, 7, 40)

                assert choose(restored) == choose(deal), deal.to_text()
                differs_from_text += choose(from_text) != choose(deal)
            random_action(deal, rng)
    # The positions do exercise it (a pickle through the text form alone would fail above).
    assert differs_from_text > 0


@pytest.mark.parametrize("protocol", [0, 1])
def test_protocols_that_cannot_hold_the_core_cards_are_refused(protocol):
    deal = _mid_play(2)
    for obj, name in ((deal, "Deal"), (Match(), "Match"), (deal.observation(0), "Observation")):
        with pytest.raises(ValueError, match=f"{name} is pickled with protocol 2 or higher, got protocol {protocol}"):
            pickle.dumps(obj, protocol)


def test_a_damaged_deal_pickle_is_refused():
    deal, other = _mid_play(3), _mid_play(4)
    state = deal.__getstate__()
    state["_text"] = other.to_text()
    with pytest.raises(ValueError, match="does not replay to its position"):
        Deal.__new__(Deal).__setstate__(state)
    state = deal.__getstate__()
    state["_history"] = state["_history"][:-3] + state["_history"][-2:]  # an event lost
    with pytest.raises(ValueError):
        Deal.__new__(Deal).__setstate__(state)


def test_a_custom_ruleset_pickles_alone():
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        restored = pickle.loads(pickle.dumps(HOUSE, protocol))
        assert restored == HOUSE and restored.name == "house"
        assert _core.ruleset_text(restored.core) == _core.ruleset_text(HOUSE.core)


def test_a_pool_of_processes_takes_deals_and_observations():
    # A fresh process (spawn) has never built the custom ruleset's core rules.
    deals = [_after_tribute(7), _mid_tribute(5)]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        texts = pool.map(operator.methodcaller("to_text"), deals)
        moves = pool.map(Deal.legal_moves, deals)
        observations = pool.map(operator.methodcaller("observation", 1), deals)
        rulesets = pool.map(operator.attrgetter("ruleset"), deals)
    assert texts == [d.to_text() for d in deals]
    assert [list(m) for m in moves] == [list(d.legal_moves()) for d in deals]
    assert observations == [d.observation(1) for d in deals]
    assert all(o.view is not None for o in observations)
    assert rulesets == [HOUSE, Ruleset.preset("pagat")]


# --- Guandan matches ----------------------------------------------------------

def _match(deals, ruleset=HOUSE, seed=2, steps=7):
    """A match after ``deals`` finished deals, ``steps`` actions into the next."""
    match = Match(ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(deals):
        play_deal(match.deal, rng)
        if match.next_deal() is None:
            break
    if not match.is_over:
        play_deal(match.deal, rng, steps)
    return match


def _match_snapshot(match):
    return (match.state, match.states, [_snapshot(d) for d in match.deals], match.is_over,
            [match.observation(seat) for seat in range(4)])


@pytest.mark.parametrize("how", COPIES)
def test_a_match_copy_is_independent(how):
    original = _match(3)
    twin = COPIES[how](original)
    assert type(twin) is Match
    assert _match_snapshot(twin) == _match_snapshot(original)
    before = _match_snapshot(original)
    play_deal(twin.deal, random.Random(1))
    twin.next_deal()
    assert _match_snapshot(original) == before
    assert len(twin.deals) == len(original.deals) + 1
    # And the other way round.
    twin_before = _match_snapshot(twin)
    play_deal(original.deal, random.Random(2), 5)
    assert _match_snapshot(twin) == twin_before


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_match_pickles_to_an_equal_match(protocol):
    original = _match(3, steps=1)  # the next deal in its tribute
    restored = pickle.loads(pickle.dumps(original, protocol))
    assert _match_snapshot(restored) == _match_snapshot(original)
    assert restored.ruleset == HOUSE and restored.seed == original.seed
    for a, b in zip(restored.deals, original.deals):
        _same_deal(a, b)
    # It plays on to the same end.
    for match in (original, restored):
        rng = random.Random(5)
        while not match.is_over and len(match.deals) < 12:
            play_deal(match.deal, rng)
            match.next_deal()
    assert _match_snapshot(restored) == _match_snapshot(original)


def test_a_won_match_pickles():
    match = Match("app", seed=1)
    rng = random.Random(1)
    while not match.is_over:
        play_deal(match.deal, rng)
        match.next_deal()
    restored = pickle.loads(pickle.dumps(match))
    assert restored.winner == match.winner and _match_snapshot(restored) == _match_snapshot(match)


# --- Guandan observations -----------------------------------------------------

@pytest.mark.parametrize("how", ["copy.copy", "copy.deepcopy"])
def test_an_observation_copy_is_equal_with_its_view(how):
    observation = _match(2).observation(3)
    twin = COPIES[how](observation)
    assert twin == observation and twin is not observation and twin.view is observation.view


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("position", POSITIONS)
def test_an_observation_pickles_to_an_equal_one(position, protocol):
    deal = POSITIONS[position]()
    for seat in range(4):
        observation = deal.observation(seat)
        restored = pickle.loads(pickle.dumps(observation, protocol))
        assert restored == observation
        assert restored.rules.name == observation.rules.name
        # The view is rebuilt where the core can decide from it: the seat to act's.
        if seat == deal.turn:
            assert restored.view is not None


def test_a_match_observation_pickles():
    observation = _match(3).observation(0)
    assert observation.levels is not None
    assert pickle.loads(pickle.dumps(observation)) == observation


def test_a_core_bot_plays_a_pickled_observation_as_the_original():
    # At the start of a deal nothing has been shown yet, so the rebuilt view
    # is the core's own.
    for seed in range(6):
        deal = Deal(seed=seed)
        observation = deal.observation(deal.turn)
        restored = pickle.loads(pickle.dumps(observation))
        for policy in ("rule", "search"):
            moves = deal.legal_moves()
            original = CoreBot(policy, seed=1, rollouts=50).choose_move(observation, moves, False)
            again = CoreBot(policy, seed=1, rollouts=50).choose_move(restored, moves, False)
            assert again == original


def test_an_observation_without_a_view_pickles_without_one():
    observation = dataclasses.replace(Deal(seed=1).observation(0), view=None)
    restored = pickle.loads(pickle.dumps(observation))
    assert restored == observation and restored.view is None


def test_a_subclass_of_observation_pickles_as_a_plain_observation():
    @dataclasses.dataclass(frozen=True)
    class Noted(Observation):
        note: str = "x"

    observation = _mid_play(5).observation(2)
    noted = Noted(**observation.field_values(), view=observation.view)
    for restored in (pickle.loads(pickle.dumps(noted)), copy.copy(noted), copy.deepcopy(noted)):
        assert type(restored) is Observation and restored == observation


# --- Gan Deng Yan ---------------------------------------------------------------

def _gdy_deal(players, seed, steps):
    deal = gdy.Deal(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_plays()))
    return deal


def _gdy_snapshot(deal):
    return (deal.players, deal.seed, deal.starter, deal.turn, deal.table, deal.last_player, deal.hands,
            deal.hand_sizes, deal.stock_left, deal.core.stock(), deal.bombs, deal.history, deal.is_over,
            deal.winner, deal.penalties, deal.legal_plays(), [deal.observation(s) for s in range(deal.players)])


GDY_DEALS = {
    "fresh": lambda: gdy.Deal(players=4, seed=1),
    "mid-play": lambda: _gdy_deal(3, 2, 9),
    "six players": lambda: _gdy_deal(6, 3, 20),
    "over": lambda: _gdy_deal(2, 4, 400),
}


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("position", [p for p in GDY_DEALS if p != "over"])
def test_a_gdy_deal_copy_is_independent(position, how):
    original = GDY_DEALS[position]()
    twin = COPIES[how](original)
    assert type(twin) is gdy.Deal and _gdy_snapshot(twin) == _gdy_snapshot(original)
    before = _gdy_snapshot(original)
    twin.play(twin.legal_plays()[-1])
    assert _gdy_snapshot(original) == before and _gdy_snapshot(twin) != before
    twin_before = _gdy_snapshot(twin)
    original.play(original.legal_plays()[0])
    assert _gdy_snapshot(twin) == twin_before


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("position", GDY_DEALS)
def test_a_gdy_deal_pickles_to_an_equal_deal(position, protocol):
    original = GDY_DEALS[position]()
    assert original.is_over == (position == "over")
    restored = pickle.loads(pickle.dumps(original, protocol))
    assert _gdy_snapshot(restored) == _gdy_snapshot(original)
    for deal in (original, restored):
        rng = random.Random(protocol)
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_plays()))
    assert _gdy_snapshot(restored) == _gdy_snapshot(original)


def test_a_damaged_gdy_pickle_is_refused():
    state = _gdy_deal(3, 2, 9).__getstate__()
    seat, word = state["actions"][3]
    state["actions"][3] = ((seat + 1) % 3, word)
    with pytest.raises(ValueError, match="does not replay"):
        gdy.Deal.__new__(gdy.Deal).__setstate__(state)


def _gdy_game(deals, steps, players=3, seed=5, target=100):
    game = gdy.Game(players=players, seed=seed, target=target)
    rng = random.Random(seed)
    for _ in range(deals):
        while not game.deal.is_over:
            game.deal.play(rng.choice(game.deal.legal_plays()))
        if game.next_deal() is None:
            return game
    for _ in range(steps):
        if game.deal.is_over:
            break
        game.deal.play(rng.choice(game.deal.legal_plays()))
    return game


def _game_state(game):
    return (game.players, game.seed, game.target, game.scores, game.is_over, game.winners,
            [_gdy_snapshot(d) for d in game.deals], _gdy_snapshot(game.deal))


GAMES = {
    "first deal": lambda: _gdy_game(0, 5),
    "after deals": lambda: _gdy_game(2, 6),
    "a deal finished, the next not started": lambda: _gdy_game(1, 400),
    "over": lambda: _gdy_game(100, 0, players=2, target=5),
}


@pytest.mark.parametrize("how", ["copy.copy", "copy.deepcopy"])
def test_a_gdy_game_copy_is_independent(how):
    original = _gdy_game(2, 6)
    twin = COPIES[how](original)
    assert type(twin) is gdy.Game and _game_state(twin) == _game_state(original)
    before = _game_state(original)
    while not twin.deal.is_over:
        twin.deal.play(twin.deal.legal_plays()[-1])
    twin.next_deal()
    assert _game_state(original) == before and len(twin.deals) == len(original.deals) + 1
    twin_before = _game_state(twin)
    original.deal.play(original.deal.legal_plays()[-1])
    assert _game_state(twin) == twin_before


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("position", GAMES)
def test_a_gdy_game_pickles_to_an_equal_game(position, protocol):
    original = GAMES[position]()
    assert original.is_over == (position == "over")
    restored = pickle.loads(pickle.dumps(original, protocol))
    assert _game_state(restored) == _game_state(original)
    for game in (original, restored):
        rng = random.Random(protocol)
        while not game.is_over:
            while not game.deal.is_over:
                game.deal.play(rng.choice(game.deal.legal_plays()))
            game.next_deal()
    assert _game_state(restored) == _game_state(original)


def test_a_gdy_observation_copies_and_pickles():
    observation = _gdy_deal(4, 6, 11).observation(2)
    assert observation.history  # a position with actions in it
    for twin in (copy.copy(observation), copy.deepcopy(observation)):
        assert twin == observation
    for protocol in PROTOCOLS:
        assert pickle.loads(pickle.dumps(observation, protocol)) == observation


def test_a_pool_of_processes_takes_gdy_deals():
    deals = [_gdy_deal(3, 2, 9), _gdy_game(2, 6).deal]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        plays = pool.map(gdy.Deal.legal_plays, deals)
        hands = pool.map(operator.attrgetter("hands"), deals)
    assert plays == [d.legal_plays() for d in deals] and hands == [d.hands for d in deals]



def test_a_search_decides_alike_from_an_unpickled_observation():
    # The core view travels whole, with the evidence of earlier passes and
    # plays that no field holds: a search reading it chooses the same.
    from guandan.gd.bots import RuleBot, SearchBot, step

    deal = guandan.Deal(seed=8, previous_order=[0, 1, 2, 3])
    bots = [RuleBot() for _ in range(4)]
    for _ in range(40):
        step(deal, bots)
    observation = deal.observation(deal.turn)
    copy = pickle.loads(pickle.dumps(observation))
    assert copy == observation and pickle.dumps(copy.view) == pickle.dumps(observation.view)
    moves, can_pass = deal.legal_moves(), deal.can_pass()
    choose = lambda o: SearchBot(seed=3, think_ms=0, rollouts=200).choose_move(o, moves, can_pass)  # noqa: E731
    assert choose(copy) == choose(observation)


def _view_with_a_record():
    from guandan.gd.bots import RuleBot, step

    deal = guandan.Deal(seed=1, previous_order=[0, 1, 2, 3])
    bots = [RuleBot() for _ in range(4)]
    for _ in range(30):
        step(deal, bots)
    return deal, deal.observation(deal.turn).view


def test_a_view_holds_the_deals_public_record():
    # Every action so far, tribute and return included; a position read from
    # its text form starts a record of its own.
    deal, view = _view_with_a_record()
    assert view.record_length == len(deal.history) == 30
    assert Deal.from_text(deal.to_text()).observation(deal.turn).view.record_length == 0
    # A view taken earlier keeps its own length as the deal goes on.
    from guandan.gd.bots import RuleBot, step

    step(deal, [RuleBot() for _ in range(4)])
    assert view.record_length == len(deal.history) - 1


def test_a_view_pickled_by_another_layout_is_refused():
    view = _view_with_a_record()[1]
    layout, fields, record = view.__getstate__()
    for state in [((layout[0] + 8, layout[1]), fields, record), (layout, fields[:-1], record),
                  (layout, fields, record[:-1]), (layout, fields), ()]:
        restored = guandan._core.PlayerView.__new__(guandan._core.PlayerView)
        with pytest.raises((ValueError, TypeError)):
            restored.__setstate__(state)


def test_a_view_with_a_damaged_record_is_refused():
    # The record names seats and cards the search indexes by: an action no
    # deal makes is refused when the view comes in, not read out of bounds.
    layout, fields, record = _view_with_a_record()[1].__getstate__()
    size = layout[1]
    restored = guandan._core.PlayerView.__new__(guandan._core.PlayerView)
    restored.__setstate__((layout, fields, record))
    assert restored.record_length == len(record) // size
    for offset, value in [(0, 200), (1, 9), (2, 9)]:  # the type, the seat, the other seat of the first action
        damaged = bytearray(record)
        damaged[offset] = value
        with pytest.raises(ValueError, match="damaged PlayerView pickle: a recorded"):
            guandan._core.PlayerView.__new__(guandan._core.PlayerView).__setstate__((layout, fields, bytes(damaged)))


