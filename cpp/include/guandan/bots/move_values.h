// The value of every option of one decision, for a coach that explains a
// choice: the same determinized playouts as the search (bots/search.h), but every
// option is played out in every sampled world (common random numbers, no
// pruning, no halving), and each option's mean score and share of playouts
// won are returned rather than only the best choice.
#pragma once

#include <atomic>
#include <vector>

#include "guandan/common/rng.h"
#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

struct MoveValue {
  double mean = 0.0;      // mean levels the seat's team gains (negative: the other team's gain)
  double win_rate = 0.0;  // share of the playouts the seat's team went out first in
  int playouts = 0;
};

struct MoveValuesConfig {
  int rollouts = 4000;  // playout cap for all options together (kMinRollouts..kMaxRollouts)
  int think_ms = 0;     // wall-clock budget (kMinThinkMs..kMaxThinkMs), 0 for none
  const std::atomic<bool>* stop = nullptr;  // as SearchV1Config::stop
};

// One value per option: the candidates in order, then passing when
// `can_pass`. At least one world is always played, whole: every option has
// the same number of playouts. Without a time budget the values depend only
// on the seed. Checks the decision and the configuration (std::invalid_argument).
std::vector<MoveValue> move_values(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   const MoveValuesConfig& config, Rng& rng);

}  // namespace guandan
