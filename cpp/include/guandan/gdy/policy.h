// Gan Deng Yan policies: who chooses what in a playout, without leaving C++.
//
// A policy sees only what its seat may know (SeatView: its own hand and the
// public state) and picks one of the legal plays the playout lists.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string_view>

#include "guandan/gdy/deal.h"
#include "guandan/rng.h"

namespace guandan::gdy {

// What the seat to act knows: its hand and what everyone saw.
struct SeatView {
  int seat;
  int players;
  Cards hand;
  Play table;       // the pass when leading
  int last_player;  // who played the table
  std::array<int, kMaxPlayers> hand_sizes;
  int stock_left;
  int bombs;

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

struct PolicyEntry {
  std::string_view name;
  std::string_view summary;
  std::unique_ptr<Policy> (*make)();
};

// The registry (policy.cpp): simulations, the Python bots and the command
// line read the names from here.
std::span<const PolicyEntry> policy_registry();
const PolicyEntry* find_policy(std::string_view name);  // null if unknown

}  // namespace guandan::gdy
