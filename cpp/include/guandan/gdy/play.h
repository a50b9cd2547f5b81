// A Gan Deng Yan play: the cards it uses and the combination they read as
// (docs/gdy_rules.md §2 and §4), in one word.
//
//   bits 0 .. 53    the cards, laid out as Cards (cards.h)
//   bits 54 .. 55   zero
//   bits 56 .. 59   kind (PlayKind)
//   bits 60 .. 63   rank the cards read as: single, pair, bomb: their rank;
//                   run, pair run: the top rank; joker bomb: kJokerRank
//
// The pass is the word 0. The same cards can make two plays when they read
// as two kinds (5 6 JK JK: the run 5-6-7-8 or the pair run 55-66), so a play
// is the cards and their reading together.
#pragma once

#include <cstdint>

#include "guandan/gdy/cards.h"

namespace guandan::gdy {

enum PlayKind : std::uint8_t {
  kPass = 0,
  kSingle = 1,
  kPair = 2,
  kRun = 3,
  kPairRun = 4,
  kBomb = 5,
  kJokerBomb = 6,
};
inline constexpr int kNumPlayKinds = 7;

class Play {
 public:
  static constexpr int kKindShift = 56;
  static constexpr int kRankShift = 60;

  constexpr Play() = default;  // the pass
  constexpr Play(Cards cards, PlayKind kind, Rank rank)
      : bits_(cards.bits() | std::uint64_t(kind) << kKindShift | std::uint64_t(rank) << kRankShift) {}
  static constexpr Play from_bits(std::uint64_t bits) { return Play(bits); }
  static constexpr Play pass() { return Play(); }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr Cards cards() const { return Cards::from_bits(bits_ & Cards::kValidBits); }
  constexpr PlayKind kind() const { return PlayKind((bits_ >> kKindShift) & 0xF); }
  constexpr Rank rank() const { return Rank(bits_ >> kRankShift); }
  constexpr int size() const { return cards().size(); }
  constexpr bool is_pass() const { return bits_ == 0; }
  constexpr bool is_bomb() const { return kind() == kBomb || kind() == kJokerBomb; }

  friend constexpr bool operator==(Play a, Play b) = default;

 private:
  constexpr explicit Play(std::uint64_t bits) : bits_(bits) {}
  std::uint64_t bits_ = 0;
};

// Whether `play` beats `table` (both real plays, not passes): a non-bomb
// needs the same kind and size exactly one rank higher, or, for a single or
// a pair, the rank 2 over anything but a 2; a bomb beats any non-bomb; a
// bomb beats a bomb with more cards, or as many and a higher rank; the
// joker bomb beats every bomb.
constexpr bool beats(Play play, Play table) {
  if (table.kind() == kJokerBomb) return false;
  if (play.kind() == kJokerBomb) return true;
  if (play.kind() == kBomb) {
    if (table.kind() != kBomb) return true;
    return play.size() > table.size() || (play.size() == table.size() && play.rank() > table.rank());
  }
  if (play.kind() != table.kind() || play.size() != table.size()) return false;
  if (play.rank() == table.rank() + 1) return true;
  return (play.kind() == kSingle || play.kind() == kPair) && play.rank() == kTwo && table.rank() != kTwo;
}

}  // namespace guandan::gdy
