#include "guandan/gdy/playout.h"

namespace guandan::gdy {

Play act(DealState& deal, Policy& policy, Rng& rng, PlayList& plays) {
  plays.clear();
  deal.legal_plays(plays);
  const SeatView view = SeatView::of(deal);
  const Play play = plays[std::size_t(policy.choose(view, plays.begin(), int(plays.size()), rng))];
  deal.apply(play);
  return play;
}

void play_out(DealState& deal, Policy* const* policies, Rng& rng, PlayList& plays) {
  while (!deal.over()) act(deal, *policies[deal.turn()], rng, plays);
}

}  // namespace guandan::gdy
