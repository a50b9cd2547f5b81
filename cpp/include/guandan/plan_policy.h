// The planning player: plays its hand as the planner splits it (planner.h).
//
// Leading, it goes out in one move when it can; with two combinations left it
// leads a sure winner first (one nothing unseen can beat); otherwise the
// weakest combination that is not a bomb or a control card, avoiding the
// kind that fits the next opponent's card count. Following, it plays the
// cheapest planned combination that beats, never beats its partner, and
// otherwise passes unless tempo says bomb: the cheapest bomb when the rest of
// the hand then plays out in at most two turns, or when the opponent winning
// the trick is close to going out (then it may also break a combination).
// A tribute return is the card whose loss costs the plan least.
//
// Plans are cached per seat: a seat re-plans only when its hand changed.
#pragma once

#include <array>

#include "guandan/planner.h"
#include "guandan/policy.h"

namespace guandan {

class PlanPolicy final : public Policy {
 public:
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  // An opponent with this many cards or fewer is close to going out.
  static constexpr int kDangerCards = 6;
  // Bomb when the rest of the hand then plays out in this many turns.
  static constexpr int kBombToFinishTurns = 2;
  // Bomb a high play from an opponent holding at most this many cards.
  static constexpr int kTempoCards = 15;
  // Plays outside the plan tried when following (weakest first).
  static constexpr int kSpareCandidates = 6;
  // Following, control cards are spent on an opponent with at most this many.
  static constexpr int kSpendControlCards = 20;

 private:
  const HandPlan& plan_for(const PlayerView& view);

  struct Cached {
    CardSet hand;
    Rank level = kTwo;
    bool valid = false;
    HandPlan plan;
  };
  std::array<Cached, 4> cache_{};
};

}  // namespace guandan
