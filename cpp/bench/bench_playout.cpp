// Playout benchmark, C++ alone: deals per second with each built-in policy,
// tribute included (every deal starts with a tribute from a random previous
// placing), one thread. Then what the rule policy's card counting is worth:
// duplicate deals (teams swapped) of the rule policy against itself without
// it.
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench && build/bench/guandan_bench_playout [deals [policy...]]
//
// Policies named after the deal count: only their rows, nothing else (a
// short run to count instructions: valgrind --tool=cachegrind --cache-sim=no
// build/bench/guandan_bench_playout 400 rule).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "guandan/bots/rule_v1.h"
#include "guandan/deck.h"
#include "guandan/bots/playout.h"
#include "guandan/bots/search_v1.h"
#include "guandan/tools/simulate.h"

using namespace guandan;

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
  std::vector<std::int8_t> placing(n * 4), partner(n), team(n), gained(n), tribute(n);
  std::vector<std::int16_t> plays(n), passes(n), bombs(n);
  std::vector<std::uint64_t> seeds(n);
  const DealColumns out{placing.data(), partner.data(), team.data(),  gained.data(), tribute.data(),
                        plays.data(),   passes.data(),  bombs.data(), seeds.data()};
  std::vector<const char*> names{"random", "rule_v1", "rule"};
  if (argc > 2) names.assign(argv + 2, argv + argc);
  for (const char* name : names) {
    const PolicyEntry* kind = find_policy(name);
    if (kind == nullptr) {
      std::fprintf(stderr, "unknown policy %s\n", name);
      return 2;
    }
    SimulationSetup setup;
    setup.seed = 7;
    setup.policies = {kind, kind, kind, kind};
    const auto start = std::chrono::steady_clock::now();
    simulate_deals(setup, 0, n, out, 1);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double total_plays = 0;
    for (auto p : plays) total_plays += p;
    std::printf("%-7s %8.0f deals/s   %6.1f plays/deal   (%llu deals, 1 thread)\n",
                name, double(n) / seconds, total_plays / double(n),
                static_cast<unsigned long long>(n));
  }
  if (argc > 2) return 0;
  // The search_v1 policy on 1 and 2 threads: rows go out deal by deal, so a
  // two-core machine should give about twice the deals/s on 2 threads.
  {
    SimulationSetup setup;
    setup.seed = 7;
    const PolicyEntry* search = find_policy("search_v1");
    setup.policies = {search, search, search, search};
    for (OptionValues& values : setup.options) values.set("search_v1", kSearchV1Options, "rollouts", 200);
    const std::uint64_t deals = n < 24 ? n : 24;  // the columns hold n rows
    double rate[3] = {};
    for (int threads : {1, 2}) {
      const auto start = std::chrono::steady_clock::now();
      simulate_deals(setup, 0, deals, out, threads);
      rate[threads] = double(deals) / std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("search_v1 %8.2f deals/s   (%llu deals, 200 rollouts per decision, %d thread%s)\n", rate[threads],
                  static_cast<unsigned long long>(deals), threads, threads > 1 ? "s" : "");
    }
    std::printf("search_v1 2 threads / 1 thread: %.2fx\n", rate[2] / rate[1]);
  }
  // Card counting on (teams 0/1 in turn) against off, same deals.
  RuleV1Policy counting(true), plain(false);
  auto moves = std::make_unique<MoveList>();
  const Ruleset rules;
  long wins = 0, deals = 0;
  double margin = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t seed = match_deal_seed(99, i);
    const SeededDeal dealt = seeded_deal(seed);
    for (int team = 0; team < 2; ++team) {
      Policy* policies[4];
      for (int s = 0; s < 4; ++s) policies[s] = team_of(s) == team ? static_cast<Policy*>(&counting) : &plain;
      DealState deal(dealt.hands, kTwo, rules, dealt.leader);
      Rng choices(seed);
      play_out(deal, policies, choices, *moves);
      const bool won = team_of(deal.finished(0)) == team;
      wins += won;
      ++deals;
      margin += (won ? 1 : -1) * rules.levels_gained(partner_place(deal.finishing_order(), deal.out_count()));
    }
  }
  std::printf("rule with card counting vs without: %.2f%% of %ld duplicate deals, %+.3f levels per deal\n",
              100.0 * double(wins) / double(deals), deals, margin / double(deals));
  return 0;
}
