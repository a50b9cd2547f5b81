"""Self-checks of the Gan Deng Yan reference (tests/reference/gdy.py), no engine.

Every count below is worked out by hand in a comment, from docs/gdy_rules.md.
Cards are written low to high: 3 4 5 6 7 8 9 10 J Q K A 2, and JK for a joker.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.deal import Rng
from reference.gdy import (
    BOMB,
    CARDS_MASK,
    JOKER_BOMB,
    PAIR,
    PAIR_RUN,
    PASS,
    RUN,
    SINGLE,
    TWO,
    Deal,
    Game,
    beats,
    card_word,
    cards_text,
    hand_of,
    hand_word,
    legal_plays,
    match_deal_seed,
    parse,
    penalty,
    perft,
    play_of,
    readings,
    shuffled_deck,
    unpack,
)


def texts(plays):
    """Plays as (kind, cards, rank) text, for readable failures."""
    return sorted((unpack(w)[2], cards_text(w), unpack(w)[3]) for w in plays)


def same(plays, expected):
    assert texts(plays) == texts(expected)


def test_lone_joker_is_a_single_two_only_as_the_whole_hand():
    assert readings(*parse("JK")) == set()
    assert readings(*parse("JK"), whole_hand=True) == {(SINGLE, TWO)}
    # Hand JK: the joker single (as a 2) = 1 lead.
    lone = play_of("JK", SINGLE, "2")
    same(legal_plays(hand_of("JK")), {lone})
    # Hand 5 JK: single 5, pair 5 JK = 2; the joker alone is not a play.
    same(legal_plays(hand_of("5 JK")), {play_of("5", SINGLE, "5"), play_of("5 JK", PAIR, "5")})
    # As a 2 it beats a single K, not a single 2, and never a pair.
    same(legal_plays(hand_of("JK"), play_of("K", SINGLE, "K")), {PASS, lone})
    same(legal_plays(hand_of("JK"), play_of("2", SINGLE, "2")), {PASS})
    same(legal_plays(hand_of("JK"), play_of("3 3", PAIR, "3")), {PASS})


def test_five_with_two_jokers_is_only_a_bomb():
    # The cards can be read as runs 3 4 5, 4 5 6, 5 6 7 or the bomb 5 5 5 ...
    assert readings(*parse("5 JK JK")) == {(RUN, 2), (RUN, 3), (RUN, 4), (BOMB, 2)}
    # ... but play only as the bomb. Hand 5 JK JK: single 5, pair 5 JK,
    # joker bomb, bomb 5 JK JK = 4 leads.
    bomb = play_of("5 JK JK", BOMB, "5")
    joker_bomb = play_of("JK JK", JOKER_BOMB, "JK")
    same(
        legal_plays(hand_of("5 JK JK")),
        {play_of("5", SINGLE, "5"), play_of("5 JK", PAIR, "5"), joker_bomb, bomb},
    )
    # On the run 4 5 6 the reading 5 6 7 would beat it, but the cards are a
    # bomb: pass, the bomb, the joker bomb = 3.
    same(legal_plays(hand_of("5 JK JK"), play_of("4 5 6", RUN, "6")), {PASS, bomb, joker_bomb})
    # Two naturals and two jokers of one rank: the bomb 5 5 5 5, never 55-66.
    assert readings(*parse("5 5 JK JK")) >= {(BOMB, 2), (PAIR_RUN, 3)}
    hand = hand_of("5 5 JK JK")
    same([w for w in legal_plays(hand) if w & CARDS_MASK == hand], [play_of("5 5 JK JK", BOMB, "5")])


def test_two_kinds_of_reading_are_two_plays():
    # Hand 5 6 JK JK, by natural part x jokers (0, 1, 2):
    #   none: -, -, joker bomb                      = 1
    #   5:    single, pair 5 JK, bomb 5 JK JK       = 3
    #   6:    single, pair 6 JK, bomb 6 JK JK       = 3
    #   5 6:  -, run to 7 (highest of 4-6, 5-7),
    #         run to 8 and pair run 55-66          = 3
    # 1 + 3 + 3 + 3 = 10 leads.
    hand = hand_of("5 6 JK JK")
    leads = legal_plays(hand)
    assert len(leads) == 10
    assert play_of("5 6 JK", RUN, "7") in leads and play_of("5 6 JK", RUN, "6") not in leads
    assert play_of("5 6 JK JK", RUN, "8") in leads
    assert play_of("5 6 JK JK", PAIR_RUN, "6") in leads
    bombs = {play_of("5 JK JK", BOMB, "5"), play_of("6 JK JK", BOMB, "6"), play_of("JK JK", JOKER_BOMB, "JK")}
    # Following, the cards take the reading that beats: on 3 4 5 6 they are
    # 4 5 6 7; on 44-55 they are 55-66. Each time: pass + that + 3 bombs = 5.
    same(legal_plays(hand, play_of("3 4 5 6", RUN, "6")), {PASS, play_of("5 6 JK JK", RUN, "7")} | bombs)
    same(legal_plays(hand, play_of("4 4 5 5", PAIR_RUN, "5")), {PASS, play_of("5 6 JK JK", PAIR_RUN, "6")} | bombs)


def test_a_two_never_beats_a_two():
    two, ace, king = play_of("2", SINGLE, "2"), play_of("A", SINGLE, "A"), play_of("K", SINGLE, "K")
    assert beats(two, king) and beats(ace, king) and beats(two, ace)
    assert not beats(two, two) and not beats(ace, ace) and not beats(play_of("Q", SINGLE, "Q"), play_of("10", SINGLE, "10"))
    hand = hand_of("A 2 2")
    # On a K: A (one higher) or a 2, plus the pass = 3. On an A: 2 or pass.
    # On a 2: only the pass (2 2 is a pair, and no bomb in the hand).
    same(legal_plays(hand, king), {PASS, play_of("A", SINGLE, "A"), two})
    same(legal_plays(hand, ace), {PASS, two})
    same(legal_plays(hand, two), {PASS})
    # Pairs the same way: 2 2 beats A A, not 2 2.
    same(legal_plays(hand, play_of("A A", PAIR, "A")), {PASS, play_of("2 2", PAIR, "2")})
    same(legal_plays(hand, play_of("2 2", PAIR, "2")), {PASS})


def test_runs_stop_at_the_ace():
    # Hand Q K A 2: singles 4 + the run Q K A = 5 (K A 2 is no run).
    assert len(legal_plays(hand_of("Q K A 2"))) == 5
    # Hand K A 2 JK: singles K A 2 (3), pairs with the joker (3), the run
    # Q K A from K A JK (1); A 2 JK and K A 2 (JK) are nothing = 7.
    assert len(legal_plays(hand_of("K A 2 JK"))) == 7
    assert readings(*parse("A 2 JK")) == set()
    assert readings(*parse("K A JK")) == {(RUN, 11)}


def test_pair_runs_stop_at_the_ace():
    # Hand A A 2 2: singles A 2, pairs AA 22 = 4; AA-22 is no pair run.
    assert len(legal_plays(hand_of("A A 2 2"))) == 4
    # Hand K K A A 2 2: singles 3 + pairs 3 + the pair run KK-AA = 7.
    assert len(legal_plays(hand_of("K K A A 2 2"))) == 7
    assert readings(*parse("A A 2 JK")) == set()


def test_a_run_is_beaten_only_one_rank_higher():
    table = play_of("3 4 5", RUN, "5")
    # Hand 4 5 6 7 8 on 3 4 5: only 4 5 6 (not 5 6 7, 6 7 8, nor longer runs).
    same(legal_plays(hand_of("4 5 6 7 8"), table), {PASS, play_of("4 5 6", RUN, "6")})
    # Hand 5 6 JK: on 3 4 5 as 4 5 6, on 4 5 6 as 5 6 7, on 5 6 7 not at all.
    same(legal_plays(hand_of("5 6 JK"), table), {PASS, play_of("5 6 JK", RUN, "6")})
    same(legal_plays(hand_of("5 6 JK"), play_of("4 5 6", RUN, "6")), {PASS, play_of("5 6 JK", RUN, "7")})
    same(legal_plays(hand_of("5 6 JK"), play_of("5 6 7", RUN, "7")), {PASS})
    # Same length only, and nothing but a bomb beats a run to A.
    assert not beats(play_of("4 5 6 7", RUN, "7"), play_of("3 4 5 6 7", RUN, "7"))
    assert not beats(play_of("4 5 6 7", RUN, "7"), play_of("4 5 6", RUN, "6"))
    same(legal_plays(hand_of("3 4 5 6 7 8 9 10 J Q K A"), play_of("Q K A", RUN, "A")), {PASS})
    assert beats(play_of("3 3 3", BOMB, "3"), play_of("3 4 5 6 7 8 9 10 J Q K A", RUN, "A"))


def test_bomb_ladder():
    # Low to high: more cards first, then rank; the joker bomb on top.
    ladder = [
        play_of("3 3 3", BOMB, "3"),
        play_of("2 2 2", BOMB, "2"),
        play_of("3 3 3 3", BOMB, "3"),
        play_of("5 5 5 JK", BOMB, "5"),
        play_of("2 2 2 2", BOMB, "2"),
        play_of("3 3 3 3 JK", BOMB, "3"),
        play_of("2 2 2 2 JK", BOMB, "2"),
        play_of("3 3 3 3 JK JK", BOMB, "3"),
        play_of("2 2 2 2 JK JK", BOMB, "2"),
        play_of("JK JK", JOKER_BOMB, "JK"),
    ]
    for i, low in enumerate(ladder):
        assert not beats(low, low)
        for high in ladder[i + 1:]:
            assert beats(high, low) and not beats(low, high)
        # Any bomb beats any play that is not a bomb; nothing else beats a bomb.
        assert beats(low, play_of("2", SINGLE, "2")) and beats(low, play_of("2 2", PAIR, "2"))
        assert not beats(play_of("2", SINGLE, "2"), low)


def test_penalties():
    # One point a card; x2 never played; x2 per bomb, at most x4; so x8 at most.
    assert penalty(5, played=True, bombs=0) == 5
    assert penalty(5, played=False, bombs=0) == 10
    assert penalty(5, played=True, bombs=1) == 10
    assert penalty(5, played=True, bombs=2) == 20
    assert penalty(5, played=True, bombs=3) == 20  # capped at x4
    assert penalty(5, played=False, bombs=3) == 40  # x2 x4 = x8


def test_dealing_order():
    # Seed 7: the shuffle of ids 0..53 starts 10 19 53 13 29 25 7 33 0 16 27 40
    # 51 12 26 52 24 44 30 48 20 41 ... (rng.h's Rng gives the same), and
    # bounded(4) then draws starter 3. Ranks are id // 4, ids 52 53 are jokers:
    #   positions 0 4 8 12 16 + 20 -> seat 3: 5 10 3 2 9 + 8
    #   positions 1 5 9 13 17      -> seat 0: 7 9 7 6 A
    #   positions 2 6 10 14 18     -> seat 1: JK 4 9 9 10
    #   positions 3 7 11 15 19     -> seat 2: 6 J K JK 2
    # and the stock starts at position 21 (id 41, a K).
    deal = Deal(4, 7)
    assert deal.starter == 3 and deal.turn == 3 and deal.table == PASS
    assert [cards_text(h) for h in deal.hands] == ["6 7 7 9 A", "4 9 9 10 JK", "6 J K 2 JK", "3 5 8 9 10 2"]
    assert len(deal.stock) == 54 - 21 and deal.stock[0] == hand_of("K")
    # A given starter draws nothing, so the same shuffle is dealt from seat 0.
    given_starter = Deal(4, 7, starter=0)
    assert [cards_text(h) for h in given_starter.hands] == ["3 5 8 9 10 2", "6 7 7 9 A", "4 9 9 10 JK", "6 J K 2 JK"]
    # Every player count: 6 cards to the starter, 5 to the others, the rest
    # in the stock, the whole deck accounted for.
    for players in range(2, 7):
        deal = Deal(players, 11)
        rng = Rng(11)
        deck = shuffled_deck(rng)
        assert deal.starter == rng.bounded(players)
        assert [cards_text(h).count(" ") + 1 for h in deal.hands] == [
            6 if seat == deal.starter else 5 for seat in range(players)
        ]
        assert list(deal.stock) == [card_word(c) for c in deck[5 * players + 1:]]
        assert sum(deal.hands) + sum(deal.stock) == hand_word([4] * 13, 2)


def test_everyone_draws_when_all_pass_and_a_pass_is_not_final():
    hands = [hand_of("3 4 5"), hand_of("6 7"), hand_of("8 9")]
    deal = Deal.from_position(hands, [hand_of(c) for c in ("10", "J", "Q", "K")], starter=0)
    # Seat 0 leads 3; seats 1 and 2 cannot beat it (no 4, no 2) and pass:
    # everyone draws, seat 0 first (10), then 1 (J), then 2 (Q); seat 0 leads.
    deal.apply(play_of("3", SINGLE, "3"))
    assert deal.legal_plays() == [PASS]
    deal.apply(PASS)
    deal.apply(PASS)
    assert [cards_text(h) for h in deal.hands] == ["4 5 10", "6 7 J", "8 9 Q"]
    assert (deal.turn, deal.table, deal.passes, list(deal.stock)) == (0, PASS, 0, [hand_of("K")])
    # Again with one card left: only seat 0 draws; then the stock is empty.
    deal.apply(play_of("4", SINGLE, "4"))
    deal.apply(PASS)
    deal.apply(PASS)
    assert [cards_text(h) for h in deal.hands] == ["5 10 K", "6 7 J", "8 9 Q"]
    # Seat 0 leads 5, seat 1 beats it with 6, seats 2 and 0 pass: seat 1
    # leads next and nobody draws from the empty stock.
    deal.apply(play_of("5", SINGLE, "5"))
    deal.apply(play_of("6", SINGLE, "6"))
    deal.apply(PASS)
    deal.apply(PASS)
    assert [cards_text(h) for h in deal.hands] == ["10 K", "7 J", "8 9 Q"]
    assert (deal.turn, deal.table, deal.last_player) == (1, PASS, 1)

    # A seat that passed may play later in the same trick: seat 1 passes on
    # the 3, seat 2 plays 4, seat 0 plays 5, and seat 1 now plays 6.
    deal = Deal.from_position([hand_of("3 5 9 9"), hand_of("4 6 K"), hand_of("4 Q Q")], [], starter=0)
    deal.apply(play_of("3", SINGLE, "3"))
    assert play_of("4", SINGLE, "4") in deal.legal_plays()
    deal.apply(PASS)
    deal.apply(play_of("4", SINGLE, "4"))
    deal.apply(play_of("5", SINGLE, "5"))
    assert deal.turn == 1 and play_of("6", SINGLE, "6") in deal.legal_plays()
    deal.apply(play_of("6", SINGLE, "6"))
    assert deal.passes == 0 and deal.last_player == 1


def test_end_of_deal_and_bomb_doubling():
    hands = [hand_of("3 3 3 9"), hand_of("4 JK JK"), hand_of("6 7 8 9 10")]
    deal = Deal.from_position(hands, [], starter=0)
    deal.apply(play_of("3 3 3", BOMB, "3"))  # bomb 1
    deal.apply(play_of("JK JK", JOKER_BOMB, "JK"))  # bomb 2: the joker bomb counts
    assert deal.legal_plays() == [PASS]  # nothing beats the joker bomb
    deal.apply(PASS)
    deal.apply(PASS)
    with pytest.raises(ValueError):
        deal.apply(PASS)  # the leader may not pass
    deal.apply(play_of("4", SINGLE, "4"))  # seat 1's last card
    assert deal.is_over and deal.winner == 1 and deal.legal_plays() == []
    # Two bombs: x4. Seat 0: 1 card x4 = 4. Seat 2 never played: 5 x2 x4 = 40.
    assert deal.penalties() == [4, 0, 40]
    assert deal.hands[0] & CARDS_MASK == hand_of("9")


def test_perft_of_small_positions():
    # Seat 0 holds 3 4, seat 1 holds 5, starter 0.
    #   depth 1: lead 3 or 4                                   = 2
    #   depth 2: on 3 only the pass (5 is not 4 or 2);
    #            on 4 pass or 5 (5 ends the deal)               = 1 + 2 = 3
    #   depth 3: 3,pass -> seat 0 leads its last card (1);
    #            4,pass -> likewise (1); 4,5 is over, one leaf (1) = 3
    def position(stock):
        return Deal.from_position([hand_of("3 4"), hand_of("5")], [hand_of(c) for c in stock], starter=0)

    assert [perft(position([]), d) for d in (0, 1, 2, 3)] == [1, 2, 3, 3]
    # With a 2 in the stock, seat 0 draws it after each all-pass round and
    # has two leads instead of one: depth 3 = 2 + 2 + 1 = 5.
    assert perft(position(["2"]), 3) == 5


def test_game_end_and_shared_wins():
    game = Game(3, seed=5, target=10)
    game.record(0, 0, [0, 4, 6])
    assert not game.is_over
    game.record(0, 1, [5, 0, 4])  # scores 5 4 10: 10 reaches the target
    assert game.is_over and game.scores == [5, 4, 10] and game.winners() == [1]
    with pytest.raises(ValueError):
        game.record(1, 0, [0, 1, 1])
    tied = Game(3, seed=5, target=10)
    tied.record(0, 0, [0, 12, 0])
    assert tied.winners() == [0, 2]

    # A whole game, always taking the first legal action: the first starter
    # is drawn, each later deal starts with the last winner, and the game
    # stops after the first deal that takes a score to the target.
    game = Game(4, seed=42, target=30)
    winners = game.play(lambda deal: deal.legal_plays()[0])
    starters = [starter for starter, _, _ in game.history]
    assert starters[0] == Deal(4, match_deal_seed(42, 0)).starter
    assert starters[1:] == [winner for _, winner, _ in game.history[:-1]]
    totals = [0] * 4
    for i, (_, _, points) in enumerate(game.history):
        totals = [t + p for t, p in zip(totals, points)]
        assert (max(totals) >= 30) == (i == len(game.history) - 1)
    assert totals == game.scores and winners == [s for s in range(4) if totals[s] == min(totals)]
    # Deal seeds: the same values as match_deal_seed in cpp/include/guandan/rng.h.
    assert match_deal_seed(42, 0) == 14473931205035997723
    assert match_deal_seed(42, 1) == 18048596636615606144


@st.composite
def small_hands(draw):
    """A few neighbouring ranks (and the 2), with jokers: the shapes that matter."""
    low = draw(st.integers(0, 10))
    ranks = list(range(low, min(low + 4, 13))) + [12]
    counts = [0] * 13
    for r in draw(st.lists(st.sampled_from(ranks), min_size=0, max_size=8)):
        counts[r] = min(counts[r] + 1, 4)
    jokers = draw(st.integers(0, 2))
    if sum(counts) + jokers == 0:
        jokers = 1
    return hand_word(counts, jokers)


@given(small_hands(), small_hands(), st.integers(0, 1000))
def test_shortcut_changes_nothing(hand, other, pick):
    # legal_plays skips sub-multisets that cannot be read; reading every one
    # of them must give the same plays, leading and following.
    leads = legal_plays(hand)
    assert leads == legal_plays(hand, prune=False)
    tables = sorted(legal_plays(other))
    table = tables[pick % len(tables)]
    follows = legal_plays(hand, table)
    assert follows == legal_plays(hand, table, prune=False)
    counts, jokers, _, _ = unpack(hand)
    for word in leads | follows:
        used, used_jokers, _, _ = unpack(word)
        assert all(u <= c for u, c in zip(used, counts)) and used_jokers <= jokers
    assert all(word == PASS or beats(word, table) for word in follows)
