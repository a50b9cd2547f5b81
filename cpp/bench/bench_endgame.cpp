// Endgame solver benchmark, C++ alone: how many cards left in play the
// exact solver (endgame.h) can afford in a decision.
//
// Workload: seeded deals (standard rules, level 2, the seeded leader, no
// tribute), played by the `rule` policy in all four seats. Each deal is
// stopped the first time the cards held by the four seats together fall to
// N or fewer (N = 8, 12, 16, 20, 24), and that position (all hands known) is
// solved for the seat to act, within a node budget. Per N the report gives
// the positions, the fraction solved within the budget, and the median and
// 90th percentile of the time (this thread's CPU time: the machine may be
// shared) and the nodes of solve_endgame, and of solve_endgame_options over
// every legal action (what the search asks in each sampled world, there
// over its fewer grouped candidates; unsolved positions count at what they
// spent). Then how
// the exact values compare with one rule-policy playout from the same
// position: the mean of each and how often their signs agree.
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench --target guandan_bench_endgame && build/bench/guandan_bench_endgame [deals] [max_nodes]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "guandan/bots/registry.h"
#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/bots/endgame.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/bots/playout.h"

using namespace guandan;

namespace {

constexpr int kSizes[] = {8, 12, 16, 20, 24};
constexpr int kNumSizes = 5;

// This thread's CPU time in microseconds: the machine may be shared, and a
// solve is all computation.
double cpu_micros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e6 + double(t.tv_nsec) / 1e3;
}

int cards_held(const DealState& deal) {
  int n = 0;
  for (const CardSet& hand : deal.hands()) n += hand.size();
  return n;
}

// One rule-policy action.
void policy_step(DealState& deal, Policy& policy, Rng& rng, MoveList& moves) {
  moves.clear();
  generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), moves);
  const bool can_pass = !deal.leading();
  const int choice = policy.choose_play(deal.view(deal.turn()), moves.begin(), int(moves.size()), can_pass, rng);
  if (choice < 0) {
    deal.apply_pass();
  } else {
    deal.apply_play(moves[std::size_t(choice)]);
  }
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
}

struct Row {
  std::vector<double> micros, nodes, option_micros;
  int solved = 0, options_solved = 0;
  double exact_sum = 0, playout_sum = 0;
  int compared = 0, same_sign = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const int deals = argc > 1 ? std::atoi(argv[1]) : 200;
  const std::int64_t max_nodes = argc > 2 ? std::atoll(argv[2]) : 1'000'000;
  const EndgameLimits limits{max_nodes};
  auto policy = make_policy("rule");
  Policy* const policies[4] = {policy.get(), policy.get(), policy.get(), policy.get()};
  auto moves = std::make_unique<MoveList>();
  Row rows[kNumSizes];
  for (int d = 0; d < deals; ++d) {
    const std::uint64_t seed = match_deal_seed(2026, std::uint64_t(d));
    const SeededDeal dealt = seeded_deal(seed);
    DealState deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
    Rng rng = choice_rng(seed);
    int next = kNumSizes - 1;  // the largest N not yet reached
    while (!deal.is_over() && next >= 0) {
      const int held = cards_held(deal);
      while (next >= 0 && held <= kSizes[next]) {
        Row& row = rows[next--];
        const int seat = deal.turn();
        double start = cpu_micros();
        const EndgameResult r = solve_endgame(deal, seat, limits);
        row.micros.push_back(cpu_micros() - start);
        row.nodes.push_back(r.nodes);
        row.solved += r.solved;
        // Every legal action as a root option.
        moves->clear();
        generate_moves(deal.hand(seat), deal.level(), deal.rules().move_rules(), deal.last_play(), *moves);
        const std::vector<Move> candidates(moves->begin(), moves->end());
        std::vector<double> values;
        start = cpu_micros();
        const bool all = solve_endgame_options(deal, seat, candidates, !deal.leading(), limits, values);
        row.option_micros.push_back(cpu_micros() - start);
        row.options_solved += all;
        if (r.solved) {
          // One rule-policy playout from the same position.
          DealState playout = deal;
          Rng playout_rng(seed ^ std::uint64_t(held));
          play_out(playout, policies, playout_rng, *moves);
          const double played = deal_score(playout, seat, deal.rules());
          row.exact_sum += r.value;
          row.playout_sum += played;
          row.same_sign += (played > 0) == (r.value > 0);
          ++row.compared;
        }
      }
      if (next < 0) break;
      policy_step(deal, *policy, rng, *moves);
    }
  }
  std::printf("endgame solver: %d rule-policy deals (level 2, standard rules), budget %lld nodes\n", deals,
              static_cast<long long>(max_nodes));
  std::printf("%4s %9s %8s %11s %11s %10s %10s | %8s %11s %11s\n", "N", "positions", "solved", "median us",
              "p90 us", "median nd", "p90 nd", "opts ok", "opts med us", "opts p90 us");
  for (int i = 0; i < kNumSizes; ++i) {
    const Row& row = rows[i];
    const double n = double(row.micros.size());
    std::printf("%4d %9zu %7.1f%% %11.1f %11.1f %10.0f %10.0f | %7.1f%% %11.1f %11.1f\n", kSizes[i],
                row.micros.size(), n > 0 ? 100.0 * row.solved / n : 0.0, percentile(row.micros, 0.5),
                percentile(row.micros, 0.9), percentile(row.nodes, 0.5), percentile(row.nodes, 0.9),
                n > 0 ? 100.0 * row.options_solved / n : 0.0, percentile(row.option_micros, 0.5),
                percentile(row.option_micros, 0.9));
  }
  std::printf("\nexact value against one rule-policy playout (solved positions, seat to act's view):\n");
  std::printf("%4s %9s %12s %14s %11s\n", "N", "positions", "mean exact", "mean playout", "same sign");
  for (int i = 0; i < kNumSizes; ++i) {
    const Row& row = rows[i];
    const double n = row.compared > 0 ? double(row.compared) : 1.0;
    std::printf("%4d %9d %12.3f %14.3f %10.1f%%\n", kSizes[i], row.compared, row.exact_sum / n,
                row.playout_sum / n, 100.0 * row.same_sign / n);
  }
  return 0;
}
