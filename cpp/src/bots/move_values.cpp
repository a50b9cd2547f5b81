#include "guandan/bots/move_values.h"

#include <chrono>
#include <memory>
#include <stdexcept>

#include "guandan/bots/rule.h"
#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/move_list.h"
#include "guandan/bots/policy.h"

namespace guandan {

std::vector<MoveValue> move_values(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   const MoveValuesConfig& config, Rng& rng) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(config.think_ms);
  check_decision(view, candidates.data(), int(candidates.size()), can_pass);
  if (config.rollouts < kMinRollouts || config.rollouts > kMaxRollouts)
    throw std::invalid_argument("rollouts must be 1..1,000,000");
  if (config.think_ms != 0 && (config.think_ms < kMinThinkMs || config.think_ms > kMaxThinkMs))
    throw std::invalid_argument("think_ms must be 1..60,000 (or 0 for no time budget)");
  const int options = int(candidates.size()) + (can_pass ? 1 : 0);
  std::vector<double> total(std::size_t(options), 0.0);
  std::vector<int> wins(std::size_t(options), 0);
  auto moves = std::make_unique<MoveList>();
  // The planning player in every seat, as in the search (search.cpp), so
  // the values rank moves the way the search bot does.
  RulePolicy plan;
  Policy* const policies[4] = {&plan, &plan, &plan, &plan};
  const int worlds = config.rollouts / options > 0 ? config.rollouts / options : 1;
  int played = 0;
  // The clock and the stop flag are read between worlds, so that every
  // option is scored on the same worlds.
  for (int w = 0; w < worlds; ++w) {
    if (w > 0 && ((config.stop && config.stop->load(std::memory_order_relaxed)) ||
                  (config.think_ms > 0 && Clock::now() >= deadline)))
      break;
    const DealState world(sample_world(view, rng), view);
    for (int c = 0; c < options; ++c) {
      const double score = play_option_out(world, candidates, c, view, policies, rng, *moves);
      total[std::size_t(c)] += score;
      wins[std::size_t(c)] += score > 0;
    }
    ++played;
  }
  std::vector<MoveValue> values(static_cast<std::size_t>(options));
  for (int c = 0; c < options; ++c)
    values[std::size_t(c)] = MoveValue{total[std::size_t(c)] / played, double(wins[std::size_t(c)]) / played, played};
  return values;
}

}  // namespace guandan
