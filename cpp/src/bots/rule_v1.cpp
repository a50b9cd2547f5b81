#include "guandan/bots/rule_v1.h"

#include <array>
#include <bit>

#include "guandan/bots/move_facts.h"
#include "guandan/tribute.h"

namespace guandan {
namespace {

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

// The weakest natural rank held (level order) that is not a bomb's: the
// next thing to get rid of. -1 if none.
int weakest_loose_rank(const PlayerView& view) {
  const CardSet held = view.hand - CardSet::of_kind(wild_kind(view.level), view.hand.count(wild_kind(view.level)));
  int best = -1;
  for (int r = 0; r < kNumRanks; ++r) {
    const int n = std::popcount(unsigned(held.rank_config(Rank(r))));
    if (n == 0 || n >= 4) continue;
    if (best < 0 || level_value(Rank(r), view.level) < level_value(Rank(best), view.level)) best = r;
  }
  return best;
}

// Endgame: when the hand is a sure winner plus one more combination, lead
// the sure winner and keep the lead to go out with the rest.
int sure_then_out(const PlayerView& view, const Move* moves, int count) {
  for (int i = 0; i < count; ++i) {
    const CardSet rest = view.hand - moves[i].cards();
    bool rest_is_one_move = false;
    for (int j = 0; j < count && !rest_is_one_move; ++j) rest_is_one_move = moves[j].cards() == rest;
    if (rest_is_one_move && sure_winner(view, moves[i])) return i;
  }
  return -1;
}

// Leading plan: among the non-bomb moves that get rid of the weakest loose
// rank, prefer one that breaks nothing up, then a sequence (it sheds several
// ranks at once), then the lowest, the largest, the fewest wilds.
int plan_lead(const PlayerView& view, const Move* moves, int count) {
  const int rank = weakest_loose_rank(view);
  if (rank < 0) return -1;
  const std::uint64_t nibble = std::uint64_t{0xF} << (4 * rank);
  int best = -1;
  std::array<int, 5> best_key{};
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    if (bomb_tier(m) > 0 || (m.cards().lo & nibble) == 0) continue;
    const std::array<int, 5> key{ranks_split(m, view.hand, view.level), is_sequence(m.kind()) ? 0 : 1,
                                 rank_order(m, view.level), -m.size(), m.cards().count(wild_kind(view.level))};
    if (best < 0 || key < best_key) best = i, best_key = key;
  }
  return best;
}

}  // namespace

int RuleV1Policy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) {
  const int seat = view.seat;
  const Rank level = view.level;
  const int in_hand = view.hand.size();
  // Going out beats every other consideration.
  for (int i = 0; i < count; ++i)
    if (moves[i].size() == in_hand) return i;
  if (!can_pass) {
    if (card_counting_ && in_hand <= 16) {
      const int endgame = sure_then_out(view, moves, count);
      if (endgame >= 0) return endgame;
    }
    const int planned = plan_lead(view, moves, count);
    if (planned >= 0) return planned;
  }
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
  // Among the equally weak, one that breaks nothing up.
  if (best >= 0 && ranks_split(moves[best], view.hand, level) > 0) {
    for (int i = 0; i < count; ++i) {
      const Weakness w = weakness(moves[i], level);
      if (w.tier == best_weakness.tier && w.rank == best_weakness.rank && ranks_split(moves[i], view.hand, level) == 0)
        return i;
    }
  }
  return best;  // -1 (pass) only when following
}

CardKind RuleV1Policy::choose_card(const PlayerView& view, CardSet options, Rng&) {
  auto best = CardKind(std::countr_zero(options.lo));
  for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) {
    const auto k = CardKind(std::countr_zero(bits));
    if (tribute_value(k, view.level) < tribute_value(best, view.level)) best = k;
  }
  return best;
}

}  // namespace guandan
