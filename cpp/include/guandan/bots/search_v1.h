// Determinized Monte Carlo search: the `search_v1` bot (search.h: `search`,
// `search_v2`).
//
// For a decision of one seat, from what that seat may know (PlayerView):
// sample the unseen cards into the other hands consistently with everything
// observed (card counts, cards played, tribute and return cards known to be
// held), then score every candidate (the grouped legal moves, plus passing
// when allowed) by playing the deal out from the sampled world with a fast
// policy. Candidates share the sampled worlds (common random numbers). The
// score of a playout is the levels the searcher's team gains, negative when
// the other team wins. The candidate with the best mean score is chosen.
#pragma once

#include <array>
#include <atomic>
#include <vector>

#include "guandan/bots/rule_v1.h"
#include "guandan/bots/search_playouts.h"
#include "guandan/view_check.h"

namespace guandan {

// search_v1's one option (bots/options.h).
inline constexpr std::array<OptionSpec, 1> kSearchV1Options{{
    {"rollouts", OptionKind::kInt, kMinRollouts, kMaxRollouts, 4000, "playouts a decision, shared by the moves"},
}};

struct SearchV1Config {
  int rollouts = 4000;  // playouts per decision, shared by the candidates (kMinRollouts..kMaxRollouts)
  bool rule_rollouts = true;  // rule_v1 policy in the playouts (else random)
  // When another thread sets it, the search stops after the playout under
  // way and returns the best candidate so far (for Ctrl-C). May be null.
  const std::atomic<bool>* stop = nullptr;
};

// Checks the decision (check_decision) and the rollouts (std::invalid_argument).
SearchResult search_v1(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                       const SearchV1Config& config, Rng& rng);

// The search as a policy for playouts and arenas.
class SearchV1Policy final : public Policy {
 public:
  explicit SearchV1Policy(SearchV1Config config) : config_(config) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

 private:
  SearchV1Config config_;
  RuleV1Policy cards_;  // tribute and return cards: the rule_v1 policy's choice
};

}  // namespace guandan
