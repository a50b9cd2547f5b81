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
  }
}

}  // namespace guandan::testing
