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
  // A hand of wilds alone pays one: a payment is never skipped (docs/rules.md §7.3).
  if (naturals.empty()) return kinds_where(hand, [&](CardKind k) { return k == wild; });
  const int best_natural = highest_value(naturals, level);
  const bool wild_counts = rules.tribute_wild_allowed && hand.count(wild) > 0;
  // A wild is worth the level rank; a natural card of that value is preferred.
  if (wild_counts && tribute_value(wild, level) > best_natural) return CardSet::of_kind(wild);
  return kinds_where(naturals, [&](CardKind k) { return tribute_value(k, level) == best_natural; });
}

CardSet return_cards(CardSet hand, CardKind received, Rank level, const Ruleset& rules) {
  if (rules.return_rule == ReturnRule::kAnyButReceived) {
    const CardSet others = kinds_where(hand, [&](CardKind k) { return k != received; });
    // A hand of the received kind alone returns one of it (docs/rules.md §7.6).
    return others.empty() ? kinds_where(hand, [&](CardKind k) { return k == received; }) : others;
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

unsigned tribute_payer_seats(const Placing& previous, const Ruleset& rules) {
  const bool double_win = previous[1] == (previous[0] ^ 2);
  if (double_win && rules.tribute_payers == TributePayers::kLastOrBothLosers)
    return (1u << ((previous[0] + 1) % 4)) | (1u << ((previous[0] + 3) % 4));
  return 1u << previous[3];
}

CardSet tribute_cancel_cards(const Ruleset& rules) {
  const CardSet big = CardSet::of_kind(kBigJoker, 2);
  return rules.tribute_cancel == TributeCancel::kAllFourJokers ? big + CardSet::of_kind(kSmallJoker, 2) : big;
}

TributePlan plan_tribute(const Placing& previous, const std::array<CardSet, 4>& hands, Rank level,
                         const Ruleset& rules) {
  TributePlan plan;
  const int first = previous[0];
  const int partner = first ^ 2;
  const unsigned payer_seats = tribute_payer_seats(previous, rules);
  if (std::popcount(payer_seats) == 2) {
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
  for (int s = 0; s < 4; ++s)
    if ((payer_seats >> s) & 1u) payers = payers + hands[std::size_t(s)];
  plan.cancelled = payers.contains(tribute_cancel_cards(rules));
  if (plan.cancelled) plan.count = 0;
  return plan;
}

int tribute_leader(const TributePlan& plan, const Placing& previous, const Ruleset& rules) {
  const bool first_place_leads = rules.leader_after_tribute == LeaderAfterTribute::kFirstPlace;
  if (plan.cancelled || plan.count == 0 || first_place_leads) return previous[0];
  return plan.payments[0].payer;
}

}  // namespace guandan
