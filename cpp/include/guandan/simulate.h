// Batch simulation: many deals or matches played by policies, on threads.
//
// Deal i of a run depends only on (setup, i): its seed is
// match_deal_seed(setup.seed, i) (rng.h), which deals the cards, draws the
// random previous placing for its tribute, and seeds the policies' choices.
// So results are identical whatever the number of threads or the chunking.
// Results go to caller-owned columns, so memory stays flat.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/cardset.h"
#include "guandan/ruleset.h"

namespace guandan {

enum class PolicyKind : std::uint8_t { kRandom, kRule, kSearch };

struct SimulationSetup {
  Ruleset rules;
  std::uint64_t seed = 0;
  std::array<PolicyKind, 4> policies{};  // by seat
  // Deals: the level, and whether each starts with a tribute from a random
  // previous placing (as every deal but a match's first does).
  Rank level = kTwo;
  bool tribute = true;
  // A starting position: seats with fixed cards keep them; the others are
  // dealt `sizes[s]` cards at random from the unseen ones. Without fixed
  // cards the seeded 27-card deal is used.
  std::array<CardSet, 4> fixed{};
  std::array<bool, 4> has_fixed{};
  std::array<int, 4> sizes{27, 27, 27, 27};
  int leader = -1;  // -1: the seeded cut decides (with fixed cards: a random seat)
  int search_rollouts = 4000;  // playouts per decision of the search policy
};

struct DealColumns {
  std::int8_t* placing;        // n x 4: seats first to last
  std::int8_t* partner_place;  // 1, 2, 3: a 1-2, 1-3, 1-4
  std::int8_t* winning_team;
  std::int8_t* levels_gained;
  std::int8_t* tribute;        // 0 none, 1 single, 2 double, 3 cancelled
  std::int16_t* plays;
  std::int16_t* passes;
  std::int16_t* bombs;
};

struct MatchColumns {
  std::int8_t* winner;        // -1 if no winner within the deal cap
  std::int16_t* deals;
  std::int8_t* final_levels;  // n x 2, level index by team
  std::int32_t* plays;
  std::int32_t* bombs;
  std::int16_t* double_wins;  // deals won 1-2
};

inline constexpr int kMaxDealsPerMatch = 1000;

// Deals [begin, begin + count) into out[0, count).
void simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads);
// Matches [begin, begin + count) into out[0, count).
void simulate_matches(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                      const MatchColumns& out, int threads);

}  // namespace guandan
