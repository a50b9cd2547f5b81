// What the learned bot `net` reads (bots/net.h): the features of a seat's
// view and of each legal action, as small integers. The trainer
// (python/guandan/learning/net_trainer.py) reads the same features from the
// batched environment (tools/batch_env.h), so training and play agree.
//
// The view features hold only what the seat may know (its PlayerView, not
// its record: a search's playouts keep none), relative to the seat:
//
//   [0, 54)    the cards in hand, copies per card kind
//   [54, 108)  the cards played so far
//   [108, 162) the cards unseen: neither in hand nor played (two decks)
//   [162, 216) the play to beat (zeros when leading)
//   [216, 226) its kind, one-hot;  [226, 241) its rank, one-hot
//   [241, 245) its player, by relative seat (0 self, 1 next, 2 partner, 3 previous)
//   [245, 248) the cards held by relative seats 1, 2, 3
//   [248, 251) whether relative seats 1, 2, 3 are out
//   [251, 264) the level rank, one-hot;  264: leading
//   265, 266   the turns and the bombs of the hand's plan (bots/planner.h)
//
// Then the action's features (bots/action_space.h), then what the planner
// says of the action (kNetPlanFeatures): whether a combination of the plan
// has its kind, size and rank; the turns and the bombs the rest of the hand
// then plans in, less the whole hand's (clipped to -3..5); whether it goes
// out. Zeros for a pass and a given card.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/bots/action_space.h"
#include "guandan/bots/planner.h"
#include "guandan/player_view.h"

namespace guandan {

inline constexpr int kNetViewFeatures = 267;
inline constexpr int kNetPlanFeatures = 4;
inline constexpr int kNetInputs = kNetViewFeatures + kActionFeatures + kNetPlanFeatures;

void net_view_features(const PlayerView& view, std::int8_t* out);

// What the seat to act cannot see, for training only (what a critic that
// knows every hand reads, as PerfectDou's does, and what a hand predictor
// learns to guess; never an input of a bot): for relative seats 1, 2, 3
// (next, partner, previous) the cards in hand, copies per card kind, then
// the turns and the bombs of each hand's plan (0 for a seat out).
inline constexpr int kNetHiddenFeatures = 3 * (54 + 2);
void net_hidden_features(const std::array<CardSet, 4>& hands, int seat, Rank level, MoveRules rules,
                         std::int8_t* out);

// The plan features of the actions of one seat to act: the plan is made once.
class NetPlanFeatures {
 public:
  NetPlanFeatures(CardSet hand, Rank level, MoveRules rules);
  // Of a play (`move`), or zeros for a pass or a given card (null).
  void of(const Move* move, std::int8_t* out) const;

 private:
  CardSet hand_;
  Rank level_;
  MoveRules rules_;
  HandPlan plan_;
};

}  // namespace guandan
