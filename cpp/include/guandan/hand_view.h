// HandView: a hand split the way the move generator reads it, for one level.
//
// The wild cards (the level rank's hearts) are taken out of the natural cards:
// they can stand for anything but a joker, so the generator treats them as a
// separate budget of 0, 1 or 2. Everything else is indexed by natural rank.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/card.h"
#include "guandan/cardset.h"

namespace guandan {

struct HandView {
  Rank level = kTwo;
  int wilds = 0;                          // wild cards held, 0..2
  std::array<CardSet, 3> wild_cards{};    // the physical cards of 0, 1, 2 wilds
  CardSet naturals;                       // the hand without its wilds
  std::array<std::uint8_t, kNumRanks> config{};  // natural cards per rank
  int small_jokers = 0;
  int big_jokers = 0;
  // Natural ranks in level order (2 .. A with the level rank last), so moves
  // come out weakest first.
  std::array<Rank, kNumRanks> by_level{};

  HandView(CardSet hand, Rank level_rank) : level(level_rank) {
    const CardKind wild = wild_kind(level);
    wilds = hand.count(wild);
    wild_cards = {CardSet{}, CardSet::of_kind(wild, 1), CardSet::of_kind(wild, 2)};
    naturals = hand - wild_cards[wilds];
    for (int r = 0; r < kNumRanks; ++r) config[r] = naturals.rank_config(Rank(r));
    small_jokers = naturals.count(kSmallJoker);
    big_jokers = naturals.count(kBigJoker);
    int i = 0;
    for (int r = 0; r < kNumRanks; ++r)
      if (r != level) by_level[i++] = Rank(r);
    by_level[i] = level;
  }

  int natural_count(Rank rank) const { return std::popcount(unsigned(config[rank])); }

  bool holds_natural_straight_flush() const;
};

// Whether five consecutive ranks of one suit are held in `naturals` (cards
// without wilds; most hands: no), all suits at once: bit 4r + s of `four`
// says suit s holds ranks r..r+3; a flush is five in a row starting at
// 2 .. 10, or A2345.
constexpr bool holds_natural_straight_flush(CardSet naturals) {
  const std::uint64_t present = naturals.lo | naturals.hi;  // a bit per kind held
  const std::uint64_t four = present & present >> 4 & present >> 8 & present >> 12;
  const std::uint64_t five_from_two_to_ten = four & present >> 16 & ((std::uint64_t(1) << 4 * (kAce - 3)) - 1);
  return five_from_two_to_ten != 0 || (present >> 4 * kAce & four & 0xF) != 0;
}
inline bool HandView::holds_natural_straight_flush() const { return guandan::holds_natural_straight_flush(naturals); }

// Position p of the natural order A(low) 2 3 ... K A(high), p = 0..13, as a
// rank: the ace sits at both ends.
constexpr Rank rank_at_position(int position) { return position == 0 ? kAce : Rank(position - 1); }
// The natural positions of a rank, a bit each: the ace has two (0 and 13).
constexpr unsigned positions_of(int rank) { return 1u << (rank + 1) | (rank == kAce ? 1u : 0u); }

}  // namespace guandan
