// PublicAction: one action of a deal as every seat saw it. A deal's public
// record is the list of them in order (recorded_deal.h keeps it beside the
// position); a PlayerView can point at it, so a bot can read what the other
// seats did and not only where the deal stands (bots/evidence.h reads it).
//
// A plain value: the record of a deal is at most a few hundred of them.
#pragma once

#include <cstdint>

#include "guandan/card.h"
#include "guandan/move.h"

namespace guandan {

struct PublicAction {
  enum class Type : std::uint8_t {
    kPlay,              // `seat` played `move`
    kPass,              // `seat` passed
    kTribute,           // `seat` paid `card` to `other` (given face up)
    kReturn,            // `seat` returned `card` to `other` (given face up)
    kCancelledTribute,  // the tribute owed by the seats in bit mask `other` was cancelled
  };
  Type type = Type::kPlay;
  std::int8_t seat = -1;
  // A play or a pass: the seat whose play it beats or passes over (-1: a
  // lead). A tribute or a return: the receiver. A cancelled tribute: the
  // payers, a bit per seat.
  std::int8_t other = -1;
  CardKind card{};
  Move move{};

  constexpr bool operator==(const PublicAction&) const = default;
};

}  // namespace guandan
