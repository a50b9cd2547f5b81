// An exact solver for perfect-information endgames.
//
// With all four hands known (a sampled world of the determinized search, or
// a real position late in a deal), the value of the play phase for one
// seat's team is a minimax over the legal actions: that team maximises the
// levels it gains at the end of the deal (deal_score in bots/search_playouts.h: negative
// when the other team wins), the other team minimises them. The solver finds
// it exactly, driving DealState for the rules (tricks, passing, jiefeng, the
// end of the deal), or gives up after a node budget so the caller can fall
// back to playouts.
//
// The algorithm: fail-soft alpha-beta with a transposition table (lower and
// upper bounds and the best action per position), driven by zero-window
// probes over the ruleset's few possible scores (a binary search on "is the
// value at least v", which visits fewer nodes than one full-window search),
// with static bounds from who is already out (once a seat is out the
// winning team is decided and only the partner's place is open; with three
// out to end a deal, the score is decided once the partner is out too).
// Actions are tried in the order: the table's best, going out, bombs (the
// weakest first), other plays (leading: more cards first, then the lowest;
// following: the lowest that beats), passing last. When no hand can make a
// straight flush (hands only shrink, so none ever will) suits cannot
// matter but for the wild: the table is keyed by cards per rank, and moves
// of equal reading and cards per rank are tried once.
// Nothing allocates per node: the table and the per-ply move lists are
// kept per thread and reused (the table emptied lazily, by generation).
#pragma once

#include <cstdint>
#include <vector>

#include "guandan/deal.h"
#include "guandan/move.h"

namespace guandan {

inline constexpr std::int64_t kDefaultEndgameNodes = 1'000'000;
// Moves one position may have for the solver to keep exact; a position with
// more (a large hand leading) gives up as over the budget does.
inline constexpr int kEndgameMovesPerPly = 2048;

struct EndgameLimits {
  // Positions visited, all root options together; past it the result is
  // `solved = false`.
  std::int64_t max_nodes = kDefaultEndgameNodes;
  // When no hand can make a straight flush, suits cannot matter (but for the
  // wild, kept apart): positions and moves are then told apart by cards per
  // rank only. Off: every suit apart (the same values, more nodes; tests).
  bool suit_symmetry = true;
};

struct EndgameResult {
  bool solved = false;   // false: the budget ran out (or a move list overflowed)
  double value = 0.0;    // for `seat`'s team, as deal_score; 0 when not solved
  int nodes = 0;         // positions visited
  // An action of the seat to act that achieves the value for its own team
  // (a play, or passing when best_is_pass); none when the deal is over.
  Move best{};
  bool best_is_pass = false;
};

// The exact value for `seat`'s team of a position in the play phase (or
// over: then its deal_score). Throws std::invalid_argument for a seat out of
// 0..3 or a deal still in its tribute or return phase. Calls on different
// threads share nothing (each thread keeps its own table and move lists).
EndgameResult solve_endgame(const DealState& deal, int seat, const EndgameLimits& limits = {});

// The exact value for `seat`'s team of each root option, `seat` being the
// seat to act: values[i] after playing candidates[i] (legal plays of the
// seat, as the generator makes them), then, when include_pass (following
// only), values[candidates.size()] after passing: the option order of
// play_option_out. One transposition table serves all the options. Returns
// false (values unspecified) when the budget ran out. Throws
// std::invalid_argument when `seat` is not to act, passing is asked for
// while leading, or a candidate is not a legal play.
bool solve_endgame_options(const DealState& deal, int seat, const std::vector<Move>& candidates,
                           bool include_pass, const EndgameLimits& limits, std::vector<double>& values);

}  // namespace guandan
