"""The text form of a deal position (``Deal.to_text`` / ``Deal.from_text``).

Round-trips on 10,000 positions reached by random play (every ruleset, deals
with and without tribute, every phase), continued play from a position and
from its text is identical, and malformed or impossible text raises
ValueError (hypothesis-fuzzed).
"""

import random

import guandan
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_action

LEVELS = "23456789TJQKA"


def random_deal(rng):
    ruleset = rng.choice(guandan.PRESET_NAMES)
    level = rng.choice(LEVELS)
    seed = rng.getrandbits(64)
    if rng.random() < 0.5:
        order = [0, 1, 2, 3]
        rng.shuffle(order)
        return guandan.Deal(seed=seed, level=level, ruleset=ruleset, previous_order=order)
    return guandan.Deal(seed=seed, level=level, ruleset=ruleset)


def random_positions(count, seed):
    """(deal copy, rng seed) pairs: every position of random deals, in order."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        deal = random_deal(rng)
        positions.append(deal.copy())
        while not deal.is_over:
            random_action(deal, rng)
            positions.append(deal.copy())
    return positions[:count]


POSITIONS = random_positions(10_000, seed=2024)


def test_positions_cover_every_phase_and_ruleset():
    assert {d.phase for d in POSITIONS} == {"tribute", "return", "play", "over"}
    assert {d.ruleset.name for d in POSITIONS} == set(guandan.PRESET_NAMES)
    assert any(d.last_play is not None and d.last_player in d.finishing_order for d in POSITIONS)  # jiefeng pending


def test_round_trip_on_10000_positions():
    for deal in POSITIONS:
        text = deal.to_text()
        back = guandan.Deal.from_text(text)
        assert back._state == deal._state, text
        assert back.to_text() == text
        assert back.ruleset == deal.ruleset
        assert "\n" not in text and "  " not in text


def test_continued_play_is_identical():
    for i, deal in enumerate(POSITIONS[::97]):
        back = guandan.Deal.from_text(deal.to_text())
        original = deal.copy()
        rng_a, rng_b = random.Random(i), random.Random(i)
        while not original.is_over:
            assert back.legal_moves() == original.legal_moves()
            assert back.can_pass() == original.can_pass()
            assert back.observation(original.turn).view is not None
            random_action(original, rng_a)
            random_action(back, rng_b)
            assert back.to_text() == original.to_text()
        assert back.is_over and back.placing == original.placing and back.outcome == original.outcome


def test_text_names_a_custom_ruleset_by_its_fields():
    house = guandan.Ruleset.preset("pagat").replace(name="house", failed_attempts_limit=5)
    deal = guandan.Deal(seed=3, ruleset=house)
    text = deal.to_text()
    assert guandan.Deal.from_text(text).ruleset == house.replace(name="custom")
    assert guandan.Deal.from_text(text, ruleset=house).ruleset == house
    with pytest.raises(ValueError, match="does not hold"):
        guandan.Deal.from_text(text, ruleset="standard")


def test_a_position_from_text_keeps_the_tribute_record():
    deal = guandan.Deal(seed=11, previous_order=[1, 3, 0, 2])
    while deal.phase in ("tribute", "return"):
        deal.give(deal.tribute_options()[0])
    back = guandan.Deal.from_text(deal.to_text())
    assert back.tribute == deal.tribute
    assert back.previous_order == [1, 3, 0, 2]
    obs, expected = back.observation(0), deal.observation(0)
    assert (obs.shown, obs.played, obs.passed, obs.tribute) == (expected.shown, expected.played, expected.passed, expected.tribute)


# --- rejection -------------------------------------------------------------

def _text_after(deal, steps, seed=0):
    rng = random.Random(seed)
    for _ in range(steps):
        random_action(deal, rng)
    return deal.to_text()


def _with_field(text, index, value):
    fields = text.split(" ")
    fields[index] = value
    return " ".join(fields)


FOLLOWING = _text_after(guandan.Deal(seed=5), 1)  # seat after the leader to act, a play to beat


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda t: _with_field(t, 0, "AsAsAs/" + t.split(" ")[0].split("/", 1)[1]), "third copy"),
        (lambda t: _with_field(t, 9, t.split(" ")[9] + "AsAs"), "third copy"),
        (lambda t: _with_field(t, 4, t.split(" ")[5][0]), "last player of a trick cannot be the seat to act"),
        (lambda t: _with_field(t, 6, t.split(" ")[4]), "out"),
        (lambda t: _with_field(t, 3, "over"), "over"),
        (lambda t: _with_field(t, 3, "tribute"), "outside the play phase"),
        (lambda t: _with_field(t, 1, "Z"), "level"),
        (lambda t: _with_field(t, 2, "3,2,1,0,0,0,0,1,0,0,0,0"), "rules"),
        (lambda t: _with_field(t, 2, "3,2,1,0,0,0,0,1,0,0,0,0,2"), "rules flag"),
        (lambda t: _with_field(t, 2, "deal_end=three_out,deal_end=team_out"), "deal_end is given twice"),
        (lambda t: _with_field(t, 2, "house_rule=1"), "unknown field 'house_rule'"),
        (lambda t: _with_field(t, 2, "deal_end=first_out"), "deal_end must be team_out or three_out"),
        (lambda t: _with_field(t, 2, "advance=3.2"), "advance must be three levels"),
        (lambda t: _with_field(t, 2, "advance=2.3.1"), "worse finish"),
        (lambda t: _with_field(t, 2, "failed_attempts_limit=101"), "failed_attempts_limit must be 0"),
        (lambda t: _with_field(t, 2, "all_aces_defeat=yes"), "all_aces_defeat must be 0 or 1"),
        (lambda t: _with_field(t, 2, "deal_end=three_out,wild"), "not name=value"),
        (lambda t: t + " ", "parts"),
        (lambda t: t.replace(" ", "  ", 1), "parts"),
        (lambda t: _with_field(t, 5, t.split(" ")[5].replace(":-:", ":2:")), "passed"),
        (lambda t: _with_field(t, 7, "single,3,3s"), "first-out has a move but no seat is out"),
        (lambda t: _with_field(t, 8, "0123:30:-:-"), "tribute"),
    ],
)
def test_impossible_positions_are_rejected(change, message):
    text = change(FOLLOWING)
    with pytest.raises(ValueError, match=message):
        guandan.Deal.from_text(text)


def test_a_trick_move_must_be_a_reading_of_its_cards():
    fields = FOLLOWING.split(" ")
    seat, passed, move = fields[5].split(":", 2)
    kind, rank, cards = move.split(",")
    with pytest.raises(ValueError, match="legal reading|not a move kind"):
        guandan.Deal.from_text(_with_field(FOLLOWING, 5, f"{seat}:{passed}:bomb,{rank},{cards}"))


def test_empty_seats_are_rejected():
    with pytest.raises(ValueError, match="seat 0 holds no cards"):
        guandan.Deal(hands=["", "As", "", "Ks"], leader=0)
    with pytest.raises(ValueError, match="seat 2 holds no cards"):
        guandan.Deal(hands=["As Ks 3d", "5c", "", ""], leader=0)
    with pytest.raises(ValueError, match="holds no cards"):
        guandan.Deal(hands=["As", "Ks", "Qs", ""], previous_order=[0, 1, 2, 3])


def test_a_payer_holding_only_wilds_pays_a_wild():
    # The standard rules never take a wild as tribute, but a hand of wilds
    # alone still has an action.
    deal = guandan.Deal(hands=["2h", "3s", "4s", "5s"], level="2", previous_order=[1, 2, 3, 0])
    assert deal.phase == "tribute" and deal.turn == 0
    assert [str(c) for c in deal.tribute_options()] == ["2h"]


def test_non_string_text_is_a_type_error():
    with pytest.raises(TypeError):
        guandan.Deal.from_text(None)


@pytest.mark.parametrize("text", ["\ud800", "\u00e9", "a\x00b", FOLLOWING.replace(" ", "\x00", 1)])
def test_odd_characters_are_value_errors(text):
    with pytest.raises(ValueError):
        guandan.Deal.from_text(text)


@settings(max_examples=400, deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=300))  # surrogates included
def test_arbitrary_text_raises_value_error(text):
    with pytest.raises(ValueError):
        guandan.Deal.from_text(text)


VALID_TEXTS = [d.to_text() for d in POSITIONS[::250]]
ALPHABET = "0123456789-,:/ xAKQJTshcdSBplayoverbmtingue"


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(VALID_TEXTS), st.integers(0, 10**6), st.text(alphabet=ALPHABET, max_size=4), st.integers(0, 4))
def test_mutated_texts_are_rejected_or_round_trip(text, where, insert, cut):
    # A corrupted valid text either is rejected cleanly or names a position
    # whose own text round-trips.
    i = where % (len(text) + 1)
    mutated = text[:i] + insert + text[i + cut:]
    try:
        deal = guandan.Deal.from_text(mutated)
    except ValueError:
        return
    again = guandan.Deal.from_text(deal.to_text())
    assert again._state == deal._state and again.to_text() == deal.to_text()
    if not deal.is_over:
        assert deal.legal_moves() or deal.tribute_options() or deal.can_pass()


def test_a_receiver_holding_only_the_kind_received_returns_one():
    # Pagat returns any card but the kind received; a receiver holding
    # nothing else still has an action.
    deal = guandan.Deal(hands=["As", "As", "4s", "5s"], level="2", ruleset="pagat", previous_order=[1, 2, 3, 0])
    deal.give("As")
    assert deal.phase == "return" and deal.turn == 1
    assert [str(c) for c in deal.tribute_options()] == ["As"]
    deal.give("As")
    assert deal.phase == "play" and deal.card_counts == [1, 1, 1, 1]


def test_the_documented_examples_read_back():
    # The two examples at the top of cpp/src/deal_text.cpp.
    play = "9d/Kd/7c7d/8sQd 2 - play 3 1:2:pair,6,6s6h - - - 5s5h6s6h -/-/-/-"
    deal = guandan.Deal.from_text(play)
    assert (deal.turn, deal.last_player, str(deal.last_play), deal.observation(3).passed) == (3, 1, "6s 6h", (2,))
    tribute = "3dKsAs/4c/Qs/Js 2 - tribute 3 - - - 0213:10,32:Ks:- - Ks/-/-/-"
    deal = guandan.Deal.from_text(tribute)
    assert deal.phase == "tribute" and deal.tribute.payments == ((1, 0), (3, 2))
    assert [str(h) for h in deal.observation(2).shown] == ["Ks", "", "", ""]
    for text in (play, tribute):
        assert guandan.Deal.from_text(text).to_text() == text


def _position_after(seed: int, actions: int) -> guandan.Deal:
    deal = guandan.Deal(seed=seed)
    for _ in range(actions):
        deal.pass_turn() if deal.can_pass() else deal.play(deal.legal_moves()[0])
    return deal


def test_a_deal_read_from_text_logs_and_replays_from_its_text():
    import guandan.gd.log

    start = _position_after(3, 10)
    deal = guandan.Deal.from_text(start.to_text(), events=start.events)
    for _ in range(6):
        deal.pass_turn() if deal.can_pass() else deal.play(deal.legal_moves()[0])
    log = guandan.gd.log.deal_log(deal)
    # The log starts at the text: the events before it are not the log's.
    assert log["deal"]["start_text"] == start.to_text()
    assert len(log["deal"]["events"]) == 6
    replayed = guandan.gd.log.replay(log)
    assert replayed.to_text() == deal.to_text()


def test_a_log_whose_start_text_was_changed_does_not_replay():
    import guandan.gd.log

    deal = guandan.Deal.from_text(_position_after(5, 4).to_text())
    deal.play(deal.legal_moves()[0])
    log = guandan.gd.log.deal_log(deal)
    log["deal"]["start_text"] = _position_after(6, 4).to_text()
    with pytest.raises(ValueError, match="deal"):
        guandan.gd.log.replay(log)


# The ruleset field: only what differs from the standard rules, by name.

_FIELDS = guandan._core.Rules.FIELDS


def _value_strategy(field):
    if field["kind"] == "choice":
        return st.sampled_from(field["choices"])
    if field["kind"] == "flag":
        return st.booleans()
    if field["kind"] == "limit":
        return st.one_of(st.none(), st.integers(1, field["max"]))
    return st.lists(st.integers(0, field["max"]), min_size=3, max_size=3).map(lambda a: tuple(sorted(a, reverse=True)))


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({f["name"]: _value_strategy(f) for f in _FIELDS}))
def test_any_ruleset_round_trips_through_its_text(values):
    rules = guandan.Ruleset.preset("standard").replace(name="custom", **values).core
    text = guandan._core.ruleset_text(rules)
    standard = guandan.Ruleset.preset("standard")
    differing = [f["name"] for f in _FIELDS if values[f["name"]] != getattr(standard, f["name"])]
    # Only the fields that differ from the standard rules are written, in the table's order.
    assert [pair.split("=")[0] for pair in text.split(",")] == (differing or ["-"])
    deal = guandan.Deal(hands=["As", "Ks", "Qs", "Js"], level="2", ruleset=guandan.Ruleset.preset("standard").replace(
        name="custom", **values))
    position = deal.to_text()
    assert position.split(" ")[2] == text
    again = guandan.Deal.from_text(position)
    assert guandan._core.ruleset_text(again.ruleset.core) == text
    assert again.to_text() == position


def test_the_older_positional_rules_field_is_still_read():
    for name in guandan.PRESET_NAMES:
        ruleset = guandan.Ruleset.preset(name)
        r = ruleset.core
        numbers = [*r.advance]
        for f in _FIELDS[1:]:
            value = getattr(r, f["name"])
            numbers.append(f["choices"].index(value) if f["kind"] == "choice" else int(value or 0))
        old = "9d/Kd/7c7d/8sQd 2 " + ",".join(map(str, numbers)) + " play 3 1:2:pair,6,6s6h - - - 5s5h6s6h -/-/-/-"
        deal = guandan.Deal.from_text(old)
        assert deal.ruleset == ruleset
        assert deal.to_text().split(" ")[2] == guandan._core.ruleset_text(r)


def test_a_field_at_its_standard_value_is_not_written():
    # So a field added later, whose default keeps today's rules, changes no
    # stored position.
    assert guandan.Deal(seed=3).to_text().split(" ")[2] == "-"
    one = guandan.Ruleset.preset("standard").replace(name="house", failed_attempts_limit=3)
    assert guandan._core.ruleset_text(one.core) == "failed_attempts_limit=3"
    assert guandan._core.ruleset_text(guandan.Ruleset.preset("pagat").core) == (
        "advance=4.2.1,return_rule=any_but_received,failed_attempts_limit=3,all_aces_defeat=1")


def test_the_python_ruleset_holds_the_core_table_of_fields():
    import dataclasses

    names = [f.name for f in dataclasses.fields(guandan.Ruleset) if f.name != "name"]
    assert names == [f["name"] for f in _FIELDS] == list(guandan.gd.ruleset.CORE_FIELDS)
    choices = {f["name"]: f["choices"] for f in _FIELDS if f["kind"] == "choice"}
    assert choices == guandan._core.Rules.CHOICES
    for f in _FIELDS:
        assert f["meaning"] and f["max"] >= 1
