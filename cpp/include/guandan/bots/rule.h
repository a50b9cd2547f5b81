// The planning player: plays its hand as the planner splits it (planner.h).
// As the `rule` policy (the default PlanStyle) it plays as follows.
//
// It counts the unseen cards (not in its hand, not played) per rank, so it
// knows when a combination is "top": nothing unseen beats it but a bomb.
// Bombs and top combinations are its winners.
//
// Leading, it goes out in one move when it can; with two combinations left it
// leads a sure winner first (nothing unseen beats it, bombs included); with
// every combination but one a winner, the weakest top one (it keeps the lead
// down to the last combination). While its partner holds at most three
// cards, its weakest planned single, for the partner to go out over.
// Otherwise the planned combination that sheds the most cards, weakest
// first, keeping bombs and control (singles and pairs of aces, the level
// rank, jokers) for the end and avoiding the size the next opponent holds.
//
// Following its partner, it passes, unless a planned combination beats and
// leaves all winners but one (it then runs out). Following an opponent, it
// plays the cheapest planned combination that beats (control only against
// an opponent with at most ten cards), or else the play (any, control
// included) whose rest plans best, when the rest still plans in no more
// turns (one more for a top play: the lead it wins pays it back).
// Otherwise it passes unless tempo says bomb, with its cheapest planned
// bomb first (not one torn out of a bigger bomb while a whole one will do):
// when the opponent winning the trick is close to going out (six cards or
// fewer: then it bombs, or with no bomb breaks a combination), when that
// opponent holds at most 15 cards and played high, or to finish: the rest
// then plays out in one turn, or in two with all of it winners but one. A
// tribute return is the card whose loss costs the plan least.
//
// Each of these rules and thresholds is a field of a PlanStyle per seat
// (plan_style.h): other values make the `rule_bomber`, `rule_patient` and
// `rule_styles` players, and kRuleV2Style the player as it was before it
// learned from the `tempo` player (`rule_v2`: it leads by the plan only,
// follows with the weakest free play, and bombs the cheapest bomb, whole or
// not, when the rest plays out in two turns).
//
// Decisions allocate nothing: the plan, the unseen counts and every
// candidate live on the stack or in the per-seat cache. Plans are cached per
// seat: a seat re-plans only when its hand changed, and not even then when
// it lost one combination of its plan (it shrinks). Most decisions need no
// list of legal moves: a set of cards reads the same way whatever else the
// hand holds, so the move of a planned combination is found among the
// readings of its own few cards (choose_without_list). Following, up to
// spare_candidates plays outside the plan each cost a plan_score (one per
// set of cards, and none for a play that cannot beat the one found).
#pragma once

#include <array>

#include "guandan/bots/plan_style.h"
#include "guandan/bots/planner.h"
#include "guandan/bots/policy.h"

namespace guandan {

class RulePolicy final : public Policy {
 public:
  RulePolicy() = default;
  // Every seat played in this style.
  explicit RulePolicy(const PlanStyle& style) { style_.fill(style); }

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  // Holding more than ten cards (so not going out in one move), the choice
  // of choose_play found from the readings of the plan's own combinations:
  // every lead, every decision over the partner, and a planned play over
  // an opponent (the spare plays and bombs need the list).
  WithoutList choose_without_list(const PlayerView& view, bool can_pass, Rng& rng, Move& play) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  const PlanStyle& style(int seat) const { return style_[std::size_t(seat & 3)]; }
  void set_style(int seat, const PlanStyle& style) { style_[std::size_t(seat & 3)] = style; }

 private:
  const HandPlan& plan_for(const PlayerView& view);
  std::array<PlanStyle, 4> style_{};

  struct Cached {
    CardSet hand;
    Rank level = kTwo;
    bool valid = false;
    HandPlan plan;
  };
  // The follow for which choose_without_list found no planned play, so that
  // choose_play, asked next with the list, need not look again: the same
  // hand, play to beat and card counts (any play between changes a count).
  struct UnplannedFollow {
    bool known = false;
    CardSet hand;
    Move play;
    int owner = -1;
    std::array<int, 4> counts{};
    bool operator==(const UnplannedFollow&) const = default;
  };
  static UnplannedFollow unplanned_follow_of(const PlayerView& view) {
    return {true, view.hand, view.last_play, view.last_player, view.counts};
  }
  std::array<UnplannedFollow, 4> unplanned_{};
  bool drop_played_combo(Cached& c, CardSet hand);
  std::array<Cached, 4> cache_{};
};

}  // namespace guandan
