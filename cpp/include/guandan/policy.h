// Policies: who chooses what in a playout, without leaving C++.
//
// A policy sees what the seat to act may know (PlayerView: its own hand and
// the public record) and picks among the legal actions the playout hands it.
// Search bots add their own by deriving from Policy.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "guandan/player_view.h"
#include "guandan/move.h"
#include "guandan/rng.h"

namespace guandan {

class Policy {
 public:
  virtual ~Policy() = default;
  // Index into moves[0, count), or -1 to pass (only when `can_pass`).
  virtual int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) = 0;
  // One of `options` (kinds, one copy each): a tribute or a return card.
  virtual CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) = 0;
};

// Uniform over the legal moves plus passing when allowed; uniform cards.
class RandomPolicy final : public Policy {
 public:
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;
};

// A cheap rule-based player. Leading, it plans: among the non-bomb moves that
// use its weakest rank not part of a bomb, one that breaks up no pair,
// triple or bomb, preferring sequences (they shed several ranks), then the
// lowest, the largest, the fewest wilds. Following, it plays the weakest move
// that beats (one that breaks nothing up, among equals), never beats its
// partner unless that plays out its hand, and keeps bombs unless an opponent
// is close to going out. It counts cards: in the endgame, when its hand is a
// sure winner (nothing the others can still hold beats it: every joker,
// level card and bomb seen is counted) plus one more combination, it leads
// the sure winner and goes out with the rest. It gives away its lowest cards.
class RulePolicy final : public Policy {
 public:
  // `card_counting` off gives the same player without the endgame counting
  // (for measuring what it is worth).
  explicit RulePolicy(bool card_counting = true) : card_counting_(card_counting) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  // An opponent with this many cards or fewer is "close to going out".
  static constexpr int kDangerCards = 6;

 private:
  bool card_counting_;
};

// The searches' cut: about 270 grouped moves open a deal, far too many to
// tell apart by playouts in a tenth of a second. Search v2 searches 24;
// search v3, which only overrules the planning player on a significant
// gain (SearchV2Config::keep_sigmas), does better with 12: fewer noisy
// rivals for the same playouts (docs/bots.md §5).
inline constexpr int kDefaultMaxCandidates = 24;
inline constexpr int kSearchMaxCandidates = 12;
// By default the planning policy's choice wins only ties (search.h,
// SearchV2Config::keep_margin).
inline constexpr double kDefaultKeepMargin = 0.0;

// What a policy may be configured with when it is made.
struct PolicyOptions {
  int search_rollouts = 4000;  // playouts per decision (search policies; search_v2: a cap)
  // Set by another thread to cut long decisions short (Ctrl-C); may be null.
  const std::atomic<bool>* stop = nullptr;
  // search_v2 only: wall-clock milliseconds per decision (0: the playout
  // budget alone, deterministic) and threads for one decision.
  int search_think_ms = 0;
  int search_threads = 1;
  // search only: candidates searched (SearchV2Config::max_candidates; unset:
  // the policy's own default) and how much better another move must score
  // to overrule the planning policy's choice (SearchV2Config::keep_margin).
  std::optional<int> search_max_candidates;
  double search_keep_margin = kDefaultKeepMargin;
};

inline constexpr int kMinRollouts = 1;
inline constexpr int kMaxRollouts = 1'000'000;

// The policy registry: adding a policy is one entry of this table
// (policy.cpp). Simulations, the Python bots and the command line read the
// names from here.
struct PolicyEntry {
  std::string_view name;
  std::string_view summary;
  // Seconds rather than microseconds per decision: worth running on its own
  // thread so that Ctrl-C can interrupt it, and worth scheduling deal by deal.
  bool expensive;
  std::unique_ptr<Policy> (*make)(const PolicyOptions& options);
};

std::span<const PolicyEntry> policy_registry();
// The entry named `name`, or null.
const PolicyEntry* find_policy(std::string_view name);
// A new policy by name; null for an unknown name.
std::unique_ptr<Policy> make_policy(std::string_view name, const PolicyOptions& options = {});

}  // namespace guandan
