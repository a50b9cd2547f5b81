// The grouped action space of the learning interface and of the learned bot
// (guandan.learning.actions documents it): 0 passes, 1..193 play one
// (kind, size, rank) of move, 194 + k gives card kind k in the tribute and
// return steps. And each action's features, for networks that score
// actions: the cards it plays or gives (copies per card kind, 54), its kind
// and rank one-hot (10, 15), whether it passes, whether it gives a card.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/move.h"

namespace guandan {

inline constexpr int kPassAction = 0;
inline constexpr int kGiveBase = 194;
inline constexpr int kNumActions = kGiveBase + 54;
inline constexpr int kActionFeatures = 54 + kNumMoveKinds + 15 + 2;

// The action of a move (its kind, size and rank).
int action_of(Move move);

// One representative move per action among moves[0, count), as group_moves
// (readings.h) picks it: the first that uses the fewest wilds.
// representative[a] is its index in `moves`, or -1 when no move has action a.
void group_actions(const Move* moves, int count, std::array<int, kGiveBase>& representative);

// Adds the copies per card kind of `cards` into out[0, 54).
void add_card_counts(CardSet cards, std::int8_t* out);

// The features of a play (`move`), of a pass (null), of a given card.
void move_features(const Move* move, std::int8_t* out);
void give_features(CardKind card, std::int8_t* out);

}  // namespace guandan
