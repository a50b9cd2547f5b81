"""The core-backed bots (rule, search), the search's honesty, and the arena."""

import guandan
import pytest
from guandan import _core
from guandan.gd.arena import arena
from guandan.gd.bots import RuleV1Bot, SearchV1Bot, make_bot, play_deal


def test_core_bots_play_legal_games_to_the_end():
    for ruleset in guandan.PRESET_NAMES:
        deal = guandan.Deal(seed=3, ruleset=ruleset, previous_order=[2, 1, 0, 3])
        bots = [SearchV1Bot(seed=1, rollouts=60), RuleV1Bot(seed=2), SearchV1Bot(seed=3, rollouts=60), RuleV1Bot(seed=4)]
        play_deal(deal, bots)  # play_deal rejects any illegal choice
        assert deal.is_over


def test_search_goes_out_when_it_can():
    # Leading 9s 9d: the pair plays out the hand; a single would not.
    deal = guandan.Deal(hands=["9s 9d", "3s 4s 5s", "6d 7d 8d", "Tc Jc Qc"], level="2", leader=0)
    move = SearchV1Bot(seed=5, rollouts=200).choose_move(deal.observation(0), deal.legal_moves(), False)
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
        bot = SearchV1Bot(seed=11, rollouts=300)
        choices.append(bot.choose_move(deal.observation(0), deal.legal_moves(), deal.can_pass()))
    assert str(choices[0]) == str(choices[1])


def test_view_validation():
    deal = guandan.Deal(seed=1)
    obs = deal.observation(deal.turn)
    view = obs.view  # the core's own view of the seat
    assert _core.search_v1_move(view, deal.legal_moves(), False, 50, True, 1)[1] > 0
    with pytest.raises(ValueError, match="card counts"):
        _core.PlayerView(seat=0, level=0, rules=guandan.Ruleset.preset("standard").core, hand=guandan.Hand("As"),
                         counts=[1, 27, 27, 60], played=guandan.Hand(), shown=[guandan.Hand()] * 4, last_play=None,
                         last_player=-1, passed_mask=0, out=[], first_out_last_play=None)
    with pytest.raises(ValueError, match="unknown policy"):
        _core.policy_play("clever", view, deal.legal_moves(), False, 1)


@pytest.mark.parametrize("policy", ["rule", "rule_v1"])
@pytest.mark.parametrize("deal_index", range(8))
def test_rule_bots_match_the_core_rule_policies_in_playouts(policy, deal_index):
    # A deal played by four rule bots through Python equals the core playout
    # with the same policy (neither draws random numbers; the planning
    # policy's plans carry over between decisions in both).
    seed = _core.match_deal_seed(9, deal_index)
    r = guandan.simulate(deal_index + 1, policy=policy, seed=9, tribute=False)
    deal = guandan.Deal(seed=seed)
    play_deal(deal, [make_bot(policy, s) for s in range(4)])
    assert list(r.placing[deal_index]) == deal.placing


def test_arena_rule_beats_random():
    result = arena("rule", "random", 300, seed=2, threads=2)
    assert result.deals == 600
    assert result.a_wins / result.deals > 0.85
    assert result.level_margin().mean() > 0
    text = "\n".join(result.summary_lines())
    assert "rule wins" in text and "95% interval" in text
    with pytest.raises(ValueError, match="unknown bot"):
        arena("rule_v1", "nonesuch", 1)


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
    assert str(moves[_core.policy_play("rule_v1", view, moves, False, 1)]) == "BJ"
    # With four sevens still unseen (a bomb beats BJ), BJ is not sure: the
    # policy leads its weakest rank, the 3s.
    unseen = ["4s", "5s", "7s", "7h", "7c", "7d"]
    view = _core.PlayerView(seat=0, level=0, rules=standard.core, hand=hand, counts=[2, 1, 1, 4],
                            played=deck - hand - unseen, shown=[guandan.Hand()] * 4, last_play=None, last_player=-1,
                            passed_mask=0, out=[], first_out_last_play=None)
    assert str(moves[_core.policy_play("rule_v1", view, moves, False, 1)]) == "3s"


def _leading_view():
    # The first lead of a deal: the seat's 27 cards, nothing played yet.
    deal = guandan.Deal(seed=1)
    seat = deal.turn
    view = _core.PlayerView(seat=seat, level=0, rules=guandan.Ruleset.preset("standard").core,
                            hand=deal.observation(seat).hand, counts=[27] * 4, played=guandan.Hand(),
                            shown=[guandan.Hand()] * 4, last_play=None, last_player=-1, passed_mask=0, out=[],
                            first_out_last_play=None)
    return deal, deal.observation(seat), view


def test_passing_while_leading_is_rejected():
    # Passing is no option for the leader of a trick: the search would apply
    # a pass to a trick without a last player.
    deal, obs, view = _leading_view()
    assert not deal.can_pass()
    with pytest.raises(ValueError, match="cannot pass"):
        SearchV1Bot(seed=1, rollouts=50).choose_move(obs, deal.legal_moves(), True)
    with pytest.raises(ValueError, match="cannot pass"):
        _core.search_v1_move(view, deal.legal_moves(), True, 50, True, 1)
    for policy in _core.policy_names():
        with pytest.raises(ValueError, match="cannot pass"):
            _core.policy_play(policy, view, deal.legal_moves(), True, 1, 50)


@pytest.mark.parametrize("rollouts", [0, -1, 2**31 - 1, 1_000_001])
def test_rollouts_range(rollouts):
    deal, obs, view = _leading_view()
    with pytest.raises(ValueError, match="rollouts must be 1..1,000,000"):
        _core.search_v1_move(view, deal.legal_moves(), False, rollouts, True, 1)
    with pytest.raises(ValueError, match="rollouts must be 1..1,000,000"):
        _core.policy_play("search_v1", view, deal.legal_moves(), False, 1, rollouts)
    with pytest.raises(ValueError, match="rollouts must be 1..1,000,000"):
        SearchV1Bot(rollouts=rollouts)
    with pytest.raises(TypeError, match="rollouts"):
        SearchV1Bot(rollouts="10")


def test_candidates_must_be_plays_of_the_hand():
    deal, obs, view = _leading_view()
    other = guandan.Deal(seed=2)
    foreign = [m for m in other.legal_moves() if m not in deal.legal_moves()][:1]
    with pytest.raises(ValueError, match="candidate 0 is not a legal play"):
        _core.search_v1_move(view, foreign, False, 50, True, 1)
    with pytest.raises(ValueError, match="no move to choose"):
        _core.search_v1_move(view, [], False, 50, True, 1)


def _view(**changes):
    standard = guandan.Ruleset.preset("standard").core
    args = dict(seat=0, level=0, rules=standard, hand=guandan.Hand("As Ks 3d"), counts=[3, 1, 1, 1],
                played=guandan.Hand(), shown=[guandan.Hand()] * 4, last_play=None, last_player=-1, passed_mask=0,
                out=[], first_out_last_play=None)
    args.update(changes)
    return _core.PlayerView(**args)


def test_views_with_seats_without_cards_are_rejected():
    # Deal(hands=['As Ks 3d', '5c', '', ''], leader=0) kept the search busy
    # forever: two seats in play without cards. Such a view is refused.
    with pytest.raises(ValueError, match="holds no cards"):
        _view(counts=[3, 1, 0, 0])
    with pytest.raises(ValueError, match="out holds no cards"):
        _view(counts=[3, 1, 1, 1], out=[2])
    with pytest.raises(ValueError, match="seat to act is out"):
        _view(counts=[3, 1, 0, 1], out=[0])
    with pytest.raises(ValueError, match="distinct"):
        _view(counts=[3, 0, 1, 1], out=[1, 1])
    with pytest.raises(ValueError, match="passed_mask"):
        _view(passed_mask=16)
    with pytest.raises(ValueError, match="card counts"):
        _view(counts=[3, 1, 1, -1])
    # A valid view: the search returns, and quickly.
    moves = guandan.legal_moves("As Ks 3d", "2")
    choice, rollouts, _ = _core.search_v1_move(_view(), moves, False, 300, True, 1)
    assert 0 <= choice < len(moves) and rollouts > 0


def test_trick_must_add_up():
    ace = guandan.legal_moves("As", "2")[0]
    with pytest.raises(ValueError, match="last player"):
        _view(last_play=ace, last_player=0, played=guandan.Hand("As"))
    with pytest.raises(ValueError, match="last play"):
        _view(last_play=ace, last_player=1)  # not among the cards played
    view = _view(last_play=ace, last_player=1, played=guandan.Hand("As"), hand=guandan.Hand("Ks 3d BJ"))
    moves = guandan.legal_moves("Ks 3d BJ", "2", previous=ace)
    choice, _, _ = _core.search_v1_move(view, moves, True, 200, True, 1)
    assert -1 <= choice < len(moves)


def test_search_ends_on_every_small_position():
    # Many random small positions, every seat 1..3 cards: the search always
    # returns (a playout that did not end would raise, not hang).
    import random

    rng = random.Random(5)
    deck = [str(guandan.Card.from_index(k)) for k in range(54)] * 2
    for _ in range(40):
        rng.shuffle(deck)
        sizes = [rng.randint(1, 3) for _ in range(4)]
        hands, at = [], 0
        for size in sizes:
            hands.append(" ".join(deck[at:at + size]))
            at += size
        deal = guandan.Deal(hands=hands, level=rng.choice("2345TJQKA"), leader=rng.randrange(4))
        bot = SearchV1Bot(seed=1, rollouts=30)
        while not deal.is_over:
            move = bot.choose_move(deal.observation(deal.turn), deal.legal_moves(), deal.can_pass())
            deal.pass_turn() if move is None else deal.play(move)


# --- fuzz: any view either is refused with a clear error or can be searched --

from hypothesis import event, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_CARDS = st.lists(st.sampled_from(["As", "Ks", "3d", "5c", "SJ", "BJ", "2h", "7h", "7s"]), max_size=6).map(" ".join)


@st.composite
def _views(draw):
    """A consistent small position, with at most one field replaced at random."""
    hand = draw(st.lists(st.sampled_from(["As", "Ks", "3d", "5c", "SJ", "BJ", "7h", "7s"]), min_size=1, max_size=6,
                         unique=True))
    seat = draw(st.integers(0, 3))
    counts = [draw(st.integers(1, 5)) for _ in range(4)]
    counts[seat] = len(hand)
    last = draw(st.one_of(st.none(), st.sampled_from(["4s", "4d 4c", "Qd"])))
    fields = {
        "seat": seat, "hand": " ".join(hand), "counts": counts, "played": last or "",
        "last": last, "last_player": (seat + draw(st.integers(1, 3))) % 4 if last else -1,
        "passed_mask": 0, "out": [], "can_pass": last is not None,
    }
    broken = {"seat": st.integers(-1, 4), "hand": _CARDS, "counts": st.lists(st.integers(-1, 29), min_size=4, max_size=4),
              "played": _CARDS, "last": st.sampled_from([None, "As", "7s 7h", "BJ"]), "last_player": st.integers(-2, 4),
              "passed_mask": st.integers(-1, 17), "out": st.lists(st.integers(-1, 4), max_size=4),
              "can_pass": st.booleans()}
    replaced = draw(st.one_of(st.none(), st.sampled_from(sorted(broken))))
    if replaced is not None:
        fields[replaced] = draw(broken[replaced])
    return fields


@given(_views())
def test_views_are_refused_or_searched(fields):
    last = fields["last"]
    last_play = None if last is None else guandan.legal_moves(last, "2")[-1]
    try:
        view = _core.PlayerView(seat=fields["seat"], level=0, rules=guandan.Ruleset.preset("standard").core,
                                hand=guandan.Hand(fields["hand"]), counts=fields["counts"],
                                played=guandan.Hand(fields["played"]), shown=[guandan.Hand()] * 4, last_play=last_play,
                                last_player=fields["last_player"], passed_mask=fields["passed_mask"], out=fields["out"],
                                first_out_last_play=None)
        moves = guandan.legal_moves(fields["hand"], "2", previous=last_play) if fields["hand"] else []
        choice, _, _ = _core.search_v1_move(view, moves, fields["can_pass"], 20, True, 1)
    except (ValueError, TypeError) as error:
        assert str(error)
        event(f"refused: {type(error).__name__}")
        return
    event("searched")
    assert -1 <= choice < len(moves) and (choice >= 0 or fields["can_pass"])


def test_card_options_must_be_held():
    view = _view()  # holds As Ks 3d
    assert str(_core.policy_card("rule_v1", view, [guandan.Card("Ks"), guandan.Card("3d")], 1)) == "3d"
    with pytest.raises(ValueError, match="cards the seat holds"):
        _core.policy_card("rule_v1", view, [guandan.Card("BJ")], 1)
    with pytest.raises(ValueError, match="no card"):
        _core.policy_card("rule_v1", view, [], 1)
