// Move: one legal combination, packed into 128 bits.
//
// docs/rules.md §2.1 identifies a move by (kind, rank, multiset of physical cards); the
// packed value holds exactly that, plus what each wild card stands for:
//
//   lo bits  0..53  first copies of the cards used   (CardSet::lo)
//   lo bits 54..57  kind (Kind, 0..9)
//   lo bits 58..61  rank (0..12 = 2..A, 13 = SJ, 14 = BJ; see below)
//   lo bits 62..63  zero
//   hi bits  0..53  second copies of the cards used  (CardSet::hi)
//   hi bits 54..57  rank the first wild stands for, plus one (0: no wild)
//   hi bits 58..61  rank the second wild stands for, plus one (0: fewer wilds)
//   hi bits 62..63  zero
//
// Rank: the declared rank for singles, pairs, triples and n-of-a-kind bombs;
// the triple's rank for a full house; the natural rank of the top card for
// straights, tubes, plates and straight flushes (A2345 -> 5, TJQKA -> A);
// BJ for the four-joker bomb.
//
// The suit a wild stands for is not stored: it only matters for telling a
// straight from a straight flush, which the kind already records, so
// `declared_cards()` (declare.h) derives a consistent suit. The generator
// produces one canonical declaration per (kind, rank, cards), so equal moves
// are equal bit for bit.
#pragma once

#include <cstdint>

#include "guandan/card.h"
#include "guandan/cardset.h"

namespace guandan {

enum class Kind : std::uint8_t {
  kSingle,
  kPair,
  kTriple,
  kFullHouse,
  kStraight,
  kTube,
  kPlate,
  kBomb,           // n of a kind, n = 4..10
  kStraightFlush,
  kJokerBomb,      // SJ SJ BJ BJ
};
inline constexpr int kNumMoveKinds = 10;

const char* kind_name(Kind kind);  // "single", "pair", ..., "joker_bomb"

// Straights, tubes, plates and straight flushes compare in natural order.
constexpr bool is_sequence(Kind kind) {
  return kind == Kind::kStraight || kind == Kind::kTube || kind == Kind::kPlate ||
         kind == Kind::kStraightFlush;
}

// Declared ranks of the wilds a move uses, one nibble per wild holding
// rank + 1 (0 for an unused slot): bits 0..3 the first wild, 4..7 the second.
using WildDeclaration = std::uint8_t;

struct Move {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;

  static constexpr int kKindShift = 54;
  static constexpr int kRankShift = 58;
  static constexpr int kWildShift = 54;

  static constexpr Move make(CardSet cards, Kind kind, Rank rank, WildDeclaration wilds = 0) {
    return {cards.lo | (std::uint64_t(kind) << kKindShift) | (std::uint64_t(rank) << kRankShift),
            cards.hi | (std::uint64_t(wilds) << kWildShift)};
  }

  constexpr CardSet cards() const { return {lo & kCardBits, hi & kCardBits}; }
  constexpr Kind kind() const { return Kind((lo >> kKindShift) & 0xF); }
  constexpr Rank rank() const { return Rank((lo >> kRankShift) & 0xF); }
  constexpr WildDeclaration wild_declaration() const {
    return WildDeclaration((hi >> kWildShift) & 0xFF);
  }
  constexpr int size() const { return cards().size(); }
  constexpr bool operator==(const Move&) const = default;
};

// The number of wild cards a generated move uses (one declared rank each).
constexpr int declared_wild_count(Move m) {
  const WildDeclaration d = m.wild_declaration();
  return int((d & 0xF) != 0) + int((d >> 4) != 0);
}

// Bomb ladder, weakest to strongest: 4 of a kind (1) < 5 of a kind (2) <
// straight flush (3) < 6 (4) < 7 (5) < 8 (6) < 9 (7) < 10 of a kind (8) <
// four jokers (9). Not a bomb: 0.
inline constexpr int kStraightFlushTier = 3;
inline constexpr int kJokerBombTier = 9;  // the top of the ladder
constexpr int bomb_tier(Kind kind, int size) {
  switch (kind) {
    // 4 and 5 of a kind below the straight flush, 6..10 above it.
    case Kind::kBomb: return size - 3 < kStraightFlushTier ? size - 3 : size - 2;
    case Kind::kStraightFlush: return kStraightFlushTier;
    case Kind::kJokerBomb: return kJokerBombTier;
    default: return 0;
  }
}
constexpr int bomb_tier(Move m) { return bomb_tier(m.kind(), m.size()); }
static_assert(bomb_tier(Kind::kBomb, 5) + 1 == kStraightFlushTier && bomb_tier(Kind::kBomb, 6) == kStraightFlushTier + 1);
static_assert(bomb_tier(Kind::kBomb, 10) + 1 == kJokerBombTier);

// The value a move's rank is compared by: natural order for sequences, level
// order for everything else.
constexpr int rank_order(Kind kind, Rank rank, Rank level) {
  return is_sequence(kind) ? rank : level_value(rank, level);
}
constexpr int rank_order(Move m, Rank level) { return rank_order(m.kind(), m.rank(), level); }

// docs/rules.md §5.1, §5.2: a non-bomb is beaten by the same kind with the same number of
// cards and a higher rank, or by any bomb; a bomb only by a higher bomb (a
// higher tier, or the same tier and a higher rank). Equal never beats equal.
constexpr bool beats(Move a, Move b, Rank level) {
  const int ta = bomb_tier(a), tb = bomb_tier(b);
  if (ta != 0 || tb != 0) {
    if (ta != tb) return ta > tb;
    return rank_order(a, level) > rank_order(b, level);
  }
  return a.kind() == b.kind() && a.size() == b.size() && rank_order(a, level) > rank_order(b, level);
}

}  // namespace guandan
