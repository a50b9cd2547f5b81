// PlanStyle: the thresholds of the planning player (plan_policy.h), as data.
//
// The defaults are the `rule` player. Other values give players that bomb
// more or less eagerly, spend their control cards earlier or later, lead
// differently and play over their partner, so that bots meet many styles of
// opponent, not one: the `rule_styles` policy draws a style per seat and
// deal from the ranges below (draw_plan_style), and the search can play its
// playouts against such a mixture.
#pragma once

#include "guandan/rng.h"

namespace guandan {

struct PlanStyle {
  // An opponent with this many cards or fewer is close to going out.
  // Drawn from 4..8.
  int danger_cards = 6;
  // Bomb when the rest of the hand then plays out in this many turns.
  // Drawn from 1..3.
  int bomb_to_finish_turns = 2;
  // Bomb a high play from an opponent holding at most this many cards.
  // Drawn from 8..22 (more: bombs earlier).
  int tempo_cards = 15;
  // Following, control cards (singles and pairs of aces or above) are spent
  // on an opponent with at most this many. Drawn from 5..16.
  int spend_control_cards = 10;
  // Leading, the lowest planned combination first, instead of the one that
  // sheds the most cards. Drawn true one time in two.
  bool lead_lowest_first = false;
  // Following its partner, take a low partner play (below a 10) with a
  // planned combination that is not control, instead of always passing.
  // Drawn true one time in four.
  bool top_partner_low = false;

  // ---- experimental (old values) ----
  int lead_single_below = 0;
  bool control_waits = true;
  int danger_mode = 0;
  int danger_stop = 0;
  bool danger_over_partner = false;
  int bomb_with_bombs = 0;
  int bomb_coin = 0;
  int bomb_after_passes = 0;
  int answer_bomb_cards = 0;
  int tempo_near_top = 0;
};

// Two fixed styles at the ends of the ranges (the `rule_bomber` and
// `rule_patient` policies): one bombs early and spends control at once, the
// other keeps its bombs and control for the end.
inline constexpr PlanStyle kBomberStyle{8, 3, 22, 16, false, false};
inline constexpr PlanStyle kPatientStyle{4, 1, 8, 5, true, false};

// The ranges above, each value uniform.
inline PlanStyle draw_plan_style(Rng& rng) {
  PlanStyle s;
  s.danger_cards = 4 + int(rng.bounded(5));
  s.bomb_to_finish_turns = 1 + int(rng.bounded(3));
  s.tempo_cards = 8 + int(rng.bounded(15));
  s.spend_control_cards = 5 + int(rng.bounded(12));
  s.lead_lowest_first = rng.bounded(2) == 0;
  s.top_partner_low = rng.bounded(4) == 0;
  return s;
}

}  // namespace guandan
