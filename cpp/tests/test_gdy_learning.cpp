// Gan Deng Yan for learning code: the grouped action space reaches every
// action exactly as numbered, the observation of a seat does not change
// when the cards it cannot see are dealt again, and the batched
// environment is the same on any number of threads and refuses a bad action
// before any env changes. tests/test_gdy_batch_env.py checks the rest
// against the Python deal, step by step.
#include <array>
#include <map>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "check.h"
#include "guandan/gdy/batch_env.h"
#include "guandan/gdy/playout.h"

namespace guandan::testing {
namespace {

using namespace guandan::gdy;
using gdy::Cards;
using gdy::kNumActions;
using gdy::kPassAction;
using gdy::Play;
using gdy::PlayList;

void every_action_is_one_kind_size_and_rank() {
  // The whole deck leads every (kind, size, rank) there is: each must have
  // its own action, and all of 1..kNumActions - 1 must be used.
  PlayList plays;
  generate_plays(Cards::full_deck(), Play::pass(), plays);
  CHECK(!plays.overflowed());
  std::map<int, std::tuple<int, int, int>> key_of;
  for (const Play& p : plays) {
    const int a = action_of(p);
    CHECK(a > kPassAction && a < kNumActions);
    const auto key = std::make_tuple(int(p.kind()), p.size(), int(p.rank()));
    const auto [it, added] = key_of.emplace(a, key);
    CHECK(added || it->second == key);
  }
  CHECK(int(key_of.size()) == kNumActions - 1);
  CHECK(action_of(Play::pass()) == kPassAction);
  // A lone joker, the last card, is a single 2.
  PlayList last;
  generate_plays(Cards::jokers(1), Play::pass(), last);
  CHECK(last.size() == 1 && action_of(last[0]) == kSingleBase + kTwo);
}

void an_action_plays_its_fewest_jokers() {
  PlayList plays;
  generate_plays(Cards::of(3, 2) + Cards::jokers(1), Play::pass(), plays);  // 6 6 JK
  std::array<int, kNumActions> representative;
  group_actions(plays.begin(), int(plays.size()), representative);
  const int pair = representative[std::size_t(kPairBase + 3)];
  CHECK(pair >= 0 && plays[std::size_t(pair)].cards() == Cards::of(3, 2));
  std::array<std::int8_t, kActionFeatures> row{};
  play_features(plays[std::size_t(pair)], row.data());
  CHECK(row[3] == 2 && row[kNumKinds + kPair] == 1 && row[kNumKinds + kNumPlayKinds + 3] == 1);
}

// A deal played by random choices for `steps` actions, with its record of plays.
struct Played {
  DealState deal;
  PlaysBySeat plays;
};

Played random_deal(int players, std::uint64_t seed, int steps) {
  Played out{DealState(players, seed), {}};
  Rng rng(seed);
  RandomPolicy random;
  PlayList scratch;
  for (int i = 0; i < steps && !out.deal.over(); ++i) {
    const int seat = out.deal.turn();
    out.plays.record(seat, act(out.deal, random, rng, scratch));
  }
  return out;
}

void an_observation_does_not_change_with_the_cards_unseen() {
  int compared = 0, differed = 0;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const Played p = random_deal(players, seed, int(seed % 12));
      if (p.deal.over()) continue;
      // The same position with every card the seat to act cannot see (the
      // other hands, the stock) dealt again at random.
      Rng rng(seed);
      const DealState twin = sampled_world(SeatView::of(p.deal), rng);
      const int seat = p.deal.turn();
      std::array<std::int8_t, kObservationSize> real{}, other{};
      encode_observation(p.deal, p.plays, seat, real.data());
      encode_observation(twin, p.plays, seat, other.data());
      CHECK(real == other);
      ++compared;
      // Where another seat's hand changed, its own view changes: the
      // encoding reads hands, only the observer's.
      for (int s = 0; s < players; ++s) {
        if (s == seat || twin.hand(s) == p.deal.hand(s)) continue;
        encode_observation(p.deal, p.plays, s, real.data());
        encode_observation(twin, p.plays, s, other.data());
        CHECK(real != other);
        ++differed;
      }
    }
  CHECK(compared >= 100 && differed >= 100);
}

// `steps` steps of a batch, each env taking its first legal action on even
// steps and its last on odd ones; every observation and reward, in order.
std::vector<std::int8_t> run_batch(int threads, int steps) {
  BatchEnvSetup setup;
  setup.players = 5;
  setup.seed = 7;
  setup.bots[1] = find_policy("rule");
  setup.bots[3] = find_policy("random");
  const int n = 24;
  const std::size_t rows = std::size_t(n);
  BatchEnv env(setup, n, threads);
  std::vector<std::int8_t> observation(rows * kObservationSize), mask(rows * kNumActions), seat(rows), done(rows);
  std::vector<float> reward(rows * std::size_t(setup.players));
  std::vector<std::uint64_t> deal_seed(rows);
  const BatchOutputs out{observation.data(), mask.data(), seat.data(), reward.data(), done.data(), deal_seed.data()};
  std::vector<std::int8_t> seen;
  env.reset(out);
  std::vector<std::int32_t> actions(rows);
  for (int step = 0; step < steps; ++step) {
    for (int j = 0; j < n; ++j) {
      const std::int8_t* legal = mask.data() + j * kNumActions;
      int a = step % 2 == 0 ? 0 : kNumActions - 1;
      while (!legal[a]) a += step % 2 == 0 ? 1 : -1;
      actions[std::size_t(j)] = a;
    }
    if (step == 5) {
      // An action the mask refuses, in the last env: refused, nothing changed.
      std::vector<std::int32_t> bad = actions;
      int refused = 0;
      while (mask[std::size_t((n - 1) * kNumActions + refused)]) ++refused;
      bad[std::size_t(n - 1)] = refused;
      const std::vector<std::int8_t> before = observation;
      CHECK_THROWS(env.step(bad.data(), out), std::invalid_argument);
      CHECK(before == observation);
    }
    env.step(actions.data(), out);
    seen.insert(seen.end(), observation.begin(), observation.end());
    for (float r : reward) seen.push_back(std::int8_t(r));
  }
  return seen;
}

void the_batch_is_the_same_on_any_threads() {
  CHECK(run_batch(1, 120) == run_batch(2, 120));
  BatchEnvSetup all_bots;
  all_bots.players = 2;
  all_bots.bots[0] = all_bots.bots[1] = find_policy("rule");
  CHECK_THROWS(BatchEnv(all_bots, 4, 1), std::invalid_argument);
  BatchEnvSetup seven;
  seven.players = 7;
  CHECK_THROWS(BatchEnv(seven, 4, 1), std::invalid_argument);
  CHECK_THROWS(BatchEnv(BatchEnvSetup{}, 0, 1), std::invalid_argument);
  CHECK_THROWS(BatchEnv(BatchEnvSetup{}, 4, 0), std::invalid_argument);
}

}  // namespace

void test_gdy_learning() {
  every_action_is_one_kind_size_and_rank();
  an_action_plays_its_fewest_jokers();
  an_observation_does_not_change_with_the_cards_unseen();
  the_batch_is_the_same_on_any_threads();
}

}  // namespace guandan::testing
