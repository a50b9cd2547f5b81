#include "guandan/playout.h"

#include <stdexcept>

#include "guandan/movegen.h"

namespace guandan {

PlayoutStats play_out(DealState& deal, Policy* const policies[4], Rng& rng, MoveList& moves) {
  PlayoutStats stats;
  while (!deal.is_over()) {
    Policy& policy = *policies[deal.turn()];
    if (deal.phase() != Phase::kPlay) {
      deal.give(policy.choose_card(deal.view(deal.turn()), deal.give_options(), rng));
      continue;
    }
    moves.clear();
    generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), moves);
    if (moves.overflowed()) throw std::length_error("move list overflow");
    const bool can_pass = !deal.leading();
    const int choice = policy.choose_play(deal.view(deal.turn()), moves.begin(), int(moves.size()), can_pass, rng);
    if (choice < 0) {
      deal.apply_pass();
      ++stats.passes;
    } else {
      const Move m = moves[std::size_t(choice)];
      stats.bombs += bomb_tier(m) > 0;
      deal.apply_play(m);
      ++stats.plays;
    }
  }
  return stats;
}

}  // namespace guandan
