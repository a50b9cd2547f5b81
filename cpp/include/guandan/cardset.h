// CardSet: a multiset of the 108 physical cards in two machine words.
//
// Bit k of `lo` is set when the set holds at least one copy of kind k, bit k
// of `hi` when it holds both copies (kinds as in card.h: bits 0..51 are the
// suited cards, rank-major, so rank r occupies the nibble at bits 4r..4r+3;
// bit 52 is SJ, bit 53 BJ). The encoding is canonical: hi is a subset of lo,
// and bits 54..63 are zero. Two copies of a kind are indistinguishable, so
// this is the whole state of a hand.
#pragma once

#include <bit>
#include <cstdint>

#include "guandan/card.h"

namespace guandan {

inline constexpr std::uint64_t kCardBits = (std::uint64_t{1} << kNumKinds) - 1;

struct CardSet {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;

  static constexpr CardSet of_kind(CardKind kind, int copies = 1) {
    const std::uint64_t bit = std::uint64_t{1} << kind;
    return {copies >= 1 ? bit : 0, copies >= 2 ? bit : 0};
  }

  constexpr bool is_canonical() const {
    return (hi & ~lo) == 0 && ((lo | hi) & ~kCardBits) == 0;
  }
  constexpr int size() const { return std::popcount(lo) + std::popcount(hi); }
  constexpr bool empty() const { return lo == 0; }
  constexpr int count(CardKind kind) const {
    return int((lo >> kind) & 1) + int((hi >> kind) & 1);
  }
  // Multiset inclusion: every kind at most as often as here.
  constexpr bool contains(CardSet other) const {
    return (other.lo & ~lo) == 0 && (other.hi & ~hi) == 0;
  }
  // Union of sets that share no kind (cheaper than + when that is known).
  constexpr CardSet operator|(CardSet o) const { return {lo | o.lo, hi | o.hi}; }
  // Per-kind sum; the caller guarantees no kind exceeds two copies.
  constexpr CardSet operator+(CardSet o) const { return {lo | o.lo, hi | o.hi | (lo & o.lo)}; }
  // Per-kind difference; the caller guarantees `contains(o)`.
  constexpr CardSet operator-(CardSet o) const {
    return {(lo & ~o.lo) | (hi & ~o.hi), hi & ~o.lo};
  }
  constexpr bool operator==(const CardSet&) const = default;

  // The cards of one natural rank as an 8-bit "rank config": low nibble the
  // suits held at least once, high nibble the suits held twice (see subsets.h).
  constexpr std::uint8_t rank_config(Rank rank) const {
    const int shift = 4 * rank;
    return std::uint8_t(((lo >> shift) & 0xF) | (((hi >> shift) & 0xF) << 4));
  }
  // All 108 cards: both copies of every kind.
  static constexpr CardSet full_deck() { return {kCardBits, kCardBits}; }

  // The inverse: the cards a rank config stands for, placed at `rank`.
  static constexpr CardSet from_rank_config(std::uint8_t config, Rank rank) {
    const int shift = 4 * rank;
    return {std::uint64_t(config & 0xF) << shift, std::uint64_t(config >> 4) << shift};
  }
};

}  // namespace guandan
