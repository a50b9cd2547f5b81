// Cards, ranks and suits, and the two orders cards are compared in.
//
// A card *kind* is one of the 54 distinct faces: kind = rank * 4 + suit for
// the 52 suited cards, 52 for the small joker and 53 for the big joker. The
// deck holds two physical copies of every kind (108 cards); copies are
// indistinguishable, so a hand is a multiset of kinds (see cardset.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace guandan {

// Rank codes. 0..12 are the natural ranks 2..A. When a move has a rank, 13 and
// 14 stand for the small and big joker.
using Rank = std::uint8_t;
inline constexpr Rank kTwo = 0;
inline constexpr Rank kTen = 8;
inline constexpr Rank kAce = 12;
inline constexpr Rank kSmallJokerRank = 13;
inline constexpr Rank kBigJokerRank = 14;
inline constexpr int kNumRanks = 13;  // natural ranks, 2..A

enum Suit : std::uint8_t { kSpades = 0, kHearts = 1, kClubs = 2, kDiamonds = 3 };

using CardKind = std::uint8_t;
inline constexpr CardKind kSmallJoker = 52;
inline constexpr CardKind kBigJoker = 53;
inline constexpr int kNumKinds = 54;
inline constexpr int kNumPhysicalCards = 108;

constexpr CardKind make_kind(Rank rank, Suit suit) { return CardKind(rank * 4 + suit); }
constexpr bool is_joker(CardKind kind) { return kind >= kSmallJoker; }
// The rank of a kind; jokers map to kSmallJokerRank / kBigJokerRank.
constexpr Rank rank_of(CardKind kind) {
  return is_joker(kind) ? Rank(kind - kSmallJoker + kSmallJokerRank) : Rank(kind >> 2);
}
constexpr Suit suit_of(CardKind kind) { return Suit(kind & 3); }

// The wild card of a deal: the heart of the level rank.
constexpr CardKind wild_kind(Rank level) { return make_kind(level, kHearts); }

// Level order (singles, pairs, triples, full houses, n-of-a-kind):
// 2 < 3 < ... < A < L < SJ < BJ, the level rank L lifted out of its natural
// place. Returns a value whose order is that order (not dense).
constexpr int level_value(Rank rank, Rank level) {
  if (rank >= kSmallJokerRank) return rank + 1;  // SJ 14, BJ 15
  return rank == level ? 13 : rank;
}

// Notation of docs/rules.md §1.3: "Ah", "Td" ("10d" accepted), "SJ", "BJ"; any case.
std::optional<CardKind> parse_card(std::string_view text);
std::string card_name(CardKind kind);  // canonical: "Ah", "Td", "SJ", "BJ"

// A natural rank 2..A ("T" and "10" both accepted, any case); no jokers.
std::optional<Rank> parse_rank(std::string_view text);
std::string rank_name(Rank rank);  // "2".."9", "T", "J", "Q", "K", "A", "SJ", "BJ"

}  // namespace guandan
