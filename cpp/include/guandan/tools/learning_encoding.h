// The learning interface's numbers, in C++: the observation vector, the
// grouped action space and the action feature rows (docs/guides/python.md).
//
// The same layout as python/guandan/learning/encoding.py and actions.py,
// which document each field; tests/test_batch_env.py checks that the two
// agree entry for entry on seeded deals. Only what the observing seat may
// know goes in: its own hand and the public state of the deal.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/deal.h"
#include "guandan/move.h"

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

// --- the grouped action space ---
// 0 pass; 1..193 one per (kind, size, rank); 194 + k gives card kind k.
inline constexpr int kPassAction = 0;
inline constexpr int kGiveBase = 194;
inline constexpr int kNumActions = kGiveBase + 54;

// The action of a move (its kind, size and rank).
int action_of(Move move);

// --- one feature row per legal action (learners that score an action) ---
// The cards it plays or gives (copies per kind), its kind and rank one-hot,
// then whether it is a pass and whether it gives a card.
inline constexpr int kActionFeatures = 54 + kNumMoveKinds + 15 + 2;
void encode_action(int action, const Move* move, std::int8_t* out);

}  // namespace guandan::learning
