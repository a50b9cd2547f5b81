#include "guandan/bots/rule_styles.h"

#include "guandan/bots/move_facts.h"
#include "guandan/bots/style_evidence.h"

namespace guandan {

PlanStyle RuleStylesPolicy::draw_style(Rng& rng) const {
  if (ends_in_ > 0) {
    const auto end = rng.bounded(std::uint64_t(ends_in_));
    if (end < 2) return end == 0 ? kPatientStyle : kBomberStyle;
  }
  return draw_plan_style(rng);
}

void RuleStylesPolicy::follow_deal(const PlayerView& view, Rng& rng) {
  if (seen_[std::size_t(view.seat & 3)].continues(view)) return;
  PlanStyle style = draw_style(rng);
  if (evidence_ != nullptr && style_evidence_for(*evidence_, view.seat)) {
    const bool bomb = holds_bomb(view.hand, view.level, view.rules.move_rules());
    for (int draw = 1; draw < kStyleDraws; ++draw) {
      const double likelihood = style_likelihood(style, *evidence_, view.seat, bomb);
      if (likelihood >= 1.0 || rng.unit() < likelihood) break;
      style = draw_style(rng);
    }
  }
  plan_.set_style(view.seat, style);
}

int RuleStylesPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_play(view, moves, count, can_pass, rng);
}

// The style is drawn once per decision: a second follow_deal for the same
// view (choose_play after kNeedsList) draws nothing.
Policy::WithoutList RuleStylesPolicy::choose_without_list(const PlayerView& view, bool can_pass, Rng& rng,
                                                          Move& play) {
  follow_deal(view, rng);
  return plan_.choose_without_list(view, can_pass, rng, play);
}

CardKind RuleStylesPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_card(view, options, rng);
}

}  // namespace guandan
