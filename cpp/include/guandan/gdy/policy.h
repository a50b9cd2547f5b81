// Gan Deng Yan policies: who chooses what in a playout, without leaving C++.
//
// A policy sees only what its seat may know (SeatView: its own hand and the
// public state) and picks one of the legal plays the playout lists.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string_view>

#include "guandan/common/rng.h"
#include "guandan/gdy/deal.h"

namespace guandan::gdy {

// What the seat to act knows: its hand and what everyone saw.
struct SeatView {
  int seat;
  int players;
  Cards hand;
  Play table;       // the pass when leading
  int last_player;  // who played the table
  int passes;       // passes since the table's play
  std::array<int, kMaxPlayers> hand_sizes;
  std::array<bool, kMaxPlayers> played;  // whether each seat has played this deal
  int stock_left;
  int bombs;
  Cards gone;  // every card played so far

  static SeatView of(const DealState& deal);
  // The fewest cards any other player holds.
  int fewest_other_cards() const;
};

class Policy {
 public:
  virtual ~Policy() = default;
  // An index into plays[0, count) (the list generate_plays gives: when
  // following, plays[0] is the pass).
  virtual int choose(const SeatView& view, const Play* plays, int count, Rng& rng) = 0;
};

// Uniform over the legal plays, the pass included when following.
class RandomPolicy final : public Policy {
 public:
  int choose(const SeatView& view, const Play* plays, int count, Rng& rng) override;
};

// A cheap rule-based player:
// - it goes out whenever one play empties its hand;
// - leading, it sheds the most cards for the least strength: no bombs, no
//   jokers or 2s while it has other cards, nothing that breaks three or four
//   of a kind, low ranks first, longer combinations first; against a player
//   down to one card it leads no single but its highest;
// - following, it beats with the cheapest play that breaks nothing, keeping
//   2s, jokers and bombs for when another player is close to going out (or
//   its own hand is nearly out).
class RulePolicy final : public Policy {
 public:
  static constexpr int kDangerCards = 2;  // "close to going out"
  int choose(const SeatView& view, const Play* plays, int count, Rng& rng) override;
};

// A Monte Carlo player: it tries each of its plays (up to kMaxCandidates,
// the rule player's choice always among them) in worlds sampled from its
// view alone (the cards it cannot see, dealt again at random: the other
// hands keep their sizes, the stock its size), plays every world out with
// the rule player in every seat, and keeps the play whose worlds leave it
// the fewest penalty points on average (going out counts 0). Every play is
// tried in the same worlds, so their differences are not the worlds' luck.
class SearchPolicy final : public Policy {
 public:
  static constexpr int kDefaultWorlds = 128;  // worlds per play tried
  static constexpr int kMaxCandidates = 12;
  explicit SearchPolicy(int worlds = kDefaultWorlds) : worlds_(worlds) {}
  int choose(const SeatView& view, const Play* plays, int count, Rng& rng) override;

 private:
  int worlds_;
};

// A world for `view`: its position with the hidden cards dealt again at random.
DealState sampled_world(const SeatView& view, Rng& rng);

struct PolicyEntry {
  std::string_view name;
  std::string_view summary;
  std::unique_ptr<Policy> (*make)();
  bool expensive = false;  // milliseconds a decision: simulations hand out its deals one by one
};

// The registry (policy.cpp): simulations, the Python bots and the command
// line read the names from here.
std::span<const PolicyEntry> policy_registry();
const PolicyEntry* find_policy(std::string_view name);  // null if unknown

}  // namespace guandan::gdy
