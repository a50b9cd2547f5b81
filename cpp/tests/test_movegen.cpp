// Move generator invariants on seeded hands: every move is a legal reading
// of cards the hand holds, none twice; following gives exactly the leads
// that beat the previous play.
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "check.h"
#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/readings.h"

namespace guandan::testing {
namespace {

bool bits_less(Move a, Move b) { return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi; }

std::vector<Move> moves_of(CardSet hand, Rank level, MoveRules rules, const Move* previous) {
  std::vector<Move> out;
  VectorSink sink{out};
  generate_moves(hand, level, rules, previous, sink);
  return out;
}

void check_hand(CardSet hand, CardSet other, Rank level, MoveRules rules, Rng& rng) {
  std::vector<Move> leads = moves_of(hand, level, rules, nullptr);
  CHECK(!leads.empty());
  // The leads of each set of cards, in the generator's order.
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<Move>> by_cards;
  for (Move m : leads) {
    const CardSet cards = m.cards();
    CHECK(!cards.empty() && cards.is_canonical() && hand.contains(cards));
    CHECK(is_legal_reading(m, level, rules));
    by_cards[{cards.lo, cards.hi}].push_back(m);
  }
  // A set of cards is read the same way, in the same order, whatever else
  // the hand holds: the planning player leads from the readings of its
  // planned combinations alone (planned_move.h).
  // Without a wild card, a set of cards has one reading (planned_move.h).
  for (const auto& [bits, readings] : by_cards) {
    const CardSet cards{bits.first, bits.second};
    CHECK(classify(cards, level, rules) == readings);
    CHECK(cards.count(wild_kind(level)) > 0 || readings.size() == 1);
    CHECK(may_be_one_combination(cards, level));
  }
  std::vector<Move> sorted = leads;
  std::sort(sorted.begin(), sorted.end(), bits_less);
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
  // Grouping keeps one representative per (kind, size, rank), all leads.
  for (Move g : group_moves(leads)) CHECK(std::binary_search(sorted.begin(), sorted.end(), g, bits_less));

  // A fixed list takes whole batches in place (FixedList::claim), a vector
  // one move at a time: the same moves in the same order. A list too small
  // for them holds the first ones and says it overflowed.
  static MoveList fixed;
  fixed.clear();
  generate_moves(hand, level, rules, nullptr, fixed);
  CHECK(!fixed.overflowed() && std::equal(fixed.begin(), fixed.end(), leads.begin(), leads.end()));
  FixedMoveList<40> small;
  generate_moves(hand, level, rules, nullptr, small);
  const std::size_t kept = std::min<std::size_t>(leads.size(), 40);
  CHECK(small.size() == kept && small.overflowed() == (leads.size() > 40));
  CHECK(std::equal(small.begin(), small.end(), leads.begin(), leads.begin() + std::ptrdiff_t(kept)));

  // Following a lead of another hand: exactly the leads that beat it.
  const std::vector<Move> other_leads = moves_of(other, level, rules, nullptr);
  const Move previous = other_leads[rng.bounded(other_leads.size())];
  std::vector<Move> follows = moves_of(hand, level, rules, &previous);
  // Following too, a set of cards is read in the same order whatever else
  // the hand holds: its readings that beat the play.
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<Move>> follows_by_cards;
  for (Move m : follows) follows_by_cards[{m.cards().lo, m.cards().hi}].push_back(m);
  for (const auto& [bits, readings] : follows_by_cards) {
    std::vector<Move> beating;
    for (Move m : classify(CardSet{bits.first, bits.second}, level, rules))
      if (beats(m, previous, level)) beating.push_back(m);
    CHECK(beating == readings);
  }
  std::vector<Move> expected;
  for (Move m : leads)
    if (beats(m, previous, level)) expected.push_back(m);
  std::sort(follows.begin(), follows.end(), bits_less);
  std::sort(expected.begin(), expected.end(), bits_less);
  CHECK(follows == expected);
}

// Counted, not walked: a wild-free hand's straights with a given top are the
// product of the suits held at the window's five ranks, less the windows of
// one suit, which are its straight flushes (one each). The generator builds
// wild-free straights and spots wild-free straight flushes by shortcuts of
// their own (movegen.h); this checks both against the count.
void check_wild_free_straights(CardSet hand, Rank level) {
  const HandView view(hand, level);
  if (view.wilds != 0) return;
  std::array<int, kNumRanks> straights{}, flushes{};
  for (Move m : moves_of(hand, level, MoveRules{}, nullptr)) {
    if (m.kind() == Kind::kStraight) {
      ++straights[m.rank()];
      const CardSet cards = m.cards();
      for (int suit = 0; suit < 4; ++suit) CHECK(cards.hi != 0 || (cards.lo & ~(0x1111111111111ull << suit)) != 0);
    }
    if (m.kind() == Kind::kStraightFlush) ++flushes[m.rank()];
  }
  for (int start = 0; start + 4 <= 13; ++start) {
    const Rank top = rank_at_position(start + 4);
    int product = 1;
    unsigned common = 0xF;
    for (int i = 0; i < 5; ++i) {
      const unsigned suits = view.config[rank_at_position(start + i)] & 0xF;
      product *= std::popcount(suits);
      common &= suits;
    }
    CHECK(flushes[top] == std::popcount(common));
    CHECK(straights[top] == product - std::popcount(common));
  }
}

// may_be_one_combination never says no to cards that are one combination:
// random sets of 1 to 10 cards of `hand`. Returns how many it said no to
// (the test is worth something only if it does).
int check_may_be_one_combination(CardSet hand, Rank level, MoveRules rules, Rng& rng) {
  std::vector<CardKind> cards;  // one entry per physical card
  for (int k = 0; k < kNumKinds; ++k)
    for (int c = 0; c < hand.count(CardKind(k)); ++c) cards.push_back(CardKind(k));
  int noes = 0;
  for (int trial = 0; trial < 300; ++trial) {
    rng.shuffle(cards.data(), cards.size());
    const int n = 1 + int(rng.bounded(std::min<std::uint64_t>(kMaxMoveCards, cards.size())));
    CardSet set;
    for (int i = 0; i < n; ++i) set = set + CardSet::of_kind(cards[std::size_t(i)]);
    if (may_be_one_combination(set, level)) continue;
    ++noes;
    CHECK(classify(set, level, rules).empty());
  }
  return noes;
}

}  // namespace

void test_movegen() {
  Rng rng(2026);
  for (std::uint64_t deal = 0; deal < 60; ++deal) {
    const SeededDeal dealt = seeded_deal(match_deal_seed(17, deal));
    const Rank level = Rank(rng.bounded(kNumRanks));
    const MoveRules rules{deal % 2 == 0};
    for (int s = 0; s < 4; ++s) check_hand(dealt.hands[s], dealt.hands[(s + 1) % 4], level, rules, rng);
    // Small hands too: the last cards of a deal.
    CardSet small;
    for (std::uint64_t bits = dealt.hands[0].lo, n = 0; bits && n < 6; bits &= bits - 1, ++n)
      small = small + CardSet::of_kind(CardKind(__builtin_ctzll(bits)));
    check_hand(small, dealt.hands[1], level, rules, rng);
    for (int s = 0; s < 4; ++s) check_wild_free_straights(dealt.hands[s], level);
    CHECK(check_may_be_one_combination(dealt.hands[deal % 4], level, rules, rng) > 0);
  }
  // Natural straight flushes at both ends (A2345 and TJQKA, spades) and in
  // the middle (5 to 9, hearts, a second copy of the 7), with other suits
  // around them; the level (3) is not held in hearts, so no card is wild.
  CardSet flushes;
  for (Rank r : {kAce, Rank(0), Rank(1), Rank(2), Rank(3), Rank(8), Rank(9), Rank(10), Rank(11)})
    flushes = flushes + CardSet::of_kind(make_kind(r, kSpades));
  for (int r = 3; r <= 7; ++r) flushes = flushes + CardSet::of_kind(make_kind(Rank(r), kHearts));
  flushes = flushes + CardSet::of_kind(make_kind(Rank(5), kHearts)) + CardSet::of_kind(make_kind(Rank(2), kClubs)) +
            CardSet::of_kind(make_kind(Rank(9), kDiamonds)) + CardSet::of_kind(make_kind(Rank(4), kClubs));
  check_wild_free_straights(flushes, Rank(1));
}

}  // namespace guandan::testing
