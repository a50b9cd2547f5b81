// Decision-time benchmark, C++ alone: how long the planning player (`rule`),
// the first rule player (`rule_v1`) and the learned bot (`net`, and
// `net_v1`, which reads each action as its first move) take per play
// decision.
//
// Workload: 2,000 seeded deals (standard rules, level 2, the seeded leader),
// each played out by one policy object in all four seats, so the planning
// player's plans carry over between decisions as in a game. Every play
// decision with a choice (at least two options, passing included) is timed;
// the report gives the median, 90th and 99th percentiles and the maximum.
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench --target guandan_bench_decision && build/bench/guandan_bench_decision
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include "guandan/bots/net.h"
#include "guandan/bots/registry.h"
#include "guandan/bots/rule.h"
#include "guandan/bots/rule_v1.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/bots/playout.h"
#include "guandan/tools/simulate.h"

using namespace guandan;
using Clock = std::chrono::steady_clock;

namespace {

// Times the play decisions of the policy it wraps.
class TimedPolicy final : public Policy {
 public:
  explicit TimedPolicy(Policy& inner) : inner_(inner) {}

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override {
    const auto start = Clock::now();
    const int choice = inner_.choose_play(view, moves, count, can_pass, rng);
    const double micros = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    if (count + (can_pass ? 1 : 0) >= 2) times.push_back(micros);
    return choice;
  }
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override {
    return inner_.choose_card(view, options, rng);
  }

  std::vector<double> times;

 private:
  Policy& inner_;
};

double percentile(const std::vector<double>& sorted, double q) {
  return sorted[std::min(sorted.size() - 1, std::size_t(q * double(sorted.size())))];
}

void report(const char* name, Policy& policy, int deals) {
  TimedPolicy timed(policy);
  Policy* const seats[4] = {&timed, &timed, &timed, &timed};
  auto moves = std::make_unique<MoveList>();
  for (int i = 0; i < deals; ++i) {
    const SeededDeal dealt = seeded_deal(5000 + std::uint64_t(i));
    DealState deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
    Rng rng{std::uint64_t(i)};
    play_out(deal, seats, rng, *moves);
  }
  std::vector<double> t = timed.times;
  std::sort(t.begin(), t.end());
  std::printf("%-8s median %6.2f us  p90 %6.2f us  p99 %7.2f us  max %8.2f us  (%zu decisions with a choice, %d deals)\n",
              name, percentile(t, 0.5), percentile(t, 0.9), percentile(t, 0.99), t.back(), t.size(), deals);
}

}  // namespace

int main() {
  constexpr int kDeals = 2000;
  RulePolicy plan;
  RuleV1Policy rule_v1;
  report("rule", plan, kDeals);
  report("rule_v1", rule_v1, kDeals);
  NetPolicy net;
  NetPolicy net_v1(ActionCards::kFirst);
  report("net", net, kDeals);
  report("net_v1", net_v1, kDeals);
  return 0;
}
