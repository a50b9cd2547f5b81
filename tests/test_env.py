"""The PettingZoo environment (guandan.learning.env): API conformance, masks, legality,
seeding, the tribute step and what an observation may contain."""

import doctest
import importlib
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="guandan.learning.env needs PettingZoo: pip install 'guandan-engine[env]'")
pytest.importorskip("gymnasium", reason="guandan.learning.env needs Gymnasium: pip install 'guandan-engine[env]'")

from pettingzoo.test import api_test  # noqa: E402

import guandan  # noqa: E402
import guandan.learning.encoding as encoding  # noqa: E402
import guandan.learning.env as genv  # noqa: E402
from guandan import Deal  # noqa: E402
from guandan.learning.actions import GIVE_BASE, NUM_ACTIONS, PASS, action_of, give_action  # noqa: E402
from guandan.gd.log import deal_log, replay  # noqa: E402

API_WARNINGS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def field(vector, name):
    for fname, start, size, _ in genv.FIELDS:
        if fname == name:
            return vector[start : start + size]
    raise KeyError(name)


def expected_actions(deal):
    """The legal actions, computed from the concrete legal moves."""
    if deal.phase in ("tribute", "return"):
        return {give_action(c) for c in deal.tribute_options()}
    if deal.phase != "play":
        return set()
    actions = {action_of(m) for m in deal.legal_moves()}
    if deal.can_pass():
        actions.add(PASS)
    return actions


def check_representatives(deal):
    """Each move action plays, among the legal moves of its (kind, size,
    rank), the first one with the fewest wild cards."""
    table = genv.legal_action_table(deal)
    legal = deal.legal_moves() if deal.phase == "play" else []
    for action, what in table.items():
        if action == PASS or action >= GIVE_BASE:
            continue
        group = [m for m in legal if action_of(m) == action]
        fewest = min(m.wilds for m in group)
        assert what == next(m for m in group if m.wilds == fewest)


def random_play(e, rng, check=None):
    """Play masked random actions until every agent is done; returns the actions taken."""
    taken = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        if check is not None:
            check(e, agent, obs, action)
        e.step(action)
        taken.append(action)
    return taken


# --- PettingZoo's own checks ------------------------------------------------


@pytest.mark.filterwarnings(*API_WARNINGS)
@pytest.mark.parametrize("ruleset", ["standard", "pagat", "app"])
def test_api_deal_mode(ruleset):
    api_test(genv.env(ruleset=ruleset, mode="deal"), num_cycles=1000)


@pytest.mark.filterwarnings(*API_WARNINGS)
def test_api_match_mode():
    api_test(genv.env(mode="match"), num_cycles=3000)


def test_docstring_examples():
    result = doctest.testmod(genv, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# --- actions and masks -------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["standard", "pagat", "app"])
def test_masks_allow_exactly_the_legal_actions(ruleset):
    e = genv.raw_env(ruleset=ruleset, mode="deal", level="random")
    rng = np.random.default_rng(1)
    for seed in range(3):
        e.reset(seed=seed)

        def check(e, agent, obs, action):
            deal = e.deal
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
            assert set(np.flatnonzero(mask)) == expected_actions(deal)
            check_representatives(deal)
            for other in e.agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()

        random_play(e, rng, check)


@pytest.mark.parametrize("mode", ["deal", "match"])
def test_random_masked_play_is_legal_to_the_end(mode):
    e = genv.env(ruleset="pagat" if mode == "match" else "standard", mode=mode)
    raw = e.unwrapped
    rng = np.random.default_rng(7)
    records = []

    def check(e, agent, obs, action):
        deal = raw.deal
        assert agent == f"seat_{deal.turn}"
        table = genv.legal_action_table(deal)
        assert action in table
        before = len(deal.history)
        # The step below must record exactly this action in this deal.
        records.append((deal, before, action, table[action]))

    e.reset(seed=3)
    random_play(e, rng, check)
    assert not e.agents
    for deal, index, action, what in records:
        event = deal.history[index]
        if action == PASS:
            assert event.kind == "pass"
        elif action >= GIVE_BASE:
            assert event.kind in ("tribute", "return") and event.card == what
        else:
            assert event.kind == "play" and event.move == what
    # Every deal played replays through the engine's own checks.
    deals = raw.match.deals if mode == "match" else [raw.deal]
    for deal in deals:
        assert deal.is_over
        assert replay(deal_log(deal)).finishing_order == deal.finishing_order
    if mode == "match":
        assert raw.match.is_over


def test_deal_rewards_are_the_levels_gained():
    e = genv.raw_env(ruleset="pagat", mode="deal")
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(6):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        deal = e.deal
        gained = {"1-2": 4, "1-3": 2, "1-4": 1}[deal.outcome]
        seen.add(deal.outcome)
        for seat in range(4):
            sign = 1 if seat % 2 == deal.winning_team else -1
            assert totals[f"seat_{seat}"] == sign * gained
    assert seen  # at least one outcome checked


def test_match_rewards_and_truncation():
    e = genv.raw_env(mode="match")
    e.reset(seed=2)
    random_play(e, np.random.default_rng(2))
    match = e.match
    assert match.is_over and len(match.deals) <= e.max_deals

    short = genv.raw_env(mode="match", max_deals=1)
    short.reset(seed=2)
    rewards = []
    for agent in short.agent_iter():
        obs, reward, terminated, truncated, info = short.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            rewards.append(reward)
            short.step(None)
        else:
            short.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(rewards) == 4 and len(short.match.deals) == 1 and not short.match.is_over


def test_illegal_actions(caplog):
    raw = genv.raw_env()
    raw.reset(seed=0)
    deal = raw.deal
    assert deal.phase == "tribute"
    with pytest.raises(ValueError, match="not legal"):
        raw.step(PASS)
    assert len(deal.history) == 0 and deal.phase == "tribute"
    wrapped = genv.env()
    wrapped.reset(seed=0)
    agent = wrapped.agent_selection
    wrapped.step(PASS)
    assert "Illegal move" in caplog.text
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


# --- seeding and the tribute step -------------------------------------------------


@pytest.mark.parametrize("mode", ["deal", "match"])
def test_seeding_is_reproducible(mode):
    def run(seed):
        e = genv.raw_env(mode=mode, max_deals=2)
        e.reset(seed=seed)
        hands = [str(h) for h in e.deal.initial_hands]
        observations = []

        def check(e, agent, obs, action):
            observations.append(obs["observation"].copy())

        actions = random_play(e, np.random.default_rng(0), check)
        return hands, actions, observations

    a, b, c = run(11), run(11), run(12)
    assert a[0] == b[0] and a[1] == b[1]
    assert all(np.array_equal(x, y) for x, y in zip(a[2], b[2]))
    assert a[0] != c[0]

    # reset(seed=None) continues the generator: the next deals differ.
    e = genv.raw_env(mode=mode)
    e.reset(seed=11)
    first = [str(h) for h in e.deal.initial_hands]
    e.reset()
    assert [str(h) for h in e.deal.initial_hands] != first


def tribute_seed(payments):
    """A seed whose deal starts with a tribute of ``payments`` payments."""
    e = genv.raw_env(mode="deal")
    for seed in range(100):
        e.reset(seed=seed)
        plan = e.deal.tribute
        if not plan.cancelled and len(plan.payments) == payments:
            return seed
    raise AssertionError(f"no seed below 100 gives {payments} payments")


@pytest.mark.parametrize("payments", [1, 2])
def test_tribute_is_paid_and_returned_through_give_actions(payments):
    e = genv.raw_env(mode="deal")
    e.reset(seed=tribute_seed(payments))
    deal = e.deal
    plan = deal.tribute
    assert deal.phase == "tribute" and len(plan.payments) == payments
    for payer, receiver in plan.payments:
        assert e.agent_selection == f"seat_{payer}" and deal.phase == "tribute"
        mask = e.observe(e.agent_selection)["action_mask"]
        assert all(a >= GIVE_BASE for a in np.flatnonzero(mask))
        e.step(int(np.flatnonzero(mask)[0]))
    for payer, receiver in plan.payments:
        assert deal.phase == "return" and e.agent_selection == f"seat_{receiver}"
        mask = e.observe(e.agent_selection)["action_mask"]
        options = {give_action(c) for c in deal.tribute_options()}
        assert set(np.flatnonzero(mask)) == options
        e.step(int(np.flatnonzero(mask)[-1]))
    assert deal.phase == "play"
    kinds = [ev.kind for ev in deal.history]
    assert kinds == ["tribute"] * len(plan.payments) + ["return"] * len(plan.payments)

    # Everyone sees the cards given, relative to their own seat.
    for seat in range(4):
        vector = e.observe(f"seat_{seat}")["observation"]
        given = field(vector, "tribute_given").reshape(4, 54)
        role = field(vector, "tribute_role").reshape(4, 2)
        to = field(vector, "tribute_to").reshape(4, 4)
        for event in deal.history:
            r = (event.seat - seat) % 4
            assert given[r, event.card.index] == 1
            assert role[r, 0 if event.kind == "tribute" else 1] == 1
            assert to[r, (event.to - seat) % 4] == 1
        assert given.sum() == len(deal.history)


# --- observations -----------------------------------------------------------------


def test_layout_is_documented_and_contiguous():
    start = 0
    for name, first, size, high in genv.FIELDS:
        assert first == start
        start += size
        assert f"``{name}``" in encoding.__doc__  # the layout is documented where it is built
        assert f"{first}..{first + size - 1}" in encoding.__doc__
    assert start == genv.OBSERVATION_SIZE == 502
    low, high = genv.observation_bounds()
    assert low.shape == high.shape == (502,)


@pytest.mark.parametrize("mode", ["deal", "match"])
def test_observation_content(mode):
    e = genv.raw_env(mode=mode, max_deals=3)
    e.reset(seed=5)
    space = e.observation_space("seat_0")

    def check(e, agent, obs, action):
        seat = int(agent[-1])
        deal = e.deal
        vector = obs["observation"]
        assert vector.dtype == np.int8 and space.contains(obs)
        source = e.match.observation(seat) if e.match is not None else deal.observation(seat)
        assert np.array_equal(vector, genv.encode_observation(source))
        hand = deal.hands[seat]
        assert np.array_equal(field(vector, "hand"), [hand.count(guandan.Card.from_index(k)) for k in range(54)])
        counts = field(vector, "card_counts")
        assert [counts[(s - seat) % 4] for s in range(4)] == deal.card_counts
        assert field(vector, "played").sum() + counts.sum() == 108
        assert field(vector, "turn")[0] == 1 and field(vector, "phase").sum() == 1
        if deal.last_play is None:
            assert not field(vector, "last_play_cards").any() and not field(vector, "last_player").any()
        else:
            assert field(vector, "last_play_cards").sum() == deal.last_play.size
            assert field(vector, "last_player")[(deal.last_player - seat) % 4] == 1
        match_part = np.concatenate([field(vector, n) for n in ("team_levels", "declarers", "failed_attempts")])
        if mode == "deal":
            assert not match_part.any()
        else:
            state = e.match.state
            levels = field(vector, "team_levels").reshape(2, 13)
            assert levels[0, guandan.RANKS.index(state.levels[seat % 2])] == 1
            assert levels[1, guandan.RANKS.index(state.levels[1 - seat % 2])] == 1
            assert field(vector, "declarers").sum() == (state.declarers is not None)

    random_play(e, np.random.default_rng(5), check)


def test_observation_does_not_depend_on_other_hands():
    """Two deals that differ only in the other seats' hands look the same to seat 0."""
    dealt = guandan.deal(21)
    others = sorted(dealt[1].cards + dealt[2].cards + dealt[3].cards, key=lambda c: c.index)
    rng = np.random.default_rng(0)
    shuffled = [others[i] for i in rng.permutation(len(others))]
    swapped = [dealt[0], guandan.Hand(shuffled[:27]), guandan.Hand(shuffled[27:54]), guandan.Hand(shuffled[54:])]
    assert [str(h) for h in swapped[1:]] != [str(h) for h in dealt[1:]]
    a = Deal(hands=dealt, leader=0)
    b = Deal(hands=swapped, leader=0)
    for _ in range(8):
        # Seat 0 leads its lowest single and the others pass: the same public
        # actions in both deals.
        assert np.array_equal(genv.encode_observation(a.observation(0)), genv.encode_observation(b.observation(0)))
        single = next(m for m in a.legal_moves() if m.kind == "single")
        for deal in (a, b):
            deal.play(single)
            for _ in range(3):
                deal.pass_turn()
    assert a.hands[0] == b.hands[0] and a.hands[1] != b.hands[1]
    assert np.array_equal(genv.encode_observation(a.observation(0)), genv.encode_observation(b.observation(0)))
    # The partner's view is different: its own hand differs.
    assert not np.array_equal(genv.encode_observation(a.observation(2)), genv.encode_observation(b.observation(2)))


# --- extras -------------------------------------------------------------------------


def test_concrete_moves_and_deal_access():
    e = genv.env(mode="deal")
    e.reset(seed=4)
    raw = e.unwrapped
    assert isinstance(raw.deal, Deal)
    while raw.deal.phase != "play":
        assert e.concrete_moves() == []
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    moves = e.concrete_moves()
    assert moves == raw.deal.legal_moves() and len(moves) > 0
    others = [a for a in e.agents if a != e.agent_selection]
    assert all(e.concrete_moves(a) == [] for a in others)


def test_render(capsys):
    e = genv.env(mode="match", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "seat_0" in text and "level 2" in text and "to act" in text
    human = genv.env(mode="deal", render_mode="human")
    human.reset(seed=1)
    assert "seat_3" in capsys.readouterr().out
    quiet = genv.env()
    quiet.reset(seed=1)
    assert quiet.render() is None


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode"):
        genv.env(mode="tournament")
    with pytest.raises(ValueError, match="max_deals"):
        genv.env(max_deals=0)
    with pytest.raises(ValueError, match="level"):
        genv.env(level="1")
    with pytest.raises(ValueError, match="ruleset"):
        genv.env(ruleset="house")


def test_without_pettingzoo_the_encoder_still_imports(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.setattr(sys.modules["guandan.learning"], "env", genv)
    monkeypatch.delitem(sys.modules, "guandan.learning.env")
    module = importlib.import_module("guandan.learning.env")
    assert module is not genv
    vector = module.encode_observation(Deal(seed=1).observation(0))
    assert vector.shape == (502,)
    with pytest.raises(ImportError, match="pip install"):
        module.raw_env()
