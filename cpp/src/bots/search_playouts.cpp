#include "guandan/bots/search_playouts.h"

#include "guandan/deck.h"
#include "guandan/bots/playout.h"

namespace guandan {

std::array<CardSet, 4> sample_world(const PlayerView& view, Rng& rng, const Evidence* evidence) {
  CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  std::array<CardSet, 4> hands{};
  std::array<int, 4> targets = view.counts;
  for (int s = 0; s < 4; ++s) {
    if (s == view.seat) {
      hands[s] = view.hand;
      targets[s] = view.hand.size();
    } else {
      hands[s] = view.shown[s];
      unseen = unseen - view.shown[s];
    }
  }
  if (evidence != nullptr) {
    std::array<CardSet, 4> barred = evidence->held_none;
    barred[std::size_t(view.seat)] = {};
    // With nothing unseen barred this is deal_unseen, drawing the same.
    if (deal_unseen_barred(hands, unseen, targets, barred, rng)) return hands;
  }
  deal_unseen(hands, unseen, targets, rng);
  return hands;
}

double deal_score(const DealState& deal, int seat, const Ruleset& rules) {
  const double gained = rules.levels_gained(partner_place(deal.finishing_order(), deal.out_count()));
  return team_of(deal.finished(0)) == team_of(seat) ? gained : -gained;
}

double play_option_out(const DealState& world, const std::vector<Move>& candidates, int option,
                       const PlayerView& view, Policy* const policies[4], Rng& rng, MoveList& moves) {
  DealState deal = world;
  if (option < int(candidates.size())) {
    deal.apply_play(candidates[std::size_t(option)]);
  } else {
    deal.apply_pass();
  }
  play_out(deal, policies, rng, moves);
  return deal_score(deal, view.seat, view.rules);
}

}  // namespace guandan
