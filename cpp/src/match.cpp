#include "guandan/match.h"

#include <stdexcept>
#include <string>

namespace guandan {

bool natural_aces_only(Move move, Rank level) {
  const CardSet cards = move.cards();
  const CardSet aces = CardSet::from_rank_config(cards.rank_config(kAce), kAce);
  return !cards.empty() && cards == aces && cards.count(wild_kind(level)) == 0;
}

namespace {

// The state and ruleset come from outside (Python, logs): every value the
// transition reads must be in range, so that no sum below can overflow.
void check_arguments(const MatchState& state, const int* out, int count, const Ruleset& rules) {
  if (const char* error = ruleset_error(rules)) throw std::invalid_argument(error);
  for (Rank level : state.levels)
    if (level > kAce) throw std::invalid_argument("a team level must be 2..A");
  if (state.declarers < -1 || state.declarers > 1) throw std::invalid_argument("declarers must be None, 0 or 1");
  if (state.winner < -1 || state.winner > 1) throw std::invalid_argument("winner must be None, 0 or 1");
  for (int attempts : state.failed_attempts)
    if (attempts < 0 || attempts > kMaxFailedAttempts)
      throw std::invalid_argument("failed_attempts must be 0.." + std::to_string(kMaxFailedAttempts));
  if (state.winner >= 0) throw std::invalid_argument("the match is already won");
  if (count < 1 || count > 4) throw std::invalid_argument("a finished deal has 1 to 4 seats out, first out first");
  unsigned seen = 0;
  for (int i = 0; i < count; ++i) {
    if (out[i] < 0 || out[i] > 3 || (seen >> out[i] & 1))
      throw std::invalid_argument("a finishing order lists seats 0..3, each at most once");
    seen |= 1u << out[i];
  }
}

}  // namespace

MatchState next_match_state(const MatchState& state, const int* out, int count, Move last_play,
                            const Ruleset& rules) {
  check_arguments(state, out, count, rules);
  MatchState next = state;
  const int winners = team_of(out[0]);
  const int declarers = state.declarers;
  const int partner = partner_place(out, count);  // 1: 1-2, 2: 1-3, 3: 1-4

  const bool at_ace = state.levels[winners] == kAce;
  const bool wins_match = rules.match_win == MatchWin::kFirstOutAtAce
                              ? at_ace
                              : at_ace && winners == declarers && partner <= 2;
  if (wins_match) {
    next.winner = winners;
    next.declarers = winners;
    return next;
  }

  // At most A + kMaxAdvance: no overflow, then capped at A.
  const int raised = state.levels[winners] + rules.levels_gained(partner);
  next.levels[winners] = Rank(raised > kAce ? kAce : raised);
  next.declarers = winners;

  if (declarers >= 0 && state.levels[declarers] == kAce) {
    // A deal as declarers at A that did not end the match: a failed attempt
    // (counted up to kMaxFailedAttempts, which no limit reaches).
    int& attempts = next.failed_attempts[declarers];
    if (attempts < kMaxFailedAttempts) ++attempts;
    if (rules.failed_attempts_limit > 0 && attempts >= rules.failed_attempts_limit) {
      next.levels[declarers] = kTwo;
      attempts = 0;
    }
    if (rules.all_aces_defeat && winners != declarers && natural_aces_only(last_play, state.deal_level())) {
      next.levels[declarers] = kTwo;
      attempts = 0;
    }
  }
  return next;
}

}  // namespace guandan
