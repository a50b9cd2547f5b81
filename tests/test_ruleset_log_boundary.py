"""The ruleset and log boundaries: one schema in C++ and Python, documented
ranges checked on both sides, overflow-safe match transitions, and a log
replay that refuses any log it cannot reproduce field for field."""

import copy
import dataclasses
import json
import random

import guandan
import pytest
from guandan import _core
from guandan.gd.log import LOG_VERSION, ReplayError, _digest, deal_log, dumps, match_log, replay
from guandan.gd.names import KIND_NAMES, LEVEL_NAMES, OUTCOME_NAMES, PHASE_NAMES, RANK_NAMES
from guandan.gd.ruleset import CORE_FIELDS, MAX_ADVANCE, MAX_FAILED_ATTEMPTS_LIMIT, Ruleset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import play_deal

STANDARD = Ruleset.preset("standard")


def custom_rulesets():
    choices = {field: st.sampled_from(allowed) for field, allowed in _core.Rules.CHOICES.items()}
    advance = st.lists(st.integers(0, MAX_ADVANCE), min_size=3, max_size=3).map(lambda a: tuple(sorted(a, reverse=True)))
    return st.builds(
        Ruleset,
        name=st.text(min_size=1, max_size=8).filter(lambda n: n.strip() and n.lower() not in guandan.gd.ruleset.PRESET_NAMES),
        advance=advance,
        failed_attempts_limit=st.none() | st.integers(1, MAX_FAILED_ATTEMPTS_LIMIT),
        tribute_wild_allowed=st.booleans(),
        all_aces_defeat=st.booleans(),
        wild_with_joker=st.booleans(),
        **choices,
    )


# --- one schema ------------------------------------------------------------


def test_core_fields_are_the_python_fields_but_the_name():
    assert set(CORE_FIELDS) == {f.name for f in dataclasses.fields(Ruleset)} - {"name"}


def test_python_choice_types_spell_the_core_enumerators():
    from typing import get_args

    literals = {
        "deal_end": guandan.gd.ruleset.DealEnd,
        "tribute_payers": guandan.gd.ruleset.TributePayers,
        "tribute_cancel": guandan.gd.ruleset.TributeCancel,
        "return_rule": guandan.gd.ruleset.ReturnRule,
        "leader_after_tribute": guandan.gd.ruleset.LeaderAfterTribute,
        "match_win": guandan.gd.ruleset.MatchWin,
    }
    assert {field: get_args(literal) for field, literal in literals.items()} == _core.Rules.CHOICES


@settings(max_examples=60, deadline=None)
@given(custom_rulesets())
def test_core_carries_every_field_by_the_same_name_and_value(ruleset):
    core = ruleset.core
    for field in CORE_FIELDS:
        assert getattr(core, field) == getattr(ruleset, field), field


@pytest.mark.parametrize("name", guandan.gd.ruleset.PRESET_NAMES)
def test_presets_reach_the_core_unchanged(name):
    ruleset = Ruleset.preset(name)
    assert {f: getattr(ruleset.core, f) for f in CORE_FIELDS} == {f: getattr(ruleset, f) for f in CORE_FIELDS}


# --- ranges ----------------------------------------------------------------

BAD_FIELDS = [
    # The reproducers: advance that moved winners back from K to Q, or gave
    # levels_gained == -56; failed attempts far beyond any match.
    ({"advance": (2**31 - 1, 0, 0)}, ValueError, "advance"),
    ({"advance": (200, 100, 50)}, ValueError, "advance"),
    ({"advance": (13, 0, 0)}, ValueError, "advance"),
    ({"advance": (3, 2, -1)}, ValueError, "advance"),
    ({"advance": (1, 2, 3)}, ValueError, "advance"),
    ({"advance": (3, 2)}, ValueError, "advance"),
    ({"advance": (3.0, 2, 1)}, TypeError, "advance"),
    ({"advance": (True, 0, 0)}, TypeError, "advance"),
    ({"advance": "321"}, TypeError, "advance"),
    ({"failed_attempts_limit": 2**40}, ValueError, "failed_attempts_limit"),
    ({"failed_attempts_limit": MAX_FAILED_ATTEMPTS_LIMIT + 1}, ValueError, "failed_attempts_limit"),
    ({"failed_attempts_limit": 0}, ValueError, "failed_attempts_limit"),
    ({"failed_attempts_limit": -3}, ValueError, "failed_attempts_limit"),
    ({"failed_attempts_limit": True}, TypeError, "failed_attempts_limit"),
    ({"failed_attempts_limit": "3"}, TypeError, "failed_attempts_limit"),
    ({"name": 5}, TypeError, "name"),
    ({"name": ""}, ValueError, "name"),
    ({"name": None}, TypeError, "name"),
    ({"wild_with_joker": 1}, TypeError, "wild_with_joker"),
    ({"all_aces_defeat": None}, TypeError, "all_aces_defeat"),
    ({"tribute_wild_allowed": "no"}, TypeError, "tribute_wild_allowed"),
    ({"deal_end": 1}, TypeError, "deal_end"),
    ({"match_win": "first_out"}, ValueError, "match_win"),
]


@pytest.mark.parametrize("change, error, field", BAD_FIELDS)
def test_out_of_range_or_mistyped_fields_are_refused_in_python(change, error, field):
    with pytest.raises(error, match=field):
        STANDARD.replace(**change)


@pytest.mark.parametrize("change, error, field", [b for b in BAD_FIELDS if "name" not in b[0]])
def test_out_of_range_or_mistyped_fields_are_refused_by_the_core(change, error, field):
    # The binding checks on its own, for callers of the private core.
    fields = {f: getattr(STANDARD, f) for f in CORE_FIELDS}
    with pytest.raises(error, match=field):
        _core.Rules(**{**fields, **change})


@pytest.mark.parametrize(
    "data",
    [
        None,
        "standard",
        [1, 2],
        {**STANDARD.to_dict(), "advance": "321"},
        {**STANDARD.to_dict(), "advance": [3, 2, "1"]},
        {**STANDARD.to_dict(), "name": 7},
        {**STANDARD.to_dict(), "failed_attempts_limit": 2.5},
        {**STANDARD.to_dict(), "wild_with_joker": "true"},
        {**STANDARD.to_dict(), "extra": 1},
    ],
)
def test_from_dict_refuses_wrong_types(data):
    with pytest.raises((TypeError, ValueError)):
        Ruleset.from_dict(data)


small = st.integers(-3, 20)
any_values = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=8)
    | st.lists(st.integers(-(2**40), 2**40), max_size=4)
    | st.tuples(small, small, small)
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([f.name for f in dataclasses.fields(Ruleset)]), any_values)
def test_any_field_value_is_accepted_in_range_or_refused_cleanly(field, value):
    # Python and the core agree: what one accepts the other accepts.
    try:
        ruleset = STANDARD.replace(name="fuzz", **{field: value})
    except (TypeError, ValueError):
        return
    assert {f: getattr(ruleset.core, f) for f in CORE_FIELDS} == {f: getattr(ruleset, f) for f in CORE_FIELDS}
    assert all(0 <= a <= MAX_ADVANCE for a in ruleset.advance)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CORE_FIELDS), any_values)
def test_the_core_refuses_bad_values_cleanly(field, value):
    fields = {f: getattr(STANDARD, f) for f in CORE_FIELDS}
    try:
        rules = _core.Rules(**{**fields, field: value})
    except (TypeError, ValueError):
        return
    # Accepted only what Python accepts too.
    assert STANDARD.replace(name="fuzz", **{field: getattr(rules, field)}).core.advance == rules.advance


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([f.name for f in dataclasses.fields(Ruleset)] + ["other"]), any_values) | any_values)
def test_from_dict_of_anything_raises_only_type_or_value_errors(data):
    try:
        Ruleset.from_dict(data)
    except (TypeError, ValueError):
        pass


def test_a_preset_name_means_that_preset():
    with pytest.raises(ValueError, match="failed_attempts_limit"):
        STANDARD.replace(failed_attempts_limit=3)
    with pytest.raises(ValueError, match="pagat"):
        STANDARD.replace(name="Pagat")
    assert STANDARD.replace(name="house", failed_attempts_limit=3).failed_attempts_limit == 3
    assert Ruleset.from_dict(Ruleset.preset("app").to_dict()) == Ruleset.preset("app")


def test_range_limits_are_accepted():
    edge = STANDARD.replace(name="edge", advance=(MAX_ADVANCE, MAX_ADVANCE, 0), failed_attempts_limit=MAX_FAILED_ATTEMPTS_LIMIT)
    assert edge.core.advance == (12, 12, 0) and edge.core.failed_attempts_limit == 100
    assert Ruleset.from_dict(edge.to_dict()) == edge


@settings(max_examples=150, deadline=None)
@given(
    custom_rulesets(),
    st.tuples(st.sampled_from(LEVEL_NAMES), st.sampled_from(LEVEL_NAMES)),
    st.sampled_from([None, 0, 1]),
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)),
    st.permutations(range(4)),
    st.integers(1, 4),
)
def test_next_match_state_never_moves_winners_back_or_past_ace(ruleset, levels, declarers, attempts, order, out):
    state = guandan.MatchState(levels=levels, declarers=declarers, failed_attempts=attempts)
    after = guandan.next_match_state(state, order[:out], None, ruleset)
    winners = order[0] % 2
    before, now = LEVEL_NAMES.index(levels[winners]), LEVEL_NAMES.index(after.levels[winners])
    if after.winner is None and not (declarers == winners and levels[winners] == "A" and now == 0):
        outcome = OUTCOME_NAMES[min([i for i in range(1, out) if order[i] == order[0] ^ 2] or [3]) - 1]
        assert now == min(before + ruleset.levels_gained(outcome), 12)
    assert all(0 <= a <= 10**6 for a in after.failed_attempts)


def test_advance_cannot_wrap_a_level_any_more():
    # (2**31-1, 0, 0) used to take the winners from K down to Q; the most a
    # ruleset may now give takes them to A.
    most = STANDARD.replace(name="most", advance=(12, 12, 12))
    after = guandan.next_match_state(guandan.MatchState(levels=("K", "2"), declarers=0), [0, 2], None, most)
    assert after.levels == ("A", "2")


@pytest.mark.parametrize(
    "attempts, error", [((2**40, 0), ValueError), ((-1, 0), ValueError), ((10**6 + 1, 0), ValueError), (("1", 0), TypeError)]
)
def test_next_match_state_refuses_out_of_range_attempts(attempts, error):
    with pytest.raises(error, match="failed_attempts"):
        _core.next_match_state([12, 0], 0, list(attempts), -1, [1, 3], None, STANDARD.core)


def test_failed_attempts_saturate_without_a_limit():
    state = guandan.MatchState(levels=("A", "2"), declarers=0, failed_attempts=(10**6, 0))
    after = guandan.next_match_state(state, [1, 3], None, STANDARD)
    assert after.failed_attempts == (10**6, 0) and after.levels == ("A", "5")


def test_simulated_levels_gained_follow_the_advance_table():
    ruleset = STANDARD.replace(name="steep", advance=(12, 6, 0))
    results = guandan.simulate(60, seed=3, ruleset=ruleset)
    assert set(results.levels_gained.tolist()) <= {12, 6, 0}
    assert (results.levels_gained == [ruleset.levels_gained(o) for o in results.outcome]).all()


def test_levels_gained_refuses_what_is_not_an_outcome():
    with pytest.raises(ValueError, match="outcome"):
        STANDARD.levels_gained(None)
    assert [STANDARD.levels_gained(o) for o in OUTCOME_NAMES] == [3, 2, 1]


# --- one name table each -----------------------------------------------------


def test_name_tables_are_the_cores():
    assert RANK_NAMES[:13] == guandan.RANKS == LEVEL_NAMES and RANK_NAMES[13:] == ("SJ", "BJ")
    batch = guandan.legal_moves_batch([guandan.Hand("SJ SJ BJ BJ 3s 4s 5s 6s 7s 8s 8h 8c 8d")], levels=["2"])
    kinds = {batch.move(0, i).kind: int(k) for i, k in enumerate(batch.kind)}
    assert len(kinds) >= 6 and all(KIND_NAMES[index] == name for name, index in kinds.items())
    ranks = {batch.move(0, i).rank: int(r) for i, r in enumerate(batch.rank)}
    assert all(RANK_NAMES[index] == name for name, index in ranks.items())
    assert PHASE_NAMES[:3] == ("tribute", "return", "play")
    assert guandan.Deal(seed=1).phase == "play"


def test_level_order_is_the_cores():
    # Singles compare by level order, so the order of single moves is it.
    level = "7"
    hand = guandan.Hand("2s 6d 8c As 7s SJ BJ")
    singles = {m.cards[0]: m for m in guandan.legal_moves(hand, level) if m.kind == "single"}
    for a in singles:
        for b in singles:
            core_says = guandan.beats(singles[a], singles[b], level)
            assert core_says == (guandan.gd.cards.level_order(a, level) > guandan.gd.cards.level_order(b, level))


# --- logs: what replay takes ---------------------------------------------------


@pytest.mark.parametrize("value", [None, 5, 1.5, [], ("a",), object()])
def test_replay_takes_only_a_dict_str_or_bytes(value):
    with pytest.raises(TypeError, match="log"):
        replay(value)


@pytest.mark.parametrize("text", [b"{}", "{}", b"", "nope", b"\xff\xfe", "[1, 2]", "null", "3", '{"format": 1}'])
def test_replay_of_what_is_not_a_log_is_a_value_error(text):
    with pytest.raises(ReplayError):
        replay(text)


# --- logs: real ones, tampered ---------------------------------------------------


def play_match(ruleset, seed, deals):
    rng = random.Random(seed)
    match = guandan.Match(ruleset, seed=seed)
    while not match.is_over and len(match.deals) <= deals:
        play_deal(match.deal, rng)
        if len(match.deals) == deals:
            match.finish_deal()
            break
        match.next_deal()
    return match


def real_logs():
    rng = random.Random(8)
    seeded = play_deal(guandan.Deal(seed=11, level="5", ruleset="pagat"), rng)
    unfinished = play_deal(guandan.Deal(seed=12, level="9", ruleset="app"), rng, steps=15)
    given = play_deal(guandan.Deal(hands=["9s 9d 9c 5h 5h 2c", "3s 4s", "6s 7s", "8s Ts"], level="5", leader=1), rng)
    tribute = play_deal(guandan.Deal(seed=13, level="J", previous_order=[2, 0, 1, 3]), rng)
    return {
        "seeded deal": deal_log(seeded),
        "unfinished deal": deal_log(unfinished),
        "given hands": deal_log(given),
        "tribute deal": deal_log(tribute),
        "standard match": match_log(play_match("standard", 21, 3)),
        "app match": match_log(play_match("app", 22, 2)),
    }


LOGS = real_logs()


def leaf_paths(value, path=()):
    """Every (path, value) under a JSON value, the containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaf_paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaf_paths(item, path + (i,))


def path_text(path):
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


def sample_paths(log):
    """A few instances of every path pattern (indices blurred): the first and
    the last, so that a long match stays quick."""
    by_pattern = {}
    for path, value in leaf_paths(log):
        if not path or path == ("digest",):
            continue
        pattern = tuple("#" if isinstance(k, int) else k for k in path)
        by_pattern.setdefault(pattern, []).append((path, value))
    for instances in by_pattern.values():
        yield from {id(x): x for x in (instances[0], instances[-1])}.values()


def get(log, path):
    for key in path:
        log = log[key]
    return log


def with_value(log, path, value, reseal):
    out = copy.deepcopy(log)
    get(out, path[:-1])[path[-1]] = value
    if reseal:
        out["digest"] = _digest(out)
    return out


def plausible_change(log, path, value):
    """Another value a tamperer would write: a different value of the same
    pattern elsewhere in the log if there is one, else a nearby value of
    the same type."""
    pattern = tuple("#" if isinstance(k, int) else k for k in path)
    for other_path, other in leaf_paths(log):
        same_pattern = tuple("#" if isinstance(k, int) else k for k in other_path) == pattern
        if same_pattern and other != value and type(other) is type(value):
            return other
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        cards = value.split()
        return " ".join(cards[:-1]) if len(cards) > 1 else value + "x"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, dict):
        return {k: v for k, v in list(value.items())[:-1]}
    return 0  # None


def wrong_type(value):
    if isinstance(value, bool):
        return 1
    if isinstance(value, (int, list, dict)) or value is None:
        return "1"
    return 1


def names_the_field(message, path):
    """The message's head (before ': ') names the path or a field above it."""
    head = message.split(": ")[0]
    text = path_text(path)
    return any(text.startswith(name) or name.startswith(text) for name in head.split(" / ")) or head == "digest"


def test_real_logs_replay_and_write_back_unchanged():
    for name, log in LOGS.items():
        again = replay(dumps(log))
        written = deal_log(again) if log["type"] == "deal" else match_log(again)
        assert written == log, name
        # The log as UTF-8 bytes replays to the same deal or match.
        from_bytes = replay(dumps(log).encode())
        assert (deal_log(from_bytes) if log["type"] == "deal" else match_log(from_bytes)) == log, name


@pytest.mark.parametrize("name", list(LOGS))
def test_a_missing_field_anywhere_is_named(name):
    log = LOGS[name]
    for path, _ in sample_paths(log):
        if isinstance(path[-1], int):
            continue
        broken = copy.deepcopy(log)
        del get(broken, path[:-1])[path[-1]]
        with pytest.raises(ReplayError) as refused:
            replay(broken)
        assert names_the_field(str(refused.value), path) and "digest" not in str(refused.value), (path, refused.value)


@pytest.mark.parametrize("name", list(LOGS))
def test_a_wrong_type_anywhere_is_named(name):
    log = LOGS[name]
    for path, value in sample_paths(log):
        with pytest.raises(ReplayError) as refused:
            replay(with_value(log, path, wrong_type(value), reseal=True))
        assert names_the_field(str(refused.value), path) and "digest" not in str(refused.value), (path, refused.value)


# Fields a replay must refuse to change even when the tamperer reseals the
# digest: everything the engine re-derives. A deal log's level and leader,
# its hands when they were not dealt from its seed, and a ruleset's name are
# free: changed and resealed, the log may be the genuine log of another deal
# (the next test checks that it then is exactly that).
def is_free(log, path):
    free = {("deal", "level"), ("deal", "leader"), ("ruleset", "name")}
    if log["type"] == "deal" and not log["deal"]["seeded_hands"]:
        free.add(("deal", "hands"))
    return tuple(path[:2]) in free


@pytest.mark.parametrize("name", list(LOGS))
def test_a_changed_field_is_refused_even_when_resealed(name):
    log = LOGS[name]
    for path, value in sample_paths(log):
        if is_free(log, path) or isinstance(value, (list, dict)):
            continue
        changed = plausible_change(log, path, value)
        with pytest.raises(ReplayError) as refused:
            replay(with_value(log, path, changed, reseal=True))
        assert names_the_field(str(refused.value), path), (path, changed, refused.value)
        # Without resealing, the digest refuses it too (if nothing else does first).
        with pytest.raises(ReplayError):
            replay(with_value(log, path, changed, reseal=False))


@pytest.mark.parametrize("name", [n for n, log in LOGS.items() if log["type"] == "deal"])
def test_free_fields_changed_are_refused_or_are_a_genuine_log(name):
    log = LOGS[name]
    hands = log["deal"]["hands"]
    changes = {
        ("deal", "level"): list(LEVEL_NAMES),
        ("deal", "leader"): [None, 0, 1, 2, 3],
        ("ruleset", "name"): ["house", "standard", "pagat"],
        ("deal", "hands"): [hands[1:] + hands[:1], [hands[0], hands[2], hands[1], hands[3]]],
    }
    for path, values in changes.items():
        for changed in values:
            tampered = with_value(log, path, changed, reseal=True)
            try:
                again = replay(tampered)
            except ReplayError as refused:
                # Refused where the log stops being reproducible.
                where = (path, ("deal", "events"), ("deal", "finishing_order"))
                assert any(names_the_field(str(refused), p) for p in where), refused
            else:
                assert is_free(log, path) and deal_log(again) == tampered
            if changed != get(log, path):
                with pytest.raises(ReplayError):
                    replay(with_value(log, path, changed, reseal=False))


def test_the_issue_examples():
    deal = LOGS["seeded deal"]
    with pytest.raises(ReplayError, match="format"):
        replay(b"{}")
    for field in ("seed", "face_up"):
        tampered = copy.deepcopy(deal)
        tampered["deal"][field] = 12 if field == "seed" else "3c" if deal["deal"]["face_up"] != "3c" else "4c"
        with pytest.raises(ReplayError, match=field):
            replay(tampered)
        tampered["digest"] = _digest(tampered)
        with pytest.raises(ReplayError, match=field):
            replay(tampered)
    old = dict(deal, version=1)
    with pytest.raises(ReplayError, match="version"):
        replay(old)
    assert LOG_VERSION == 2


# --- logs: fuzzing --------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(LOGS)), st.data(), json_values, st.booleans())
def test_any_json_anywhere_is_refused_or_reproduced(name, data, value, reseal):
    log = LOGS[name]
    paths = [p for p, _ in leaf_paths(log) if p]
    path = data.draw(st.sampled_from(paths))
    tampered = with_value(log, path, value, reseal)
    try:
        again = replay(tampered)
    except ReplayError:
        return
    assert (deal_log(again) if log["type"] == "deal" else match_log(again)) == tampered


LOG_KEYS = ["format", "version", "type", "ruleset", "deal", "seed", "deals", "states", "digest"]


@settings(max_examples=150, deadline=None)
@given(json_values | st.dictionaries(st.sampled_from(LOG_KEYS), json_values))
def test_any_json_as_a_log_is_a_value_error(value):
    with pytest.raises(ReplayError):
        replay(json.dumps(value))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=40))
def test_any_bytes_as_a_log_is_a_value_error(blob):
    with pytest.raises(ReplayError):
        replay(blob)


def test_the_core_takes_one_keyword_per_field_of_its_table():
    # The constructor is derived from the table (ruleset.h): a missing or an
    # unknown field is refused by name, and every field is required.
    fields = {f: getattr(STANDARD, f) for f in CORE_FIELDS}
    assert _core.Rules(**fields).advance == STANDARD.advance
    with pytest.raises(TypeError, match="unknown ruleset field extra"):
        _core.Rules(**fields, extra=1)
    for field in CORE_FIELDS:
        with pytest.raises(TypeError, match=f"the ruleset field {field} is missing"):
            _core.Rules(**{f: v for f, v in fields.items() if f != field})
    with pytest.raises(TypeError):
        _core.Rules(*fields.values())  # keywords only
