#include "guandan/bots/playout.h"

#include <stdexcept>

#include "guandan/movegen.h"

namespace guandan {

namespace {

// Every play sheds at least one of the 108 cards and a trick has at most
// three passes per play; the tribute gives at most four cards. A deal still
// going after this many actions is a broken position, not a long game.
constexpr int kMaxActions = 108 * 4 + 8;

// The seat to act's policy takes one action: a card in the tribute and
// return steps, else a play or a pass, checked against the legal actions.
// Inlined into play_out's loop, the hot path of every playout.
template <class Deal>
[[gnu::always_inline]] inline void take_action(Deal& deal, Policy& policy, Rng& rng, MoveList& moves, PlayoutStats& stats) {
  if (deal.phase() != Phase::kPlay) {
    deal.give(policy.choose_card(deal.view(deal.turn()), deal.give_options(), rng));
    return;
  }
  const bool can_pass = !deal.leading();
  const PlayerView view = deal.view(deal.turn());
  Move play;
  switch (policy.choose_without_list(view, can_pass, rng, play)) {
    case Policy::WithoutList::kPlay:
      stats.bombs += bomb_tier(play) > 0;
      deal.apply_play(play);
      ++stats.plays;
      return;
    case Policy::WithoutList::kPass:
      if (!can_pass) throw std::logic_error("a policy passed a lead");
      deal.apply_pass();
      ++stats.passes;
      return;
    case Policy::WithoutList::kNeedsList:
      break;
  }
  moves.clear();
  generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), moves);
  if (moves.overflowed()) throw std::length_error("move list overflow");
  if (moves.size() == 0 && !can_pass) throw std::logic_error("the seat to lead has no legal move");
  const int choice = policy.choose_play(view, moves.begin(), int(moves.size()), can_pass, rng);
  if (choice < -1 || choice >= int(moves.size()) || (choice < 0 && !can_pass))
    throw std::logic_error("a policy chose outside the legal actions");
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

template <class Deal>
PlayoutStats play_deal_out(Deal& deal, Policy* const policies[4], Rng& rng, MoveList& moves) {
  PlayoutStats stats;
  for (int actions = 0; !deal.is_over(); ++actions) {
    if (actions > kMaxActions) throw std::logic_error("the deal did not end: a seat in play holds no cards");
    take_action(deal, *policies[deal.turn()], rng, moves, stats);
  }
  return stats;
}

}  // namespace

PlayoutStats play_out(DealState& deal, Policy* const policies[4], Rng& rng, MoveList& moves) {
  return play_deal_out(deal, policies, rng, moves);
}

PlayoutStats play_out(RecordedDeal& deal, Policy* const policies[4], Rng& rng, MoveList& moves) {
  return play_deal_out(deal, policies, rng, moves);
}

void act(RecordedDeal& deal, Policy& policy, Rng& rng, MoveList& moves, PlayoutStats& stats) {
  take_action(deal, policy, rng, moves, stats);
}

}  // namespace guandan
