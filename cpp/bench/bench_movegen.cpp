// Micro-benchmark of legal-move generation, C++ alone.
//
// Workload: 1,000 seeded random 27-card hands (hand i is seat i % 4 of the
// deal with seed 1000 + i) at random levels; for following, the previous play
// is a uniformly random lead of the next seat's hand. Each hand's enumeration
// is repeated and timed as a batch; the report gives the median, mean and
// 90th percentile over hands, and counts heap allocations made inside the
// timed loops (there must be none).
//
//   cmake -S . -B build/bench -DGUANDAN_BENCH=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/bench --target guandan_bench_movegen && build/bench/guandan_bench_movegen
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "movegen_workload.h"

namespace {

std::atomic<long> g_allocations{0};

}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace guandan;
using Clock = std::chrono::steady_clock;

using Case = bench::MovegenCase;

struct Summary {
  double median_us, mean_us, p90_us, moves_per_hand;
  long allocations;
};

template <bool kFollow>
Summary run(const std::vector<Case>& cases, int repeats) {
  static MoveList list;  // 256 KB: static rather than on the stack
  std::vector<double> per_hand;
  per_hand.reserve(cases.size());
  double total_moves = 0;
  const long before = g_allocations.load();
  for (const Case& c : cases) {
    const HandView view(c.hand, c.level);
    const Move* previous = kFollow ? &c.previous : nullptr;
    const auto start = Clock::now();
    for (int r = 0; r < repeats; ++r) {
      list.clear();
      generate_moves(view, MoveRules{}, previous, list);
    }
    const auto stop = Clock::now();
    if (list.overflowed()) std::abort();
    per_hand.push_back(std::chrono::duration<double, std::micro>(stop - start).count() / repeats);
    total_moves += double(list.size());
  }
  const long allocations = g_allocations.load() - before;
  std::vector<double> sorted = per_hand;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double t : per_hand) sum += t;
  return {sorted[sorted.size() / 2], sum / double(sorted.size()), sorted[sorted.size() * 9 / 10],
          total_moves / double(cases.size()), allocations};
}

void report(const char* name, const Summary& s) {
  std::printf("%-10s median %7.3f us   mean %7.3f us   p90 %7.3f us   %7.1f moves/hand   allocations %ld\n",
              name, s.median_us, s.mean_us, s.p90_us, s.moves_per_hand, s.allocations);
}

}  // namespace

int main(int argc, char** argv) {
  const int hands = argc > 1 ? std::atoi(argv[1]) : 1000;
  const auto cases = bench::movegen_cases(hands);
  run<false>(cases, 5);  // warm up
  report("leading", run<false>(cases, 50));
  report("following", run<true>(cases, 500));
  return 0;
}
