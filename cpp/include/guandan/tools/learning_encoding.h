// The learning interface's observation vector, in C++ (the grouped action
// space and its feature rows are bots/action_space.h; docs/guides/python.md).
//
// The same layout as python/guandan/learning/encoding.py, which
// documents each field; tests/test_batch_env.py checks that the two
// agree entry for entry on seeded deals. Only what the observing seat may
// know goes in: its own hand and the public state of the deal.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/bots/action_space.h"
#include "guandan/deal.h"

namespace guandan::learning {

// --- the observation vector (deal mode: the three match fields stay zero) ---
inline constexpr int kObservationSize = 502;
namespace field {
inline constexpr int kHand = 0, kPlayed = 54, kCardCounts = 108, kLastPlayCards = 112, kLastPlayer = 166,
                     kLastPlayKind = 170, kLastPlayRank = 180, kLevel = 195, kPhase = 208, kTurn = 212,
                     kPlaces = 216, kTributeGiven = 232, kTributeRole = 448, kTributeTo = 456;
}  // namespace field

// Writes what `seat` may know of `deal` into out[0, kObservationSize).
void encode_observation(const DealState& deal, int seat, std::int8_t* out);

}  // namespace guandan::learning
