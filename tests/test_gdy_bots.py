"""Gan Deng Yan bots see what their seat may know, and nothing else: over
seeded deals, every observation a bot is handed holds no other seat's cards
and no way to the deal, and its plays are empty exactly when the seat
cannot beat the table."""

import random

import pytest

from guandan._core import gdy as core_gdy
from guandan.gdy import Action, Cards, CoreBot, Deal, Game, Observation, Play, legal_plays, play_deal
from guandan.gdy.bots import ask, next_play, seat_turn, step
from reference import gdy as ref
from seat_view import of_type, reachable


class Recorder:
    """Plays through ``inner`` (or at random) and keeps everything it was
    handed, beside the deal's true state at that moment (read by the test
    from ``deal``, never by the bot)."""

    def __init__(self, deal, inner=None, seed=0):
        self.deal = deal
        self.inner = inner
        self.rng = random.Random(seed)
        self.seen = []

    def choose_move(self, observation, moves, can_pass):
        truth = {"hands": self.deal.hands, "stock": self.deal.core.stock(), "history": self.deal.history}
        self.seen.append((observation, moves, can_pass, truth))
        if self.inner is not None:
            return self.inner.choose_move(observation, moves, can_pass)
        choices = list(moves) + ([None] if can_pass else [])
        return self.rng.choice(choices)


def recorded_deals(count):
    """(deal, recorders) for ``count`` seeded deals of 2 to 6 players, the
    seats played in turn by the rule bot, the random bot and random choices."""
    out = []
    for seed in range(count):
        deal = Deal(players=2 + seed % 5, seed=seed)
        inner = [CoreBot("rule", seed=seed), CoreBot("random", seed=seed), None]
        bots = [Recorder(deal, inner[(seed + s) % 3], seed * 10 + s) for s in range(deal.players)]
        play_deal(deal, bots)
        out.append((deal, bots))
    return out


DEALS = recorded_deals(40)


def every_turn():
    for _, bots in DEALS:
        for bot in bots:
            yield from bot.seen


def test_the_deals_were_played_and_recorded():
    assert all(deal.is_over for deal, _ in DEALS)
    turns = list(every_turn())
    assert len(turns) == sum(len(deal.history) for deal, _ in DEALS) > 1000
    assert any(moves == () for _, moves, _, _ in turns)  # some seats could not beat the table


def public_cards(observation, truth):
    """The card sets the seat may know: its hand and each play made so far."""
    return {truth["hands"][observation.seat]} | {a.play.cards for a in truth["history"]}


def test_no_observation_holds_another_seats_cards_or_the_stock():
    for observation, moves, _, truth in every_turn():
        seat = observation.seat
        assert observation.hand == truth["hands"][seat]
        assert list(observation.history) == truth["history"]  # the public record, no more
        # Every card set in it is the seat's hand or cards played in view of all,
        # so none is, or holds, another seat's hand beyond what was played.
        allowed = public_cards(observation, truth) | {observation.cards_played}
        card_sets = of_type((observation, moves), Cards)
        assert card_sets and all(cards in allowed for cards in card_sets)
        # Every play in it was made, or is the seat's own to make.
        made = {a.play for a in truth["history"]} | {Play.PASS}
        assert all(play in made or play in moves for play in of_type(observation, Play))
        # No packed word of another hand: large ints are card words (counts and seats are small).
        hidden = {hand.word for other, hand in enumerate(truth["hands"]) if other != seat}
        hidden -= {cards.word for cards in allowed}  # the same cards as a public set by chance
        assert not any(n in hidden for n in of_type((observation, moves), int) if n > 10_000)
        # Nothing in it lists the stock's cards in order.
        stock = truth["stock"]
        if len(stock) >= 2:
            assert not any(list(x) == stock for x in of_type(observation, (list, tuple)))


def test_no_observation_leads_to_the_deal_or_the_core_state():
    forbidden = (Deal, Game, core_gdy.Deal, core_gdy.Game, core_gdy.Bot)
    for observation, moves, _, _ in every_turn():
        assert of_type((observation, moves), forbidden) == []


def test_the_checks_catch_a_leak():
    # The same checks on observations that do leak: a deal in the history,
    # another seat's hand in place of the seat's own.
    deal = Deal(players=3, seed=5)
    seen = deal.observation(deal.turn)
    leaky = Observation(**{**vars(seen), "history": (Action(0, Play.PASS), deal)})
    assert of_type(leaky, (Deal,)) == [deal]
    other = (seen.seat + 1) % 3
    swapped = Observation(**{**vars(seen), "hand": deal.hand(other)})
    truth = {"hands": deal.hands, "history": []}
    assert not all(c in public_cards(seen, truth) for c in of_type(swapped, Cards))
    assert len(reachable(seen)) > 10  # the walk goes into the fields


def test_moves_are_empty_exactly_when_the_seat_cannot_beat_the_table():
    for observation, moves, can_pass, _ in every_turn():
        assert isinstance(moves, tuple) and Play.PASS not in moves
        assert can_pass == (observation.table is not None)
        # The brute-force reference's plays that beat the table (all of them when leading).
        table = 0 if observation.table is None else observation.table.word
        beating = ref.legal_plays(observation.hand.word, table) - {ref.PASS}
        assert {p.word for p in moves} == beating
        assert (moves == ()) == (not beating)
        if observation.table is None:
            assert moves  # a seat that leads always has a play


def test_observation_extras_follow_the_record():
    for observation, _, _, truth in every_turn():
        played = Cards.from_word(sum(a.play.cards.word for a in truth["history"]))
        assert observation.cards_played == played
        if observation.table is None:
            assert observation.passed == ()
        else:
            last = max(i for i, a in enumerate(truth["history"]) if not a.play.is_pass)
            assert observation.passed == tuple(a.seat for a in truth["history"][last + 1:])
            assert observation.seat not in observation.passed


# --- the bot protocol's checks ---------------------------------------------------

class Fixed:
    def __init__(self, answer):
        self.answer = answer

    def choose_move(self, observation, moves, can_pass):
        return self.answer(moves) if callable(self.answer) else self.answer


def test_play_deal_rejects_bad_answers_and_bad_calls():
    deal = Deal(players=3, seed=2)  # the starter leads
    with pytest.raises(ValueError, match="passed but leads"):
        next_play(deal, Fixed(None))
    with pytest.raises(ValueError, match="returning None"):
        next_play(deal, Fixed(Play.PASS))
    with pytest.raises(TypeError, match="returned '5'"):
        next_play(deal, Fixed("5"))
    _, moves, _ = seat_turn(deal)
    elsewhere = next(p for p in legal_plays("3 4 5 6 7 8 9 10 J Q K A 2 JK JK") if p not in moves)
    with pytest.raises(ValueError, match="not one of its legal plays"):
        next_play(deal, Fixed(elsewhere))
    with pytest.raises(ValueError, match="needs 3 bots, got 2"):
        play_deal(deal, [Fixed(None)] * 2)
    with pytest.raises(TypeError, match="gdy.Deal"):
        play_deal("deal", [])
    over = play_deal(Deal(players=2, seed=3), [Fixed(lambda moves: moves[0] if moves else None)] * 2)
    with pytest.raises(ValueError, match="over"):
        step(over, [Fixed(None)] * 2)
    with pytest.raises(ValueError, match="over"):
        seat_turn(over)


def test_a_core_bot_takes_only_an_observation_of_the_seat_to_act():
    deal = Deal(players=4, seed=9)
    bot = CoreBot("rule")
    observation, moves, can_pass = seat_turn(deal)
    assert ask(bot, observation, moves, can_pass) in moves
    waiting = deal.observation((deal.turn + 1) % 4)
    with pytest.raises(ValueError, match="not to act"):
        bot.choose_move(waiting, moves, can_pass)
    # The same fields, not from the deal: the bot needs nothing else.
    made_up = Observation(**vars(observation))
    assert bot.choose_move(made_up, moves, can_pass) == CoreBot("rule").choose_move(observation, moves, can_pass)
    with pytest.raises(TypeError, match="Observation"):
        bot.choose_move(deal, moves, can_pass)


def test_the_core_refuses_an_impossible_view():
    deal = Deal(players=3, seed=4)
    o = deal.observation(deal.turn)
    core = core_gdy.Bot("rule", 0)
    fields = dict(seat=o.seat, players=o.players, hand=o.hand.word, table=0, last_player=-1, passes=0,
                  hand_sizes=list(o.hand_sizes), played=list(o.played), stock_left=o.stock_left, bombs=o.bombs,
                  gone=o.cards_played.word)
    assert core.choose_view(**fields) != 0  # leading: a play, not the pass
    for change, words in [({"stock_left": o.stock_left + 1}, "not seen"),
                          ({"hand_sizes": [0] * 3}, "hand_sizes"),
                          ({"players": 9}, "players"),
                          ({"seat": 3}, "seat"),
                          ({"hand": 1 << 60}, "card words")]:
        with pytest.raises(ValueError, match=words):
            core.choose_view(**{**fields, **change})


def test_a_core_bot_plays_as_before_from_its_observation():
    # The rule policy is deterministic: the same plays as the core's own
    # playout of the deal (its simulation), seat for seat.
    for seed in range(5):
        deal = play_deal(Deal(players=4, seed=seed), [CoreBot("rule") for _ in range(4)])
        again = Deal(players=4, seed=seed)
        bot = core_gdy.Bot("rule", 0)
        while not again.is_over:
            again.play(Play(bot.choose(again.core)))
        assert [a.play for a in again.history] == [a.play for a in deal.history]
