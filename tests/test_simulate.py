"""Batch simulation in the core: determinism, starting positions, and the
random policy's playout checked step by step against the Python Deal API."""

import guandan
import numpy as np
import pytest
from guandan import _core
from reference.deal import Rng


def test_same_results_whatever_the_threads_and_chunks():
    one = guandan.simulate(1500, policy="rule", ruleset="pagat", seed=11, threads=1)
    two = guandan.simulate(1500, policy="rule", ruleset="pagat", seed=11, threads=2, chunk=97)
    for name, column in one.arrays().items():
        assert np.array_equal(column, two.arrays()[name]), name
    other = guandan.simulate(1500, policy="rule", ruleset="pagat", seed=12)
    assert not np.array_equal(one.placing, other.placing)


def test_runs_split_by_first_index_merge_to_the_whole():
    whole = guandan.simulate(600, seed=5, threads=2)
    parts = [guandan.simulate(200, seed=5, first=k * 200) for k in range(3)]
    merged = guandan.DealResults.concatenate(parts)
    for name, column in whole.arrays().items():
        assert np.array_equal(column, merged.arrays()[name]), name


def test_result_columns_are_consistent():
    for ruleset in guandan.PRESET_NAMES:
        rules = guandan.Ruleset.preset(ruleset)
        r = guandan.simulate(2000, policy="random", ruleset=ruleset, seed=3, threads=2)
        assert set(np.unique(r.partner_place)) <= {1, 2, 3}
        assert np.array_equal(r.winning_team, r.placing[:, 0] % 2)
        assert np.array_equal(r.levels_gained, np.array(rules.advance)[r.partner_place - 1])
        assert np.all(np.sort(r.placing, axis=1) == np.arange(4))
        partner_index = np.argmax(r.placing == (r.placing[:, :1] ^ 2), axis=1)
        assert np.array_equal(partner_index, r.partner_place)
        assert set(np.unique(r.tribute)) <= {1, 2, 3}
        if rules.tribute_payers == "last_only":
            assert 2 not in set(np.unique(r.tribute))
        assert r.plays.min() >= 4 and (r.bombs <= r.plays).all()


def test_no_tribute_and_fixed_positions():
    r = guandan.simulate(300, tribute=False, seed=1)
    assert set(np.unique(r.tribute)) == {0}
    # Seat 0 holds a single card and leads: it is always out first.
    r = guandan.simulate(200, hands={0: "As"}, sizes=[1, 5, 5, 5], tribute=False, leader=0, policy="rule")
    assert (r.placing[:, 0] == 0).all()
    # Four jokers and two pairs of aces in 10 cards against 10 random cards each.
    r = guandan.simulate(500, hands=["SJ SJ BJ BJ As As Ac Ac Ad Ad", None, None, None], sizes=[10] * 4, tribute=False, leader=0, policy="rule")
    assert (r.winning_team == 0).mean() > 0.9


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        guandan.simulate(1, policy="clever")
    with pytest.raises(ValueError, match="one per seat"):
        guandan.simulate(1, policy=["rule", "random"])
    with pytest.raises(ValueError, match="more than twice"):
        guandan.simulate(1, hands={0: "As As", 1: "As"})
    with pytest.raises(ValueError, match="seed"):
        guandan.simulate(1, seed=-3)
    with pytest.raises(ValueError, match="threads"):
        guandan.simulate(1, threads=0)
    with pytest.raises(ValueError, match="unknown ruleset"):
        guandan.simulate(1, ruleset="nope")


def test_seats_without_cards_are_rejected():
    # A seat with no cards would be out before the deal starts: every path
    # that sets up a position says so (this one crashed the process once).
    with pytest.raises(ValueError, match="seat 0 has no cards"):
        guandan.simulate(10, hands={0: ""}, sizes=[0, 0, 0, 0], tribute=False)
    with pytest.raises(ValueError, match="no cards"):
        guandan.simulate(10, sizes=[5, 0, 5, 5], tribute=False)
    with pytest.raises(ValueError, match="seat 2 has no cards"):
        guandan.simulate(10, hands=["As", None, "", None], sizes=[1, 5, 5, 5], tribute=False)
    with pytest.raises(ValueError, match="1..27"):
        guandan.simulate(10, sizes=[28, 27, 27, 26])
    with pytest.raises(ValueError, match="sizes has one entry per seat"):
        guandan.simulate(10, sizes=[5, 5, 5])
    with pytest.raises(TypeError, match="sizes"):
        guandan.simulate(10, sizes=[5, 5, 5, "5"])
    with pytest.raises(ValueError, match="one entry per seat"):
        guandan.simulate(10, hands=["As", None])
    with pytest.raises(TypeError, match="hands"):
        guandan.simulate(10, hands=5)


def test_leader_only_without_a_tribute():
    # With a tribute the leader is decided by it; a given leader used to be
    # ignored (and this very call hung once).
    with pytest.raises(ValueError, match="only with tribute=False"):
        guandan.simulate(10, hands={0: "As"}, leader=1)
    for leader in (-1, 4, 10**20):
        with pytest.raises(ValueError, match="leader"):
            guandan.simulate(10, tribute=False, leader=leader)
    with pytest.raises(TypeError, match="leader"):
        guandan.simulate(10, tribute=False, leader="1")
    r = guandan.simulate(20, hands={1: "As"}, sizes=[27, 1, 27, 27], tribute=False, leader=1, policy="rule")
    assert (r.placing[:, 0] == 1).all()  # one card and the lead: out first


def test_sizes_without_fixed_hands_are_used():
    # Sizes alone (no fixed hands) deal those sizes rather than a full deal.
    r = guandan.simulate(100, sizes=[1, 27, 27, 27], tribute=False, leader=0, policy="rule")
    assert (r.placing[:, 0] == 0).all()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"threads": 10**6}, ValueError, "threads must be 1..256"),
    ({"threads": 257}, ValueError, "threads"),
    ({"threads": 2.0}, TypeError, "threads"),
    ({"chunk": 0}, ValueError, "chunk"),
    ({"chunk": -5}, ValueError, "chunk"),
    ({"chunk": "64"}, TypeError, "chunk"),
    ({"search_rollouts": 0}, ValueError, "search_rollouts"),
    ({"search_rollouts": -4}, ValueError, "search_rollouts"),
    ({"search_rollouts": 2**31 - 1}, ValueError, "search_rollouts must be 1..1,000,000"),
    ({"search_rollouts": None}, TypeError, "search_rollouts"),
    ({"first": -1}, ValueError, "first"),
    ({"first": 2**64 - 5}, ValueError, "first \\+ n"),
    ({"policy": 5}, TypeError, "policy"),
    ({"policy": ["rule", "rule", "rule", 3]}, TypeError, "policy"),
    ({"policy": "Clever"}, ValueError, "unknown bot 'clever'"),
    ({"policy": "rule:depth=2"}, ValueError, "rule has no option 'depth'"),
    ({"policy": "no_such_module:Bot"}, ValueError, "cannot import module 'no_such_module'"),
    ({"tribute": "yes"}, TypeError, "tribute"),
    ({"progress": 5}, TypeError, "progress"),
])
def test_argument_ranges(kwargs, error, match):
    with pytest.raises(error, match=match):
        guandan.simulate(10, **kwargs)


def test_number_of_deals_range():
    for n in (-1, 10**9 + 1):
        with pytest.raises(ValueError, match="number to simulate"):
            guandan.simulate(n)
    for n in (1.5, "10", True):
        with pytest.raises(TypeError, match="number to simulate"):
            guandan.simulate(n)
    assert len(guandan.simulate(0)) == 0 and len(guandan.simulate(np.int64(3))) == 3
    with pytest.raises(ValueError, match="threads"):
        guandan.simulate_matches(2, threads=0)
    with pytest.raises(ValueError, match="chunk"):
        guandan.simulate_matches(2, chunk=0)


def test_policy_names_come_from_the_core():
    assert guandan.simulate.__module__ == "guandan.gd.simulate"
    from guandan.gd.simulate import POLICIES

    assert POLICIES == tuple(_core.policy_names())
    assert {"random", "rule", "search"} <= set(POLICIES)


def _columns(n):
    from guandan.common.columns import allocate_columns
    from guandan.gd.simulate import _DEAL_COLUMNS

    return allocate_columns(_DEAL_COLUMNS, n)


def test_private_kernel_refuses_columns_it_cannot_write_in_place():
    setup = _core.SimulationSetup(rules=guandan.Ruleset.preset("standard").core, seed=1, policies=["random"] * 4,
                                  level=0, tribute=True, fixed=[None] * 4, sizes=[27] * 4, leader=-1)
    columns = _columns(10)
    _core.simulate_deals(setup, 0, 10, columns, 0, 1)
    assert (columns["plays"] > 0).all()
    # A list would be converted to a temporary array, freed before the core
    # wrote into it: refused, as is any other dtype or layout.
    for name, bad in [("plays", [0] * 10), ("plays", np.zeros(10, np.int32)), ("placing", np.zeros((4, 10), np.int8).T)]:
        broken = dict(columns, **{name: bad})
        with pytest.raises(TypeError, match=f"column {name}"):
            _core.simulate_deals(setup, 0, 10, broken, 0, 1)
    readonly = dict(columns)
    readonly["bombs"] = columns["bombs"].copy()
    readonly["bombs"].flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        _core.simulate_deals(setup, 0, 10, readonly, 0, 1)
    with pytest.raises(ValueError, match="missing"):
        _core.simulate_deals(setup, 0, 10, {k: v for k, v in columns.items() if k != "tribute"}, 0, 1)
    # Rows past the end, including a row + count that wraps around 2**64.
    for row, count in [(5, 6), (11, 0), (2**64 - 1, 2), (1, 2**64 - 1)]:
        with pytest.raises(ValueError, match="no rows"):
            _core.simulate_deals(setup, 0, count, columns, row, 1)
    with pytest.raises(ValueError, match="threads"):
        _core.simulate_deals(setup, 0, 10, columns, 0, 10**6)
    with pytest.raises(ValueError, match="search_rollouts"):
        _core.SimulationSetup(rules=guandan.Ruleset.preset("standard").core, seed=1, policies=["search"] * 4,
                              level=0, tribute=True, fixed=[None] * 4, sizes=[27] * 4, leader=-1, search_rollouts=0)


def test_progress_moves_within_one_chunk():
    # One chunk of search deals: progress arrives deal by deal, not at the end.
    seen = []
    guandan.simulate(6, policy="search", search_rollouts=200, seed=3, threads=2, chunk=6,
                     progress=lambda done, total: seen.append(done))
    assert seen[-1] == 6
    assert any(0 < d < 6 for d in seen), seen


def test_search_policy_gives_the_same_rows_on_any_thread_count():
    one = guandan.simulate(6, policy=["search", "rule", "search", "rule"], search_rollouts=60, seed=4, threads=1)
    two = guandan.simulate(6, policy=["search", "rule", "search", "rule"], search_rollouts=60, seed=4, threads=2, chunk=4)
    for name, column in one.arrays().items():
        assert np.array_equal(column, two.arrays()[name]), name


def test_matches():
    for ruleset in guandan.PRESET_NAMES:
        m = guandan.simulate_matches(150, policy="rule", ruleset=ruleset, seed=2, threads=2)
        assert set(np.unique(m.winner)) <= {0, 1}
        winners_level = m.final_levels[np.arange(len(m)), m.winner]
        assert (winners_level == 12).all(), "a match is won at A"
        assert (m.deals >= 2).all() and (m.double_wins <= m.deals).all()
        again = guandan.simulate_matches(150, policy="rule", ruleset=ruleset, seed=2, threads=1)
        assert np.array_equal(m.winner, again.winner) and np.array_equal(m.plays, again.plays)


def python_random_playout(seed, ruleset, level="2"):
    """The random policy's deal, re-played through the Python Deal API with
    the specified generator (cpp/src/tools/simulate.cpp, cpp/src/bots/registry.cpp)."""
    deal_seed = _core.match_deal_seed(seed, 0)
    rng = Rng(deal_seed)
    placing = [0, 1, 2, 3]
    for i in range(3, 0, -1):
        j = rng.bounded(i + 1)
        placing[i], placing[j] = placing[j], placing[i]
    deal = guandan.Deal(seed=deal_seed, level=level, ruleset=ruleset, previous_order=placing)
    choices = Rng(deal_seed ^ 0xA5A5A5A5A5A5A5A5)
    plays = passes = 0
    while not deal.is_over:
        if deal.phase in ("tribute", "return"):
            options = deal.tribute_options()
            deal.give(options[choices.bounded(len(options))])
            continue
        moves = deal.legal_moves()
        k = choices.bounded(len(moves) + (1 if deal.can_pass() else 0))
        if k == len(moves):
            deal.pass_turn()
            passes += 1
        else:
            deal.play(moves[k])
            plays += 1
    return deal.placing, plays, passes


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_core_random_playout_matches_python_deal_step_by_step(ruleset):
    for seed in range(25):
        result = guandan.simulate(1, policy="random", ruleset=ruleset, seed=seed)
        placing, plays, passes = python_random_playout(seed, ruleset)
        assert list(result.placing[0]) == placing
        assert (result.plays[0], result.passes[0]) == (plays, passes)


def test_simulate_command(tmp_path, capsys):
    from guandan.cli import main

    out = tmp_path / "run.npz"
    assert main(["simulate", "--deals", "3000", "--policy", "rule", "--threads", "2", "--seed", "7", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert "3,000 deals" in printed.out and "95% interval" in printed.out and "1-2 (double win)" in printed.out
    assert "Simulating 3,000 deals" in printed.err  # the progress bar
    saved = np.load(out)
    again = guandan.simulate(3000, policy="rule", seed=7)
    assert np.array_equal(saved["placing"], again.placing)
    assert main(["simulate", "--matches", "40", "--policy", "rule,random,rule,random", "--quiet"]) == 0
    assert "40 matches" in capsys.readouterr().out


def test_wilson_interval():
    from guandan.gd.summary import wilson_interval

    low, high = wilson_interval(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_an_error_in_progress_stops_the_run():
    calls = []

    def progress(done, total):
        calls.append(done)
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        guandan.simulate(10**6, policy="rule", threads=2, chunk=10**6, progress=progress)
    assert len(calls) == 1 and calls[0] < 10**6


# --- fuzz: any argument either works or is refused with a clear error ------

from hypothesis import event, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ANY = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True), st.text(max_size=4),
                 st.lists(st.integers(-3, 30), max_size=5))
_SEATS = st.one_of(st.none(), st.lists(st.sampled_from(["As", "Kd", "SJ", "BJ", "2h", "Tc", "9s"]), max_size=5).map(" ".join),
                   st.text("AKQJT98765432shcdSJB ", max_size=8))


@st.composite
def _simulate_arguments(draw):
    """Arguments in or near their ranges, with at most one replaced by anything."""
    kwargs = {
        "n_deals": draw(st.integers(-1, 3)),
        "policy": draw(st.one_of(st.sampled_from(["random", "rule", "search"]),
                                 st.lists(st.sampled_from(["random", "rule", "rule", "x"]), min_size=4, max_size=4))),
        "threads": draw(st.integers(0, 3)),
        "chunk": draw(st.integers(0, 3)),
        "search_rollouts": draw(st.integers(0, 12)),
        "sizes": draw(st.one_of(st.none(), st.lists(st.integers(0, 28), min_size=4, max_size=4))),
        "hands": draw(st.one_of(st.none(), st.dictionaries(st.integers(0, 3), _SEATS, max_size=3))),
        "leader": draw(st.one_of(st.none(), st.integers(-1, 4))),
        "tribute": draw(st.booleans()),
        "first": draw(st.one_of(st.integers(0, 5), st.integers(2**64 - 3, 2**64 + 1))),
    }
    replaced = draw(st.one_of(st.none(), st.sampled_from(sorted(kwargs))))
    if replaced is not None:
        kwargs[replaced] = draw(_ANY)
    return kwargs


@given(_simulate_arguments())
def test_simulate_arguments_work_or_are_refused(kwargs):
    try:
        r = guandan.simulate(**kwargs)
    except (ValueError, TypeError) as error:
        assert str(error)  # says what is wrong
        event(f"refused: {type(error).__name__}")
        return
    event("played")
    assert len(r) == kwargs["n_deals"] and (r.partner_place >= 1).all() and (r.partner_place <= 3).all()
