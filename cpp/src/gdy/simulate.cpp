#include "guandan/gdy/simulate.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "guandan/common/rng.h"

namespace guandan::gdy {
namespace {

// A seat's policy that tells the run's listener what it chose.
class Listened final : public Policy {
 public:
  Listened(Policy& inner, DealListener& listener) : inner_(inner), listener_(listener) {}
  int choose(const SeatView& view, const Play* plays, int count, Rng& rng) override {
    const int i = inner_.choose(view, plays, count, rng);
    if (i >= 0 && i < count) listener_.playing(view.seat, plays[i]);
    return i;
  }

 private:
  Policy& inner_;
  DealListener& listener_;
};

// Everything one worker thread owns.
struct Worker {
  std::unique_ptr<PlayList> plays = std::make_unique<PlayList>();
  std::array<std::unique_ptr<Policy>, kMaxPlayers> owned;
  std::array<std::unique_ptr<Listened>, kMaxPlayers> listened;
  std::array<Policy*, kMaxPlayers> policies{};

  explicit Worker(const SimulationSetup& setup) {
    for (int s = 0; s < setup.players; ++s) {
      if (setup.external[std::size_t(s)] != nullptr) {
        policies[s] = setup.external[std::size_t(s)];
      } else {
        owned[s] = setup.policies[s]->make();
        policies[s] = owned[s].get();
      }
      if (setup.listener != nullptr) {
        listened[s] = std::make_unique<Listened>(*policies[s], *setup.listener);
        policies[s] = listened[s].get();
      }
    }
  }
};

void one_deal(const SimulationSetup& setup, std::uint64_t index, Worker& w, const DealColumns& out, std::size_t row) {
  const std::uint64_t seed = match_deal_seed(setup.seed, index);
  DealState deal(setup.players, seed);
  if (setup.listener != nullptr) setup.listener->deal_started(seed, deal);
  Rng choices = choice_rng(seed);
  const int starter = deal.starter();
  play_out(deal, w.policies.data(), choices, *w.plays);
  const int n = setup.players;
  out.winner[row] = std::int8_t(deal.winner());
  out.starter[row] = std::int8_t(starter);
  for (int s = 0; s < n; ++s) {
    out.penalties[row * n + s] = std::int16_t(deal.penalty(s));
    out.cards_left[row * n + s] = std::int8_t(deal.hand_size(s));
  }
  out.plays[row] = std::int16_t(deal.plays());
  out.passes[row] = std::int16_t(deal.pass_count());
  out.draws[row] = std::int16_t(deal.draws());
  out.bombs[row] = std::int8_t(deal.bombs());
}

void one_game(const SimulationSetup& setup, std::uint64_t index, Worker& w, const GameColumns& out, std::size_t row) {
  GameState game(setup.players, match_deal_seed(setup.seed, index), setup.target);
  int plays = 0, bombs = 0;
  while (!game.over()) {
    DealState deal = game.next_deal();
    const std::uint64_t deal_seed = match_deal_seed(game.seed(), std::uint64_t(game.deals_played()));
    if (setup.listener != nullptr) setup.listener->deal_started(deal_seed, deal);
    Rng choices = choice_rng(deal_seed);
    play_out(deal, w.policies.data(), choices, *w.plays);
    plays += deal.plays();
    bombs += deal.bombs();
    game.record(deal);
  }
  const int n = setup.players;
  out.winners[row] = std::uint8_t(game.winners());
  out.deals[row] = std::int16_t(game.deals_played());
  for (int s = 0; s < n; ++s) out.scores[row * n + s] = std::int16_t(game.score(s));
  out.plays[row] = plays;
  out.bombs[row] = bombs;
}

template <class Body>
bool run_parallel(const SimulationSetup& setup, std::uint64_t count, int threads, RunControl* control, Body body) {
  check_setup(setup);
  bool outside = setup.listener != nullptr;
  for (const Policy* p : setup.external) outside = outside || p != nullptr;
  if (outside && threads != 1)
    throw std::invalid_argument("a run with players from outside the core is played on one thread");
  // Cheap deals go in blocks (the atomic counter out of the way); with an
  // expensive policy deal by deal, so every thread keeps busy to the end.
  std::uint64_t block = 64;
  for (int s = 0; s < setup.players; ++s)
    if (setup.policies[s]->expensive) block = 1;
  return run_rows(
      count, threads, block, control, [&](const std::atomic<bool>*) { return Worker(setup); }, body);
}

}  // namespace

void check_setup(const SimulationSetup& setup) {
  if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
    throw std::invalid_argument("players must be 2..6, got " + std::to_string(setup.players));
  for (int s = 0; s < setup.players; ++s)
    if (setup.policies[s] == nullptr)
      throw std::invalid_argument("seat " + std::to_string(s) + " needs a policy of the registry");
  if (setup.target < 1 || setup.target > GameState::kMaxTarget)
    throw std::invalid_argument("target must be 1..10000 points, got " + std::to_string(setup.target));
}

bool simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads, RunControl* control) {
  return run_parallel(setup, count, threads, control,
                      [&](std::uint64_t row, Worker& w) { one_deal(setup, begin + row, w, out, std::size_t(row)); });
}

bool simulate_games(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const GameColumns& out,
                    int threads, RunControl* control) {
  return run_parallel(setup, count, threads, control,
                      [&](std::uint64_t row, Worker& w) { one_game(setup, begin + row, w, out, std::size_t(row)); });
}

}  // namespace guandan::gdy
