#include "guandan/gdy/playout.h"

namespace guandan::gdy {

void play_out(DealState& deal, Policy* const* policies, Rng& rng, PlayList& plays) {
  while (!deal.over()) {
    plays.clear();
    deal.legal_plays(plays);
    const SeatView view = SeatView::of(deal);
    const int i = policies[deal.turn()]->choose(view, plays.begin(), int(plays.size()), rng);
    deal.apply(plays[std::size_t(i)]);
  }
}

}  // namespace guandan::gdy
