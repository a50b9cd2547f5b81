#include "guandan/styled_policy.h"

namespace guandan {

void StyledPlanPolicy::follow_deal(const PlayerView& view, Rng& rng) {
  Seen& s = seen_[std::size_t(view.seat & 3)];
  // Within a deal a seat's hand only shrinks (a tribute received is taken
  // before the first play, when nothing is played yet) and the cards played
  // only grow; anything else is a new deal.
  const bool same_deal = s.valid && s.level == view.level && view.played.contains(s.played) &&
                         (s.hand.contains(view.hand) || s.played.empty());
  if (!same_deal) plan_.set_style(view.seat, draw_plan_style(rng));
  s = {view.hand, view.played, view.level, true};
}

int StyledPlanPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_play(view, moves, count, can_pass, rng);
}

CardKind StyledPlanPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  follow_deal(view, rng);
  return plan_.choose_card(view, options, rng);
}

}  // namespace guandan
