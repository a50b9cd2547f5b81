// guandan_bench: the engine's bench, as a chess engine's `bench`.
//
// Fixed, seeded, one-thread workloads over the hot paths: move generation
// (leads and follows), the hand planner, whole deals played by `random`,
// `rule_v1` and `rule`, `search` at a fixed number of playouts (no clock,
// so its choices depend on the seed alone), the exact endgame solver, and
// Gan Deng Yan's generator and deals. Each workload's inputs are made
// first; the work itself runs inside its own entry function (bench_NAME,
// never inlined), so an instruction counter can count it and nothing else
// (valgrind --tool=callgrind --toggle-collect=bench_NAME). Each prints what
// it did and a signature, an FNV-1a hash of its outputs: a signature that
// changes is a change of behaviour (benchmarks/bench.py records them and
// CI checks them; docs/performance.md).
//
//   build/bench/guandan_bench                  every workload, once
//   build/bench/guandan_bench NAME ...         only those
//   build/bench/guandan_bench --repeat 5 ...   the best time of five runs
//   build/bench/guandan_bench --list           the workloads' names
//   build/bench/guandan_bench --threads        simulate's speed-up on 2 threads
//   build/bench/guandan_bench --build          the compiler and flags it was built with
//
// One line per workload: NAME WORK UNIT SIGNATURE SECONDS.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "guandan/bots/endgame.h"
#include "guandan/bots/planner.h"
#include "guandan/bots/playout.h"
#include "guandan/bots/registry.h"
#include "guandan/deck.h"
#include "guandan/gdy/simulate.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/recorded_deal.h"
#include "guandan/tools/simulate.h"
#include "movegen_workload.h"

namespace {

using namespace guandan;

// FNV-1a over 64-bit words.
class Signature {
 public:
  void add(std::uint64_t word) { hash_ = (hash_ ^ word) * 0x100000001B3ull; }
  void add(Move move) { add(move.lo), add(move.hi); }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 1469598103934665603ull;
};

// What a workload did: `work` units (moves, plans, deals, decisions,
// positions) and the signature of its outputs.
struct Outcome {
  std::uint64_t work = 0;
  std::uint64_t signature = 0;
};

// --- inputs, made before the work is counted --------------------------------

using bench::MovegenCase;  // the move generator's workload (movegen_workload.h)

// Hands of every size the planner meets: seeded 27-card hands, and a
// random part of 4 to 27 of their cards (a seat's hand as the deal goes on).
std::vector<std::pair<CardSet, Rank>> planner_hands(int n) {
  std::vector<std::pair<CardSet, Rank>> hands;
  Rng rng(77);
  for (int i = 0; i < n; ++i) {
    const CardSet hand = seeded_deal(5000 + std::uint64_t(i)).hands[std::size_t(i % 4)];
    std::vector<CardKind> cards;
    for (int k = 0; k < kNumKinds; ++k)
      for (int copy = 0; copy < hand.count(CardKind(k)); ++copy) cards.push_back(CardKind(k));
    rng.shuffle(cards.data(), cards.size());
    const int keep = 4 + int(rng.bounded(24));
    CardSet part;
    for (int c = 0; c < keep && c < int(cards.size()); ++c) part = part + CardSet::of_kind(cards[std::size_t(c)]);
    hands.emplace_back(part, Rank(rng.bounded(kNumRanks)));
  }
  return hands;
}

// Positions of real deals played by `rule`, taken when `when(deal)` first
// holds, from seeds 9000, 9001, ...
template <class When>
std::vector<RecordedDeal> rule_positions(int n, When when) {
  std::vector<RecordedDeal> positions;
  auto rule = make_policy("rule");
  auto moves = std::make_unique<MoveList>();
  for (std::uint64_t seed = 9000; int(positions.size()) < n; ++seed) {
    const SeededDeal dealt = seeded_deal(seed);
    RecordedDeal deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
    Rng rng = choice_rng(seed);
    while (!deal.is_over() && !when(deal)) {
      moves->clear();
      generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), *moves);
      const int choice = rule->choose_play(deal.view(deal.turn()), moves->begin(), int(moves->size()),
                                           !deal.leading(), rng);
      if (choice < 0) deal.apply_pass();
      else deal.apply_play((*moves)[std::size_t(choice)]);
    }
    if (!deal.is_over()) positions.push_back(deal);
  }
  return positions;
}

int cards_held(const DealState& deal) {
  int held = 0;
  for (const CardSet& hand : deal.hands()) held += hand.size();
  return held;
}

struct Inputs {
  std::vector<MovegenCase> movegen = bench::movegen_cases(1000);
  std::vector<std::pair<CardSet, Rank>> planner = planner_hands(20'000);
  // Mid-deal decisions: after 12 actions of the deal.
  std::vector<RecordedDeal> decisions = rule_positions(6, [](const RecordedDeal& d) { return d.record().size() >= 12; });
  // Endgames: 16 cards or fewer left in all.
  std::vector<RecordedDeal> endgames = rule_positions(12, [](const RecordedDeal& d) { return cards_held(d) <= 16; });
};

// --- the workloads: entry functions an instruction counter can find by name ---

#define BENCH_ENTRY extern "C" [[gnu::noinline]]

template <bool kFollow>
Outcome generate_all(const std::vector<MovegenCase>& cases, int repeats) {
  static MoveList list;
  Outcome out;
  Signature sig;
  for (int r = 0; r < repeats; ++r)
    for (const MovegenCase& c : cases) {
      list.clear();
      generate_moves(c.hand, c.level, MoveRules{}, kFollow ? &c.previous : nullptr, list);
      ++out.work;
      if (r == 0) {
        sig.add(list.size());
        for (const Move& m : list) sig.add(m);
      }
    }
  out.signature = sig.value();
  return out;
}

BENCH_ENTRY Outcome bench_movegen_leads(const Inputs& in) { return generate_all<false>(in.movegen, 8); }

BENCH_ENTRY Outcome bench_movegen_follows(const Inputs& in) { return generate_all<true>(in.movegen, 40); }

BENCH_ENTRY Outcome bench_planner(const Inputs& in) {
  Outcome out;
  Signature sig;
  for (const auto& [hand, level] : in.planner) {
    const HandPlan plan = plan_hand(hand, level, MoveRules{});
    ++out.work;
    sig.add(std::uint64_t(plan.count) << 8 | std::uint64_t(plan.bombs));
    for (const PlannedCombo& combo : plan) sig.add(combo.cards.lo ^ std::uint64_t(combo.kind) << 56), sig.add(combo.cards.hi);
  }
  out.signature = sig.value();
  return out;
}

// Whole deals with tribute through the core's own run (simulate.h), one
// thread: what `guandan simulate` does per deal.
Outcome simulated_deals(const char* policy, std::uint64_t deals, int threads = 1) {
  SimulationSetup setup;
  setup.seed = 1;
  for (int s = 0; s < 4; ++s) setup.policies[std::size_t(s)] = find_policy(policy);
  std::vector<std::int8_t> placing(deals * 4), partner(deals), team(deals), levels(deals), tribute(deals);
  std::vector<std::int16_t> plays(deals), passes(deals), bombs(deals);
  std::vector<std::uint64_t> seeds(deals);
  const DealColumns columns{placing.data(), partner.data(), team.data(), levels.data(), tribute.data(),
                            plays.data(),   passes.data(),  bombs.data(), seeds.data()};
  simulate_deals(setup, 0, deals, columns, threads);
  Outcome out;
  Signature sig;
  for (std::uint64_t i = 0; i < deals; ++i) {
    for (int p = 0; p < 4; ++p) sig.add(std::uint64_t(placing[i * 4 + std::size_t(p)]));
    sig.add(std::uint64_t(plays[i]) << 32 | std::uint64_t(passes[i]) << 16 | std::uint64_t(bombs[i]));
    sig.add(std::uint64_t(tribute[i]));
  }
  out.work = deals;
  out.signature = sig.value();
  return out;
}

BENCH_ENTRY Outcome bench_playout_random(const Inputs&) { return simulated_deals("random", 1000); }

BENCH_ENTRY Outcome bench_playout_rule_v1(const Inputs&) { return simulated_deals("rule_v1", 600); }

BENCH_ENTRY Outcome bench_playout_rule(const Inputs&) { return simulated_deals("rule", 400); }

// `search` deciding from real mid-deal views, 150 playouts a decision, no
// clock: the same choices on every machine.
BENCH_ENTRY Outcome bench_search(const Inputs& in) {
  const PolicySpec spec = parse_policy_spec("search:rollouts=150");
  auto search = spec.entry->make(PolicyOptions{spec.values, nullptr});
  auto moves = std::make_unique<MoveList>();
  Outcome out;
  Signature sig;
  for (std::size_t i = 0; i < in.decisions.size(); ++i) {
    const RecordedDeal& deal = in.decisions[i];
    moves->clear();
    generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), *moves);
    Rng rng(31 + i);
    const int choice = search->choose_play(deal.view(deal.turn()), moves->begin(), int(moves->size()),
                                           !deal.leading(), rng);
    ++out.work;
    sig.add(choice < 0 ? ~0ull : std::uint64_t(choice));
    if (choice >= 0) sig.add((*moves)[std::size_t(choice)]);
  }
  out.signature = sig.value();
  return out;
}

BENCH_ENTRY Outcome bench_endgame(const Inputs& in) {
  Outcome out;
  Signature sig;
  EndgameLimits limits;
  limits.max_nodes = 200'000;
  for (const RecordedDeal& deal : in.endgames) {
    const EndgameResult r = solve_endgame(deal, deal.turn(), limits);
    ++out.work;
    sig.add(std::uint64_t(r.solved) << 62 | std::uint64_t(std::int64_t(r.value * 8) & 0xFFFF) << 32 |
            std::uint64_t(r.nodes));
    sig.add(r.best);
  }
  out.signature = sig.value();
  return out;
}

BENCH_ENTRY Outcome bench_gdy_movegen(const Inputs&) {
  gdy::PlayList list;
  Outcome out;
  Signature sig;
  for (int i = 0; i < 60'000; ++i) {
    const gdy::DealState deal(4, std::uint64_t(i));
    list.clear();
    deal.legal_plays(list);
    out.work += list.size();
    sig.add(list.size());
    for (const gdy::Play& play : list) sig.add(play.bits());
  }
  out.signature = sig.value();
  return out;
}

BENCH_ENTRY Outcome bench_gdy_playout(const Inputs&) {
  constexpr std::uint64_t kDeals = 3000;
  gdy::SimulationSetup setup;
  setup.players = 4;
  setup.seed = 1;
  for (int s = 0; s < 4; ++s) setup.policies[std::size_t(s)] = gdy::find_policy("rule");
  std::vector<std::int8_t> winner(kDeals), starter(kDeals), left(kDeals * 4), bombs(kDeals);
  std::vector<std::int16_t> penalties(kDeals * 4), plays(kDeals), passes(kDeals), draws(kDeals);
  const gdy::DealColumns columns{winner.data(), starter.data(), penalties.data(), left.data(),
                                 plays.data(),  passes.data(),  draws.data(),     bombs.data()};
  gdy::simulate_deals(setup, 0, kDeals, columns, 1);
  Outcome out;
  Signature sig;
  for (std::uint64_t i = 0; i < kDeals; ++i)
    sig.add(std::uint64_t(winner[i]) << 48 | std::uint64_t(plays[i]) << 32 | std::uint64_t(passes[i]) << 16 |
            std::uint64_t(draws[i]));
  out.work = kDeals;
  out.signature = sig.value();
  return out;
}

struct Workload {
  const char* name;
  const char* unit;
  Outcome (*run)(const Inputs&);
};

constexpr Workload kWorkloads[] = {
    {"movegen_leads", "hands", bench_movegen_leads},
    {"movegen_follows", "hands", bench_movegen_follows},
    {"planner", "plans", bench_planner},
    {"playout_random", "deals", bench_playout_random},
    {"playout_rule_v1", "deals", bench_playout_rule_v1},
    {"playout_rule", "deals", bench_playout_rule},
    {"search", "decisions", bench_search},
    {"endgame", "positions", bench_endgame},
    {"gdy_movegen", "plays", bench_gdy_movegen},
    {"gdy_playout", "deals", bench_gdy_playout},
};

double seconds_of(const Workload& w, const Inputs& in, Outcome& out) {
  const auto start = std::chrono::steady_clock::now();
  out = w.run(in);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// simulate's deals/s on 2 threads over 1 (the planning player).
int thread_speedup() {
  constexpr std::uint64_t kDeals = 1200;
  const auto time = [&](int threads) {
    const auto start = std::chrono::steady_clock::now();
    simulated_deals("rule", kDeals, threads);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  time(2);  // warm up
  double one = 1e9, two = 1e9;
  for (int r = 0; r < 5; ++r) one = std::min(one, time(1)), two = std::min(two, time(2));
  std::printf("simulate_threads %.3f speedup %.4f %.4f\n", one / two, one, two);
  return 0;
}

int usage() {
  std::fprintf(stderr, "usage: guandan_bench [--repeat N] [--list] [--threads] [--build] [WORKLOAD ...]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 1;
  std::vector<const Workload*> chosen;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--list") {
      for (const Workload& w : kWorkloads) std::printf("%s\n", w.name);
      return 0;
    }
    if (arg == "--threads") return thread_speedup();
    if (arg == "--build") {
#ifndef GUANDAN_BUILD_FLAGS
#define GUANDAN_BUILD_FLAGS "unknown"
#endif
      std::printf("%s | %s\n", __VERSION__, GUANDAN_BUILD_FLAGS);
      return 0;
    }
    if (arg == "--repeat") {
      if (++i >= argc || (repeat = std::atoi(argv[i])) < 1 || repeat > 100) return usage();
      continue;
    }
    const Workload* found = nullptr;
    for (const Workload& w : kWorkloads)
      if (arg == w.name) found = &w;
    if (found == nullptr) {
      std::fprintf(stderr, "guandan_bench: no workload named %s (--list names them)\n", argv[i]);
      return 2;
    }
    chosen.push_back(found);
  }
  if (chosen.empty())
    for (const Workload& w : kWorkloads) chosen.push_back(&w);
  const Inputs inputs;
  for (const Workload* w : chosen) {
    Outcome out;
    double best = 1e300;
    for (int r = 0; r < repeat; ++r) best = std::min(best, seconds_of(*w, inputs, out));
    std::printf("%s %llu %s %016llx %.6f\n", w->name, static_cast<unsigned long long>(out.work), w->unit,
                static_cast<unsigned long long>(out.signature), best);
    std::fflush(stdout);
  }
  return 0;
}
