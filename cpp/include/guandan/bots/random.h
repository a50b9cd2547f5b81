// The `random` policy: uniform over the legal moves and passing.
#pragma once

#include "guandan/bots/policy.h"

namespace guandan {

// Uniform over the legal moves plus passing when allowed; uniform cards.
class RandomPolicy final : public Policy {
 public:
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;
};

}  // namespace guandan
