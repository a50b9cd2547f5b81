"""`guandan play`: whole scripted matches, the move chooser, quitting."""

import itertools
import subprocess
import sys

import guandan
import pytest
from guandan import Deal, Match
from guandan.gd.bots import SimpleBot, play_match
from guandan.cli import main
from guandan.gd.terminal import TerminalPlayer, _move_label, _tribute_lines

from scripted_input import script


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_a_whole_match_with_the_first_option_every_time(ruleset, monkeypatch, capsys):
    script(monkeypatch, itertools.repeat("1"))
    assert main(["play", "--ruleset", ruleset, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Match over after" in out and "the match!" in out
    assert "Deal 2 begins. Tribute:" in out
    assert "Your hand (27):" in out and "Your moves:" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_match_with_passes_help_and_mistakes(monkeypatch, capsys):
    # Every kind of answer, over and over: each prompt is eventually answered by "1".
    answers = itertools.cycle(["zz", "h", "p", "", "a 1", "1", "99", "1"])
    script(monkeypatch, answers)
    assert main(["play", "--seed", "4", "--seat", "1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Match over after" in out
    assert "unknown card 'zz'" in out
    assert "You pass." in out or "you cannot pass" in out
    assert "Choose an entry from 1 to" in out
    assert "You are seat 1; your partner is seat 3" in out


def test_end_of_input_quits_cleanly(monkeypatch, capsys):
    script(monkeypatch, ["h"])
    assert main(["play", "--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith("End of input: the match is abandoned.")


def test_end_of_input_in_a_subprocess_prints_no_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "guandan.cli", "play", "--seed", "1"],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 1
    assert "End of input" in result.stdout
    assert "Traceback" not in result.stderr


def test_q_quits(monkeypatch, capsys):
    script(monkeypatch, ["1", "q"])
    assert main(["play", "--seed", "3"]) == 0
    assert "You quit the match." in capsys.readouterr().out


class FakeMatch:
    """What TerminalPlayer reads of a match: the deal and the ruleset."""

    def __init__(self, deal):
        self.deal = deal
        self.ruleset = deal.ruleset
        self.deals = [deal]
        self.state = guandan.MatchState()


def person_with(hand, answers, level="2"):
    hands = [hand, "3s 4s", "3d 4d", "3c 4c"]
    deal = Deal(hands=hands, level=level, leader=0)
    out = []
    answers = iter(answers)
    person = TerminalPlayer(FakeMatch(deal), 0, read=lambda prompt: next(answers), write=out.append)
    return deal, person, out


def test_typed_cards_with_several_readings_ask_which():
    deal, person, out = person_with("9s 9d 9c 5h 5h Kd", ["9s 9d 9c 5h 5h", "2"], level="5")
    move = person.choose_move(deal.observation(0), deal.legal_moves(), False)
    assert (move.kind, move.rank) == ("bomb", "9")
    assert any("can be played 2 ways" in line for line in out)


def test_typed_cards_accept_any_case_and_ten():
    deal, person, out = person_with("Ts Td Kd", ["10S td"])
    move = person.choose_move(deal.observation(0), deal.legal_moves(), False)
    assert str(move) == "Ts Td"


def test_all_ways_of_an_entry():
    deal, person, out = person_with("9s 9d 9c Kd", ["a 3", "3"])
    move = person.choose_move(deal.observation(0), deal.legal_moves(), False)
    assert move.kind == "pair" and len(set(map(str, move.cards))) == 2
    assert any(line.strip().startswith("3: pair 9") for line in out)


def test_wrong_cards_are_explained():
    deal, person, out = person_with("9s 9d 8c Kd", ["9s 8c", "Ah", "p", "1"])
    person.choose_move(deal.observation(0), deal.legal_moves(), False)
    assert "8c 9s is not a combination." in out
    assert "You do not hold Ah." in out
    assert "You lead this trick, so you cannot pass." in out


def test_move_labels():
    def label(cards, level="2"):
        return _move_label(guandan.classify(cards, level)[0])

    assert label("9s 9d") == "99"
    assert label("As 2d 3c 4s 5s") == "A2345"
    assert label("Qs Qd Ks Kd As Ad") == "QQKKAA"
    assert label("9s 9d 9c 5s 5d") == "999+55"
    assert label("9s 9d 9c 9h") == "4x9"
    assert label("SJ SJ BJ BJ") == "jokers"
    assert label("9s 5h", level="5") == "99*"


def test_cancelled_tribute_is_announced():
    match = play_match(Match("standard", seed=0), [SimpleBot() for _ in range(4)])
    deal = next(d for d in match.deals if d.tribute and d.tribute.cancelled)
    assert _tribute_lines(deal, 0)[0].startswith("No tribute: the payers hold both big jokers.")


def test_cards_that_do_not_beat_are_explained():
    hands = ["3h 9s Kd", "5s 6s", "3d 4d", "3c 4c"]
    deal = Deal(hands=hands, level="2", leader=1)
    deal.play("5s")
    deal.pass_turn()
    deal.pass_turn()
    out = []
    answers = iter(["3h", "Kd"])
    person = TerminalPlayer(FakeMatch(deal), 0, read=lambda prompt: next(answers), write=out.append)
    move = person.choose_move(deal.observation(0), deal.legal_moves(), True)
    assert str(move) == "Kd"
    assert "3h does not beat single 5: 5s." in out
    assert "To beat: single 5: 5s (played by Right)" in out
