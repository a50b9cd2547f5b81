// Policies: who chooses what in a playout, without leaving C++.
//
// A policy sees what the seat to act may know (PlayerView: its own hand and
// the public record) and picks among the legal actions the playout hands it.
// Search bots add their own by deriving from Policy.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "guandan/bots/options.h"
#include "guandan/common/rng.h"
#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

class Policy {
 public:
  virtual ~Policy() = default;
  // Index into moves[0, count), or -1 to pass (only when `can_pass`).
  virtual int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) = 0;
  // A decision without the list of legal moves (a full hand leads about
  // 800, and generating them is most of a playout's time), for a policy
  // that can name its play from its own reading of the hand: kPlay with
  // `play` set, or kPass, each exactly what choose_play would pick from the
  // list, or kNeedsList to be handed the list. Playouts ask this first
  // (bots/playout.h).
  enum class WithoutList : std::uint8_t { kNeedsList, kPlay, kPass };
  virtual WithoutList choose_without_list(const PlayerView& view, bool can_pass, Rng& rng, Move& play) {
    (void)view, (void)can_pass, (void)rng, (void)play;
    return WithoutList::kNeedsList;
  }
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

// What a policy is made with: the values of the options its registry entry
// declares (bots/options.h; unset ones read as their defaults), and a flag
// another thread sets to cut long decisions short (Ctrl-C; may be null).
struct PolicyOptions {
  OptionValues values;
  const std::atomic<bool>* stop = nullptr;
};

inline constexpr int kMinRollouts = 1;
inline constexpr int kMaxRollouts = 1'000'000;

}  // namespace guandan
