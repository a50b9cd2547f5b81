// Playout benchmark, C++ alone: deals per second with each built-in policy,
// tribute included (every deal starts with a tribute from a random previous
// placing), one thread.
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench && build/bench/guandan_bench_playout [deals]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "guandan/simulate.h"

using namespace guandan;

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
  std::vector<std::int8_t> placing(n * 4), partner(n), team(n), gained(n), tribute(n);
  std::vector<std::int16_t> plays(n), passes(n), bombs(n);
  const DealColumns out{placing.data(), partner.data(), team.data(), gained.data(),
                        tribute.data(), plays.data(),  passes.data(), bombs.data()};
  for (PolicyKind kind : {PolicyKind::kRandom, PolicyKind::kRule}) {
    SimulationSetup setup;
    setup.seed = 7;
    setup.policies = {kind, kind, kind, kind};
    const auto start = std::chrono::steady_clock::now();
    simulate_deals(setup, 0, n, out, 1);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double total_plays = 0;
    for (auto p : plays) total_plays += p;
    std::printf("%-7s %8.0f deals/s   %6.1f plays/deal   (%llu deals, 1 thread)\n",
                kind == PolicyKind::kRandom ? "random" : "rule", double(n) / seconds, total_plays / double(n),
                static_cast<unsigned long long>(n));
  }
  return 0;
}
