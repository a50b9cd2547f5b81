#include "guandan/tribute.h"

#include <bit>

namespace guandan {
namespace {

// The kinds of `hand` (one copy each) whose value satisfies `keep`.
template <class Keep>
CardSet kinds_where(CardSet hand, Keep keep) {
  CardSet out;
  for (std::uint64_t bits = hand.lo; bits; bits &= bits - 1) {
    const auto kind = CardKind(std::countr_zero(bits));
    if (keep(kind)) out = out | CardSet::of_kind(kind);
  }
  return out;
}

int highest_value(CardSet cards, Rank level) {
  int best = -1;
  for (std::uint64_t bits = cards.lo; bits; bits &= bits - 1) {
    const int v = tribute_value(CardKind(std::countr_zero(bits)), level);
    best = v > best ? v : best;
  }
  return best;
}

int lowest_value(CardSet cards, Rank level) {
  int best = 1 << 20;
  for (std::uint64_t bits = cards.lo; bits; bits &= bits - 1) {
    const int v = tribute_value(CardKind(std::countr_zero(bits)), level);
    best = v < best ? v : best;
  }
  return best;
}

}  // namespace

CardSet tribute_cards(CardSet hand, Rank level, const Ruleset& rules) {
  const CardKind wild = wild_kind(level);
  const CardSet naturals = hand - CardSet::of_kind(wild, hand.count(wild));
  const int best_natural = highest_value(naturals, level);
  const bool wild_counts = rules.tribute_wild_allowed && hand.count(wild) > 0;
  // A wild is worth the level rank; a natural card of that value is preferred.
  if (wild_counts && tribute_value(wild, level) > best_natural) return CardSet::of_kind(wild);
  return kinds_where(naturals, [&](CardKind k) { return tribute_value(k, level) == best_natural; });
}

CardSet return_cards(CardSet hand, CardKind received, Rank level, const Ruleset& rules) {
  if (rules.return_rule == ReturnRule::kAnyButReceived) {
    return kinds_where(hand, [&](CardKind k) { return k != received; });
  }
  // Level order at most 10: ranks 2..10 except the level rank itself (its
  // cards, the wilds included, rank above A).
  const CardSet small = kinds_where(hand, [&](CardKind k) {
    return !is_joker(k) && rank_of(k) <= kTen && rank_of(k) != level;
  });
  if (!small.empty()) return small;
  const int lowest = lowest_value(hand, level);
  return kinds_where(hand, [&](CardKind k) { return tribute_value(k, level) == lowest; });
}

TributePlan plan_tribute(const Placing& previous, const std::array<CardSet, 4>& hands, Rank level,
                         const Ruleset& rules) {
  TributePlan plan;
  const int first = previous[0];
  const int partner = first ^ 2;
  const bool double_win = previous[1] == partner;
  if (double_win && rules.tribute_payers == TributePayers::kLastOrBothLosers) {
    // Both losers pay: the higher card goes to first place; on equal cards
    // first place's next player in turn order pays first place.
    const int a = (first + 1) % 4, b = (first + 3) % 4;
    const int va = highest_value(tribute_cards(hands[a], level, rules), level);
    const int vb = highest_value(tribute_cards(hands[b], level, rules), level);
    const int to_first = vb > va ? b : a;
    plan.count = 2;
    plan.payments[0] = {to_first, first};
    plan.payments[1] = {to_first == a ? b : a, partner};
  } else {
    plan.count = 1;
    plan.payments[0] = {previous[3], first};
  }
  CardSet payers;
  for (int i = 0; i < plan.count; ++i) payers = payers + hands[plan.payments[i].payer];
  plan.cancelled = rules.tribute_cancel == TributeCancel::kAllFourJokers
                       ? payers.count(kSmallJoker) == 2 && payers.count(kBigJoker) == 2
                       : payers.count(kBigJoker) == 2;
  if (plan.cancelled) plan.count = 0;
  return plan;
}

int tribute_leader(const TributePlan& plan, const Placing& previous, const Ruleset& rules) {
  const bool first_place_leads = rules.leader_after_tribute == LeaderAfterTribute::kFirstPlace;
  if (plan.cancelled || plan.count == 0 || first_place_leads) return previous[0];
  return plan.payments[0].payer;
}

}  // namespace guandan
