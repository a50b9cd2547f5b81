// PlanStyle: the thresholds of the planning player (bots/rule.h), as data.
//
// The defaults are the `rule` player. Other values give players that bomb
// more or less eagerly, spend their control cards earlier or later, lead
// differently and play over their partner, so that bots meet many styles of
// opponent, not one: the `rule_styles` policy draws a style per seat and
// deal from the ranges below (draw_plan_style), and the search can play its
// playouts against such a mixture.
//
// Every field after the first six is a change the player learned from
// duplicate duels against the `tempo` player (bots/tempo.h); each has an
// old value that turns it off, and kRuleV2Style holds all the old values:
// the player exactly as it was before (the `rule_v2` policy; test_planner
// checks it still plays seeded deals as it did).
#pragma once

#include "guandan/common/rng.h"

namespace guandan {

struct PlanStyle {
  // An opponent with this many cards or fewer is close to going out.
  // Drawn from 4..8.
  int danger_cards = 6;
  // Bomb when the rest of the hand then plays out in this many turns (see
  // bomb_finish_winners). Drawn from 1..3.
  int bomb_to_finish_turns = 2;
  // Bomb a high play from an opponent holding at most this many cards.
  // Drawn from 8..22 (more: bombs earlier).
  int tempo_cards = 15;
  // Following, control cards (singles and pairs of aces or above) are spent
  // on an opponent with at most this many. It holds back planned
  // combinations only, and with spare_by_rest the spare plays below mostly
  // take the same combination (it costs no turn and leaves the best rest):
  // at the other defaults it changes few deals (7 of test_planner's 200;
  // at 5 or 16 against 10, no result of 40,000 level-2 duel deals); with
  // spare_by_rest off, several times as many. Drawn from 5..16.
  int spend_control_cards = 10;
  // Leading, the lowest planned combination first, instead of the one that
  // sheds the most cards. Drawn true one time in two.
  bool lead_lowest_first = false;
  // Following its partner, take a low partner play (below a 10) with a
  // planned combination that is not control, instead of always passing.
  // Drawn true one time in four.
  bool top_partner_low = false;

  // Following, how many plays outside the plan are tried for one that costs
  // no turn (in move order, weakest first; each needs a plan_score). Six
  // miss most of the good ones; 20 play as well as 40 at half the tail
  // time. Old: 6. Drawn from 12..28.
  int spare_candidates = 20;
  // Among the plays outside the plan that cost no turn, the one whose rest
  // plans in the fewest turns (then the most bombs, then the weakest),
  // instead of the weakest: the weakest is often a card torn out of a
  // straight or a tube. Old: false. Drawn true three times in four.
  bool spare_by_rest = true;
  // Also a play outside the plan that costs one turn, when it is top
  // (nothing unseen beats it but a bomb): the lead it wins pays the turn
  // back. Old: false. Drawn true three times in four.
  bool spare_top = true;
  // Bombing, the cheapest planned bomb before any other (a bomb torn out of
  // a bigger one, or made with a wild the plan uses elsewhere, breaks the
  // plan). Old: false. Drawn true three times in four.
  bool bomb_whole = true;
  // Against an opponent close to going out, bomb before breaking a
  // combination (old: breaking first). Drawn true three times in four.
  bool danger_bomb_first = true;
  // Bomb to finish when the rest plays out in one turn, or in
  // bomb_to_finish_turns when all of the rest of the plan but one
  // combination are winners (bombs, or top); old: whenever the rest plays
  // out in bomb_to_finish_turns. Drawn true three times in four.
  bool bomb_finish_winners = true;
  // Leading, with every combination of the plan but one a winner (a bomb,
  // or top), lead the weakest top one first and go out with the last.
  // Old: false. Drawn true three times in four.
  bool run_out = true;
  // Over the partner with a planned combination when every combination left
  // after it but one is a winner (it then runs out). Old: false. Drawn true
  // three times in four.
  bool finish_over_partner = true;
  // Leading while the partner holds at most this many cards, the weakest
  // planned single first, for the partner to go out over (0: never). Old:
  // 0. Drawn from 0..4.
  int feed_partner = 3;
};

// Two fixed styles at the ends of the ranges (the `rule_bomber` and
// `rule_patient` policies): one bombs early, the other keeps its bombs for
// the end and leads its lowest combination first. (Their control
// thresholds, 16 and 5, rarely bind: see spend_control_cards.)
inline constexpr PlanStyle kBomberStyle{
    .danger_cards = 8, .bomb_to_finish_turns = 3, .tempo_cards = 22, .spend_control_cards = 16};
inline constexpr PlanStyle kPatientStyle{.danger_cards = 4,
                                         .bomb_to_finish_turns = 1,
                                         .tempo_cards = 8,
                                         .spend_control_cards = 5,
                                         .lead_lowest_first = true};

// The planning player before it learned from tempo (the `rule_v2` policy):
// every field at its old value.
inline constexpr PlanStyle kRuleV2Style{.spare_candidates = 6,
                                        .spare_by_rest = false,
                                        .spare_top = false,
                                        .bomb_whole = false,
                                        .danger_bomb_first = false,
                                        .bomb_finish_winners = false,
                                        .run_out = false,
                                        .finish_over_partner = false,
                                        .feed_partner = 0};

// The ranges above, each value uniform.
inline PlanStyle draw_plan_style(Rng& rng) {
  PlanStyle s;
  s.danger_cards = 4 + int(rng.bounded(5));
  s.bomb_to_finish_turns = 1 + int(rng.bounded(3));
  s.tempo_cards = 8 + int(rng.bounded(15));
  s.spend_control_cards = 5 + int(rng.bounded(12));
  s.lead_lowest_first = rng.bounded(2) == 0;
  s.top_partner_low = rng.bounded(4) == 0;
  s.spare_candidates = 12 + int(rng.bounded(17));
  s.spare_by_rest = rng.bounded(4) != 0;
  s.spare_top = rng.bounded(4) != 0;
  s.bomb_whole = rng.bounded(4) != 0;
  s.danger_bomb_first = rng.bounded(4) != 0;
  s.bomb_finish_winners = rng.bounded(4) != 0;
  s.run_out = rng.bounded(4) != 0;
  s.finish_over_partner = rng.bounded(4) != 0;
  s.feed_partner = int(rng.bounded(5));
  return s;
}

}  // namespace guandan
