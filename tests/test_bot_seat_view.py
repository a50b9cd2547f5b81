"""Guandan bots see what their seat may know, and nothing else: over seeded
matches (tribute and return included), every observation a bot is handed
holds no other seat's cards and no way to the deal or the match, and its
moves are empty exactly when the seat follows and cannot beat the play."""

import pytest

import guandan
from guandan import Hand, Match, _core
from guandan.gd.bots import RandomBot, SimpleBot, make_bot, play_deal
from guandan.gd.deal import Deal
from guandan.gd.match import MatchState
from reference import follows
from seat_view import of_type, reachable

# The standard ruleset's wild cards may stand in with a joker (tests/test_engine_vs_reference.py).
WILD_WITH_JOKER = True


class Recorder:
    """Plays through ``inner`` and keeps everything it was handed, beside the
    deal's true state at that moment (read by the test from ``deal``, never
    by the bot)."""

    def __init__(self, inner):
        self.inner = inner
        self.deal = None
        self.seen = []

    def _keep(self, observation, moves, can_pass):
        deal = self.deal
        truth = {"hands": deal.hands, "events": deal.events, "level": deal.level}
        self.seen.append((observation, moves, can_pass, truth))

    def choose_move(self, observation, moves, can_pass):
        self._keep(observation, tuple(moves), can_pass)
        return self.inner.choose_move(observation, moves, can_pass)

    def choose_card(self, observation, options):
        self._keep(observation, None, None)
        return self.inner.choose_card(observation, options)


def recorded_matches(count, deals_each):
    out = []
    for seed in range(count):
        match = Match("standard", seed=seed)
        inner = [SimpleBot(), RandomBot(seed), make_bot("rule", seed), RandomBot(seed + 1)]
        bots = [Recorder(inner[(seed + s) % 4]) for s in range(4)]
        for _ in range(deals_each):
            for bot in bots:
                bot.deal = match.deal
            play_deal(match.deal, bots, match)
            if match.next_deal() is None:
                break
        out.append((match, bots))
    return out


MATCHES = recorded_matches(3, 3)


def every_turn():
    for _, bots in MATCHES:
        for bot in bots:
            yield from bot.seen


def test_the_matches_were_played_and_recorded():
    turns = list(every_turn())
    assert len(turns) > 500
    assert any(moves is None for _, moves, _, _ in turns)  # a tribute or return card was chosen
    assert any(moves == () for _, moves, _, _ in turns)  # a seat could not beat the play


def card_names(hand):
    return sorted(str(c) for c in hand.cards)


def played_cards(events):
    return sorted(str(c) for e in events if e.kind == "play" for c in e.move.cards)


def given_to(events, seat):
    """The tribute and return cards given to ``seat``: shown to everyone."""
    return [str(e.card) for e in events if e.kind in ("tribute", "return") and e.to == seat]


def with_view(observation):
    """The observation and what its core view (``PlayerView``, which the core
    policies read) shows to Python: the walk does not enter core objects."""
    view = observation.view
    return (observation, [getattr(view, name) for name in dir(view) if not name.startswith("_")])


def test_no_observation_holds_another_seats_cards():
    for observation, moves, _, truth in every_turn():
        seat, events = observation.seat, truth["events"]
        assert card_names(observation.hand) == card_names(truth["hands"][seat])
        assert observation.history == events  # the public record, no more
        assert card_names(observation.played) == played_cards(events)
        for shown_seat, shown in enumerate(observation.shown):
            assert all(card in given_to(events, shown_seat) for card in card_names(shown))
        # Every card set in it is the seat's hand, the cards played or cards
        # shown face up: none is, or holds, another seat's hand beyond those.
        allowed = [observation.hand, observation.played, *observation.shown]
        hands = of_type(with_view(observation), Hand)
        assert len(hands) >= 2 and all(any(hand.bits == known.bits for known in allowed) for hand in hands)
        # Every move in it was played in view of all, or is the seat's own.
        public = {e.move.bits for e in events if e.kind == "play"} | {m.bits for m in moves or ()}
        assert all(move.bits in public for move in of_type(with_view(observation), _core.Move))
        # A card on its own is a tribute or return card (shown face up).
        face_up = {str(e.card) for e in events if e.card is not None}
        assert all(str(card) in face_up for card in of_type(with_view(observation), _core.Card))


def test_no_observation_leads_to_the_deal_or_the_match():
    forbidden = (Deal, Match, MatchState, _core.DealState, _core.DealRecord)
    for observation, moves, _, _ in every_turn():
        assert of_type((with_view(observation), moves), forbidden) == []


def test_the_checks_catch_a_leak():
    deal = Deal(seed=4)
    seen = deal.observation(deal.turn)
    leaky = guandan.Observation(**{**vars(seen), "history": (deal,)})
    assert of_type(leaky, (Deal,)) == [deal]
    other = guandan.Observation(**{**vars(seen), "hand": deal.hands[(seen.seat + 1) % 4]})
    known = [seen.hand, seen.played, *seen.shown]
    assert not all(any(h.bits == k.bits for k in known) for h in of_type(other, Hand))
    assert len(reachable(seen)) > 10


def test_moves_are_empty_exactly_when_the_seat_cannot_beat_the_play():
    for observation, moves, can_pass, truth in every_turn():
        if moves is None:
            continue  # a tribute or return card
        last = observation.last_play
        assert can_pass == (last is not None)
        if last is None:
            assert moves  # a seat that leads always has a move
            continue
        hand = [str(c) for c in observation.hand.cards]
        # The slow reference's moves that beat the play (tests/reference/movegen.py).
        beating = follows(hand, truth["level"], last.kind, last.rank, last.size, WILD_WITH_JOKER)
        assert (moves == ()) == (not beating)
        assert len(moves) == len(beating)


@pytest.mark.parametrize("seed", range(3))
def test_the_protocol_example_bot_finishes_a_deal(seed):
    class FirstMove:
        def choose_move(self, observation, moves, can_pass):
            return moves[0] if moves else None

        def choose_card(self, observation, options):
            return options[0]

    deal = play_deal(Deal(seed=seed), [FirstMove() for _ in range(4)])
    assert deal.is_over and deal.outcome in ("1-2", "1-3", "1-4")
