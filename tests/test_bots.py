"""Bots: legal choices only, whole matches, and SimpleBot's rules of thumb."""

import guandan
import pytest
from guandan import Card, Deal, Match
from guandan.gd.bots import BOTS, RandomBot, SimpleBot, card_order, make_bot, play_deal, play_match
from checked_bot import Checked


def hands_with(seat_hands):
    """Four hands: the given ones by seat, the others a lone small card."""
    filler = ["2s", "2c", "2d", "3c"]
    return [seat_hands.get(seat, filler[seat]) for seat in range(4)]


# --- legal choices and whole matches ----------------------------------------

def quick(kind, seed):
    """A bot of this kind; the searches on 40 playouts a decision, to keep
    whole matches quick."""
    if kind.startswith("search"):
        return BOTS[kind](seed=seed, rollouts=40)
    return make_bot(kind, seed)


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_only_make_legal_choices(ruleset, kind):
    # Whole matches: the search bot gets a small budget to keep this quick.
    for seed in range(4 if kind not in ("search", "search_v2") else 1):
        bots = [Checked(quick(kind, seed * 4 + seat)) for seat in range(4)]
        match = play_match(Match(ruleset, seed=seed), bots)
        assert match.is_over
        assert sum(b.moves for b in bots) > 0
        assert sum(b.cards for b in bots) > 0 or len(match.deals) == 1


@pytest.mark.parametrize("ruleset", guandan.PRESET_NAMES)
def test_play_match_finishes_with_a_winner(ruleset):
    for seed in range(3):
        bots = [SimpleBot(), RandomBot(seed), SimpleBot(), RandomBot(seed + 100)]
        match = play_match(Match(ruleset, seed=seed), bots)
        assert match.is_over and match.winner in (0, 1)
        assert all(deal.is_over for deal in match.deals)
        assert "A" in match.state.levels


def test_play_deal_plays_a_lone_deal_to_the_end():
    deal = play_deal(Deal(seed=11), [SimpleBot() for _ in range(4)])
    assert deal.is_over and deal.outcome in ("1-2", "1-3", "1-4")


def test_play_deal_needs_four_bots_and_rejects_a_pass_on_lead():
    with pytest.raises(ValueError):
        play_deal(Deal(seed=1), [SimpleBot()] * 3)

    class Passer(SimpleBot):
        def choose_move(self, observation, moves, can_pass):
            return None

    with pytest.raises(ValueError, match="passed"):
        play_deal(Deal(seed=1), [Passer()] * 4)


def test_play_match_stops_at_max_deals():
    with pytest.raises(RuntimeError):
        play_match(Match("standard", seed=0), [SimpleBot()] * 4, max_deals=1)


def test_make_bot_by_name():
    assert isinstance(make_bot("simple"), SimpleBot)
    assert isinstance(make_bot("random", 3), RandomBot)
    with pytest.raises(ValueError):
        make_bot("clever")


def test_a_core_bot_budget_is_fixed_when_made():
    # The core player holds the budget, so changing it afterwards would do
    # nothing: it is read-only instead.
    bot = BOTS["search"](seed=1, rollouts=40)
    assert (bot.rollouts, bot.think_ms, bot.threads) == (40, 100, 1)
    for name in ("rollouts", "think_ms", "threads", "max_candidates", "keep_margin"):
        with pytest.raises(AttributeError):
            setattr(bot, name, 1)


# --- RandomBot ----------------------------------------------------------------

def match_record(seed):
    match = play_match(Match("standard", seed=5), [RandomBot(seed * 10 + s) for s in range(4)])
    return [[str(e) for e in deal.history] for deal in match.deals]


def test_random_bot_is_reproducible_by_seed():
    assert match_record(1) == match_record(1)
    assert match_record(1) != match_record(2)


def test_random_bot_passes_only_when_allowed():
    deal = Deal(seed=4)
    bot = RandomBot(0)
    for _ in range(50):
        assert bot.choose_move(deal.observation(deal.turn), deal.legal_moves(), False) is not None


# --- SimpleBot ------------------------------------------------------------------

def test_simple_bot_leads_its_smallest_combination_with_the_most_cards():
    hands = hands_with({0: "3s 3d 6c 7s 8s 9d Ts Kh Kh Kd Kc", 2: "Qs"})
    deal = Deal(hands=hands, level="2", leader=0)
    move = SimpleBot().choose_move(deal.observation(0), deal.legal_moves(), deal.can_pass())
    assert (move.kind, move.rank, str(move)) == ("pair", "3", "3s 3d")


def test_simple_bot_leads_without_wilds_when_it_can():
    # At level 5 the 5h is wild: a pair of 3s with it is as small as the natural single 3.
    hands = hands_with({0: "3s 5h 8c 9d"})
    deal = Deal(hands=hands, level="5", leader=0)
    move = SimpleBot().choose_move(deal.observation(0), deal.legal_moves(), False)
    assert (move.kind, move.rank, move.wilds) == ("single", "3", 0)


def test_simple_bot_never_leads_a_bomb_when_it_has_anything_else():
    hands = hands_with({0: "4s 4h 4c 4d Ac Ad BJ"})
    deal = Deal(hands=hands, level="2", leader=0)
    move = SimpleBot().choose_move(deal.observation(0), deal.legal_moves(), False)
    assert not move.is_bomb
    assert (move.kind, move.rank) == ("full_house", "4")


def test_simple_bot_goes_out_when_one_move_takes_all_its_cards():
    hands = hands_with({0: "9s 9d 9c 6h 6d"})
    deal = Deal(hands=hands, level="2", leader=0)
    move = SimpleBot().choose_move(deal.observation(0), deal.legal_moves(), False)
    assert move.size == 5


def test_simple_bot_follows_with_the_smallest_non_bomb_that_beats():
    hands = hands_with({0: "5s 5d Qc", 1: "7s 7d 9s 9d Ks Kh Kc Kd 3c"})
    deal = Deal(hands=hands, level="2", leader=0)
    deal.play("5s 5d")
    move = SimpleBot().choose_move(deal.observation(1), deal.legal_moves(), deal.can_pass())
    assert (move.kind, move.rank) == ("pair", "7")


def test_simple_bot_passes_on_its_partners_play():
    hands = hands_with({0: "5s 5d Qc Jd", 1: "3s", 2: "7s 7d 9s 9d 3d"})
    deal = Deal(hands=hands, level="2", leader=0)
    deal.play("5s 5d")
    deal.pass_turn()
    assert deal.turn == 2 and deal.legal_moves()
    assert SimpleBot().choose_move(deal.observation(2), deal.legal_moves(), deal.can_pass()) is None


def test_simple_bot_beats_its_partner_to_go_out():
    hands = hands_with({0: "5s 5d Qc Jd", 1: "3s", 2: "7s 7d"})
    deal = Deal(hands=hands, level="2", leader=0)
    deal.play("5s 5d")
    deal.pass_turn()
    move = SimpleBot().choose_move(deal.observation(2), deal.legal_moves(), deal.can_pass())
    assert move is not None and str(move) == "7s 7d"


def test_simple_bot_keeps_its_bombs_while_the_opponents_have_many_cards():
    hands = hands_with({0: "As 3s 4s 5s 6c 8c 9c", 1: "6s 6h 6c 6d 7s 8s", 2: "3d 4d 5d 7d 8d 9d"})
    deal = Deal(hands=hands, level="2", leader=0)
    deal.play("As")
    assert deal.legal_moves() and all(m.is_bomb for m in deal.legal_moves())
    assert SimpleBot().choose_move(deal.observation(1), deal.legal_moves(), True) is None


def test_simple_bot_bombs_an_opponent_close_to_going_out():
    hands = hands_with({0: "As 3s 4s 5s", 1: "6s 6h 6c 6d 7s 8s", 2: "3d 4d 5d 7d 8d 9d"})
    deal = Deal(hands=hands, level="2", leader=0)
    deal.play("As")
    move = SimpleBot().choose_move(deal.observation(1), deal.legal_moves(), True)
    assert move is not None and move.is_bomb


def test_simple_bot_returns_its_lowest_card():
    observation = Deal(seed=1, level="3").observation(0)
    options = [Card("Ks"), Card("3d"), Card("2h"), Card("Th")]
    assert str(SimpleBot().choose_card(observation, options)) == "2h"
    observation = Deal(seed=1, level="2").observation(0)
    options = [Card("Ks"), Card("2d"), Card("3h")]
    assert str(SimpleBot().choose_card(observation, options)) == "3h"


def test_simple_bot_returns_its_lowest_card_after_a_real_tribute():
    match = Match("standard", seed=1)
    bots = [SimpleBot() for _ in range(4)]
    play_deal(match.deal, bots, match)
    deal = match.next_deal()
    while deal.phase == "tribute":
        deal.give(deal.tribute_options()[0])
    assert deal.phase == "return"
    options = deal.tribute_options()
    card = bots[deal.turn].choose_card(deal.observation(deal.turn, match), options)
    assert card_order(card, deal.level) == min(card_order(c, deal.level) for c in options)


def test_card_order_is_level_order():
    order = [card_order(Card(c), "7") for c in ["2s", "6d", "8c", "As", "7s", "7h", "SJ", "BJ"]]
    assert order == sorted(order) and order[4] == order[5] == 13
