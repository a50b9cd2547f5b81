"""The core-backed bots (rule, search), the search's honesty, and the arena."""

import guandan
import pytest
from guandan import _core
from guandan.arena import arena
from guandan.bots import RuleBot, SearchBot, make_bot, play_deal


def test_core_bots_play_legal_games_to_the_end():
    for ruleset in guandan.PRESET_NAMES:
        deal = guandan.Deal(seed=3, ruleset=ruleset, previous_order=[2, 1, 0, 3])
        bots = [SearchBot(seed=1, rollouts=60), RuleBot(seed=2), SearchBot(seed=3, rollouts=60), RuleBot(seed=4)]
        play_deal(deal, bots)  # play_deal rejects any illegal choice
        assert deal.is_over


def test_search_goes_out_when_it_can():
    # Leading 9s 9d: the pair plays out the hand; a single would not.
    deal = guandan.Deal(hands=["9s 9d", "3s 4s 5s", "6d 7d 8d", "Tc Jc Qc"], level="2", leader=0)
    move = SearchBot(seed=5, rollouts=200).choose_move(deal.observation(0), deal.legal_moves(), False)
    assert (move.kind, move.rank) == ("pair", "9")


def test_search_sees_only_what_its_seat_may_know():
    # Same own hand and public record, different hidden hands: same choice.
    mine = "3s 3d 5c 7h 7s 9d Jc Kd Ah"
    worlds = [
        [mine, "4s 4d 6c 8h 8s Td Qc 2d As", "4c 6s 6h 8d Tc Th Qd Ks Ac", "5s 5h 9s 9c Js Jh Qs Kc Ad"],
        [mine, "5s 5h 9s 9c Js Jh Qs Kc Ad", "4s 4d 6c 8h 8s Td Qc 2d As", "4c 6s 6h 8d Tc Th Qd Ks Ac"],
    ]
    choices = []
    for hands in worlds:
        deal = guandan.Deal(hands=hands, level="2", leader=0)
        deal.play("3s")
        for _ in range(3):
            deal.pass_turn()  # the same public record in both worlds
        bot = SearchBot(seed=11, rollouts=300)
        choices.append(bot.choose_move(deal.observation(0), deal.legal_moves(), deal.can_pass()))
    assert str(choices[0]) == str(choices[1])


def test_view_validation():
    deal = guandan.Deal(seed=1)
    obs = deal.observation(deal.turn)
    view = obs.view  # the core's own view of the seat
    assert _core.search_move(view, deal.legal_moves(), False, 50, True, 1)[1] > 0
    with pytest.raises(ValueError, match="card counts"):
        _core.PlayerView(seat=0, level=0, rules=guandan.Ruleset.preset("standard").core, hand=guandan.Hand("As"),
                         counts=[1, 27, 27, 60], played=guandan.Hand(), shown=[guandan.Hand()] * 4, last_play=None,
                         last_player=-1, passed_mask=0, out=[], first_out_last_play=None)
    with pytest.raises(ValueError, match="unknown policy"):
        _core.policy_play("clever", view, deal.legal_moves(), False, 1)


def test_rule_bot_matches_the_core_rule_policy_in_playouts():
    # A deal played by four RuleBots through Python equals the core playout
    # with the rule policy (the rule policy draws no random numbers).
    seed = _core.match_deal_seed(9, 0)
    r = guandan.simulate(1, policy="rule", seed=9, tribute=False)
    deal = guandan.Deal(seed=seed)
    play_deal(deal, [make_bot("rule", s) for s in range(4)])
    assert list(r.placing[0]) == deal.placing


def test_arena_rule_beats_random():
    result = arena("rule", "random", 300, seed=2, threads=2)
    assert result.deals == 600
    assert result.a_wins / result.deals > 0.85
    assert result.level_margin().mean() > 0
    text = "\n".join(result.summary())
    assert "rule wins" in text and "95% interval" in text
    with pytest.raises(ValueError, match="unknown bot"):
        arena("rule", "simple", 1)


def test_arena_command(capsys):
    from guandan.cli import main

    assert main(["arena", "--bots", "search,rule", "--deals", "6", "--rollouts", "40", "--threads", "2", "--quiet"]) == 0
    assert "search vs rule: 12 deals" in capsys.readouterr().out


def test_rule_policy_counts_cards_in_the_endgame():
    # Seat 0 holds BJ and 3s; every other card but the three the opponents
    # and partner hold has been played, the other BJ included. BJ is a sure
    # winner, so the rule policy leads it and goes out with the 3s next; a
    # plain "weakest first" lead would give the lead away with the 3s.
    standard = guandan.Ruleset.preset("standard")
    hand = guandan.Hand("BJ 3s")
    others = ["4s", "5s", "6s"]
    deck = guandan.Hand(" ".join(str(guandan.Card.from_index(k)) for k in range(54) for _ in range(2)))
    played = deck - hand - others
    view = _core.PlayerView(seat=0, level=0, rules=standard.core, hand=hand, counts=[2, 1, 1, 1], played=played,
                            shown=[guandan.Hand()] * 4, last_play=None, last_player=-1, passed_mask=0, out=[],
                            first_out_last_play=None)
    moves = guandan.legal_moves(hand, "2")
    assert str(moves[_core.policy_play("rule", view, moves, False, 1)]) == "BJ"
    # With four sevens still unseen (a bomb beats BJ), BJ is not sure: the
    # policy leads its weakest rank, the 3s.
    unseen = ["4s", "5s", "7s", "7h", "7c", "7d"]
    view = _core.PlayerView(seat=0, level=0, rules=standard.core, hand=hand, counts=[2, 1, 1, 4],
                            played=deck - hand - unseen, shown=[guandan.Hand()] * 4, last_play=None, last_player=-1,
                            passed_mask=0, out=[], first_out_last_play=None)
    assert str(moves[_core.policy_play("rule", view, moves, False, 1)]) == "3s"
