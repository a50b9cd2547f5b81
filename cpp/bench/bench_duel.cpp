// Duplicate deals between two core policies, C++ alone, with the searches
// at a wall-clock budget per decision (which the arena does not set): each
// seeded deal (standard rules, level 2, a tribute from a random previous
// placing) is played twice with the teams swapped. Prints the first
// policy's share of deals won and its levels per deal (first minus second),
// each with a 95% interval over the deal pairs.
//
//   build/bench/guandan_bench_duel A B PAIRS SEED [THINK_MS [THREADS [THINK_MS_B]]] [options]
//   build/bench/guandan_bench_duel search:think_ms=100,keep_margin=0.1 rule 100 8 0 2
//   build/bench/guandan_bench_duel search tempo 100 8 100 2
//   build/bench/guandan_bench_duel search search 50 9 1000 1 100
//   build/bench/guandan_bench_duel search search 100 50 0 1 0 --rollouts 3000,300 --keep-margin 0.1,0.1
//   build/bench/guandan_bench_duel search search 100 50 0 1 0 --rollouts 3000,300 --keep-worlds 150,150
//
// A and B are policy specs: a name, or NAME:KEY=VALUE,... with the options
// the policy declares (bots/search.h). The options below set the same on
// top (each a value for A, then for B): --rollouts N,N the search's
// playouts a decision (without a budget; default 4,000 each),
// --keep-margin X,X the gain in levels another move needs to overrule the
// planning choice (default 0), --keep-worlds N,N the most paired worlds
// the standard error of `search`'s overrule test counts (-1: its default,
// no cap; 0: no cap), and --ends-in N,N one opponent-deal in N of
// `search`'s playouts plays the patient style and one the bomber (-1: its
// default, 3; 0: every style drawn, the search as first measured),
// --read-styles N,N whether `search`'s playouts draw each opponent's style
// by its passes and bombs so far (1: on, 0: off, -1: its default),
// --win-bonus X,X how many levels a won deal counts in `search`'s scores
// beyond those it pays (-1: its default, 2; 0: levels alone), and
// --candidates N,N how many candidates the search plays out (-1: its
// default, 12 for `search`, 24 for `search_v2`; 0: all).
//
// THINK_MS (default 0: none) applies to `search` and `search_v2`, which then
// play up to 1,000,000 playouts a decision within it; `search_v1` plays its
// 4,000. THINK_MS_B (default THINK_MS) is B's budget, so a search can meet
// itself at another budget. A budget is wall clock: use one thread per idle
// core.
//
// Long runs (a search at a budget takes seconds a deal) report their
// progress on stderr about once a minute: deals finished, time so far and
// an estimate of the time left. The result line alone goes to stdout.
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "guandan/tools/simulate.h"

using namespace guandan;

namespace {

struct Interval {
  double mean, half;
};

Interval interval(const std::vector<double>& values) {
  const double n = double(values.size());
  double sum = 0, squares = 0;
  for (double v : values) sum += v;
  const double mean = sum / n;
  for (double v : values) squares += (v - mean) * (v - mean);
  return {mean, n > 1 ? 1.96 * std::sqrt(squares / (n - 1) / n) : 0.0};
}

// "X,Y" as two numbers; false when it is not.
bool parse_pair(const char* text, double& first, double& second) {
  char* end = nullptr;
  first = std::strtod(text, &end);
  if (end == text || *end != ',') return false;
  const char* rest = end + 1;
  second = std::strtod(rest, &end);
  return end != rest && *end == '\0';
}

// Reports a run's progress on stderr every `every` until destroyed: deals
// finished of all, the minutes so far and, from the rate so far, about how
// many are left. Runs on its own thread, which sleeps between reports.
class ProgressReport {
 public:
  using Clock = std::chrono::steady_clock;

  // `control` counts the deals finished of `total` (both halves of the
  // run share it).
  ProgressReport(const RunControl& control, std::uint64_t total, std::chrono::seconds every)
      : control_(control), total_(total), started_(Clock::now()), every_(every), thread_([this] { report(); }) {}

  ~ProgressReport() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }

  ProgressReport(const ProgressReport&) = delete;
  ProgressReport& operator=(const ProgressReport&) = delete;

 private:
  void report() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, every_, [this] { return finished_; })) {
      const std::uint64_t done = control_.done.load(std::memory_order_relaxed);
      const double minutes = std::chrono::duration<double>(Clock::now() - started_).count() / 60.0;
      if (done == 0) {
        std::fprintf(stderr, "0 of %llu deals, %.1f min\n", static_cast<unsigned long long>(total_), minutes);
      } else {
        const double left = minutes / double(done) * double(total_ - done);
        std::fprintf(stderr, "%llu of %llu deals, %.1f min, about %.0f min left\n",
                     static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), minutes, left);
      }
    }
  }

  const RunControl& control_;
  const std::uint64_t total_;
  const Clock::time_point started_;
  const std::chrono::seconds every_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;  // last: started once the rest is set
};

}  // namespace

int main(int raw_argc, char** raw_argv) {
  // Options come after the positional arguments: split them off.
  std::vector<char*> positional;
  double rollouts_a = 0, rollouts_b = 0, margin_a = kDefaultKeepMargin, margin_b = kDefaultKeepMargin;
  double worlds_a = -1, worlds_b = -1, ends_a = -1, ends_b = -1, read_a = -1, read_b = -1, bonus_a = -1, bonus_b = -1;
  double candidates_a = -1, candidates_b = -1;
  for (int i = 0; i < raw_argc; ++i) {
    const std::string arg = raw_argv[i];
    if ((arg == "--rollouts" || arg == "--keep-margin" || arg == "--keep-worlds" || arg == "--ends-in" ||
         arg == "--read-styles" || arg == "--win-bonus" || arg == "--candidates") &&
        i + 1 < raw_argc) {
      const bool ok = arg == "--rollouts"      ? parse_pair(raw_argv[++i], rollouts_a, rollouts_b)
                      : arg == "--keep-margin" ? parse_pair(raw_argv[++i], margin_a, margin_b)
                      : arg == "--keep-worlds" ? parse_pair(raw_argv[++i], worlds_a, worlds_b)
                      : arg == "--ends-in"     ? parse_pair(raw_argv[++i], ends_a, ends_b)
                      : arg == "--win-bonus"   ? parse_pair(raw_argv[++i], bonus_a, bonus_b)
                      : arg == "--candidates"  ? parse_pair(raw_argv[++i], candidates_a, candidates_b)
                                               : parse_pair(raw_argv[++i], read_a, read_b);
      if (!ok) {
        std::fprintf(stderr, "%s takes two numbers, A's and B's: X,Y\n", arg.c_str());
        return 2;
      }
    } else {
      positional.push_back(raw_argv[i]);
    }
  }
  const int argc = int(positional.size());
  char** argv = positional.data();
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s A B PAIRS SEED [THINK_MS [THREADS [THINK_MS_B]]] [--rollouts A,B] "
                 "[--keep-margin A,B] [--keep-worlds A,B] [--ends-in A,B] [--read-styles A,B] [--win-bonus A,B] "
                 "[--candidates A,B]\n",
                 argv[0]);
    return 2;
  }
  const std::string a = argv[1], b = argv[2];
  const std::uint64_t pairs = std::strtoull(argv[3], nullptr, 10), seed = std::strtoull(argv[4], nullptr, 10);
  const int think_ms = argc > 5 ? std::atoi(argv[5]) : 0;
  const int threads = argc > 6 ? std::atoi(argv[6]) : 1;
  const int think_ms_b = argc > 7 ? std::atoi(argv[7]) : think_ms;
  if (pairs < 2 || threads < 1) {
    std::fprintf(stderr, "PAIRS must be 2 or more and THREADS 1 or more\n");
    return 2;
  }
  // With a budget the searches get the largest playout cap, so a side
  // without one would think for 1,000,000 playouts a decision.
  if ((think_ms > 0) != (think_ms_b > 0)) {
    std::fprintf(stderr, "THINK_MS and THINK_MS_B must both be budgets or both 0\n");
    return 2;
  }
  std::vector<std::int8_t> placing(pairs * 4), partner(pairs), team(pairs), gained(pairs), tribute(pairs);
  std::vector<std::int16_t> plays(pairs), passes(pairs), bombs(pairs);
  std::vector<std::uint64_t> seeds(pairs);
  const DealColumns out{placing.data(), partner.data(), team.data(),  gained.data(), tribute.data(),
                        plays.data(),   passes.data(),  bombs.data(), seeds.data()};
  std::vector<double> won(pairs, 0.0), levels(pairs, 0.0);
  RunControl control;  // both halves: the deals finished, for the report
  const ProgressReport progress(control, 2 * pairs, std::chrono::seconds(60));
  // A and B are policy specs ("search:think_ms=100"); the options after
  // the positional arguments set the searches' options on top, where the
  // seat's policy takes them (-1, or 0 rollouts: its default).
  PolicySpec spec_a, spec_b;
  try {
    spec_a = parse_policy_spec(a);
    spec_b = parse_policy_spec(b);
    auto add = [](PolicySpec& spec, std::string_view name, double value, bool given) {
      if (given && find_option(spec.entry->options, name) != nullptr)
        spec.values.set(spec.entry->name, spec.entry->options, name, value);
    };
    for (auto [spec, think, rollouts, margin, worlds, ends, read, bonus, candidates] :
         {std::tuple{&spec_a, think_ms, rollouts_a, margin_a, worlds_a, ends_a, read_a, bonus_a, candidates_a},
          std::tuple{&spec_b, think_ms_b, rollouts_b, margin_b, worlds_b, ends_b, read_b, bonus_b, candidates_b}}) {
      // With a budget the searches get the largest playout cap.
      add(*spec, "think_ms", think, think > 0);
      add(*spec, "rollouts", rollouts > 0 ? rollouts : kMaxRollouts, rollouts > 0 || think > 0);
      add(*spec, "keep_margin", margin, margin != kDefaultKeepMargin);
      add(*spec, "keep_worlds", worlds, worlds >= 0);
      add(*spec, "opponent_ends_in", ends, ends >= 0);
      add(*spec, "read_styles", read, read >= 0);
      add(*spec, "win_bonus", bonus, bonus >= 0);
      add(*spec, "max_candidates", candidates, candidates >= 0);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  for (int a_team = 0; a_team < 2; ++a_team) {
    SimulationSetup setup;
    setup.seed = seed;
    for (int s = 0; s < 4; ++s) {
      const PolicySpec& spec = team_of(s) == a_team ? spec_a : spec_b;
      setup.policies[std::size_t(s)] = spec.entry;
      setup.options[std::size_t(s)] = spec.values;
    }
    try {
      check_setup(setup);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s (policies: %s, %s)\n", e.what(), a.c_str(), b.c_str());
      return 2;
    }
    simulate_deals(setup, 0, pairs, out, threads, &control);
    for (std::uint64_t i = 0; i < pairs; ++i) {
      const bool a_won = team[i] == a_team;
      won[i] += a_won ? 0.5 : 0.0;
      levels[i] += (a_won ? 1 : -1) * gained[i] / 2.0;
    }
  }
  const Interval w = interval(won), l = interval(levels);
  std::printf("%s vs %s: %llu pairs (seed %llu, think_ms %d against %d, rollouts %g against %g, keep margin %g "
              "against %g, keep worlds %g against %g, ends in %g against %g, read styles %g against %g, "
              "win bonus %g against %g, candidates %g against %g), deals won %.1f%% [%.1f, %.1f], "
              "levels/deal %+.2f ± %.2f\n",
              a.c_str(), b.c_str(), static_cast<unsigned long long>(pairs), static_cast<unsigned long long>(seed),
              think_ms, think_ms_b, rollouts_a, rollouts_b, margin_a, margin_b, worlds_a, worlds_b, ends_a, ends_b,
              read_a, read_b, bonus_a, bonus_b, candidates_a, candidates_b, 100 * w.mean, 100 * (w.mean - w.half),
              100 * (w.mean + w.half), l.mean, l.half);
}
