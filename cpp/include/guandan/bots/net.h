// net: the learned bot. A small network scores each legal grouped action
// (bots/action_space.h) from the seat's view (bots/net_features.h), each
// action read as the move that keeps the rest of the hand in the fewest
// turns (bots/action_cards.h), and the bot plays the best; tribute and
// return cards are chosen as `rule` chooses them. The weights are built
// into the core (net_weights.inc, written by guandan train-net:
// docs/bots.md, "The learned bot").
//
// The network: inputs (view features, then the action's features and plan
// features) -> 256 ReLU ->
// 64 ReLU -> one score. The first layer is split: the view's part is
// computed once per decision, each action adds the rows of its few nonzero
// features.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/bots/action_cards.h"
#include "guandan/bots/net_features.h"
#include "guandan/bots/policy.h"
#include "guandan/bots/rule.h"

namespace guandan {

inline constexpr int kNetHidden1 = 256;
inline constexpr int kNetHidden2 = 64;

// The first layer's output for a view, before the action's rows and the ReLU.
using NetViewLayer = std::array<float, kNetHidden1>;
void net_view_layer(const std::int8_t* view_features, NetViewLayer& out);
// The score of one action after that view: its kActionFeatures features,
// then its kNetPlanFeatures.
float net_action_score(const NetViewLayer& view, const std::int8_t* action_features);

// The net's score of each of `moves` (legal moves of the seat to act in
// `view`): what NetPolicy plays the highest of.
void net_move_scores(const PlayerView& view, const Move* moves, int count, float* scores);

class NetPolicy final : public Policy {
 public:
  // How it reads each action (bots/action_cards.h), the move it scores and
  // plays: planned (`net`), or first as the learning interface has read
  // them by default (`net_v1`, the bot as first shipped).
  explicit NetPolicy(ActionCards cards = ActionCards::kPlanned) : cards_(cards) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

 private:
  ActionCards cards_;
  RulePolicy tribute_;  // tribute and return cards
};

}  // namespace guandan
