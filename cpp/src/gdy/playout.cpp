#include "guandan/gdy/playout.h"

namespace guandan::gdy {

namespace {

// The seat to act's policy plays once. Inlined into play_out's loop, the
// hot path of every playout.
[[gnu::always_inline]] inline Play take_play(DealState& deal, Policy& policy, Rng& rng, PlayList& plays) {
  plays.clear();
  deal.legal_plays(plays);
  const SeatView view = SeatView::of(deal);
  const Play play = plays[std::size_t(policy.choose(view, plays.begin(), int(plays.size()), rng))];
  deal.apply(play);
  return play;
}

}  // namespace

Play act(DealState& deal, Policy& policy, Rng& rng, PlayList& plays) { return take_play(deal, policy, rng, plays); }

void play_out(DealState& deal, Policy* const* policies, Rng& rng, PlayList& plays) {
  while (!deal.over()) take_play(deal, *policies[deal.turn()], rng, plays);
}

}  // namespace guandan::gdy
