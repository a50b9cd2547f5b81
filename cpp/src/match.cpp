#include "guandan/match.h"

#include <stdexcept>

namespace guandan {

bool natural_aces_only(Move move, Rank level) {
  const CardSet cards = move.cards();
  const CardSet aces = CardSet::from_rank_config(cards.rank_config(kAce), kAce);
  return !cards.empty() && cards == aces && cards.count(wild_kind(level)) == 0;
}

MatchState next_match_state(const MatchState& state, const int* out, int count, Move last_play,
                            const Ruleset& rules) {
  if (state.winner >= 0) throw std::invalid_argument("the match is already won");
  if (count < 1) throw std::invalid_argument("a finished deal has a first player out");
  MatchState next = state;
  const int winners = team_of(out[0]);
  const int declarers = state.declarers;
  const int finish = partner_place(out, count) - 1;  // 0: 1-2, 1: 1-3, 2: 1-4

  const bool at_ace = state.levels[winners] == kAce;
  const bool wins_match = rules.win_on_first_out_at_ace
                              ? at_ace
                              : at_ace && winners == declarers && finish <= 1;
  if (wins_match) {
    next.winner = winners;
    next.declarers = winners;
    return next;
  }

  const int raised = state.levels[winners] + rules.advance[finish];
  next.levels[winners] = Rank(raised > kAce ? kAce : raised);
  next.declarers = winners;

  if (declarers >= 0 && state.levels[declarers] == kAce) {
    // A deal as declarers at A that did not end the match: a failed attempt.
    ++next.failed_attempts[declarers];
    if (rules.failed_attempts_limit > 0 && next.failed_attempts[declarers] >= rules.failed_attempts_limit) {
      next.levels[declarers] = kTwo;
      next.failed_attempts[declarers] = 0;
    }
    if (rules.all_aces_defeat && winners != declarers && natural_aces_only(last_play, state.deal_level())) {
      next.levels[declarers] = kTwo;
      next.failed_attempts[declarers] = 0;
    }
  }
  return next;
}

}  // namespace guandan
