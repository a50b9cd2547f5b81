// Determinized Monte Carlo search: the `search_v1` and `search` bots.
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

#include <atomic>
#include <cstdint>
#include <vector>

#include "guandan/deal.h"
#include "guandan/move.h"
#include "guandan/move_list.h"
#include "guandan/plan_policy.h"
#include "guandan/player_view.h"
#include "guandan/policy.h"
#include "guandan/rng.h"

namespace guandan {

struct SearchConfig {
  int rollouts = 4000;  // playouts per decision, shared by the candidates (kMinRollouts..kMaxRollouts)
  bool rule_rollouts = true;  // rule_v1 policy in the playouts (else random)
  // When another thread sets it, the search stops after the playout under
  // way and returns the best candidate so far (for Ctrl-C). May be null.
  const std::atomic<bool>* stop = nullptr;
};

struct SearchResult {
  int choice = -1;          // index into the candidates, -1 for passing
  int rollouts = 0;         // playouts actually run
  double best_value = 0.0;  // mean score of the choice
  bool stopped = false;     // cut short by `SearchConfig::stop`
};

// Throws std::invalid_argument naming the first inconsistency of a view the
// search (or any policy) could not play from: a seat out of range, counts
// that do not match the hand and the cards played, a seat still in play
// with no cards (every seat holds at least one card until it is out), a
// trick that does not add up.
void check_view(const PlayerView& view);
// The same for a decision: check_view, and every candidate a play of the
// hand that may be made now; passing only when following.
void check_decision(const PlayerView& view, const Move* moves, int count, bool can_pass);

// The searcher's score of a finished deal: the levels its team gains, or
// minus what the other team gains.
double deal_score(const DealState& deal, int seat, const Ruleset& rules);

// One playout of one option from a sampled world: candidates[option] is
// played (an option past the candidates is a pass), the policies play the
// deal out, and the viewer's deal_score is returned.
double play_option_out(const DealState& world, const std::vector<Move>& candidates, int option,
                       const PlayerView& view, Policy* const policies[4], Rng& rng, MoveList& moves);

// The other hands of one sampled world (the viewer's own hand kept).
std::array<CardSet, 4> sample_world(const PlayerView& view, Rng& rng);

// Checks the decision (check_decision) and the rollouts (std::invalid_argument).
SearchResult search(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                    const SearchConfig& config, Rng& rng);

// The search as a policy for playouts and arenas.
class SearchPolicy final : public Policy {
 public:
  explicit SearchPolicy(SearchConfig config) : config_(config) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

 private:
  SearchConfig config_;
  RulePolicy cards_;  // tribute and return cards: the rule_v1 policy's choice
};

// --- search v2: the same determinized search under a wall-clock budget, on
// several threads for one decision, with the planning policy (plan_policy.h)
// in the playouts (the `search` policy). The policy
// searches at most kDefaultMaxCandidates candidates, and spends the playouts
// by sequential halving: ceil(log2(options)) rounds, each with an equal share
// of the playouts and of the time, after which the better half of the
// options (by mean score so far) goes on, with the planning policy's own
// choice always among them. -------------------------------------------------

inline constexpr int kMinThinkMs = 1;
inline constexpr int kMaxThinkMs = 60'000;
inline constexpr int kMaxSearchThreads = 64;

struct SearchV2Config {
  // Playout cap per decision (kMinRollouts..kMaxRollouts). The search stops
  // at whichever of the cap and the time budget comes first.
  int rollouts = kMaxRollouts;
  // Wall-clock budget per decision in milliseconds (kMinThinkMs..kMaxThinkMs),
  // or 0 for none: then the playout cap alone decides, and the result is the
  // same for a given seed and thread count.
  int think_ms = 0;
  // Root parallelism: the sampled worlds are split across this many threads
  // (1..kMaxSearchThreads), each with its own random stream, and their
  // statistics summed in thread order.
  int threads = 1;
  // When there are more candidates than this (and this > 0), only this
  // many are searched: the planning policy's own choice and the next in its
  // preference (prune_candidates). Passing is always searched besides.
  int max_candidates = 0;
  // The planning policy's own choice stands unless another option's mean
  // score beats it by more than this many levels: a few hundred playouts
  // are noisy, and the policy's choice is a strong prior.
  double keep_margin = kDefaultKeepMargin;
  // When above 0, another option must also beat the planning policy's
  // choice by this many standard errors of their paired difference (the
  // two played out in the same sampled worlds): with a few dozen playouts
  // an option, the best of many means is mostly luck, and overruling a
  // strong prior on luck loses more deals than it wins.
  double keep_sigmas = 0.0;
  const std::atomic<bool>* stop = nullptr;  // as SearchConfig::stop
  // Search v3 (the `search` policy; all off is search v2, `search_v2`):
  // worlds weighted by the other seats' passes and plays (inference.h) ...
  bool inference = false;
  // ... and the opponents played out in styles drawn per playout
  // (styled_policy.h) instead of as the planning player itself, so that a
  // plan that only works against one deterministic opponent is not scored
  // as sure.
  bool opponent_styles = false;
  // ... and, when the four hands hold this many cards or fewer together,
  // each sampled world solved exactly (endgame.h) instead of played out,
  // within endgame_nodes positions per world (else played out). 0: never.
  int endgame_cards = 0;
  std::int64_t endgame_nodes = 5000;
  // The planning player's style: its choice to beat, its team in the
  // playouts (every seat, without opponent_styles) and its tribute cards.
  // search_v2 keeps the style it was measured with (kRuleV2Style).
  PlanStyle playout_style{};
};

// At most `keep` of `candidates`: the planning policy's choice first, then
// the moves that break up the fewest pairs, triples and bombs; no bomb
// before a non-bomb; lowest first; more cards first.
std::vector<Move> prune_candidates(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   int keep);

// Checks the decision and the configuration (std::invalid_argument).
SearchResult search_v2(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                       const SearchV2Config& config, Rng& rng);

class SearchV2Policy final : public Policy {
 public:
  explicit SearchV2Policy(SearchV2Config config) : config_(config), cards_(config.playout_style) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

 private:
  SearchV2Config config_;
  PlanPolicy cards_;  // tribute and return cards: the planning policy's choice
};

}  // namespace guandan
