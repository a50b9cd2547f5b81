// Gan Deng Yan's cards (docs/gdy_rules.md §1): one 54-card deck, 13 ranks of
// four cards and two jokers. Suits never matter, so a hand is a count per
// rank and a count of jokers, packed in one word.
//
//   Cards (a hand, or the cards of a play):
//     bits 4r .. 4r+3   natural cards of rank r (0..4), r = 0..12 for the
//                       ranks 3 4 5 6 7 8 9 10 J Q K A 2 (kAce = 11, kTwo = 12)
//     bits 52 .. 53     jokers (0..2)
//     bits 54 .. 63     zero
//
// A count per nibble makes a hand's arithmetic plain word arithmetic: taking
// a play's cards from a hand is one subtraction (no nibble borrows, as the
// play's cards are in the hand), and a rank mask ("ranks with at least k
// cards") is one add and one mask per k.
#pragma once

#include <bit>
#include <cstdint>

namespace guandan::gdy {

using Rank = std::uint8_t;
inline constexpr int kNumRanks = 13;
inline constexpr Rank kThree = 0;
inline constexpr Rank kAce = 11;
inline constexpr Rank kTwo = 12;
inline constexpr Rank kJokerRank = 13;  // the joker bomb's rank, and a joker's kind code
inline constexpr int kNumKinds = 14;    // card kinds: ranks 0..12 and the joker
inline constexpr int kDeckSize = 54;
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;

// A rank mask: bit r for rank r.
using RankMask = std::uint16_t;
inline constexpr RankMask kAllRanks = (1u << kNumRanks) - 1;
inline constexpr RankMask kRunRanks = (1u << (kAce + 1)) - 1;  // 3..A: runs stop at the Ace

class Cards {
 public:
  static constexpr std::uint64_t kNaturalBits = (std::uint64_t(1) << 52) - 1;
  static constexpr int kJokerShift = 52;
  static constexpr std::uint64_t kValidBits = (std::uint64_t(1) << 54) - 1;

  constexpr Cards() = default;
  static constexpr Cards from_bits(std::uint64_t bits) { return Cards(bits); }
  static constexpr Cards of(Rank r, int n = 1) { return Cards(std::uint64_t(n) << (4 * r)); }
  static constexpr Cards jokers(int n) { return Cards(std::uint64_t(n) << kJokerShift); }
  // A card kind: a rank 0..12, or kJokerRank.
  static constexpr Cards of_kind(int kind) { return kind == kJokerRank ? jokers(1) : of(Rank(kind)); }
  static constexpr Cards full_deck() {
    Cards deck = jokers(2);
    for (int r = 0; r < kNumRanks; ++r) deck = deck + of(Rank(r), 4);
    return deck;
  }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr int count(Rank r) const { return int((bits_ >> (4 * r)) & 0xF); }
  constexpr int jokers() const { return int((bits_ >> kJokerShift) & 0x3); }
  constexpr int naturals() const {
    // Sum of the nibbles: fold pairs of nibbles, then add the bytes.
    std::uint64_t x = bits_ & kNaturalBits;
    x = (x & 0x0F0F0F0F0F0F0F0Full) + ((x >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return int((x * 0x0101010101010101ull) >> 56);
  }
  constexpr int size() const { return naturals() + jokers(); }
  constexpr bool empty() const { return bits_ == 0; }

  // Ranks holding at least k natural cards (k = 1..4). Each nibble is at
  // most 4, so adding 8 - k sets its bit 3 exactly when it is >= k.
  constexpr RankMask at_least(int k) const {
    const std::uint64_t flags = ((bits_ & kNaturalBits) + (0x8888888888888ull - 0x1111111111111ull * std::uint64_t(k))) &
                                0x8888888888888ull;
    RankMask mask = 0;
    for (std::uint64_t f = flags; f; f &= f - 1) mask |= RankMask(1u << (std::countr_zero(f) >> 2));
    return mask;
  }

  // Whether every count is within a deck's (at most 4 of a rank, 2 jokers).
  constexpr bool is_valid() const {
    if (bits_ & ~kValidBits) return false;
    return jokers() <= 2 && at_most_four();
  }
  constexpr bool contains(Cards other) const {
    for (int r = 0; r < kNumRanks; ++r)
      if (other.count(Rank(r)) > count(Rank(r))) return false;
    return other.jokers() <= jokers();
  }

  friend constexpr Cards operator+(Cards a, Cards b) { return Cards(a.bits_ + b.bits_); }
  // Only for b within a (contains): no nibble borrows.
  friend constexpr Cards operator-(Cards a, Cards b) { return Cards(a.bits_ - b.bits_); }
  friend constexpr bool operator==(Cards a, Cards b) = default;

 private:
  constexpr explicit Cards(std::uint64_t bits) : bits_(bits) {}
  constexpr bool at_most_four() const {
    for (int r = 0; r < kNumRanks; ++r)
      if (count(Rank(r)) > 4) return false;
    return true;
  }
  std::uint64_t bits_ = 0;
};

}  // namespace guandan::gdy
