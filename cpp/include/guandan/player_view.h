// PlayerView: what one seat may know during a deal.
//
// Its own hand and the public record only: card counts, every card played,
// the cards each seat is known to hold (tribute and return cards are given
// face up, so the receiver is known to hold them until played), the trick,
// who is out, and, when the deal's runner keeps it, the public record of the
// actions that led here (public_record.h). Bots that must not cheat (the
// search policy) read the deal only through this.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/placing.h"
#include "guandan/public_record.h"
#include "guandan/ruleset.h"

namespace guandan {

struct PlayerView {
  int seat = 0;
  Rank level = kTwo;
  Ruleset rules;
  CardSet hand;
  std::array<int, 4> counts{};
  CardSet played;                 // every card played so far
  std::array<CardSet, 4> shown{};  // cards each seat is known to hold
  // The trick.
  bool leading = true;
  Move last_play{};
  int last_player = -1;
  std::uint8_t passed_mask = 0;   // seats that passed since the last play
  // Who is out, in order.
  Placing out{-1, -1, -1, -1};
  int out_count = 0;
  Move first_out_last_play{};
  // The deal's public record up to now, oldest first (recorded_deal.h);
  // empty where the runner keeps none: inside a search's playouts, and for
  // a position rebuilt from its text form. Bots read what the other seats'
  // plays and passes showed from it (bots/evidence.h). Not owned: valid
  // while the deal it came from is not changed.
  std::span<const PublicAction> record{};
};

// Multiset intersection: the cards in both.
constexpr CardSet common(CardSet a, CardSet b) { return {a.lo & b.lo, a.hi & b.hi}; }

}  // namespace guandan
