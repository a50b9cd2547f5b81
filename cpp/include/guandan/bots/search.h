// The `search` bot (search v3) and `search_v2`: the determinized search of
// search_v1.h under a wall-clock budget, on several threads for one
// decision, with the planning player (rule.h) in the playouts.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "guandan/bots/rule.h"
#include "guandan/bots/search_playouts.h"
#include "guandan/view_check.h"

namespace guandan {

// Search v2 searches at most kDefaultMaxCandidates candidates, and spends
// the playouts by sequential halving: ceil(log2(options)) rounds, each with
// an equal share of the playouts and of the time, after which the better
// half of the options (by mean score so far) goes on, with the planning
// policy's own choice always among them. Search v3 adds what SearchConfig's
// last fields turn on.

inline constexpr int kMinThinkMs = 1;
inline constexpr int kMaxThinkMs = 60'000;
inline constexpr int kMaxSearchThreads = 64;
inline constexpr double kMaxWinBonus = 6.0;

struct SearchConfig {
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
  // When above 0, that standard error counts at most this many paired
  // worlds, however many were played, so that more playouts never let a
  // smaller gain overrule the planning choice (without it the bar falls as
  // 1/sqrt(playouts)). 0, no cap, is every policy's default: a cap of 150
  // did not make 3,000 playouts beat 300 by more (docs/bots.md §5).
  int keep_worlds = 0;
  const std::atomic<bool>* stop = nullptr;  // as SearchV1Config::stop
  // Search v3 (the `search` policy; all off is search v2, `search_v2`):
  // worlds weighted by the other seats' passes and plays (inference.h) ...
  bool inference = false;
  // ... and the opponents played out in styles drawn per playout
  // (bots/rule_styles.h) instead of as the planning player itself, so that a
  // plan that only works against one deterministic opponent is not scored
  // as sure.
  bool opponent_styles = false;
  // With opponent_styles: one opponent-deal in this many plays the patient
  // and one the bomber style (RuleStylesPolicy(int); 2 or more); 0: every
  // style drawn.
  int opponent_ends_in = 0;
  // With opponent_styles: each opponent's style drawn in proportion to how
  // likely it makes that seat's passes and bombs so far this deal, given
  // its hand in the sampled world (style_evidence.h), not from the mixture
  // alone.
  bool read_opponent_styles = false;
  // ... and, when the four hands hold this many cards or fewer together,
  // each sampled world solved exactly (endgame.h) instead of played out,
  // within endgame_nodes positions per world (else played out). 0: never.
  int endgame_cards = 0;
  std::int64_t endgame_nodes = 5000;
  // A deal the searcher's team wins scores its levels plus this, one it
  // loses minus its levels and this (0..kMaxWinBonus): going out first is
  // worth more than the levels it pays, for the winners play the next deal
  // at their level and receive its tribute. 0: levels alone (search v2).
  double win_bonus = 0.0;
  // The candidate cut orders the moves after the planning player's choice
  // by the learned bot's scores (net.h), best first, instead of by how few
  // pairs, triples and bombs they break.
  bool net_order = false;
  // Seats the learned bot (net.h) plays in the playouts instead of the
  // planning player or the opponents' styles: bit 0 the searcher's team,
  // bit 1 the opponents (0: none).
  int net_playouts = 0;
  // The candidates: each kind, size and rank of move read as the one that
  // keeps the rest of the hand in the fewest turns (bots/action_cards.h),
  // the planning player's own choice as it is, instead of the reading that
  // spends the fewest wilds (first in move order).
  bool planned_cards = false;
  // The choice to beat (kept unless another is significantly better, first
  // in the candidate cut) is the learned bot's (net.h), not the planning
  // player's; the planning player's choice stays a candidate.
  bool net_prior = false;
  // With keep_sigmas: a move that overrules the choice to beat is played
  // out against it again in this many fresh worlds (within think_ms when
  // set) with the learned bot finishing the deal for the searcher's team,
  // and must clear the same test there too. 0: no second opinion.
  int confirm_worlds = 0;
  // The planning player's style: its choice to beat, its team in the
  // playouts (every seat, without opponent_styles) and its tribute cards.
  // search_v2 keeps the style it was measured with (kRuleV2Style).
  PlanStyle playout_style{};
};

// At most `keep` of `candidates`: the planning policy's choice first, then
// the moves that break up the fewest pairs, triples and bombs; no bomb
// before a non-bomb; lowest first; more cards first. With `net_order`
// (SearchConfig::net_order), after the planning choice the moves the
// learned bot scores best.
std::vector<Move> prune_candidates(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   int keep, bool net_order = false);

// Checks the decision and the configuration (std::invalid_argument).
SearchResult search_v2(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                       const SearchConfig& config, Rng& rng);

// The options of `search_v2` and `search` (bots/options.h), declared once
// here: the registry lists them, a spec sets them, search_config reads them.
// Both take the budget and the planning choice's margin; `search` also its
// own reading of the table.
constexpr std::array<OptionSpec, 5> search_budget_options(int default_candidates) {
  return {{
      {"rollouts", OptionKind::kInt, kMinRollouts, kMaxRollouts, 4000, "playouts a decision, at most"},
      {"think_ms", OptionKind::kInt, 0, kMaxThinkMs, 0,
       "wall-clock milliseconds a decision (0: the playouts alone, so the choice depends on the seed alone)"},
      {"threads", OptionKind::kInt, 1, 64, 1, "threads for one decision"},
      {"max_candidates", OptionKind::kInt, 0, 1000, double(default_candidates),
       "moves played out, the choice to beat first (0: all)"},
      {"keep_margin", OptionKind::kReal, 0, 6, kDefaultKeepMargin,
       "levels another move must score above the choice to beat to replace it"},
  }};
}
inline constexpr double kDefaultWinBonus = 2.0;  // search: a won deal counts two levels more than it pays
inline constexpr auto kSearchV2Options = search_budget_options(kDefaultMaxCandidates);
inline constexpr auto kSearchV3Options = joined_options(
    search_budget_options(kSearchMaxCandidates),
    std::array<OptionSpec, 6>{{
        {"keep_worlds", OptionKind::kInt, 0, kMaxRollouts, 0,
         "the most paired worlds the test to replace the choice to beat counts (0: no cap)"},
        {"opponent_ends_in", OptionKind::kInt, 0, 1000, 3,
         "one opponent-deal in this many plays the patient style and one the bomber (0: every style drawn; not 1)"},
        {"read_styles", OptionKind::kFlag, 0, 1, 0,
         "draw each opponent's style by how likely it makes that seat's passes and bombs"},
        {"win_bonus", OptionKind::kReal, 0, kMaxWinBonus, kDefaultWinBonus,
         "levels a won deal counts beyond those it pays"},
        {"net_order", OptionKind::kFlag, 0, 1, 0,
         "keep the candidates the learned bot net scores best (after the choice to beat)"},
        {"net_playouts", OptionKind::kInt, 0, 3, 0,
         "seats the learned bot net plays in the playouts: 1 the searcher's team, 2 the opponents, 3 both (0: none)"},
    }});
// Search v4 (`search`): v3's options, two that are on by default, and the
// second opinion.
inline constexpr auto kSearchOptions = joined_options(
    kSearchV3Options,
    std::array<OptionSpec, 3>{{
        {"planned_cards", OptionKind::kFlag, 0, 1, 1,
         "read each kind, size and rank of move as the cards that keep the rest of the hand in the fewest turns"},
        {"net_prior", OptionKind::kFlag, 0, 1, 1,
         "the choice to beat is the learned bot net's, not the planning player's (which stays a candidate)"},
        {"confirm_worlds", OptionKind::kInt, 0, kMaxRollouts, 0,
         "worlds in which net, finishing the deal for the searcher's team, must confirm a move that replaces "
         "the choice to beat (0: none)"},
    }});

// The one mapping of a search's option values to its configuration: budget,
// threads, candidate cut, keep margin and worlds, stop flag; the rest as
// SearchConfig's defaults (search v2 with the planning player's default
// style). std::invalid_argument for a value no search can take.
SearchConfig search_config(const PolicyOptions& options, std::span<const OptionSpec> specs);
// The registry's searches: `search_v2` (the style it was measured with,
// kRuleV2Style, and kDefaultMaxCandidates), `search_v3` (inference,
// opponent styles with their ends one in three each, exact endgames,
// keep_sigmas, the win bonus and kSearchMaxCandidates) and `search` (search
// v4: v3 with planned_cards and net_prior).
SearchConfig search_v2_config(const PolicyOptions& options);
SearchConfig search_v3_config(const PolicyOptions& options);
SearchConfig search_v4_config(const PolicyOptions& options);

class SearchPolicy final : public Policy {
 public:
  explicit SearchPolicy(SearchConfig config) : config_(config), cards_(config.playout_style) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

 private:
  SearchConfig config_;
  RulePolicy cards_;  // tribute and return cards: the planning policy's choice
};

}  // namespace guandan
