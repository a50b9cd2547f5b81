#include "guandan/tools/simulate.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/match.h"
#include "guandan/bots/playout.h"

namespace guandan {
namespace {

// A seat's policy that tells the run's listener what it chose.
class Listened final : public Policy {
 public:
  Listened(Policy& inner, DealListener& listener) : inner_(inner), listener_(listener) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override {
    const int choice = inner_.choose_play(view, moves, count, can_pass, rng);
    listener_.playing(view.seat, choice >= 0 && choice < count ? &moves[choice] : nullptr);
    return choice;
  }
  WithoutList choose_without_list(const PlayerView& view, bool can_pass, Rng& rng, Move& play) override {
    const WithoutList choice = inner_.choose_without_list(view, can_pass, rng, play);
    if (choice != WithoutList::kNeedsList) listener_.playing(view.seat, choice == WithoutList::kPlay ? &play : nullptr);
    return choice;
  }
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override {
    const CardKind card = inner_.choose_card(view, options, rng);
    listener_.giving(view.seat, card);
    return card;
  }

 private:
  Policy& inner_;
  DealListener& listener_;
};

// Everything one worker thread owns.
struct Worker {
  std::unique_ptr<MoveList> moves = std::make_unique<MoveList>();
  std::array<std::unique_ptr<Policy>, 4> owned;
  std::array<std::unique_ptr<Listened>, 4> listened;
  std::array<Policy*, 4> policies{};

  Worker(const SimulationSetup& setup, const std::atomic<bool>* stop) {
    for (int s = 0; s < 4; ++s) {
      const PolicyOptions options{setup.options[std::size_t(s)], stop};
      if (setup.external[std::size_t(s)] != nullptr) {
        policies[s] = setup.external[std::size_t(s)];
      } else {
        owned[s] = setup.policies[s]->make(options);
        policies[s] = owned[s].get();
      }
    }
    if (setup.listener == nullptr) return;
    for (int s = 0; s < 4; ++s) {
      listened[s] = std::make_unique<Listened>(*policies[s], *setup.listener);
      policies[s] = listened[s].get();
    }
  }
};

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

// Fixed cards or other sizes than a full deal's.
bool custom_position(const SimulationSetup& setup) {
  for (int s = 0; s < 4; ++s)
    if (setup.has_fixed[s] || setup.sizes[s] != kMaxHandSize) return true;
  return false;
}

void one_deal(const SimulationSetup& setup, std::uint64_t index, Worker& w, const DealColumns& out, std::size_t row) {
  const std::uint64_t seed = match_deal_seed(setup.seed, index);
  RecordedDeal deal = simulation_start(setup, seed);
  if (setup.listener != nullptr) setup.listener->deal_started(seed, deal, nullptr);
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
  out.seed[row] = seed;
}

void one_match(const SimulationSetup& setup, std::uint64_t index, Worker& w, const MatchColumns& out, std::size_t row) {
  const std::uint64_t match_seed = match_deal_seed(setup.seed, index);
  MatchState state;
  Placing previous{};
  int deals = 0, plays = 0, bombs = 0, double_wins = 0;
  for (; deals < kMaxDealsPerMatch && state.winner < 0; ++deals) {
    const std::uint64_t seed = match_deal_seed(match_seed, std::uint64_t(deals));
    const SeededDeal dealt = seeded_deal(seed);
    RecordedDeal deal = deals == 0 ? RecordedDeal(dealt.hands, state.deal_level(), setup.rules, dealt.leader)
                                   : RecordedDeal(dealt.hands, state.deal_level(), setup.rules, previous);
    if (setup.listener != nullptr) setup.listener->deal_started(seed, deal, &state);
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
  out.seed[row] = match_seed;
}

// Rows handed to a thread at a time. Deal by deal for expensive policies,
// so that every thread keeps busy to the end; small blocks otherwise (one
// atomic increment per block is nothing next to a deal, but the rows of a
// block share cache lines of the columns).
std::uint64_t block_size(const SimulationSetup& setup) {
  for (const PolicyEntry* p : setup.policies)
    if (p->expensive) return 1;
  return 16;
}

bool has_external(const SimulationSetup& setup) {
  for (const Policy* p : setup.external)
    if (p != nullptr) return true;
  return false;
}

// Checks the setup, then runs body(index, worker, row) for every row on
// `threads` threads (parallel_rows.h).
template <class Body>
bool run_parallel(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, int threads,
                  RunControl* control, Body body) {
  check_setup(setup);
  if (threads != 1 && (setup.listener != nullptr || has_external(setup)))
    throw std::invalid_argument("a run with players from outside the core is played on one thread");
  return run_rows(
      count, threads, block_size(setup), control,
      [&](const std::atomic<bool>* stop) { return Worker(setup, stop); },
      [&](std::uint64_t row, Worker& worker) { body(begin + row, worker, std::size_t(row)); });
}

}  // namespace

RecordedDeal simulation_start(const SimulationSetup& setup, std::uint64_t seed) {
  std::array<CardSet, 4> hands;
  int leader;
  Rng rng(seed);
  if (custom_position(setup)) {
    hands = deal_position(setup, rng);
    leader = setup.leader >= 0 ? setup.leader : int(rng.bounded(4));
  } else {
    const SeededDeal dealt = seeded_deal(seed);
    hands = dealt.hands;
    leader = setup.leader >= 0 ? setup.leader : dealt.leader;
  }
  return setup.tribute ? RecordedDeal(hands, setup.level, setup.rules, random_placing(rng))
                       : RecordedDeal(hands, setup.level, setup.rules, leader);
}

void check_setup(const SimulationSetup& setup) {
  for (const PolicyEntry* p : setup.policies)
    if (p == nullptr) throw std::invalid_argument("every seat needs a policy of the registry");
  if (setup.level >= kNumRanks) throw std::invalid_argument("level must be a rank index 0..12");
  CardSet fixed;
  int total = 0;
  for (int s = 0; s < 4; ++s) {
    const std::string seat = "seat " + std::to_string(s);
    if (setup.has_fixed[s]) {
      const CardSet hand = setup.fixed[s];
      if (!hand.is_canonical()) throw std::invalid_argument(seat + ": not a card set");
      if (hand.empty())
        throw std::invalid_argument(seat + " has no cards: every seat starts a deal with 1..27 cards");
      if (hand.size() > kMaxHandSize) throw std::invalid_argument(seat + " holds more than 27 cards");
      if (((fixed.hi & hand.lo) | (fixed.lo & hand.hi)) != 0)
        throw std::invalid_argument("the fixed hands hold some card more than twice");
      fixed = fixed + hand;
      total += hand.size();
    } else {
      if (setup.sizes[s] < 1)
        throw std::invalid_argument(seat + " has no cards: every seat starts a deal with 1..27 cards");
      if (setup.sizes[s] > kMaxHandSize) throw std::invalid_argument(seat + ": hand sizes must be 1..27");
      total += setup.sizes[s];
    }
  }
  if (total > kNumPhysicalCards) throw std::invalid_argument("the hands need more cards than the deck holds");
  if (setup.leader < -1 || setup.leader > 3) throw std::invalid_argument("leader must be -1 (drawn) or a seat 0..3");
  if (setup.leader >= 0 && setup.tribute)
    throw std::invalid_argument("a leader is given only without a tribute (the tribute decides who leads)");
  // Every value was checked against a declaration when it was set: it must
  // be its seat's policy's. The policy checks the values it cannot play
  // with together when it is made.
  for (int s = 0; s < 4; ++s) {
    const PolicyEntry& entry = *setup.policies[std::size_t(s)];
    const OptionValues& values = setup.options[std::size_t(s)];
    for (int i = 0; i < values.count(); ++i)
      if (find_option(entry.options, values.name(i)) == nullptr)
        throw std::invalid_argument("seat " + std::to_string(s) + ": " + std::string(entry.name) + " has no option '" +
                                    std::string(values.name(i)) + "'");
    entry.make(PolicyOptions{values, nullptr});
  }
}

bool simulate_deals(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, const DealColumns& out,
                    int threads, RunControl* control) {
  return run_parallel(setup, begin, count, threads, control,
                      [&](std::uint64_t i, Worker& w, std::size_t row) { one_deal(setup, i, w, out, row); });
}

bool simulate_matches(const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                      const MatchColumns& out, int threads, RunControl* control) {
  return run_parallel(setup, begin, count, threads, control,
                      [&](std::uint64_t i, Worker& w, std::size_t row) { one_match(setup, i, w, out, row); });
}

}  // namespace guandan
