"""`guandan play --game gdy`: scripted games at the terminal, checked against
the same game played through the API."""

import argparse
import itertools
import re

import pytest
from guandan.gdy import KIND_NAMES, RANK_NAMES, Cards, CoreBot, Deal, Game, Observation, Play, legal_plays
from guandan.gdy.bots import next_play
from guandan.gdy.terminal import MENU_LIMIT, TerminalGame, bot_seed, menu_plays, play_command

from scripted_input import script


def namespace(players=2, seed=11, seat=0, bots="rule", target=50):
    return argparse.Namespace(players=players, seed=seed, seat=seat, bots=bots, target=target)


def weakest(plays):
    """Entry 1 of the menu: singles first, then by size, rank and fewest jokers."""
    def key(p):
        rank = 13 if p.rank == "JK" else RANK_NAMES.index(p.rank)
        return (KIND_NAMES.index(p.kind), len(p), rank, p.cards.jokers, p.word)
    return min(plays, key=key)


def replay_always_first(players, seed, seat, bots, target=50):
    """The game the person plays by answering 1 every time (passing only when
    nothing beats the table), played through the API."""
    game = Game(players=players, seed=seed, target=target)
    robots = {s: CoreBot(bots, seed=bot_seed(seed, s)) for s in range(players) if s != seat}
    while not game.is_over:
        deal = game.deal
        while not deal.is_over:
            if deal.turn == seat:
                options = [p for p in deal.legal_plays() if not p.is_pass]
                deal.play(weakest(options) if options else Play.PASS)
            else:
                deal.play(next_play(deal, robots[deal.turn]))
        game.next_deal()
    return game


def final_scores(out, seat):
    """The scores printed under 'Final scores:', by seat."""
    lines = out.split("Final scores:\n", 1)[1].splitlines()
    text = " | ".join(line.strip() for line in itertools.takewhile(lambda l: l.startswith("  "), lines))
    scores = {}
    for part in text.split(" | "):
        name, points = part.rsplit(" ", 1)
        scores[seat if name == "You" else int(name.split()[1])] = int(points)
    return scores


PENALTY = re.compile(r"^  (You|Seat \d)\s+(\d+) cards? (.*)= (\d+) points")


def check_penalty_lines(out):
    """Each penalty line's arithmetic: cards x2 (never played) x2/x4 (bombs)."""
    seen = 0
    for line in out.splitlines():
        match = PENALTY.match(line)
        if match:
            cards, factors, points = int(match[2]), match[3], int(match[4])
            product = cards
            for factor in re.findall(r"x(\d)", factors):
                product *= int(factor)
            assert product == points, line
            seen += 1
    return seen


@pytest.mark.parametrize("players, seed, seat, bots", [
    (2, 11, 0, "rule"),
    (3, 5, 2, "random"),
    (6, 3, 4, "rule"),
])
def test_a_whole_game_answering_1_matches_the_api(players, seed, seat, bots, monkeypatch, capsys):
    script(monkeypatch, itertools.repeat("1"))
    assert play_command(namespace(players, seed, seat, bots)) == 0
    out = capsys.readouterr().out
    game = replay_always_first(players, seed, seat, bots)
    assert final_scores(out, seat) == dict(enumerate(game.scores))
    assert f"Game over after {len(game.deals)} deal" in out
    names = ["You" if s == seat else f"Seat {s}" for s in game.winners]
    if len(names) == 1:
        assert re.search(rf"^{names[0]} wins? the game with {min(game.scores)} points?!$", out, re.M)
    else:
        assert "Shared win: " in out and all(name in out.split("Shared win: ")[1] for name in names)
    assert out.count(" over: ") == len(game.deals)
    assert check_penalty_lines(out) == len(game.deals) * (players - 1)
    assert "Your hand (" in out and "Your plays:" in out and "To beat: " in out and "You lead" in out
    assert "Everyone else passed: " in out
    assert f"Game seed {seed}: play it again with --seed {seed}." in out
    assert max(len(line) for line in out.splitlines()) <= 78


def first_leader(players, seed):
    return Game(players=players, seed=seed).deal.starter


def test_bad_answers_give_a_reason_and_the_game_goes_on(monkeypatch, capsys):
    seat = first_leader(3, 8)  # the person leads the first trick
    prompts = script(monkeypatch, ["99", "xyz", "pass", "p", "", "h", "1", "q"])
    assert play_command(namespace(3, 8, seat)) == 0
    out = capsys.readouterr().out
    assert "Choose a number from 1 to " in out
    assert "Unknown card 'xyz'" in out
    assert out.count("You lead, so you cannot pass: choose a play.") == 2
    assert "At \"Your play>\" type:" in out
    assert out.count("You lead: play any combination.") >= 2  # Enter showed the table again
    assert re.search(r"^You play single \w+: \w+\.$", out, re.M)
    assert out.rstrip().endswith("You quit the game.\nGame seed 8: play it again with --seed 8.")
    assert len(prompts) == 8
    assert "Traceback" not in out


def test_q_quits_at_once(monkeypatch, capsys):
    script(monkeypatch, ["q"])
    assert play_command(namespace(4, 2, 1)) == 0
    out = capsys.readouterr().out
    assert "You quit the game." in out and "Game seed 2" in out


def test_end_of_input_quits_cleanly(monkeypatch, capsys):
    script(monkeypatch, [])
    assert play_command(namespace(2, 1, 0)) == 0
    assert "End of input: you left the game." in capsys.readouterr().out


def test_end_of_input_between_deals_quits_cleanly(monkeypatch, capsys):
    def answer(prompt):
        if prompt.startswith("Press Enter"):
            raise EOFError
        return "1"

    script(monkeypatch, answer)
    assert play_command(namespace(2, 11, 0)) == 0
    out = capsys.readouterr().out
    assert "Deal 1 over: " in out and "Scores (game to 50):" in out
    assert "Deal 2:" not in out
    assert "End of input: you left the game." in out


def test_typed_cards_are_played(monkeypatch, capsys):
    seat = first_leader(3, 8)
    hand = Game(players=3, seed=8).deal.hand(seat)
    top = [name for name in hand.names() if name != "JK"][-1]
    script(monkeypatch, [f"{top.lower()} {top.lower()} {top.lower()} {top.lower()}", top.lower(), "q"])
    assert play_command(namespace(3, 8, seat)) == 0
    out = capsys.readouterr().out
    assert f"You do not hold {top} {top} {top} {top}." in out
    assert f"You play single {top}: {top}." in out


def test_a_seed_is_picked_and_printed_when_none_is_given(monkeypatch, capsys):
    script(monkeypatch, ["1", "1", "q"])
    assert play_command(namespace(3, None, 0)) == 0
    first = capsys.readouterr().out
    seed = int(re.search(r"^Game seed (\d+) ", first, re.M)[1])
    script(monkeypatch, ["1", "1", "q"])
    assert play_command(namespace(3, seed, 0)) == 0
    assert capsys.readouterr().out == first


def test_other_hands_stay_hidden_until_a_deal_is_scored(monkeypatch, capsys):
    seat = 1
    start = Game(players=4, seed=6).deal
    bot_hands = [str(start.hand(s)) for s in range(4) if s != seat]
    looked = []
    observing = []  # the seats whose observation is being made (each bot reads its own hand)
    real_hand, real_observation = Deal.hand, Deal.observation

    def spy(deal, who):
        looked.append((who, deal.is_over, observing[-1] if observing else None))
        return real_hand(deal, who)

    def observation_spy(deal, who):
        observing.append(who)
        try:
            return real_observation(deal, who)
        finally:
            observing.pop()

    monkeypatch.setattr(Deal, "hand", spy)
    monkeypatch.setattr(Deal, "observation", observation_spy)
    script(monkeypatch, itertools.repeat("1"))
    assert play_command(namespace(4, 6, seat)) == 0
    out = capsys.readouterr().out
    # A hand is read for the person, for a seat's own observation, or once the deal is over.
    assert looked and all(who == seat or over or who == own for who, over, own in looked)
    assert any(who != seat and who == own for who, _, own in looked)  # the bots saw their own hands
    before_scoring = out.split("Deal 1 over: ")[0]
    assert all(len(Cards(hand)) >= 5 and hand not in before_scoring for hand in bot_hands)


def table_for(hand, table=None):
    """A TerminalGame and the person's observation with ``hand`` and ``table``."""
    terminal = TerminalGame(Game(players=2, seed=1), 0, [None, CoreBot("rule")], "rule")
    seen = Observation(seat=0, players=2, hand=Cards(hand), turn=0, table=table, last_player=1,
                       hand_sizes=(len(Cards(hand)), 5), stock_left=30, bombs=0, played=(False, True),
                       history=(), winner=None)
    options, hidden = menu_plays(legal_plays(hand, table))
    return terminal, seen, options, hidden


def test_cards_read_two_ways_need_the_kind(capsys):
    terminal, seen, options, _ = table_for("5 6 9 JK JK")
    assert terminal.interpret("5 6 jk jk", seen, options) is None
    assert "type 'run 5 6 JK JK' or 'pairs 5 6 JK JK'" in capsys.readouterr().out
    assert terminal.interpret("pairs 5 6 jk jk", seen, options).describe() == "pairs 5-6"
    assert terminal.interpret("run 5 6 jk jk", seen, options).describe() == "run 5-8"


def test_why_a_typed_play_is_refused(capsys):
    nine = legal_plays("9")[0]
    terminal, seen, options, _ = table_for("3 4 5 10 JK", nine)
    for answer in ("3 4 5", "3 4", "4 4 4", "jk", "zz", "10", "10 jk", "k"):
        assert terminal.interpret(answer, seen, options) is None
    out = capsys.readouterr().out
    assert "3 4 5 does not beat single 9: 9." in out
    assert "3 4 is not a combination" in out
    assert "You do not hold 4 4 4." in out
    assert "A joker cannot be played alone" in out
    assert "Unknown card 'zz'" in out
    assert "Choose 1, or p to pass.\n(A number picks an entry of the list: to play the card 10" in out
    assert "10 JK does not beat single 9: 9." in out
    assert "You do not hold K." in out
    assert terminal.interpret("1", seen, options).describe() == "single 10"
    assert terminal.interpret("p", seen, options) == Play.PASS


def test_the_menu_lists_the_weakest_plays_first_and_the_pass_last():
    terminal, seen, options, hidden = table_for("5 6 7 JK")
    lines = terminal.menu(options, True, hidden)
    assert lines[:3] == ["Your plays:", "   1  single 5: 5", "   2  single 6: 6"]
    assert "   8  run 5-7: 5 6 JK" in lines and lines[-1].split() == ["p", "pass"]
    kinds = [options[int(line.split()[0]) - 1].kind for line in lines[1:-1]]
    assert kinds == sorted(kinds, key=KIND_NAMES.index)


def test_a_long_menu_keeps_one_way_per_play_in_columns(capsys):
    hand = "4 5 6 7 8 9 10 J JK JK"
    terminal, seen, options, hidden = table_for(hand)
    every = [p for p in legal_plays(hand) if not p.is_pass]
    assert len(every) > MENU_LIMIT and len(options) + hidden == len(every)
    assert len({p.describe() for p in options}) == len(options) == len({p.describe() for p in every})
    lines = terminal.menu(options, False, hidden)
    assert len(lines) == 1 + (len(options) + 1) // 2 + 1 and max(len(line) for line in lines) <= 78  # two columns
    assert lines[-1] == f"  ({hidden} more ways to make these plays with other cards: type the cards.)"
    numbers = sorted(int(n) for line in lines[1:-1] for n in re.findall(r"(\d+)  [a-z]", line))
    assert numbers == list(range(1, len(options) + 1))
    # a way left out of the menu can still be typed
    typed = terminal.interpret("5 7 9 10 jk jk", seen, options, hidden)
    assert typed is not None and typed not in options and typed.describe() == "run 5-10"
