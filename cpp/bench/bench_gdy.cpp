// Gan Deng Yan throughput: whole deals per second on one thread, by policy,
// and the generator's leads per second on seeded opening hands.
//
//   build/bench/guandan_bench_gdy [deals] [players]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "guandan/gdy/simulate.h"

using namespace guandan;
using namespace guandan::gdy;

int main(int argc, char** argv) {
  const std::uint64_t deals = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  const int players = argc > 2 ? std::atoi(argv[2]) : 4;
  for (const char* name : {"random", "rule"}) {
    SimulationSetup setup;
    setup.players = players;
    setup.seed = 1;
    for (int s = 0; s < players; ++s) setup.policies[s] = find_policy(name);
    std::vector<std::int8_t> winner(deals), starter(deals), left(deals * players), bombs(deals);
    std::vector<std::int16_t> penalties(deals * players), plays(deals), passes(deals), draws(deals);
    const DealColumns out{winner.data(), starter.data(), penalties.data(), left.data(),
                          plays.data(),  passes.data(),  draws.data(),     bombs.data()};
    const auto start = std::chrono::steady_clock::now();
    simulate_deals(setup, 0, deals, out, 1);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double actions = 0;
    for (std::uint64_t i = 0; i < deals; ++i) actions += plays[i] + passes[i];
    std::printf("%-7s %d players: %9.0f deals/s on one thread (%.1f actions a deal)\n", name, players,
                double(deals) / seconds, actions / double(deals));
  }
  // The generator alone: the leads of seeded opening hands.
  PlayList list;
  std::size_t total = 0;
  const int hands = 200000;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < hands; ++i) {
    DealState deal(players, std::uint64_t(i));
    list.clear();
    deal.legal_plays(list);
    total += list.size();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("leads: %.0f opening hands/s (deal included), %.1f plays a hand\n", hands / seconds,
              double(total) / hands);
}
