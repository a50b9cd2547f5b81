// Gan Deng Yan's observation vector for learning code, in C++ (the action
// space and its feature rows are gdy/action_space.h).
//
// The same layout as python/guandan/learning/gdy_encoding.py, which
// documents each field and builds it from a seat's Observation alone;
// tests/test_gdy_batch_env.py checks that the two agree entry for entry.
// Only what the observing seat may know goes in: its own hand and the
// public record of the deal (the plays, the counts, the stock's size).
// Seats are relative to the observer (0: itself, 1: the next to act, ...),
// room for six; the seats past the table's size stay zero.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/gdy/deal.h"

namespace guandan::gdy {

// The cards each seat has played this deal: public (every play is face up)
// but not kept by DealState, so a runner records them as it applies plays.
struct PlaysBySeat {
  std::array<Cards, kMaxPlayers> cards{};
  void record(int seat, Play play) { cards[std::size_t(seat)] = cards[std::size_t(seat)] + play.cards(); }
};

inline constexpr int kObservationSize = 184;
namespace field {
inline constexpr int kHand = 0, kPlayed = 14, kPlayedBy = 28, kHandSizes = 112, kHasPlayed = 118, kPlayers = 124,
                     kTableCards = 129, kTableKind = 143, kTableRank = 149, kLastPlayer = 163, kPasses = 169,
                     kTurn = 170, kStockLeft = 176, kBombs = 177, kWinner = 178;
}  // namespace field

// Writes what `seat` may know of `deal` (whose plays so far `plays` holds)
// into out[0, kObservationSize).
void encode_observation(const DealState& deal, const PlaysBySeat& plays, int seat, std::int8_t* out);

}  // namespace guandan::gdy
