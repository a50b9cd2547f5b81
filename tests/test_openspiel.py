"""The OpenSpiel game (guandan.learning.openspiel): OpenSpiel's own random simulation
checks (with serialization), the registration, the chance nodes that deal,
returns, observations and serialization through the deal's text form."""

import importlib
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install open_spiel (or 'guandan-engine[openspiel]')")

import guandan  # noqa: E402
import guandan.learning.openspiel as gos  # noqa: E402
from guandan.learning.actions import GIVE_BASE, NUM_ACTIONS, PASS, action_of, give_action  # noqa: E402
from guandan.learning.encoding import encode_observation  # noqa: E402


def play_randomly(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            deal_randomly(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def deal_randomly(state, rng):
    """Sample the chance nodes until the deal starts."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def dealt_state(game, seed):
    return deal_randomly(game.new_initial_state(), np.random.default_rng(seed))


@pytest.mark.parametrize("ruleset", ["standard", "pagat", "app"])
def test_random_sim_test(ruleset):
    game = pyspiel.load_game("python_guandan", {"ruleset": ruleset})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_without_tribute_at_random_levels():
    game = pyspiel.load_game("python_guandan", {"tribute": False, "level": 0})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_registration_and_parameters():
    assert "python_guandan" in pyspiel.registered_names()
    game = pyspiel.load_game("python_guandan")
    assert isinstance(game, gos.GuandanGame)
    assert game.get_parameters() == {"ruleset": "standard", "tribute": True, "level": 2}
    assert game.num_players() == 4
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_game_length() == gos.MAX_GAME_LENGTH
    assert (game.min_utility(), game.max_utility()) == (-3.0, 3.0)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 54
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pagat = pyspiel.load_game("python_guandan(ruleset=pagat,level=14)")
    assert (pagat.min_utility(), pagat.max_utility()) == (-4.0, 4.0)
    for bad in ({"ruleset": "house"}, {"level": 1}, {"level": 15}, {"level": "2"}):
        with pytest.raises((ValueError, pyspiel.SpielError)):
            pyspiel.load_game("python_guandan", bad)


def test_legal_actions_and_returns():
    game = pyspiel.load_game("python_guandan")
    rng = np.random.default_rng(0)
    outcomes = set()
    for _ in range(4):
        state = deal_randomly(game.new_initial_state(), rng)
        assert state.deal.phase == "tribute"
        while not state.is_terminal():
            player = state.current_player()
            assert player == state.deal.turn
            actions = state.legal_actions()
            assert actions and actions == sorted(actions)
            deal = state.deal
            if deal.phase in ("tribute", "return"):
                assert set(actions) == {give_action(c) for c in deal.tribute_options()}
            else:
                expected = {action_of(m) for m in deal.legal_moves()} | ({PASS} if deal.can_pass() else set())
                assert set(actions) == expected
            for other in range(4):
                if other != player:
                    assert state.legal_actions(other) == []
            assert state.returns() == [0.0] * 4
            state.apply_action(int(rng.choice(actions)))
        returns = state.returns()
        assert sum(returns) == 0
        deal = state.deal
        gained = {"1-2": 3, "1-3": 2, "1-4": 1}[deal.outcome]
        outcomes.add(deal.outcome)
        assert returns == [gained if s % 2 == deal.winning_team else -gained for s in range(4)]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []
    assert outcomes


def test_action_strings():
    game = pyspiel.load_game("python_guandan")
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, guandan.Card("Ah").index) == "deal Ah to p0"
    state = dealt_state(game, 0)
    assert state.action_to_string(state.current_player(), PASS) == "pass"
    assert state.action_to_string(state.current_player(), GIVE_BASE + guandan.Card("Ah").index) == "give Ah"
    pair9 = action_of(guandan.classify("9s 9d", "2")[0])
    assert state.action_to_string(state.current_player(), pair9) == "pair 9"


def test_chance_nodes_deal_the_whole_deck():
    game = pyspiel.load_game("python_guandan", {"level": 0})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 13  # the level first
    rng = np.random.default_rng(4)
    state.apply_action(12)
    for _ in range(108):
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        outcomes, probs = zip(*outcomes)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    assert state.is_chance_node() and len(state.chance_outcomes()) == len(gos.PLACINGS) == 24
    state.apply_action(5)
    deal = state.deal
    assert deal.level == "A" and deal.previous_order == list(gos.PLACINGS[5])
    assert [len(h) for h in deal.initial_hands] == [27] * 4
    everything = guandan.Hand()
    for hand in deal.initial_hands:
        everything = everything + hand
    assert all(everything.count(guandan.Card.from_index(k)) == 2 for k in range(54))
    # The same chance outcomes give the same deal.
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.deal.to_text() == deal.to_text()


def test_serialization_goes_through_the_text_form():
    game = pyspiel.load_game("python_guandan", {"ruleset": "app"})
    rng = np.random.default_rng(6)
    state = dealt_state(game, 6)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.deal.to_text() == state.deal.to_text()
    assert state2.history() == state.history()
    assert state2.deal.events == state.deal.events
    for player in range(4):
        assert state2.information_state_string(player) == state.information_state_string(player)
    # A state still dealing serializes its chance outcomes.
    dealing = game.new_initial_state()
    for kind in (0, 53, 53):
        dealing.apply_action(kind)
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, dealing))
    assert str(back) == str(dealing) and back.chance_outcomes() == dealing.chance_outcomes()
    assert 53 not in dict(back.chance_outcomes())


def test_clone_is_independent():
    game = pyspiel.load_game("python_guandan")
    state = dealt_state(game, 3)
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    play_randomly(clone, np.random.default_rng(1))
    assert clone.is_terminal() and not state.is_terminal()
    assert len(state.deal.history) == 1


def test_observation_tensor_and_strings():
    game = pyspiel.load_game("python_guandan")
    state = dealt_state(game, 8)
    rng = np.random.default_rng(3)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for player in range(4):
        tensor = np.array(state.observation_tensor(player))
        assert np.array_equal(tensor, encode_observation(state.deal.observation(player)).astype(np.float32))
        text = state.information_state_string(player)
        assert str(state.deal.hands[player]) in text
        for other in range(4):
            if other != player:
                assert str(state.deal.hands[other]) not in text
                assert str(state.deal.hands[other]) not in state.observation_string(player)
    # Information states are the same for the same hand and public record.
    assert state.information_state_string(0) == state.clone().information_state_string(0)


def test_observers_for_other_observation_types():
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_guandan")
    state = dealt_state(game, 8)
    private_only = make_observation(
        game, pyspiel.IIGObservationType(public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    )
    private_only.set_from(state, 1)
    assert list(private_only.dict) == ["hand"] and private_only.tensor.sum() == 27
    public_only = make_observation(
        game, pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public_only.set_from(state, 1)
    assert "hand" not in public_only.dict and public_only.tensor.shape == (502 - 54,)
    everything = make_observation(
        game, pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    everything.set_from(state, 1)
    assert everything.dict["hands"].sum() == 108
    assert str(state.deal.hands[3]) in everything.string_from(state, 1)


def test_import_error_without_open_spiel(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "guandan.learning.openspiel")
    monkeypatch.setattr(sys.modules["guandan.learning"], "openspiel", gos)
    with pytest.raises(ImportError, match="pip install open_spiel"):
        importlib.import_module("guandan.learning.openspiel")
