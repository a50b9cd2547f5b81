"""Botzone's GuanDan: card numbers and claims both ways, the rules its judge
plays differently from ``standard`` (each pinned by a case), and the bot
program's answers to odd input."""

import io
import json

import pytest
from hypothesis import given, strategies as st

import guandan
from guandan import Card, Hand, Ruleset
from guandan.botzone import rules
from guandan.botzone.bot import BotzoneSeat, answer_input, run
from guandan.botzone.cards import (ClaimError, answer_of_move, card_of_number, check_claim, hand_of_numbers,
                                   level_of_text, move_of_answer, number_of_card, stand_in_move, text_of_level)
from guandan.botzone.judge import GameSetup
from guandan.botzone.protocol import KEEP_RUNNING, PASS, history_of, moves_since_own
from guandan.gd.bots import SimpleBot

LEVELS = "23456789TJQKA"


def test_every_number_is_one_card_and_back():
    cards = [card_of_number(n) for n in range(108)]
    assert [str(c) for c in cards[:5]] == ["Ah", "Ad", "As", "Ac", "2h"]
    assert str(cards[36]) == "Th" and str(cards[52]) == "SJ" and str(cards[53]) == "BJ"
    assert Hand(cards) == Hand(guandan.deal(1)[0] + guandan.deal(1)[1] + guandan.deal(1)[2] + guandan.deal(1)[3])
    for n, card in enumerate(cards):
        assert number_of_card(card, deck=n // 54) == n


@pytest.mark.parametrize("bad", [-1, 108, 3.0, True, "5", None])
def test_a_bad_number_is_refused_by_name(bad):
    with pytest.raises((TypeError, ValueError), match="card number"):
        card_of_number(bad)


def test_levels_write_ten_as_zero():
    assert level_of_text("0") == "T" and text_of_level("T") == "0" and text_of_level("10") == "0"
    assert [level_of_text(text_of_level(r)) for r in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="Botzone level"):
        level_of_text("T")


@st.composite
def hands_and_levels(draw):
    seed = draw(st.integers(0, 2 ** 32))
    level = draw(st.sampled_from(LEVELS))
    numbers = list(range(108))
    draw(st.randoms(use_true_random=False)).shuffle(numbers)
    return sorted(numbers[:draw(st.integers(5, 27))]), level, seed


@given(hands_and_levels())
def test_every_move_goes_to_botzone_and_back(case):
    """Each legal move of a hand, written as [action, claim] and read back,
    is the same move: its kind, rank and cards (wild claims included)."""
    held, level, seed = case
    moves = guandan.legal_moves(hand_of_numbers(held), level, ruleset="botzone")
    for move in list(moves)[seed % 7::7]:
        action, claim = answer_of_move(move, held)
        assert sorted(action) == sorted(set(action)) and set(action) <= set(held)
        check_claim(action, claim, level)
        back = move_of_answer(action, claim, level)
        assert (back.kind, back.rank, Hand(back.cards)) == (move.kind, move.rank, Hand(move.cards))


def numbers(text):
    taken = set()
    chosen = []
    for card in Hand(text):
        n = number_of_card(card) if number_of_card(card) not in taken else number_of_card(card, 1)
        taken.add(n)
        chosen.append(n)
    return chosen


@pytest.mark.parametrize("played, claimed, level, kind_rank", [
    ("5s 6s 7s 8s 2h", "5s 6s 7s 8s 9s", "2", ("straight_flush", "9")),
    ("5s 6s 7s 8s 2h", "5s 6s 7s 8s 9d", "2", ("straight", "9")),
    ("5s 6s 7s 8s 2h", "4c 5s 6s 7s 8s", "2", ("straight", "8")),
    ("9s 9d 9c 2h 2h", "9s 9d 9c Ks Ks", "2", ("full_house", "9")),  # the pair's rank never matters
    ("9s 9d 9c 2h 2h", "9s 9d 9c 9h 9h", "2", ("bomb", "9")),
    ("Th Jh Qh Kh Ah", "Th Jh Qh Kh Ah", "A", ("straight_flush", "A")),  # a wild claiming itself
    ("9s 2h 2h SJ SJ", "9s 9d 9c SJ SJ", "2", ("full_house", "9")),  # a wild beside a joker (wild_with_joker)
])
def test_claims_choose_the_reading(played, claimed, level, kind_rank):
    move = move_of_answer(numbers(played), numbers(claimed), level)
    assert (move.kind, move.rank) == kind_rank and Hand(move.cards) == Hand(played)


@pytest.mark.parametrize("played, claimed, reason", [
    ("5s 6s", "5s", "ILLEGAL_CLAIM"),  # as many claimed as played
    ("5s 6s", "5s 7s", "ILLEGAL_CLAIM"),  # a natural card claims itself
    ("9s 2h", "9s SJ", "ILLEGAL_CLAIM"),  # a wild never claims a joker
    ("5s 6s", "5s 6s", "INVALID_TYPE"),
    ("2h", "Ks", "NO_READING"),  # Botzone takes it; the engine plays a wild alone only as the level rank
])
def test_claims_the_judge_refuses(played, claimed, reason):
    with pytest.raises(ClaimError) as error:
        move_of_answer(numbers(played), numbers(claimed), "2")
    assert error.value.reason == reason


def test_an_opponents_lone_wild_claimed_lower_is_beaten_as_claimed():
    stand_in = stand_in_move(numbers("Ks"), "2")
    assert (stand_in.kind, stand_in.rank) == ("single", "K")
    assert any(m.rank == "A" for m in guandan.legal_moves("As 3d", "2", stand_in))


# --- the ruleset and each rule that differs from standard ----------------------

def test_the_botzone_preset_is_standard_in_every_field():
    botzone, standard = Ruleset.preset("botzone"), Ruleset.preset("standard")
    assert botzone.name == "botzone" and botzone.replace(name="standard") == standard
    assert "botzone" not in guandan.PRESET_NAMES  # not a variant of the rules reference


def test_scores_are_standards_advance_and_minus_two_for_an_illegal_answer():
    assert [rules.scores_of_outcome(0, o) for o in ("1-2", "1-3", "1-4")] == [[3, 0, 3, 0], [2, 0, 2, 0], [1, 0, 1, 0]]
    assert rules.error_scores(1) == [1, -2, 1, 0]


def test_a_return_is_two_to_nine_where_standard_allows_ten():
    hand = Hand("Ts 9s 2s 2d Kc")
    assert set(rules.return_options(hand, "2")) == {Card("9s")}  # 2s are level cards, the 10 too high
    assert Card("Ts") in guandan.return_cards(hand, "As", "2", "standard")
    assert set(rules.return_options(Hand("9s 8d Ts"), "9")) == {Card("8d")}  # at level 9 the nines are level
    assert rules.return_options(Hand("Ts Kd"), "5") == []  # no fallback


def test_the_judge_also_takes_a_wild_as_tribute_beside_a_natural_level_card():
    hand = Hand("2h 2s As 3d")
    assert set(guandan.tribute_cards(hand, "2", "standard")) == {Card("2s")}
    assert rules.tribute_accepted(hand, Card("2h"), "2") and rules.tribute_accepted(hand, Card("2s"), "2")
    assert not rules.tribute_accepted(Hand("2h As 3d"), Card("2h"), "2")  # the wild alone: the Ace
    assert not rules.tribute_accepted(Hand("2h 2s SJ"), Card("2h"), "2")  # a joker first


def test_after_a_single_tribute_the_payers_partner_leads():
    # Standard: the payer leads.
    plan = guandan.tribute_plan([0, 3, 2, 1], [Hand("3s"), Hand("4s"), Hand("5s"), Hand("6s")], "2", "standard")
    assert guandan.tribute_leader(plan) == 1
    assert rules.leader(1, first=0, last=1, paid={1: Card("As")}, cancelled=False, level="2") == 3


def test_double_tribute_equal_cards_go_by_seat_and_higher_goes_first():
    equal = {1: Card("As"), 3: Card("Ad")}
    assert rules.exchange(2, 0, 1, equal, "2") == [(1, 0), (3, 2)]
    assert rules.exchange(2, 2, 1, equal, "2") == [(3, 2), (1, 0)]  # first place's next player pays it
    assert rules.leader(2, 2, 1, equal, False, "2") == 3
    unequal = {1: Card("Kd"), 3: Card("BJ")}
    assert rules.exchange(2, 0, 1, unequal, "2") == [(3, 0), (1, 2)]
    assert rules.leader(2, 0, 1, unequal, False, "2") == 3


def test_both_big_jokers_between_the_payers_cancel_and_first_place_leads():
    hands = [Hand("3s"), Hand("BJ 4s"), Hand("5s"), Hand("BJ")]
    assert rules.tribute_cancelled(hands, [1, 3]) and not rules.tribute_cancelled(hands, [1])
    assert rules.leader(2, 0, 1, {}, True, "2") == 0


def test_the_level_is_first_places_team_after_a_tribute():
    assert rules.deal_level(["5", "9"], 1, first=3) == "9" and rules.deal_level(["5", "9"], 0, None) == "5"


def test_a_setup_refuses_what_the_judge_cannot_play():
    setup = GameSetup.seeded(3)
    with pytest.raises(ValueError, match="opponents"):
        GameSetup(setup.allocation, tribute=2, first=0, last=2)
    with pytest.raises(ValueError, match="0..107"):
        GameSetup(setup.allocation[:3] + (setup.allocation[2],))


# --- history forms and the bot program -------------------------------------------

def test_both_history_forms_give_the_moves_since_the_seats_own():
    play = [[5], [5]]
    moves = [(0, play), (1, PASS), (2, PASS), (3, PASS), (2, [[9], [9]]), (3, PASS)]  # seat 0 out, jiefeng to 2
    for form in ("moves", "seats"):
        got = moves_since_own(history_of(moves, 1, form), 1)
        assert [seat for seat, _ in got][-2:] == [2, 3] and got[-2][1] == [[9], [9]], form
    assert moves_since_own(history_of(moves[:1], 1, "moves"), 1) == [(0, play)]


def test_the_bot_answers_a_whole_first_input_and_keeps_running():
    setup = GameSetup.seeded(5)
    deal = {"stage": "deal", "deliver": list(setup.allocation[0]), "your_id": 0, "global": {"level": "2"}}
    play = {"stage": "play", "history": [[], [], [], []], "done": [], "pass_on": -1,
            "global": {"level": "2", "tribute": 0, "first": None, "last": None}}
    stdin = io.StringIO(json.dumps({"requests": [deal], "responses": []}) + "\n" + json.dumps(play) + "\n")
    stdout = io.StringIO()
    assert run(SimpleBot(), stdin, stdout, keep_running=True) == 0
    lines = stdout.getvalue().splitlines()
    assert lines[1] == KEEP_RUNNING and lines[3] == KEEP_RUNNING
    assert json.loads(lines[0])["response"] == []
    action, claim = json.loads(lines[2])["response"]
    assert action and set(action) <= set(setup.allocation[0])  # seat 0 leads: a play of its own cards


@pytest.mark.parametrize("line", ["not json", "[1, 2]", '{"requests": "x"}', '{"stage": "play", "history": 7}',
                                  '{"requests": [{"stage": "tribute", "global": {"resist": true}}], "responses": []}',
                                  '{"requests": [{"stage": "mystery"}], "responses": []}'])
def test_odd_input_gets_an_answer_line_not_a_crash(line):
    stdout = io.StringIO()
    assert run(SimpleBot(), io.StringIO(line + "\n"), stdout) == 0
    answer = json.loads(stdout.getvalue().splitlines()[0])
    assert "response" in answer and isinstance(answer["debug"], str)


def test_a_seat_replays_its_answers_and_tracks_its_cards():
    setup = GameSetup.seeded(8)
    seat = BotzoneSeat()
    deal = {"stage": "deal", "deliver": list(setup.allocation[1]), "your_id": 1, "global": {"level": "2"}}
    lead = [[setup.allocation[0][0]], [setup.allocation[0][0]]]
    play = {"stage": "play", "history": [{}, {}, {}, {"player": 0, "response": lead}], "done": [], "pass_on": -1,
            "global": {"level": "2", "tribute": 0}}
    reply, _ = answer_input(seat, SimpleBot(), [deal, play], [[]])
    assert not seat.leads and seat.record.counts[0] == 26
    if reply != PASS:
        assert len(seat.held) == 27 - len(reply[0])
