#include "guandan/bots/rule_styles.h"

namespace guandan {

void RuleStylesPolicy::follow_deal(const PlayerView& view, Rng& rng) {
  if (seen_[std::size_t(view.seat & 3)].continues(view)) return;
  if (ends_in_ > 0) {
    const auto end = rng.bounded(std::uint64_t(ends_in_));
    if (end < 2) {
      plan_.set_style(view.seat, end == 0 ? kPatientStyle : kBomberStyle);
      return;
    }
  }
  plan_.set_style(view.seat, draw_plan_style(rng));
}

int RuleStylesPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_play(view, moves, count, can_pass, rng);
}

CardKind RuleStylesPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_card(view, options, rng);
}

}  // namespace guandan
