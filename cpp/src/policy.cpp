#include "guandan/policy.h"

#include <bit>

#include "guandan/tribute.h"

namespace guandan {
namespace {

CardKind nth_kind(CardSet options, std::uint64_t n) {
  std::uint64_t bits = options.lo;
  for (; n > 0; --n) bits &= bits - 1;
  return CardKind(std::countr_zero(bits));
}

// Lower is weaker: bomb tier first, then rank order; then more cards and
// fewer wilds make a move preferable at equal strength.
struct Weakness {
  int tier, rank, cards, wilds;
  bool operator<(const Weakness& o) const {
    if (tier != o.tier) return tier < o.tier;
    if (rank != o.rank) return rank < o.rank;
    if (cards != o.cards) return cards > o.cards;
    return wilds < o.wilds;
  }
};

Weakness weakness(Move m, Rank level) {
  return {bomb_tier(m), rank_order(m, level), m.size(), m.cards().count(wild_kind(level))};
}

}  // namespace

int RandomPolicy::choose_play(const PlayerView&, const Move*, int count, bool can_pass, Rng& rng) {
  const auto k = int(rng.bounded(std::uint64_t(count) + (can_pass ? 1 : 0)));
  return k == count ? -1 : k;
}

CardKind RandomPolicy::choose_card(const PlayerView&, CardSet options, Rng& rng) {
  return nth_kind(options, rng.bounded(std::uint64_t(std::popcount(options.lo))));
}

int RulePolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) {
  const int seat = view.seat;
  const Rank level = view.level;
  const int in_hand = view.hand.size();
  // Going out beats every other consideration.
  for (int i = 0; i < count; ++i)
    if (moves[i].size() == in_hand) return i;
  if (can_pass && view.last_player == partner_of(seat)) return -1;
  bool danger = false;
  for (int s : {(seat + 1) % 4, (seat + 3) % 4})
    danger = danger || (view.counts[s] > 0 && view.counts[s] <= kDangerCards);
  // The weakest move; when following, bombs only against an opponent close
  // to going out. Leading, bombs come last by themselves (highest tier).
  int best = -1;
  Weakness best_weakness{};
  for (int i = 0; i < count; ++i) {
    const Weakness w = weakness(moves[i], level);
    if (can_pass && w.tier > 0 && !danger) continue;
    if (best < 0 || w < best_weakness) best = i, best_weakness = w;
  }
  return best;  // -1 (pass) only when following
}

CardKind RulePolicy::choose_card(const PlayerView& view, CardSet options, Rng&) {
  CardKind best = nth_kind(options, 0);
  for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) {
    const auto k = CardKind(std::countr_zero(bits));
    if (tribute_value(k, view.level) < tribute_value(best, view.level)) best = k;
  }
  return best;
}

std::unique_ptr<Policy> make_policy(std::string_view name) {
  if (name == "random") return std::make_unique<RandomPolicy>();
  if (name == "rule") return std::make_unique<RulePolicy>();
  return nullptr;
}

}  // namespace guandan
