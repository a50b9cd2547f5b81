"""Slow, brute-force reference for Gan Deng Yan (docs/gdy_rules.md).

Written from the rules alone, independently of the engine, so the engine's
tests can compare against it. Nothing here is clever: a set of cards is read
by trying every way of standing the jokers in for natural cards, legal plays
are found by reading every sub-multiset of the hand, and the deal is played
by following the rules step by step.

Cards. Rank index 0..12 = 3 4 5 6 7 8 9 10 J Q K A 2; suits never matter, so
a set of cards is a count per rank (0..4) plus a number of jokers (0..2).

Packed words (docs/gdy_rules.md, appendix):
  hand word: bits 4r..4r+3 = count of rank r, bits 52..53 = jokers;
  play word: its cards as a hand word, bits 56..59 = kind, bits 60..63 =
  reading rank (the top rank of a run or pair run, 13 for the joker bomb).
  The pass is the word 0.
"""

from collections import deque
from functools import lru_cache
from itertools import combinations_with_replacement, product

from .deal import MASK, Rng, SplitMix64, shuffle

RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
NUM_RANKS = 13
ACE = 11
TWO = 12
JOKER_BOMB_RANK = 13
JOKER_NAME = "JK"

PASS = 0
SINGLE, PAIR, RUN, PAIR_RUN, BOMB, JOKER_BOMB = 1, 2, 3, 4, 5, 6
KIND_NAMES = {SINGLE: "single", PAIR: "pair", RUN: "run", PAIR_RUN: "pair_run", BOMB: "bomb", JOKER_BOMB: "joker_bomb"}
BOMB_KINDS = (BOMB, JOKER_BOMB)

JOKER_SHIFT = 52
CARDS_MASK = (1 << 54) - 1
KIND_SHIFT = 56
RANK_SHIFT = 60

DECK_SIZE = 54  # physical ids: 0..51 naturals (rank = id // 4), 52 and 53 the jokers
DEAL_SEED_STEP = 0xD1B54A32D192ED03


# --- packed words ---------------------------------------------------------


def hand_word(counts, jokers):
    """Pack 13 rank counts and a joker count into a hand word."""
    counts = list(counts)
    if len(counts) != NUM_RANKS or any(not 0 <= c <= 4 for c in counts) or not 0 <= jokers <= 2:
        raise ValueError(f"not a set of cards from one deck: {counts}, jokers={jokers}")
    word = jokers << JOKER_SHIFT
    for r, c in enumerate(counts):
        word |= c << (4 * r)
    return word


def play_word(counts, jokers, kind, rank):
    """Pack a play: its cards, kind (1..6) and reading rank."""
    return hand_word(counts, jokers) | (kind << KIND_SHIFT) | (rank << RANK_SHIFT)


def unpack(word):
    """(counts list, jokers, kind, rank) of a hand or play word."""
    counts = [(word >> (4 * r)) & 0xF for r in range(NUM_RANKS)]
    jokers = (word >> JOKER_SHIFT) & 0x3
    kind = (word >> KIND_SHIFT) & 0xF
    rank = (word >> RANK_SHIFT) & 0xF
    return counts, jokers, kind, rank


def size(word):
    """Number of cards in a hand or play word."""
    counts, jokers, _, _ = unpack(word)
    return sum(counts) + jokers


# --- card text, for tests and messages --------------------------------------


def rank_index(name):
    """Rank index of a rank name: "3" -> 0 ... "A" -> 11, "2" -> 12."""
    return RANK_NAMES.index(name.upper())


def parse(text):
    """(counts, jokers) of a card list such as "5 6 JK JK"."""
    counts = [0] * NUM_RANKS
    jokers = 0
    for token in text.split():
        if token.upper() == JOKER_NAME:
            jokers += 1
        else:
            counts[rank_index(token)] += 1
    return counts, jokers


def hand_of(text):
    """Hand word of a card list: hand_of("3 3 JK")."""
    return hand_word(*parse(text))


def play_of(text, kind, rank_name):
    """Play word of a card list read as `kind` at rank `rank_name` ("JK" for the joker bomb)."""
    rank = JOKER_BOMB_RANK if rank_name.upper() == JOKER_NAME else rank_index(rank_name)
    return play_word(*parse(text), kind, rank)


def cards_text(word):
    """The cards of a word, low to high: "5 6 JK"."""
    counts, jokers, _, _ = unpack(word)
    names = [RANK_NAMES[r] for r in range(NUM_RANKS) for _ in range(counts[r])]
    return " ".join(names + [JOKER_NAME] * jokers)


def describe(word):
    """A play as text: "run 5 6 JK (7)", or "pass"."""
    if word == PASS:
        return "pass"
    _, _, kind, rank = unpack(word)
    rank_name = JOKER_NAME if rank == JOKER_BOMB_RANK else RANK_NAMES[rank]
    return f"{KIND_NAMES[kind]} {cards_text(word)} ({rank_name})"


# --- reading a set of cards -------------------------------------------------


def _shape(full):
    """(kind, rank) of 13 counts with every card natural, or None."""
    used = [r for r in range(NUM_RANKS) if full[r]]
    total = sum(full)
    if len(used) == 1:
        rank = used[0]
        if total == 1:
            return SINGLE, rank
        if total == 2:
            return PAIR, rank
        return BOMB, rank
    consecutive = used == list(range(used[0], used[-1] + 1))
    if not consecutive or used[-1] > ACE:  # sequences stop at A: no 2s
        return None
    if len(used) >= 3 and all(full[r] == 1 for r in used):
        return RUN, used[-1]
    if len(used) >= 2 and all(full[r] == 2 for r in used):
        return PAIR_RUN, used[-1]
    return None


@lru_cache(maxsize=1 << 16)
def _readings(counts, jokers, whole_hand):
    naturals = sum(counts)
    found = set()
    if naturals == 0:
        # Two jokers alone are the joker bomb; one joker alone is a single 2
        # only when it is the whole hand.
        if jokers == 2:
            found.add((JOKER_BOMB, JOKER_BOMB_RANK))
        if jokers == 1 and whole_hand:
            found.add((SINGLE, TWO))
        return frozenset(found)
    # Every way of standing the jokers in for natural cards (jokers are
    # interchangeable, so an unordered choice of ranks covers them all).
    for stand_ins in combinations_with_replacement(range(NUM_RANKS), jokers):
        full = list(counts)
        for r in stand_ins:
            full[r] += 1
        shape = _shape(full)
        if shape is not None:
            found.add(shape)
    return frozenset(found)


def readings(counts, jokers, whole_hand=False):
    """Every (kind, rank) these cards can be read as, before choosing among them.

    `whole_hand` says the cards are the player's whole hand, which matters
    only for a lone joker (then a single 2).
    """
    return set(_readings(tuple(counts), jokers, whole_hand))


def _playable(found, leading):
    """The readings a set of cards may actually be played as (the strongest-reading rule)."""
    bombs = {reading for reading in found if reading[0] in BOMB_KINDS}
    if bombs:
        return bombs  # a set of cards that can be a bomb is only that bomb
    if not leading:
        return found  # the caller keeps the reading that beats the table
    best = {}
    for kind, rank in found:
        best[kind] = max(best.get(kind, -1), rank)
    return set(best.items())


# --- beating ----------------------------------------------------------------


def beats(play, table):
    """Whether the play word beats the table word (a lead when table is 0)."""
    if play == PASS:
        return False
    if table == PASS:
        return True
    _, _, kind, rank = unpack(play)
    _, _, table_kind, table_rank = unpack(table)
    if table_kind == JOKER_BOMB:
        return False
    if kind == JOKER_BOMB:
        return True
    if kind == BOMB:
        if table_kind != BOMB:
            return True
        return (size(play), rank) > (size(table), table_rank)
    if table_kind in BOMB_KINDS or kind != table_kind or size(play) != size(table):
        return False
    if rank == table_rank + 1:
        return True
    return kind in (SINGLE, PAIR) and rank == TWO and table_rank != TWO


# --- legal plays ------------------------------------------------------------


def _could_read(counts, jokers):
    """Quick necessary test before the brute-force reading.

    Cards of two or more natural ranks can only be a run or a pair run: then
    no rank is held three times, there is no 2, and each rank missing inside
    the naturals' window needs a joker of its own.
    """
    used = [r for r in range(NUM_RANKS) if counts[r]]
    if len(used) <= 1:
        return True
    if counts[TWO] or any(counts[r] > 2 for r in used):
        return False
    holes = used[-1] - used[0] + 1 - len(used)
    return holes <= jokers


def _candidates(counts, jokers):
    """The natural parts of sub-multisets worth reading, built rank by rank.

    Adding ranks only adds holes and never lowers a count, so a part that
    fails _could_read is never extended: this skips nothing that
    _could_read would let through, and spares most of the hopeless parts.
    """
    sub = [0] * NUM_RANKS

    def extend(r, taken):
        if r == NUM_RANKS:
            if taken:
                yield tuple(sub)
            return
        yield from extend(r + 1, taken)  # none of rank r
        for c in range(1, counts[r] + 1):
            sub[r] = c
            if _could_read(sub, jokers):
                yield from extend(r + 1, True)
        sub[r] = 0

    yield from extend(0, False)


def legal_plays(hand, table=PASS, prune=True):
    """Every legal play word of `hand` (a hand word) against `table` (0 = leading).

    Following, the pass (0) is included. prune=False reads every
    sub-multiset of the hand, with no shortcut (slow; for self-checks).
    """
    counts, jokers, _, _ = unpack(hand)
    whole = sum(counts) + jokers
    leading = table == PASS
    if prune:
        naturals = [tuple([0] * NUM_RANKS)] + list(_candidates(counts, jokers))
    else:
        naturals = list(product(*(range(c + 1) for c in counts)))
    plays = set()
    for sub in naturals:
        for j in range(jokers + 1):
            taken = sum(sub) + j
            if taken == 0 or (prune and not _could_read(sub, j)):
                continue
            found = readings(sub, j, whole_hand=(taken == whole))
            for kind, rank in _playable(found, leading):
                word = play_word(sub, j, kind, rank)
                if leading or beats(word, table):
                    plays.add(word)
    if not leading:
        plays.add(PASS)
    return plays


# --- scoring ----------------------------------------------------------------


def penalty(cards_left, played, bombs):
    """Penalty of a losing seat: one per card, x2 if it never played, x2 per bomb up to x4."""
    return cards_left * (1 if played else 2) * min(2**bombs, 4)


# --- the deal ---------------------------------------------------------------


def card_word(card_id):
    """Hand word of one physical card."""
    if card_id >= 52:
        return 1 << JOKER_SHIFT
    return 1 << (4 * (card_id // 4))


def shuffled_deck(rng):
    """The 54 physical ids shuffled, as Guandan's deck is (Fisher-Yates from the last position down)."""
    return shuffle(rng, DECK_SIZE)


class Deal:
    """One deal, played step by step as docs/gdy_rules.md describes.

    hands are hand words; stock is a list of card words, drawn from the front.
    """

    def __init__(self, players, seed, starter=None):
        if not 2 <= players <= 6:
            raise ValueError("Gan Deng Yan is for 2 to 6 players")
        rng = Rng(seed)
        deck = shuffled_deck(rng)
        if starter is None:
            starter = rng.bounded(players)  # drawn right after the shuffle
        hands = [0] * players
        # Five cards each, round the table from the starter; the starter's
        # sixth card is the next one; the rest is the stock.
        for k in range(5 * players):
            hands[(starter + k) % players] += card_word(deck[k])
        hands[starter] += card_word(deck[5 * players])
        stock = [card_word(card_id) for card_id in deck[5 * players + 1:]]
        self._start(hands, stock, starter)

    @classmethod
    def from_position(cls, hands, stock, starter):
        """A deal from given hand words and stock card words (for hand-made tests)."""
        deal = cls.__new__(cls)
        deal._start(list(hands), list(stock), starter)
        return deal

    def _start(self, hands, stock, starter):
        self.players = len(hands)
        self.hands = hands
        self.stock = deque(stock)
        self.starter = starter
        self.turn = starter
        self.table = PASS
        self.last_player = starter
        self.passes = 0
        self.played = [False] * self.players
        self.bombs = 0
        self.winner = None

    @property
    def is_over(self):
        return self.winner is not None

    def clone(self):
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.stock = deque(self.stock)
        other.played = list(self.played)
        return other

    def legal_plays(self):
        """The legal actions of the seat to move, sorted (empty once the deal is over)."""
        if self.is_over:
            return []
        return sorted(legal_plays(self.hands[self.turn], self.table))

    def apply(self, word):
        if word not in self.legal_plays():
            raise ValueError(f"illegal action for seat {self.turn}: {describe(word)}")
        p = self.turn
        n = self.players
        if word == PASS:
            self.passes += 1
            if self.passes < n - 1:
                self.turn = (p + 1) % n
                return
            # Everyone else passed: clear the table, everyone draws one card
            # starting with the last player, who then leads.
            self.table = PASS
            self.passes = 0
            for i in range(n):
                if not self.stock:
                    break
                self.hands[(self.last_player + i) % n] += self.stock.popleft()
            self.turn = self.last_player
            return
        self.hands[p] -= word & CARDS_MASK
        self.played[p] = True
        if unpack(word)[2] in BOMB_KINDS:
            self.bombs += 1
        if self.hands[p] == 0:
            self.winner = p
            return
        self.table = word
        self.last_player = p
        self.passes = 0
        self.turn = (p + 1) % n

    def penalties(self):
        """Points each seat takes from the finished deal (the winner takes 0)."""
        if not self.is_over:
            raise ValueError("the deal is not over")
        return [
            0 if seat == self.winner else penalty(size(self.hands[seat]), self.played[seat], self.bombs)
            for seat in range(self.players)
        ]


def perft(deal, depth):
    """Number of action sequences of `depth` actions; a finished deal is one leaf."""
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for word in deal.legal_plays():
        child = deal.clone()
        child.apply(word)
        total += perft(child, depth - 1)
    return total


# --- the game ---------------------------------------------------------------


def match_deal_seed(game_seed, deal_index):
    """Seed of deal `deal_index` (0, 1, ...) of the game with seed `game_seed`."""
    state = (game_seed ^ ((deal_index + 1) * DEAL_SEED_STEP)) & MASK
    return SplitMix64(state).next()


class Game:
    """Deals until a deal ends with some score at or above the target; lowest score wins.

    history holds (starter, winner, penalties) of each deal played.
    """

    def __init__(self, players, seed, target=50):
        self.players = players
        self.seed = seed
        self.target = target
        self.scores = [0] * players
        self.history = []

    @property
    def is_over(self):
        return any(score >= self.target for score in self.scores)

    def winners(self):
        """Every seat with the lowest score (ties share the win)."""
        low = min(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == low]

    def new_deal(self):
        """The next deal: the first one's starter is drawn, later ones start with the last winner."""
        starter = self.history[-1][1] if self.history else None
        return Deal(self.players, match_deal_seed(self.seed, len(self.history)), starter)

    def record(self, starter, winner, penalties):
        """Add a finished deal's penalties to the scores."""
        if self.is_over:
            raise ValueError("the game is over")
        self.history.append((starter, winner, list(penalties)))
        self.scores = [score + points for score, points in zip(self.scores, penalties)]

    def play(self, choose):
        """Play the game out; `choose(deal)` returns the action for the seat to move."""
        while not self.is_over:
            deal = self.new_deal()
            while not deal.is_over:
                deal.apply(choose(deal))
            self.record(deal.starter, deal.winner, deal.penalties())
        return self.winners()
