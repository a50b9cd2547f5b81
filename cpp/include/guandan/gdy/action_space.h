// Gan Deng Yan's grouped action space for learning code
// (guandan.learning.gdy_actions documents it in Python), the peer of
// Guandan's bots/action_space.h: a fixed set of 201 actions.
//
//   0          the pass
//   1..13      single of rank 3..2 (a lone joker, the last card, plays as a 2)
//   14..26     pair of rank 3..2
//   27..81     runs: by length 3..12, then by top rank (length - 1)..A
//   82..147    pair runs: by pairs 2..12, then by top rank (pairs - 1)..A
//   148..199   bombs: by size 3..6, then by rank 3..2
//   200        the joker bomb
//
// An action stands for every legal play of its (kind, size, rank); the one
// played is the first the generator lists among those that spend the fewest
// jokers (suits never matter in Gan Deng Yan, so only the jokers differ).
//
// And each action's features, for networks that score actions: the cards
// it plays (copies per kind: ranks 3..2, then the jokers; 14), its kind
// one-hot (pass, single, pair, run, pair run, bomb, joker bomb; 7), its rank
// one-hot (3..2, then the joker bomb's; 14; zeros for the pass).
#pragma once

#include <array>
#include <cstdint>

#include "guandan/gdy/cards.h"
#include "guandan/gdy/play.h"

namespace guandan::gdy {

inline constexpr int kPassAction = 0;
inline constexpr int kSingleBase = 1;
inline constexpr int kPairBase = kSingleBase + kNumRanks;
inline constexpr int kRunBase = kPairBase + kNumRanks;
inline constexpr int kPairRunBase = kRunBase + 55;       // runs of 3..12 ranks: 10 + 9 + ... + 1
inline constexpr int kBombBase = kPairRunBase + 66;      // pair runs of 2..12 pairs: 11 + 10 + ... + 1
inline constexpr int kJokerBombAction = kBombBase + 4 * kNumRanks;  // bombs of 3..6 cards
inline constexpr int kNumActions = kJokerBombAction + 1;
inline constexpr int kActionFeatures = kNumKinds + kNumPlayKinds + kNumKinds;

// The action of a play (kPassAction for the pass).
int action_of(Play play);

// One representative play per action among plays[0, count): the first of
// those that spend the fewest jokers. representative[a] is its index in
// `plays`, or -1 when no play has action a.
void group_actions(const Play* plays, int count, std::array<int, kNumActions>& representative);

// Adds the copies per card kind of `cards` (ranks 3..2, then the jokers)
// into out[0, kNumKinds).
void add_card_counts(Cards cards, std::int8_t* out);

// The features of a play (the pass included) into out[0, kActionFeatures).
void play_features(Play play, std::int8_t* out);

}  // namespace guandan::gdy
