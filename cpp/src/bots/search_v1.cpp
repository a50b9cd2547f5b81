#include "guandan/bots/search_v1.h"

#include <memory>
#include <stdexcept>

#include "guandan/bots/random.h"

namespace guandan {

SearchResult search_v1(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                       const SearchV1Config& config, Rng& rng) {
  check_decision(view, candidates.data(), int(candidates.size()), can_pass);
  if (config.rollouts < kMinRollouts || config.rollouts > kMaxRollouts)
    throw std::invalid_argument("rollouts must be 1..1,000,000");
  SearchResult result;
  const int options = int(candidates.size()) + (can_pass ? 1 : 0);
  if (options <= 1) {
    result.choice = candidates.empty() ? -1 : 0;
    return result;
  }
  thread_local std::unique_ptr<MoveList> moves = std::make_unique<MoveList>();
  RuleV1Policy rule;
  RandomPolicy random;
  Policy* policy = config.rule_rollouts ? static_cast<Policy*>(&rule) : &random;
  Policy* const policies[4] = {policy, policy, policy, policy};
  std::vector<double> total(std::size_t(options), 0.0);
  const int worlds = config.rollouts / options > 0 ? config.rollouts / options : 1;
  int sampled = 0;
  for (int w = 0; w < worlds && !result.stopped; ++w) {
    const DealState world(sample_world(view, rng), view);
    for (int c = 0; c < options; ++c) {
      // Polled per playout: a playout takes microseconds, a decision may
      // take minutes.
      if (config.stop && config.stop->load(std::memory_order_relaxed)) {
        result.stopped = true;
        break;
      }
      total[std::size_t(c)] += play_option_out(world, candidates, c, view, policies, rng, *moves);
      ++result.rollouts;
    }
    sampled += !result.stopped;
  }
  int best = 0;
  for (int c = 1; c < options; ++c)
    if (total[std::size_t(c)] > total[std::size_t(best)]) best = c;
  result.choice = best < int(candidates.size()) ? best : -1;
  result.best_value = sampled > 0 ? total[std::size_t(best)] / sampled : 0.0;
  return result;
}

int SearchV1Policy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  return choose_grouped(moves, count, [&](const std::vector<Move>& groups) {
    return search_v1(view, groups, can_pass, config_, rng);
  });
}

CardKind SearchV1Policy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return cards_.choose_card(view, options, rng);
}

}  // namespace guandan
