// The match: levels, declarers, attempts at A, and the winner.
//
// docs/rules.md §8.3 to §8.7 and §9.1: the team of the
// first player out wins the deal, becomes the declarers (their level is the
// next deal's level) and advances by where the partner finished (1-2, 1-3,
// 1-4), never past A. Winning the match, the 1-4 at A, failed attempts at A
// and the all-Aces defeat follow the ruleset. `next_match_state` is the whole
// transition, as a pure function.
#pragma once

#include <array>

#include "guandan/card.h"
#include "guandan/move.h"
#include "guandan/ruleset.h"
#include "guandan/placing.h"

namespace guandan {

// Failed attempts at A are counted up to here (a ruleset without a limit
// never sends the team back, so the count only has to stay finite).
inline constexpr int kMaxFailedAttempts = 1000000;

struct MatchState {
  std::array<Rank, 2> levels{kTwo, kTwo};  // by team: seats {0, 2} and {1, 3}
  int declarers = -1;                      // team whose level is played; -1 before the first deal
  std::array<int, 2> failed_attempts{0, 0};
  int winner = -1;                         // team, once the match is won

  constexpr Rank deal_level() const { return declarers < 0 ? kTwo : levels[declarers]; }
  constexpr bool operator==(const MatchState&) const = default;
};

// The match after a deal: `out` the seats in the order they went out
// (`count` of them, at least the first), `last_play` the move the first player
// out went out with (read at the deal's level, state.deal_level()).
// Throws std::invalid_argument naming what is out of range (a level, the
// declarers, the winner, attempts above kMaxFailedAttempts, the finishing
// order, the ruleset) or when the match is already won.
MatchState next_match_state(const MatchState& state, const int* out, int count, Move last_play,
                            const Ruleset& rules);

// Whether a move is natural aces only: one or more aces, none of them wild.
bool natural_aces_only(Move move, Rank level);

}  // namespace guandan
