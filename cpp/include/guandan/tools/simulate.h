// Batch simulation: many deals or matches played by policies, on threads.
//
// Deal i of a run depends only on (setup, i): its seed is
// match_deal_seed(setup.seed, i) (rng.h), which deals the cards, draws the
// random previous placing for its tribute, and seeds the policies' choices.
// So results are identical whatever the number of threads or the chunking.
// Results go to caller-owned columns, so memory stays flat.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "guandan/bots/registry.h"
#include "guandan/cardset.h"
#include "guandan/common/parallel_rows.h"
#include "guandan/deal.h"
#include "guandan/recorded_deal.h"
#include "guandan/match.h"
#include "guandan/ruleset.h"

namespace guandan {

inline constexpr int kMaxHandSize = 27;

class DealListener;

struct SimulationSetup {
  Ruleset rules;
  std::uint64_t seed = 0;
  // By seat: entries of the policy registry (bots/registry.h).
  std::array<const PolicyEntry*, 4> policies{find_policy("random"), find_policy("random"), find_policy("random"),
                                             find_policy("random")};
  // Deals: the level, and whether each starts with a tribute from a random
  // previous placing (as every deal but a match's first does).
  Rank level = kTwo;
  bool tribute = true;
  // A starting position: seats with fixed cards keep them; the others are
  // dealt `sizes[s]` cards at random from the unseen ones. Without fixed
  // cards the seeded 27-card deal is used. Every seat starts with 1..27
  // cards (a seat without cards would be out before the deal starts).
  std::array<CardSet, 4> fixed{};
  std::array<bool, 4> has_fixed{};
  std::array<int, 4> sizes{27, 27, 27, 27};
  int leader = -1;  // -1: the seeded cut decides (with fixed cards: a random seat); only without tribute
  // By seat: the values of the seat's policy's options (its spec,
  // "search:think_ms=100": bots/options.h), checked against the policy's
  // declaration when set. A search with a time budget depends on the
  // machine's speed as well as the seed.
  std::array<OptionValues, 4> options{};
  // By seat: a player supplied by the caller (a bot written outside the
  // core), used instead of the seat's registry policy; not owned. The
  // workers share it, so a run with any is played on one thread.
  std::array<Policy*, 4> external{};
  // Told of every deal before it is played and of every action; null for
  // none. Shares the one-thread rule.
  DealListener* listener = nullptr;
};

// Follows the deals of a run, on the thread playing them: deal_started
// with each deal's seed and its state before the first action (the state,
// its public record included, then changes in place until the deal ends)
// and, in a match, the match so far; then every action as the seat to act
// has chosen it, before it is applied: a play (`move`, or null for a pass)
// or a card given in the tribute or return phase.
class DealListener {
 public:
  virtual ~DealListener() = default;
  virtual void deal_started(std::uint64_t deal_seed, const RecordedDeal& deal, const MatchState* match) = 0;
  virtual void playing(int seat, const Move* move) = 0;
  virtual void giving(int seat, CardKind card) = 0;
};

// Throws std::invalid_argument naming the first thing wrong with a setup:
// an unknown policy, a level, a seat with no cards or more than 27, cards
// that the deck does not hold, a leader with a tribute, an option the seat's
// policy does not take or cannot play with.
void check_setup(const SimulationSetup& setup);

// Deal `index` of a run starts from the state simulation_start(setup,
// match_deal_seed(setup.seed, index)) returns: its cards, its leader or the
// tribute from a random previous placing. A deal's seed is all it takes to
// rebuild it (with the setup's level, fixed hands and sizes, tribute).
RecordedDeal simulation_start(const SimulationSetup& setup, std::uint64_t deal_seed);

struct DealColumns {
  std::int8_t* placing;        // n x 4: seats first to last
  std::int8_t* partner_place;  // 1, 2, 3: a 1-2, 1-3, 1-4
  std::int8_t* winning_team;
  std::int8_t* levels_gained;
  std::int8_t* tribute;        // 0 none, 1 single, 2 double, 3 cancelled
  std::int16_t* plays;
  std::int16_t* passes;
  std::int16_t* bombs;
  std::uint64_t* seed;         // the deal's seed: simulation_start(setup, seed) rebuilds it
};

struct MatchColumns {
  std::int8_t* winner;        // -1 if no winner within the deal cap
  std::int16_t* deals;
  std::int8_t* final_levels;  // n x 2, level index by team
  std::int32_t* plays;
  std::int32_t* bombs;
  std::int16_t* double_wins;  // deals won 1-2
  std::uint64_t* seed;        // the match's seed: deal d of it is seeded match_deal_seed(seed, d)
};

inline constexpr int kMaxDealsPerMatch = 1000;

// Deals [begin, begin + count) into out[0, count), on 1..kMaxThreads
// threads taking rows as they free up (an expensive policy keeps every
// thread busy). Returns false when `control->stop` cut the run short (the
// rows are then incomplete). Checks the setup (check_setup).
bool simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads, RunControl* control = nullptr);
// Matches [begin, begin + count) into out[0, count); as simulate_deals.
bool simulate_matches(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                      const MatchColumns& out, int threads, RunControl* control = nullptr);

}  // namespace guandan
