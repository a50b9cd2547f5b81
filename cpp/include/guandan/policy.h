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

#include "guandan/common/rng.h"
#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

class Policy {
 public:
  virtual ~Policy() = default;
  // Index into moves[0, count), or -1 to pass (only when `can_pass`).
  virtual int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) = 0;
  // One of `options` (kinds, one copy each): a tribute or a return card.
  virtual CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) = 0;
};

// The searches' cut: about 270 grouped moves open a deal, far too many to
// tell apart by playouts in a tenth of a second. Search v2 searches 24;
// search v3, which only overrules the planning player on a significant
// gain (SearchConfig::keep_sigmas), does better with 12: fewer noisy
// rivals for the same playouts (docs/bots.md §5).
inline constexpr int kDefaultMaxCandidates = 24;
inline constexpr int kSearchMaxCandidates = 12;
// By default the planning policy's choice wins only ties (bots/search.h,
// SearchConfig::keep_margin).
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
  // search only: candidates searched (SearchConfig::max_candidates; unset:
  // the policy's own default) and how much better another move must score
  // to overrule the planning policy's choice (SearchConfig::keep_margin).
  std::optional<int> search_max_candidates;
  double search_keep_margin = kDefaultKeepMargin;
  // search only: the most paired worlds the overrule test's standard error
  // counts (SearchConfig::keep_worlds; unset or 0: no cap).
  std::optional<int> search_keep_worlds;
  // search only: one opponent-deal in this many of the playouts plays the
  // patient style and one the bomber (SearchConfig::opponent_ends_in; unset:
  // the policy's default, 3; 0: every style drawn, as search v3 was first).
  std::optional<int> search_opponent_ends_in;
  // search only: whether the playouts draw each opponent's style in
  // proportion to how likely it makes that seat's passes and bombs so far
  // (SearchConfig::read_opponent_styles; unset: the policy's default).
  std::optional<bool> search_read_styles;
  // search only: how many levels a won deal counts beyond those it pays
  // (SearchConfig::win_bonus; unset: the policy's default).
  std::optional<double> search_win_bonus;
};

inline constexpr int kMinRollouts = 1;
inline constexpr int kMaxRollouts = 1'000'000;

}  // namespace guandan
