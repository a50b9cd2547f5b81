// Guandan's deal: the 108 physical cards shuffled by the seeded generator
// (common/rng.h) and dealt to four seats.
//
//   deal:     the 108 physical cards 0..107 (kind = id % 54) are shuffled from
//             that order; the card at shuffled position k goes to seat k % 4.
//   cut:      after the shuffle, the face-up card of the first deal's cut is
//             position bounded(108) of the shuffled deck; its seat leads.
//
// tests/reference/deal.py implements the same specification independently.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "guandan/cardset.h"
#include "guandan/common/rng.h"

namespace guandan {

// A shuffled deck of physical card ids 0..107.
using Deck = std::array<std::uint8_t, kNumPhysicalCards>;

constexpr Deck shuffled_deck(Rng& rng) {
  Deck deck{};
  for (int i = 0; i < kNumPhysicalCards; ++i) deck[i] = std::uint8_t(i);
  rng.shuffle(deck);
  return deck;
}

// The four 27-card hands of a deck: position k goes to seat k % 4.
constexpr std::array<CardSet, 4> deal_hands(const Deck& deck) {
  std::array<CardSet, 4> hands{};
  for (int k = 0; k < kNumPhysicalCards; ++k)
    hands[k % 4] = hands[k % 4] + CardSet::of_kind(CardKind(deck[k] % kNumKinds));
  return hands;
}

// Deals the `unseen` cards at random: they are shuffled (in kind order
// first) and each seat in turn takes cards until it holds targets[s] (seats
// already holding that many take none). Used for starting positions and for
// the search's sampled worlds.
constexpr void deal_unseen(std::array<CardSet, 4>& hands, CardSet unseen, const std::array<int, 4>& targets,
                           Rng& rng) {
  std::array<std::uint8_t, kNumPhysicalCards> pool{};
  std::size_t n = 0;
  for (int k = 0; k < kNumKinds; ++k)
    for (int c = 0; c < unseen.count(CardKind(k)); ++c) pool[n++] = std::uint8_t(k);
  rng.shuffle(pool.data(), n);
  std::size_t next = 0;
  for (int s = 0; s < 4; ++s)
    while (hands[s].size() < targets[s] && next < n) hands[s] = hands[s] + CardSet::of_kind(pool[next++]);
}

// deal_unseen where seat s may hold no card of a kind in barred[s]. The
// barred cards go first, the ones the most seats bar first, each to a seat
// with room that may hold it, chosen in proportion to the room it has left
// (so a seat barred from nothing takes its fair share); the rest as in
// deal_unseen. Returns false, the hands as they were, when a barred card
// finds no seat (barring that no consistent deal allows).
constexpr bool deal_unseen_barred(std::array<CardSet, 4>& hands, CardSet unseen, const std::array<int, 4>& targets,
                                  const std::array<CardSet, 4>& barred, Rng& rng) {
  const std::array<CardSet, 4> before = hands;
  CardSet rest = unseen;
  // Only unseen kinds that some seat bars need placing first.
  const std::uint64_t barred_unseen = unseen.lo & (barred[0].lo | barred[1].lo | barred[2].lo | barred[3].lo);
  for (int barring = 3; barring >= 1; --barring) {
    for (std::uint64_t kinds = barred_unseen; kinds != 0; kinds &= kinds - 1) {
      const CardKind kind = CardKind(std::countr_zero(kinds));
      int seats_barring = 0;
      for (int s = 0; s < 4; ++s) seats_barring += hands[s].size() < targets[s] && barred[s].count(kind) > 0;
      if (seats_barring != barring) continue;
      for (int copy = rest.count(kind); copy > 0; --copy) {
        int room[4]{}, total = 0;
        for (int s = 0; s < 4; ++s)
          if (barred[s].count(kind) == 0 && hands[s].size() < targets[s]) total += room[s] = targets[s] - hands[s].size();
        if (total == 0) {
          hands = before;
          return false;
        }
        int pick = int(rng.bounded(std::uint64_t(total))), s = 0;
        while (pick >= room[s]) pick -= room[s++];
        hands[s] = hands[s] + CardSet::of_kind(kind);
        rest = rest - CardSet::of_kind(kind);
      }
    }
  }
  deal_unseen(hands, rest, targets, rng);
  return true;
}

// A seeded deal with the face-up card of the cut (which decides the first
// deal's leader; later deals are led by the tribute rules).
struct SeededDeal {
  std::array<CardSet, 4> hands;
  int cut_position;  // 0..107 in the shuffled deck
  CardKind face_up;
  int leader;        // the seat dealt the face-up card: cut_position % 4
};

constexpr SeededDeal seeded_deal(std::uint64_t seed) {
  Rng rng(seed);
  const Deck deck = shuffled_deck(rng);
  const int cut = int(rng.bounded(kNumPhysicalCards));
  return {deal_hands(deck), cut, CardKind(deck[cut] % kNumKinds), cut % 4};
}

}  // namespace guandan
