// How likely a planning player's style (plan_style.h) is to have made the
// passes and bombs a seat made this deal (evidence.h), given its hand now.
//
// The planning player (bots/rule.h), following an opponent and holding a
// bomb, bombs when the opponent holds at most danger_cards, or at most
// tempo_cards after a high play (is_high). So a pass over an opponent with n
// cards, by a seat that holds a bomb now (and so held it then), rules out
// every style with danger_cards >= n, and after a high play every style
// with tempo_cards >= n. A bomb over a high play from an opponent with n
// cards that keeps more than six cards (so it is no bomb to go out) speaks
// against every style with both thresholds below n; less surely, as a
// player that bombs to finish in two or three turns may still throw it.
// The search's playouts can draw opponent styles in proportion to this
// (SearchConfig::read_opponent_styles, bots/rule_styles.h), so that a seat
// that let a high play go while holding bombs is played out as a patient
// player.
#pragma once

#include "guandan/bots/evidence.h"
#include "guandan/bots/plan_style.h"

namespace guandan {

// The likelihood of a style that the evidence rules out: not 0, as the
// seat may be no planning player at all.
inline constexpr double kStyleRuledOut = 0.1;
// Of a style that a bomb over a far opponent speaks against.
inline constexpr double kStyleUnlikely = 0.3;

constexpr double style_likelihood(const PlanStyle& style, const Evidence& evidence, int seat, bool holds_bomb) {
  const auto s = std::size_t(seat);
  double likelihood = 1.0;
  if (holds_bomb && (evidence.pass_owner_min[s] <= style.danger_cards ||
                     evidence.pass_high_owner_min[s] <= style.tempo_cards))
    likelihood *= kStyleRuledOut;
  const int bombed_over = evidence.bomb_high_owner_max[s];
  if (bombed_over > style.danger_cards && bombed_over > style.tempo_cards) likelihood *= kStyleUnlikely;
  return likelihood;
}

// Whether the evidence can tell styles apart at all for this seat.
constexpr bool style_evidence_for(const Evidence& evidence, int seat) {
  const auto s = std::size_t(seat);
  return evidence.pass_owner_min[s] != kNoPassSeen || evidence.bomb_high_owner_max[s] != kNoBombSeen;
}

}  // namespace guandan
