// Planner benchmark, C++ alone: time to plan one 27-card hand.
//
// Workload: 1,000 seeded random 27-card hands (hand i is seat i % 4 of the
// deal with seed 1000 + i, as in bench_movegen.cpp) at random levels. Each
// hand is planned repeatedly and timed as a batch; the report gives the
// median, mean and 90th percentile over hands, and the mean turns per plan.
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench --target guandan_bench_planner && build/bench/guandan_bench_planner
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "guandan/deck.h"
#include "guandan/bots/planner.h"

using namespace guandan;
using Clock = std::chrono::steady_clock;

int main() {
  constexpr int kHands = 1000, kRepeats = 20;
  Rng level_rng(2026);
  std::vector<double> micros;
  double turns = 0;
  volatile int sink = 0;
  for (int i = 0; i < kHands; ++i) {
    Rng rng(1000 + std::uint64_t(i));
    const CardSet hand = deal_hands(shuffled_deck(rng))[i % 4];
    const Rank level = Rank(level_rng.bounded(kNumRanks));
    const auto start = Clock::now();
    for (int k = 0; k < kRepeats; ++k) sink = sink + plan_hand(hand, level, MoveRules{}).count;
    micros.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count() / kRepeats);
    turns += plan_hand(hand, level, MoveRules{}).count;
  }
  std::sort(micros.begin(), micros.end());
  double mean = 0;
  for (double m : micros) mean += m;
  mean /= double(micros.size());
  std::printf("plan_hand, 27 cards: median %.2f us  mean %.2f us  p90 %.2f us  (%d hands, %.2f turns per plan)\n",
              micros[micros.size() / 2], mean, micros[micros.size() * 9 / 10], kHands, turns / kHands);
  return 0;
}
