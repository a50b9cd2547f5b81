#include "guandan/simulate.h"

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "guandan/deal.h"
#include "guandan/match.h"
#include "guandan/playout.h"
#include "guandan/rng.h"
#include "guandan/search.h"

namespace guandan {
namespace {

// Everything one worker thread owns.
struct Worker {
  std::unique_ptr<MoveList> moves = std::make_unique<MoveList>();
  RandomPolicy random;
  RulePolicy rule;
  SearchPolicy search;
  std::array<Policy*, 4> policies{};

  explicit Worker(const SimulationSetup& setup) : search(SearchConfig{setup.search_rollouts, true}) {
    for (int s = 0; s < 4; ++s) {
      switch (setup.policies[s]) {
        case PolicyKind::kRandom: policies[s] = &random; break;
        case PolicyKind::kRule: policies[s] = &rule; break;
        case PolicyKind::kSearch: policies[s] = &search; break;
      }
    }
  }
};

// The policies' random stream of a deal, apart from its dealing stream.
Rng choice_rng(std::uint64_t deal_seed) { return Rng(deal_seed ^ 0xA5A5A5A5A5A5A5A5ull); }

std::array<CardSet, 4> deal_position(const SimulationSetup& setup, Rng& rng) {
  CardSet unseen = CardSet::full_deck();
  std::array<CardSet, 4> hands{};
  std::array<int, 4> targets = setup.sizes;
  for (int s = 0; s < 4; ++s) {
    if (!setup.has_fixed[s]) continue;
    hands[s] = setup.fixed[s];
    unseen = unseen - setup.fixed[s];
    targets[s] = setup.fixed[s].size();
  }
  deal_unseen(hands, unseen, targets, rng);
  return hands;
}

Placing random_placing(Rng& rng) {
  Placing p{0, 1, 2, 3};
  rng.shuffle(p);
  return p;
}

bool any_fixed(const SimulationSetup& setup) {
  return setup.has_fixed[0] || setup.has_fixed[1] || setup.has_fixed[2] || setup.has_fixed[3];
}

void one_deal(const SimulationSetup& setup, std::uint64_t index, Worker& w, const DealColumns& out, std::size_t row) {
  const std::uint64_t seed = match_deal_seed(setup.seed, index);
  std::array<CardSet, 4> hands;
  int leader;
  Rng rng(seed);
  if (any_fixed(setup)) {
    hands = deal_position(setup, rng);
    leader = setup.leader >= 0 ? setup.leader : int(rng.bounded(4));
  } else {
    const SeededDeal dealt = seeded_deal(seed);
    hands = dealt.hands;
    leader = setup.leader >= 0 ? setup.leader : dealt.leader;
  }
  DealState deal = setup.tribute ? DealState(hands, setup.level, setup.rules, random_placing(rng))
                                 : DealState(hands, setup.level, setup.rules, leader);
  std::int8_t tribute = 0;
  if (setup.tribute) tribute = deal.tribute_plan().cancelled ? 3 : std::int8_t(deal.tribute_plan().count);
  Rng choices = choice_rng(seed);
  const PlayoutStats stats = play_out(deal, w.policies.data(), choices, *w.moves);
  const Placing placing = deal.placing();
  for (int i = 0; i < 4; ++i) out.placing[row * 4 + i] = std::int8_t(placing[i]);
  const int place = partner_place(deal.finishing_order(), deal.out_count());
  out.partner_place[row] = std::int8_t(place);
  out.winning_team[row] = std::int8_t(team_of(placing[0]));
  out.levels_gained[row] = std::int8_t(setup.rules.levels_gained(place));
  out.tribute[row] = tribute;
  out.plays[row] = std::int16_t(stats.plays);
  out.passes[row] = std::int16_t(stats.passes);
  out.bombs[row] = std::int16_t(stats.bombs);
}

void one_match(const SimulationSetup& setup, std::uint64_t index, Worker& w, const MatchColumns& out, std::size_t row) {
  const std::uint64_t match_seed = match_deal_seed(setup.seed, index);
  MatchState state;
  Placing previous{};
  int deals = 0, plays = 0, bombs = 0, double_wins = 0;
  for (; deals < kMaxDealsPerMatch && state.winner < 0; ++deals) {
    const std::uint64_t seed = match_deal_seed(match_seed, std::uint64_t(deals));
    const SeededDeal dealt = seeded_deal(seed);
    DealState deal = deals == 0 ? DealState(dealt.hands, state.deal_level(), setup.rules, dealt.leader)
                                : DealState(dealt.hands, state.deal_level(), setup.rules, previous);
    Rng choices = choice_rng(seed);
    const PlayoutStats stats = play_out(deal, w.policies.data(), choices, *w.moves);
    plays += stats.plays;
    bombs += stats.bombs;
    double_wins += partner_place(deal.finishing_order(), deal.out_count()) == 1;
    state = next_match_state(state, deal.finishing_order(), deal.out_count(), *deal.first_out_last_play(),
                             setup.rules);
    previous = deal.placing();
  }
  out.winner[row] = std::int8_t(state.winner);
  out.deals[row] = std::int16_t(deals);
  out.final_levels[row * 2] = std::int8_t(state.levels[0]);
  out.final_levels[row * 2 + 1] = std::int8_t(state.levels[1]);
  out.plays[row] = plays;
  out.bombs[row] = bombs;
  out.double_wins[row] = std::int16_t(double_wins);
}

// Runs body(index, worker, row) for every row, on `threads` threads taking
// blocks of rows in turn. The first exception is rethrown after all stop.
template <class Body>
void run_parallel(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, int threads, Body body) {
  constexpr std::uint64_t kBlock = 64;
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    try {
      Worker worker(setup);
      for (std::uint64_t start; (start = next.fetch_add(kBlock)) < count;) {
        const std::uint64_t stop = start + kBlock < count ? start + kBlock : count;
        for (std::uint64_t row = start; row < stop; ++row) body(begin + row, worker, std::size_t(row));
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      next.store(count);
    }
  };
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& th : pool) th.join();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace

void simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads) {
  run_parallel(setup, begin, count, threads,
               [&](std::uint64_t i, Worker& w, std::size_t row) { one_deal(setup, i, w, out, row); });
}

void simulate_matches(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                      const MatchColumns& out, int threads) {
  run_parallel(setup, begin, count, threads,
               [&](std::uint64_t i, Worker& w, std::size_t row) { one_match(setup, i, w, out, row); });
}

}  // namespace guandan
