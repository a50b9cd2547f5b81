// The `rule_v1` policy: the first rule-based player.
#pragma once

#include "guandan/bots/policy.h"

namespace guandan {

// A cheap rule-based player. Leading, it plans: among the non-bomb moves that
// use its weakest rank not part of a bomb, one that breaks up no pair,
// triple or bomb, preferring sequences (they shed several ranks), then the
// lowest, the largest, the fewest wilds. Following, it plays the weakest move
// that beats (one that breaks nothing up, among equals), never beats its
// partner unless that plays out its hand, and keeps bombs unless an opponent
// is close to going out. It counts cards: in the endgame, when its hand is a
// sure winner (nothing the others can still hold beats it: every joker,
// level card and bomb seen is counted) plus one more combination, it leads
// the sure winner and goes out with the rest. It gives away its lowest cards.
class RuleV1Policy final : public Policy {
 public:
  // `card_counting` off gives the same player without the endgame counting
  // (for measuring what it is worth).
  explicit RuleV1Policy(bool card_counting = true) : card_counting_(card_counting) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  // An opponent with this many cards or fewer is "close to going out".
  static constexpr int kDangerCards = 6;

 private:
  bool card_counting_;
};

}  // namespace guandan
