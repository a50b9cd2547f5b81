// Gan Deng Yan in bulk: many deals or games played by policies, on threads
// (parallel_rows.h), into caller-owned columns.
//
// Deal i of a run is seeded match_deal_seed(setup.seed, i) (rng.h), which
// deals the cards and draws the starter; the policies choose with
// choice_rng of that seed. Game i is GameState(players, match_deal_seed(seed,
// i), target). So results do not depend on the threads or the chunking.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/common/parallel_rows.h"
#include "guandan/gdy/deal.h"
#include "guandan/gdy/playout.h"
#include "guandan/gdy/policy.h"

namespace guandan::gdy {

class DealListener;

struct SimulationSetup {
  int players = 4;
  std::uint64_t seed = 0;
  // By seat (the first `players` entries): entries of the policy registry.
  std::array<const PolicyEntry*, kMaxPlayers> policies{};
  int target = GameState::kDefaultTarget;  // games only
  // By seat: a player supplied by the caller (a bot written outside the
  // core), used instead of the seat's registry policy; not owned. The
  // workers share it, so a run with any is played on one thread.
  std::array<Policy*, kMaxPlayers> external{};
  // Told of every deal and action (a caller's bots keep their own record of
  // the deal); null for none. Shares the one-thread rule.
  DealListener* listener = nullptr;
};

// Follows the deals of a run, on the thread playing them: deal_started with
// each deal's seed and its state before the first play, then every play (the
// pass included) as the seat to act has chosen it, before it is applied.
class DealListener {
 public:
  virtual ~DealListener() = default;
  virtual void deal_started(std::uint64_t deal_seed, const DealState& deal) = 0;
  virtual void playing(int seat, Play play) = 0;
};

// Throws std::invalid_argument naming what is wrong: the players, a seat
// without a policy, the target.
void check_setup(const SimulationSetup& setup);

// Rows of `players` entries are laid out seat by seat (row * players + seat).
struct DealColumns {
  std::int8_t* winner;
  std::int8_t* starter;
  std::int16_t* penalties;   // n x players
  std::int8_t* cards_left;   // n x players
  std::int16_t* plays;
  std::int16_t* passes;
  std::int16_t* draws;
  std::int8_t* bombs;
};

struct GameColumns {
  std::uint8_t* winners;  // bit s: seat s has the lowest score (ties share)
  std::int16_t* deals;
  std::int16_t* scores;   // n x players
  std::int32_t* plays;
  std::int32_t* bombs;
};

bool simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads, RunControl* control = nullptr);
bool simulate_games(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const GameColumns& out,
                    int threads, RunControl* control = nullptr);

}  // namespace guandan::gdy
