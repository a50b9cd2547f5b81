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
// The thresholds (how close is "close to going out", when to bomb, when to
// spend control, how to lead, whether to play over the partner) are a
// PlanStyle per seat (plan_style.h); the defaults are the `rule` player.
//
// Plans are cached per seat: a seat re-plans only when its hand changed, and
// not even then when it lost one combination of its plan (it shrinks).
#pragma once

#include <array>

#include "guandan/plan_style.h"
#include "guandan/planner.h"
#include "guandan/policy.h"

namespace guandan {

class PlanPolicy final : public Policy {
 public:
  PlanPolicy() = default;
  // Every seat played in this style.
  explicit PlanPolicy(const PlanStyle& style) { style_.fill(style); }

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  const PlanStyle& style(int seat) const { return style_[std::size_t(seat & 3)]; }
  void set_style(int seat, const PlanStyle& style) { style_[std::size_t(seat & 3)] = style; }

  // Plays outside the plan tried when following (weakest first).
  static constexpr int kSpareCandidates = 6;

 private:
  const HandPlan& plan_for(const PlayerView& view);
  int decide(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng, int team_passes);
  std::array<PlanStyle, 4> style_{};

  struct Cached {
    CardSet hand;
    Rank level = kTwo;
    bool valid = false;
    HandPlan plan;
  };
  bool drop_played_combo(Cached& c, CardSet hand);
  std::array<Cached, 4> cache_{};

  struct SeatMemory {
    CardSet hand;
    int played = 0;
    int team_passes = 0;
    bool valid = false;
  };
  std::array<SeatMemory, 4> memory_{};
};

}  // namespace guandan
