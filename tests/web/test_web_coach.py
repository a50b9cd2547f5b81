"""The coach: hints are legal and repeatable, and a clearly bad play is
commented while the search's own choice is not.

The calls here use no time budget (think_ms=0) and a playout cap, so the
result depends only on the seed."""

import random
import re

import pytest

from guandan import Deal
from guandan import _core
from guandan.web import coach
from guandan.web.coach import Hint, hint, rate
from guandan.web.guandan_texts import move_name

FAST = dict(think_ms=0, rollouts=1500)
# Enough playouts for the search to settle on a sound opening lead (at 1,500
# its choice among the near-equal leads of a fresh deal is still noisy).
SETTLED = dict(think_ms=0, rollouts=4000)


def _positions():
    """Play positions of a few seeded deals, after some random play (some
    leading, some following, one in the tribute phase)."""
    out = []
    for seed in range(6):
        deal = Deal(seed=seed, level="23456789TJQKA"[seed])
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            if deal.is_over:
                break
            moves = deal.legal_moves()
            if deal.can_pass() and (not len(moves) or rng.random() < 0.4):
                deal.pass_turn()
            else:
                deal.play(rng.choice(moves))
        if not deal.is_over:
            out.append(deal)
    return out


@pytest.mark.parametrize("deal", _positions(), ids=lambda d: d.to_text()[:24])
def test_hint_is_a_legal_action_with_a_reason(deal):
    advice = hint(deal, deal.turn, **FAST)
    assert isinstance(advice, Hint)
    if advice.move is None:
        assert deal.can_pass()
    else:
        assert advice.move in deal.legal_moves()
    assert set(advice.reason) == {"en", "zh"} and all(advice.reason.values())


# A reason in words, then the share of playouts won as a detail at the end.
WORDS_THEN_SHARE = {"en": re.compile(r"(?P<words>[^%]{12,}) \(wins \d{1,3} % of playouts\)"),
                    "zh": re.compile(r"(?P<words>[^%]{4,})（模拟胜率 \d{1,3}%）")}


@pytest.mark.parametrize("deal", _positions(), ids=lambda d: d.to_text()[:24])
def test_a_reason_is_words_first_and_never_names_the_move(deal):
    # the page shows "Hint: <move> — <reason>": the move is not named twice
    advice = hint(deal, deal.turn, **FAST)
    if deal.phase != "play":
        return
    for language in ("en", "zh"):
        reason = advice.reason[language]
        if advice.move is not None:
            assert move_name(advice.move, deal.level)[language] not in reason
        if "%" in reason:
            assert WORDS_THEN_SHARE[language].fullmatch(reason), reason


def _lead(hand, level="2"):
    """Seat 0 leads with ``hand``; the others hold a few cards."""
    return Deal(hands=[hand, "5s 6d 7c 8h", "Ts Jd Qc", "Ks Kd Ac"], leader=0, level=level)


def _named(deal, cards):
    return next(m for m in deal.grouped_moves() if sorted(map(str, m.cards)) == sorted(cards.split()))


@pytest.mark.parametrize("hand, cards, level, en, zh", [
    # the weakest single, the bomb kept
    ("9s 9d 9c 9h 3c 4d", "3c", "2", "lead your weakest cards while you hold the lead, keeping your bombs",
     "趁有出牌权先出最小的牌，留着炸弹"),
    # the wild heart kept, and what is left is one pair (the wild heart with the 7)
    ("2h 5c 5d 7s", "5c 5d", "2",
     "lead your weakest cards while you hold the lead, keeping your wild hearts; the rest of your hand then goes out in one play",
     "趁有出牌权先出最小的牌，留着逢人配；剩下的牌一手就能出完"),
    # the 3s and 4s make a full house: the K leads, and the full house goes out next
    ("3c 3d 3s 4c 4d Kh", "Kh", "9",
     "it keeps your lower cards for the longer plays they belong to; the rest of your hand then goes out in one play",
     "留着小牌，它们能组成更长的牌型；剩下的牌一手就能出完"),
    ("3c 4d 5s 6h 7c 9d 9s", "3c 4d 5s 6h 7c", "2", "it gets 5 cards out in one play; the rest of your hand then goes out in one play",
     "一手出掉 5 张牌；剩下的牌一手就能出完"),
    # these two read "the lead that the search's playouts rate best here", words no newcomer follows:
    # the 3s are a pair, so the K leads
    ("3c 3d Kh", "Kh", "2",
     "it keeps your lower cards for the longer plays they belong to; the rest of your hand then goes out in one play",
     "留着小牌，它们能组成更长的牌型；剩下的牌一手就能出完"),
    ("3c 8s 8d Kh", "8s 8d", "2", "it gets 2 cards out at once while you hold the lead", "趁有出牌权一次出掉 2 张牌"),
])
def test_a_lead_is_explained_by_what_it_keeps_and_sets_up(hand, cards, level, en, zh):
    deal = _lead(hand, level)
    assert coach._reason(deal, 0, _named(deal, cards)) == {"en": en, "zh": zh}


def test_a_follow_says_whether_it_beats_the_trick_cheaply():
    deal = Deal(hands=["4c 9d Kd", "5s 6d 7c 8h", "Ts Jd Qc", "3s 3d Ac"], leader=3)
    deal.play("3s")
    assert coach._reason(deal, 0, _named(deal, "4c"))["en"] == "it beats the single 3 as cheaply as you can"
    assert coach._reason(deal, 0, _named(deal, "Kd"))["en"] == "it beats the single 3 and takes the lead"
    assert coach._reason(deal, 0, None) == {"en": "let the single 3 go: beating it would spend cards you need later",
                                            "zh": "放过单张3：压它会用掉后面要用的牌"}


def test_no_hint_is_a_certain_loss_when_another_move_wins(monkeypatch):
    # Seat 3 keeps one card after its pair of Ks; seat 0's bomb stops it
    # going out. Say the search chose to pass and its playouts rated the
    # pass a certain loss (no playout won) and the bomb a likely win: the
    # coach hints the bomb, and does not comment on it when it is played.
    deal = Deal(hands=["9s 9d 9c 9h 3c 4d 6s", "5s 6d 7c 8h", "Ts Jd 2c", "Ks Kd Ac"], leader=3)
    deal.play("Ks Kd")
    monkeypatch.setattr(coach, "_search_choice", lambda *args: None)
    monkeypatch.setattr(coach, "_values", lambda deal, seat, options, budget, share: [
        (-2.0, 0.0) if option is None else (1.0, 0.8) if option.is_bomb else (-1.0, 0.1) for option in options])
    advice = hint(deal, 0, **FAST)
    assert advice.move is not None and advice.move.is_bomb
    assert advice.reason["en"] == "an opponent has 1 card left: the bomb stops them going out (wins 80 % of playouts)"
    assert rate(deal, 0, advice.move, **FAST) is None
    # when nothing wins a playout, the search's own choice stands
    monkeypatch.setattr(coach, "_values", lambda deal, seat, options, budget, share: [(-2.0, 0.0) for _ in options])
    assert hint(deal, 0, **FAST).move is None


def test_a_hint_in_a_lost_deal_says_so_instead_of_wins_0_percent(monkeypatch):
    # 4 of 83 hints read "(wins 0 % of playouts)": nothing wins, so say the
    # deal looks lost and that the hinted play loses least.
    deal = Deal(hands=["3c 4d 9s", "5s 6d 7c 8h", "Ts Jd 2c", "Ks Kd Ac"], leader=0)
    monkeypatch.setattr(coach, "_search_choice", lambda *args: _named(deal, "3c"))
    monkeypatch.setattr(coach, "_values", lambda deal, seat, options, budget, share: [(-2.0, 0.001) for _ in options])
    advice = hint(deal, 0, **FAST)
    assert advice.reason == {
        "en": "lead your weakest cards while you hold the lead (this deal looks lost whatever you play: this loses the least)",
        "zh": "趁有出牌权先出最小的牌（这一局怎么出都难赢：这样输得最少）",
    }


def test_hint_is_the_same_for_the_same_seed():
    deal = Deal(seed=11)
    first = hint(deal, deal.turn, **FAST, seed=5)
    assert all(hint(deal, deal.turn, **FAST, seed=5) == first for _ in range(2))


def test_hint_with_a_time_budget_is_legal():
    deal = Deal(seed=12)
    advice = hint(deal, deal.turn, think_ms=50)
    assert advice.move in deal.legal_moves()


def test_hint_in_the_tribute_phase_names_a_card_to_give():
    deal = Deal(seed=3, previous_order=[0, 1, 2, 3])
    assert deal.phase == "tribute"
    advice = hint(deal, deal.turn, **FAST)
    assert advice.move is None and advice.card in deal.tribute_options()
    assert str(advice.card) in advice.reason["en"]


def _one_card_to_go_out():
    # Seat 3 leads 3c; seat 0 holds only As and goes out with it. If seat 0
    # passes, seat 1 goes out with its 4c.
    deal = Deal(hands=["As", "4c 9d", "Ts Jd 2c", "3c 5d 6h"], leader=3)
    deal.play("3c")
    return deal


def test_hint_takes_the_move_that_goes_out():
    deal = _one_card_to_go_out()
    advice = hint(deal, 0, **FAST)
    assert str(advice.move) == "As"
    assert advice.reason == {"en": "it takes you out", "zh": "出完就走"}


def test_passing_when_one_move_goes_out_is_commented():
    deal = _one_card_to_go_out()
    for seed in range(3):
        assert rate(deal, 0, None, **FAST, seed=seed) == {"en": "single A would have taken you out",
                                                           "zh": "单张A就能出完"}


def test_going_out_is_not_commented():
    deal = _one_card_to_go_out()
    assert rate(deal, 0, deal.legal_moves()[0], **FAST) is None


def test_passing_while_an_opponent_goes_out_is_commented():
    # Seat 3 leads a pair of Ks and keeps one card; only seat 0's bomb stops
    # it going out.
    deal = Deal(hands=["9s 9d 9c 9h 3c 4d 6s", "5s 6d 7c 8h", "Ts Jd 2c", "Ks Kd Ac"], leader=3)
    deal.play("Ks Kd")
    comment = rate(deal, 0, None, **FAST)
    assert comment == {"en": "an opponent has 1 card left: bomb of four 9s would have stopped them",
                       "zh": "对手只剩 1 张牌：炸弹 四个9能拦住"}
    advice = hint(deal, 0, **FAST)
    assert advice.move.is_bomb and advice.reason["en"].startswith(
        "an opponent has 1 card left: the bomb stops them going out (wins ")
    assert advice.reason["zh"].startswith("对手只剩 1 张牌：用炸弹拦住他（模拟胜率 ")


def test_bombing_the_partners_winning_trick_is_commented():
    # The partner leads the big joker keeping a pair; nobody follows but
    # seat 0's bomb, which takes the lead the partner would go out from.
    deal = Deal(hands=["9s 9d 9c 9h 4c 6d 7s Jd Qd As", "5s 6d 7c 8h Ts Jh Kd Ks Qs 4h 4s", "BJ 3c 3d",
                       "Kh Kc 5c 5d 6c 7d 8d Th Jc Qc 4d"], leader=2)
    deal.play("BJ")
    deal.pass_turn()
    bomb = next(m for m in deal.legal_moves() if m.is_bomb)
    assert rate(deal, 0, bomb, **FAST) == {"en": "you bombed your partner's winning trick: let it run",
                                           "zh": "你炸了对家的牌：应该让对家的牌走"}
    assert rate(deal, 0, None, **FAST) is None
    assert hint(deal, 0, **FAST).reason["en"].startswith(
        "your partner is winning this trick: let it run and keep your cards (wins ")


@pytest.mark.parametrize("deal", _positions()[:4], ids=lambda d: d.to_text()[:24])
def test_the_hinted_move_is_never_rated_worse(deal):
    # hint and rate share the search's choice for the same arguments.
    advice = hint(deal, deal.turn, **FAST, seed=2)
    assert rate(deal, deal.turn, advice.move, **FAST, seed=2) is None


def test_leading_the_biggest_bomb_first_is_commented_with_win_rates():
    # Opening a deal with its strongest bomb throws it away: the comment
    # compares the shares of playouts won, in both languages.
    deal = Deal(seed=23)  # its biggest bomb: six Ks (one wild)
    biggest_bomb = max(deal.legal_moves(), key=lambda m: (m.is_bomb, m.strength))
    assert biggest_bomb.is_bomb
    comments = [rate(deal, deal.turn, biggest_bomb, **SETTLED, seed=seed) for seed in range(3)]
    assert all(c is not None and "%" in c["en"] and "%" in c["zh"] for c in comments)
    # the better play and why in words first, the shares of playouts last
    for comment in comments:
        assert re.fullmatch(r".+ was the better play — [a-z].{10,} \(wins \d+ % of playouts; yours \d+ %\)", comment["en"])
        assert re.fullmatch(r".+更好——.{4,}（模拟胜率 \d+%，你的出法 \d+%）", comment["zh"])


@pytest.mark.parametrize("call, error", [
    (lambda d: hint(d, 4), ValueError),
    (lambda d: hint(d, "0"), TypeError),
    (lambda d: hint(d, (d.turn + 1) % 4), ValueError),  # not the seat to act
    (lambda d: hint("deal", 0), TypeError),
    (lambda d: hint(d, d.turn, think_ms=-1), ValueError),
    (lambda d: hint(d, d.turn, think_ms=1.5), TypeError),
    (lambda d: hint(d, d.turn, rollouts=0), ValueError),
    (lambda d: rate(d, d.turn, None), ValueError),  # the leader cannot pass
    (lambda d: rate(d, d.turn, "3s"), TypeError),
    (lambda d: rate(d, (d.turn + 1) % 4, None), ValueError),
])
def test_bad_arguments_raise(call, error):
    with pytest.raises(error):
        call(Deal(seed=1))


def test_a_move_that_is_not_legal_now_raises():
    deal = Deal(seed=1)
    other = Deal(seed=2)
    foreign = next(m for m in other.legal_moves() if m not in deal.legal_moves())
    with pytest.raises(ValueError, match="not a legal play"):
        rate(deal, deal.turn, foreign, **FAST)


def test_move_values_scores_every_option_on_the_same_worlds():
    deal = _one_card_to_go_out()
    view = deal.observation(0).view
    (out_mean, out_win, worlds), (pass_mean, pass_win, pass_worlds) = _core.move_values(
        view, list(deal.legal_moves()), True, 400, 0, 1)
    # Going out wins every playout; passing lets seat 1 go out first.
    assert out_win == 1.0 and out_mean > 0
    assert pass_win < 1.0 and pass_mean < out_mean
    assert worlds == pass_worlds == 200  # 400 playouts over two options
    assert _core.move_values(view, list(deal.legal_moves()), True, 400, 0, 1) == _core.move_values(
        view, list(deal.legal_moves()), True, 400, 0, 1)
    with pytest.raises(ValueError):
        _core.move_values(view, [], False, 400, 0, 1)  # nothing to value
    with pytest.raises(ValueError):
        _core.move_values(view, list(deal.legal_moves()), True, 0, 0, 1)
