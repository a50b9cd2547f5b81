// A batch of Guandan deals stepped together for learning code: N deals held
// in C++, each step applying one action per deal for the learner's seat to
// act, then playing the other seats with built-in policies until a learner's
// seat must act again, on threads; a deal that ends is replaced by the next
// one at once (docs/guides/python.md).
//
// Reproducible: the r-th deal of env j is deal r * N + j of `simulate` with
// the same seed, level, ruleset and tribute (simulate.h: its cards, its
// random previous placing, and its policies' choices), whatever the number
// of threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "guandan/bots/action_cards.h"
#include "guandan/bots/net_features.h"
#include "guandan/bots/policy.h"
#include "guandan/bots/registry.h"
#include "guandan/common/batch_env.h"
#include "guandan/common/rng.h"
#include "guandan/move_list.h"
#include "guandan/recorded_deal.h"
#include "guandan/tools/learning_encoding.h"
#include "guandan/tools/simulate.h"

namespace guandan::learning {

struct BatchEnvSetup {
  Ruleset rules;
  std::uint64_t seed = 0;
  Rank level = kTwo;
  bool tribute = true;
  // By seat: a policy of the registry that plays it inside the step, with
  // its option values; null: the learner plays it.
  std::array<const PolicyEntry*, 4> bots{};
  std::array<OptionValues, 4> options{};
  // Which move of an action (kind, size and rank) the step plays and the
  // feature rows describe: its first move, the one spending the fewest
  // wilds, or the one that keeps the rest of the hand in the fewest turns,
  // as `net` reads actions (bots/action_cards.h).
  ActionCards cards = ActionCards::kFirst;
};

// The outputs (common/batch_env.h): observation n x kObservationSize, mask
// n x kNumActions, reward n x 4: at a deal's end, the levels each seat's
// team gained (negative: lost); deal_seed: simulation_start rebuilds it.
using guandan::BatchOutputs;

class BatchEnv {
 public:
  // std::invalid_argument for no learner seat, an unknown level, a bot
  // option the policy cannot play with, or envs/threads out of range.
  BatchEnv(const BatchEnvSetup& setup, int envs, int threads);

  int size() const { return int(slots_.size()); }
  // Starts every env's first deal.
  void reset(const BatchOutputs& out);
  // actions[i]: the action for env i's seat to act. std::invalid_argument
  // naming the first env whose action is not legal, before any env changes.
  void step(const std::int32_t* actions, const BatchOutputs& out);
  // How many actions are legal now, over all envs (the rows action_rows writes).
  std::int64_t legal_count() const;
  // One row of kActionFeatures per legal action, env by env, actions
  // ascending (the order of the masks' ones); `action` gets their numbers.
  void action_rows(std::int8_t* rows, std::int16_t* action) const;
  const RecordedDeal& deal(int env) const { return *slots_[std::size_t(env)].deal; }
  // The seat to act's view features (bots/net_features.h), n x kNetViewFeatures.
  void view_features(std::int8_t* out) const;
  // What the seat to act cannot see (net_hidden_features), for training
  // only: n x kNetHiddenFeatures.
  void hidden_features(std::int8_t* out) const;
  // The planner's features of each legal action (bots/net_features.h), in
  // the rows' order of action_rows: kNetPlanFeatures per row.
  void plan_rows(std::int8_t* out) const;
  // The action `teacher` (a registry policy) would take for each env's seat
  // to act: its choice, as its grouped action. Each env keeps its own
  // teacher and random stream (seeded by the deal), apart from the bots'.
  void teacher_actions(const PolicyEntry& teacher, const OptionValues& options, std::int32_t* out);

 private:
  struct Slot {
    std::optional<RecordedDeal> deal;
    std::uint64_t deals_started = 0;
    std::uint64_t deal_seed = 0;
    Rng choices{0};
    std::array<std::unique_ptr<Policy>, 4> bots;
    std::unique_ptr<Policy> teacher;
    const PolicyEntry* teacher_entry = nullptr;
    Rng teacher_choices{0};
    // The legal actions of the seat to act: the move each stands for.
    std::array<Move, kGiveBase> moves{};
    std::array<std::uint8_t, kNumActions> legal{};
  };
  void start_deal(Slot& slot, std::size_t env);
  // Plays the bots' turns and replaces ended deals until a learner must act.
  void advance(Slot& slot, std::size_t env, MoveList& moves, float* reward, std::int8_t* done);
  void fill_legal(Slot& slot, MoveList& moves);
  void write(const Slot& slot, std::size_t env, const BatchOutputs& out) const;

  BatchEnvSetup setup_;
  SimulationSetup start_;  // what simulation_start needs to rebuild deal r * N + j
  unsigned learner_seats_ = 0;
  EnvThreads<MoveList> threads_;
  std::vector<Slot> slots_;
};

}  // namespace guandan::learning
