// UnseenTops: the highest combination of each kind that the cards a seat has
// not seen (not in its hand, not played) can still make. A play at or above
// it is "top": only a bomb can take the trick from it. The planning player
// and the tempo player both count cards this way.
#pragma once

#include <array>
#include <bit>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/hand_view.h"
#include "guandan/player_view.h"

namespace guandan {

// The natural ranks 2..A, then the small and the big joker.
inline constexpr int kRanksWithJokers = kNumRanks + 2;

// Cards of `rank` (0..14: 2..A, SJ, BJ) in `cards`.
constexpr int cards_of_rank(CardSet cards, int rank) {
  if (rank >= kNumRanks) return cards.count(CardKind(kSmallJoker + rank - kNumRanks));
  return std::popcount(unsigned(cards.rank_config(Rank(rank))));
}

// -1: none. Singles, pairs and triples in the caller's level order (the
// `order` of unseen_tops); sequences by the natural rank of the top card.
struct UnseenTops {
  int single = -1, pair = -1, triple = -1;
  int straight = -1, tube = -1, plate = -1;
};

// `order(rank, level)` orders n of a kind (level_value, or a dense version
// of it). The unseen wilds count as open to every holder (cautious).
template <class LevelOrder>
UnseenTops unseen_tops(const PlayerView& view, LevelOrder order) {
  const Rank level = view.level;
  const CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  const CardKind wild = wild_kind(level);
  const int uw = unseen.count(wild);
  const CardSet naturals = unseen - CardSet::of_kind(wild, uw);
  std::array<int, kRanksWithJokers> n{};
  for (int r = 0; r < kRanksWithJokers; ++r) n[std::size_t(r)] = cards_of_rank(naturals, r);
  UnseenTops t;
  for (int r = 0; r < kRanksWithJokers; ++r) {
    const int d = order(Rank(r), level);
    const bool joker = r >= kNumRanks;
    // n of a kind needs a natural card, except the level rank's all-wild pair.
    const bool base = n[std::size_t(r)] >= 1 || (r == level && uw > 0);
    const int most = joker ? n[std::size_t(r)] : n[std::size_t(r)] + uw;
    if (base && most >= 1 && d > t.single) t.single = d;
    if (base && most >= 2 && d > t.pair) t.pair = d;
    if (!joker && base && most >= 3 && d > t.triple) t.triple = d;
  }
  // has[k]: a bit per natural position (the ace at 0 and 13) whose rank has
  // more than k unseen naturals, so a window's gaps for `per_rank` cards a
  // rank are the positions missing from has[0], has[1], ... has[per_rank-1].
  std::array<unsigned, 3> has{};
  for (int r = 0; r < kNumRanks; ++r) {
    for (int k = 0; k < 3; ++k) has[std::size_t(k)] |= n[std::size_t(r)] > k ? positions_of(r) : 0u;
  }
  // The highest window whose gaps the unseen wilds can fill.
  auto highest = [&](int length, int per_rank) {
    for (int top = kNumRanks; top >= length - 1; --top) {
      const unsigned window = ((1u << length) - 1) << (top - length + 1);
      int gaps = 0;
      for (int k = 0; k < per_rank; ++k) gaps += std::popcount(window & ~has[std::size_t(k)]);
      if (gaps <= uw) return int(rank_at_position(top));
    }
    return -1;
  };
  t.straight = highest(5, 1);
  t.tube = highest(3, 2);
  t.plate = highest(2, 3);
  return t;
}

}  // namespace guandan
