// The planning player: plays its hand as the planner splits it (planner.h).
//
// Leading, it goes out in one move when it can; with two combinations left it
// leads a sure winner first (nothing unseen beats it: every joker, level card
// and bomb played is counted); otherwise the planned combination that sheds
// the most cards, weakest first, keeping bombs and control (singles and pairs
// of aces, the level rank, jokers) for the end and avoiding the size the next
// opponent holds. Following, it never beats its partner (unless it goes out);
// it plays the cheapest planned combination that beats (control only against
// an opponent close to going out), or else the weakest play outside the plan
// after which the rest still plans in no more turns. Otherwise it passes
// unless tempo says bomb: the cheapest bomb when the rest of the hand then
// plays out in at most two turns, when the opponent winning the trick is
// close to going out (then it may also break a combination), or when that
// opponent holds at most 15 cards and played high. A tribute return is the
// card whose loss costs the plan least.
//
// Plans are cached per seat: a seat re-plans only when its hand changed, and
// not even then when it lost one combination of its plan (it shrinks).
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
  static constexpr int kSpendControlCards = 10;

 private:
  const HandPlan& plan_for(const PlayerView& view);

  struct Cached {
    CardSet hand;
    Rank level = kTwo;
    bool valid = false;
    HandPlan plan;
  };
  bool drop_played_combo(Cached& c, CardSet hand);
  std::array<Cached, 4> cache_{};
};

}  // namespace guandan
