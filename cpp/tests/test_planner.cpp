// Planner invariants on seeded hands: every card of the hand is in exactly
// one planned combination, each combination is a legal reading of its cards,
// and on small hands the number of turns is the optimum found by brute force
// over the legal leads.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

#include "check.h"
#include "guandan/player_view.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/planner.h"
#include "guandan/readings.h"
#include "guandan/rng.h"

namespace guandan::testing {
namespace {

void check_plan(CardSet hand, Rank level, MoveRules rules) {
  const HandPlan plan = plan_hand(hand, level, rules);
  CardSet covered;
  int cards = 0;
  for (const PlannedCombo& c : plan) {
    CHECK(!c.cards.empty() && c.cards.is_canonical());
    cards += c.cards.size();
    covered = covered + c.cards;
    const std::vector<Move> readings = classify(c.cards, level, rules);
    const bool read_as_planned = std::any_of(readings.begin(), readings.end(), [&](Move m) {
      return m.kind() == c.kind && m.rank() == c.rank;
    });
    CHECK(read_as_planned);
  }
  CHECK(cards == hand.size());
  CHECK(covered == hand);
  const PlanScore score = plan_score(hand, level, rules);
  CHECK(score.turns == plan.count);
  CHECK(score.bombs == plan.bombs);
}

// The fewest legal moves that play out `hand`: each step plays a lead that
// holds the hand's first card (some move must), memoised on the hand.
int fewest_turns(CardSet hand, Rank level, MoveRules rules, std::map<std::pair<std::uint64_t, std::uint64_t>, int>& memo) {
  if (hand.empty()) return 0;
  const auto key = std::make_pair(hand.lo, hand.hi);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const CardSet first = CardSet::of_kind(CardKind(std::countr_zero(hand.lo)));
  std::vector<Move> leads;
  VectorSink sink{leads};
  generate_moves(hand, level, rules, nullptr, sink);
  int best = hand.size();
  for (Move m : leads)
    if (m.cards().contains(first)) best = std::min(best, 1 + fewest_turns(hand - m.cards(), level, rules, memo));
  memo[key] = best;
  return best;
}

CardSet random_hand(Rng& rng, int size, CardSet from) {
  CardSet hand;
  while (hand.size() < size) {
    const auto k = CardKind(rng.bounded(kNumKinds));
    if (hand.count(k) < from.count(k)) hand = hand + CardSet::of_kind(k);
  }
  return hand;
}

}  // namespace

void test_planner() {
  Rng rng(99);
  const CardSet deck = CardSet::full_deck();
  for (bool wild_with_joker : {true, false}) {
    const MoveRules rules{wild_with_joker};
    // Whole 27-card hands of seeded deals.
    for (int i = 0; i < 200; ++i) {
      Rng deal_rng(5000 + std::uint64_t(i));
      const auto hands = deal_hands(shuffled_deck(deal_rng));
      check_plan(hands[i % 4], Rank(rng.bounded(kNumRanks)), rules);
    }
  }
  // Small hands, standard rules: the plan takes the fewest turns there are.
  // Hands drawn from few ranks so that structures and wilds come up often.
  const MoveRules rules{};
  for (int i = 0; i < 1500; ++i) {
    const Rank level = Rank(rng.bounded(kNumRanks));
    CardSet from;
    const int low = int(rng.bounded(8));
    for (int r = low; r < low + 6; ++r)
      for (int s = 0; s < 4; ++s) from = from + CardSet::of_kind(make_kind(Rank(r % kNumRanks), Suit(s)), 2);
    const CardSet wilds = CardSet::of_kind(wild_kind(level), 2);
    from = (from - common(from, wilds)) + wilds;
    if (i % 5 == 0) from = from + CardSet::of_kind(kSmallJoker, 2) + CardSet::of_kind(kBigJoker, 2);
    const CardSet hand = random_hand(rng, 1 + int(rng.bounded(10)), i % 3 == 0 ? deck : from);
    check_plan(hand, level, rules);
    std::map<std::pair<std::uint64_t, std::uint64_t>, int> memo;
    const int best = fewest_turns(hand, level, rules, memo);
    const int planned = plan_hand(hand, level, rules).count;
    CHECK(planned == best);
    if (planned != best)
      std::fprintf(stderr, "  hand lo=%llx hi=%llx level=%d: planned %d, best %d\n", (unsigned long long)hand.lo,
                   (unsigned long long)hand.hi, int(level), planned, best);
  }
}

}  // namespace guandan::testing
