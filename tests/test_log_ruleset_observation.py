"""Logs (format, version, tampering), rulesets as data, and observations."""

import copy
import json

import guandan
import pytest
from guandan.gd.log import LOG_VERSION, ReplayError, deal_log, dumps, loads, match_log, replay


def finished_match(seed=4, ruleset="standard"):
    match = guandan.Match(ruleset, seed=seed)
    while not match.is_over:
        deal = match.deal
        while not deal.is_over:
            if deal.phase in ("tribute", "return"):
                deal.give(deal.tribute_options()[-1])
            elif deal.can_pass() and deal.last_player % 2 == deal.turn % 2:
                deal.pass_turn()
            else:
                moves = deal.legal_moves()
                deal.pass_turn() if not moves else deal.play(moves[len(moves) // 2])
        match.next_deal()
    return match


# --- logs ----------------------------------------------------------------


def test_match_log_is_json_and_replays():
    match = finished_match()
    text = dumps(match_log(match))
    log = loads(text)
    assert log["format"] == "guandan-log" and log["version"] == LOG_VERSION
    assert log["ruleset"] == guandan.Ruleset.preset("standard").to_dict()
    assert any(e["type"] == "tribute" for d in log["deals"] for e in d["events"])
    again = replay(text)
    assert again.winner == match.winner
    assert again.states == match.states
    assert [d.finishing_order for d in again.deals] == [d.finishing_order for d in match.deals]


def test_log_records_wild_declarations():
    deal = guandan.Deal(hands=["9s 9d 9c 5h 5h", "3s", "4s", "6s"], level="5", leader=0)
    bomb = next(m for m in deal.legal_moves() if m.kind == "bomb" and m.size == 5)
    deal.play(bomb)
    record = deal_log(deal)["deal"]["events"][0]
    assert record == {"type": "play", "seat": 0, "kind": "bomb", "rank": "9", "cards": "5h 5h 9s 9c 9d", "declared": "9s 9h 9h 9c 9d"}
    assert replay(deal_log(deal)).finishing_order == [0]


def test_tampered_logs_do_not_replay():
    log = match_log(finished_match())
    wrong_version = dict(log, version=LOG_VERSION + 1)
    with pytest.raises(ReplayError, match="version"):
        replay(wrong_version)
    other_hands = copy.deepcopy(log)
    other_hands["deals"][1]["hands"][0] = other_hands["deals"][1]["hands"][1]
    with pytest.raises(ReplayError, match="hands differ"):
        replay(other_hands)
    wrong_play = copy.deepcopy(log)
    plays = [e for e in wrong_play["deals"][0]["events"] if e["type"] == "play"]
    plays[0]["rank"] = "BJ"
    with pytest.raises(ReplayError, match="not a legal play"):
        replay(wrong_play)
    wrong_seat = copy.deepcopy(log)
    wrong_seat["deals"][0]["events"][0]["seat"] = (wrong_seat["deals"][0]["events"][0]["seat"] + 1) % 4
    with pytest.raises(ReplayError, match="turn"):
        replay(wrong_seat)
    wrong_state = copy.deepcopy(log)
    wrong_state["states"][1]["levels"] = ["K", "K"]
    with pytest.raises(ReplayError, match="state"):
        replay(wrong_state)
    with pytest.raises(ReplayError, match="not a guandan log"):
        replay(json.dumps({"format": "other"}))


def test_custom_ruleset_round_trips_through_a_log():
    house = guandan.Ruleset.preset("standard").replace(name="house", failed_attempts_limit=3, advance=(4, 2, 1))
    match = guandan.Match(house, seed=9)
    deal = match.deal
    while not deal.is_over:
        deal.pass_turn() if deal.can_pass() else deal.play(deal.legal_moves()[0])
    again = replay(match_log(match))
    assert again.ruleset == house


# --- rulesets ------------------------------------------------------------


def test_presets_and_errors():
    assert guandan.Ruleset.preset("PAGAT").advance == (4, 2, 1)
    assert guandan.Ruleset.preset("app").wild_with_joker is False
    with pytest.raises(ValueError, match="unknown ruleset 'bridge'"):
        guandan.Ruleset.preset("bridge")
    with pytest.raises(ValueError, match="unknown ruleset"):
        guandan.legal_moves("As", "2", ruleset="bridge")
    with pytest.raises(TypeError):
        guandan.Ruleset.preset(3)
    standard = guandan.Ruleset.preset("standard")
    with pytest.raises(ValueError, match="deal_end"):
        standard.replace(deal_end="never")
    with pytest.raises(ValueError, match="advance"):
        standard.replace(advance=(1, 2, 3))
    with pytest.raises(ValueError, match="failed_attempts_limit"):
        standard.replace(failed_attempts_limit=0)
    # A wrong type is a TypeError naming the field.
    with pytest.raises(TypeError, match="wild_with_joker"):
        standard.replace(wild_with_joker="yes")
    with pytest.raises(ValueError, match="fields differ"):
        guandan.Ruleset.from_dict({"name": "x"})


def test_custom_ruleset_changes_only_its_rule():
    # Standard with pagat's 1-2 reward: a 1-2 from level 2 reaches 6.
    four = guandan.Ruleset.preset("standard").replace(name="four", advance=(4, 2, 1))
    state = guandan.next_match_state(guandan.MatchState(), [0, 2], None, four)
    assert state.levels == ("6", "2") and state.declarers == 0
    assert guandan.next_match_state(guandan.MatchState(), [0, 2], None, "standard").levels == ("5", "2")


# --- observations ----------------------------------------------------------


def test_observation_holds_only_the_seats_own_hand():
    # Two deals that differ only in the hands of seats 1..3 (same sizes) and
    # see the same public actions must look the same to seat 0.
    mine = "3s 4s 5s 6h 9c"
    a = guandan.Deal(hands=[mine, "As Ks Qs", "2d 2c 7d", "8h 8d Tc"], level="2", leader=0)
    b = guandan.Deal(hands=[mine, "7h 7c 9d", "Jc Jd Qh", "SJ BJ 4d"], level="2", leader=0)
    for deal in (a, b):
        deal.play("3s")
        for _ in range(3):
            deal.pass_turn()
        deal.play("4s")
    assert a.hands[1:] != b.hands[1:]
    assert a.observation(0) == b.observation(0)
    assert a.observation(0).hand == guandan.Hand("5s 6h 9c")
    live = guandan.Match("pagat", seed=2)
    obs = live.observation(1)
    assert obs.levels == ("2", "2") and obs.declarers is None
    assert obs.hand == live.deal.hands[1] and obs.card_counts == (27, 27, 27, 27)
    with pytest.raises(ValueError):
        live.deal.observation(4)


def test_observation_sees_tribute_cards():
    match = finished_match(seed=1)
    deal = match.deals[1]
    if deal.tribute.cancelled:
        pytest.skip("this seed's second deal has no tribute")
    obs = deal.observation(0)
    shown = [e for e in obs.history if e.kind in ("tribute", "return")]
    assert len(shown) == 2 * len(deal.tribute.payments)


# --- deals ---------------------------------------------------------------


def test_seeded_deal_is_fixed():
    deal = guandan.Deal(seed=1)
    assert str(deal.hands[0]) == "2c 3s 3h 3d 4s 4c 5h 5d 5d 6s 6s 8h 9s 9h Tc Js Jc Jc Jd Jd Qh Qc Qc Kh Kh Ac BJ"
    # The face-up card of the cut is dealt to the leader.
    assert deal.face_up_card in deal.hands[deal.turn]
    assert (str(deal.face_up_card), deal.turn) == (FROZEN_CUT, FROZEN_LEADER)


FROZEN_CUT, FROZEN_LEADER = "Kd", 1


def test_match_deals_are_seeded():
    a, b = guandan.Match("app", seed=21), guandan.Match("app", seed=21)
    assert a.deal.hands == b.deal.hands
    assert guandan.Match("app", seed=22).deal.hands != a.deal.hands


def test_bad_deal_input():
    with pytest.raises(ValueError, match="more than twice"):
        guandan.Deal(hands=["As As", "As", "2s", "3s"])
    with pytest.raises(ValueError, match="4 hands"):
        guandan.Deal(hands=["As", "2s"])
    with pytest.raises(ValueError, match="seat"):
        guandan.Deal(leader=5)
    with pytest.raises(ValueError, match="each seat"):
        guandan.Deal(previous_order=[0, 0, 1, 2])
    with pytest.raises(ValueError, match="not a level"):
        guandan.Deal(level="1")
    match = guandan.Match(seed=1)
    with pytest.raises(ValueError, match="not over"):
        match.next_deal()


def test_observation_shows_the_public_tribute():
    deal = guandan.Deal(seed=3, previous_order=[0, 2, 1, 3])  # a 1-2: double tribute unless cancelled
    obs = deal.observation(1)
    assert obs.tribute == deal.tribute and obs.tribute.first_place == 0
    if not obs.tribute.cancelled:
        assert {payer for payer, _ in obs.tribute.payments} == {1, 3}
    assert guandan.Deal(seed=3).observation(0).tribute is None
