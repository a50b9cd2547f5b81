// What the searches (`search_v1`, `search`, `search_v2`) share: sampled
// worlds, playouts of one option from them, the score of a finished deal,
// and a search's choice among grouped moves as a policy's choice.
#pragma once

#include <array>
#include <vector>

#include "guandan/bots/evidence.h"
#include "guandan/common/rng.h"
#include "guandan/deal.h"
#include "guandan/move.h"
#include "guandan/move_list.h"
#include "guandan/player_view.h"
#include "guandan/bots/policy.h"
#include "guandan/readings.h"

namespace guandan {

struct SearchResult {
  int choice = -1;          // index into the candidates, -1 for passing
  int rollouts = 0;         // playouts actually run
  double best_value = 0.0;  // mean score of the choice
  bool stopped = false;     // cut short by the config's `stop` flag
};

// The searcher's score of a finished deal: the levels its team gains, or
// minus what the other team gains.
double deal_score(const DealState& deal, int seat, const Ruleset& rules);

// One playout of one option from a sampled world: candidates[option] is
// played (an option past the candidates is a pass), the policies play the
// deal out, and the viewer's deal_score is returned.
double play_option_out(const DealState& world, const std::vector<Move>& candidates, int option,
                       const PlayerView& view, Policy* const policies[4], Rng& rng, MoveList& moves);

// The other hands of one sampled world (the viewer's own hand kept). With
// `evidence` (read_evidence of the view), no seat gets a card it says the
// seat holds none of (what a tribute, paid or cancelled, showed:
// bots/evidence.h); searches v1 and v2 sample without it, as they always did.
std::array<CardSet, 4> sample_world(const PlayerView& view, Rng& rng, const Evidence* evidence = nullptr);

// A search over the grouped moves (one per kind, size and rank, the one
// spending wilds last) as a policy's choice: the index of the chosen group's
// move in moves[0, count), or -1 to pass.
template <class Search>
inline int choose_grouped(const Move* moves, int count, Search search) {
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves, moves + count));
  const SearchResult r = search(groups);
  if (r.choice < 0) return -1;
  for (int i = 0; i < count; ++i)
    if (moves[i] == groups[std::size_t(r.choice)]) return i;
  return 0;
}

}  // namespace guandan
