// A batch of Gan Deng Yan deals stepped together for learning code, the
// peer of Guandan's tools/batch_env.h: N deals held in C++, each step
// applying one action per deal for the learner's seat to act, then playing
// the other seats with built-in policies until a learner's seat must act
// again, on threads; a deal that ends is replaced by the next one at once
// (docs/guides/gdy.md).
//
// Reproducible: the r-th deal of env j is deal r * N + j of simulate_deals
// (gdy/simulate.h) with the same seed and players: its cards, its starter,
// and its policies' choices, whatever the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "guandan/common/batch_env.h"
#include "guandan/common/rng.h"
#include "guandan/gdy/action_space.h"
#include "guandan/gdy/deal.h"
#include "guandan/gdy/learning_encoding.h"
#include "guandan/gdy/policy.h"

namespace guandan::gdy {

struct BatchEnvSetup {
  int players = 4;
  std::uint64_t seed = 0;
  // By seat (the first `players`): a policy of the registry that plays it
  // inside the step; null: the learner plays it.
  std::array<const PolicyEntry*, kMaxPlayers> bots{};
};

// The outputs (common/batch_env.h): observation n x kObservationSize, mask
// n x kNumActions, reward n x players: at a deal's end, minus the penalty
// each seat takes (0 for the winner); deal_seed: DealState(players, seed)
// deals it again.
using guandan::BatchOutputs;

class BatchEnv {
 public:
  // std::invalid_argument for players outside 2..6, no learner seat, or
  // envs/threads out of range.
  BatchEnv(const BatchEnvSetup& setup, int envs, int threads);

  int size() const { return int(slots_.size()); }
  int players() const { return setup_.players; }
  bool started() const { return slots_.front().deal.has_value(); }  // reset() was called
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
  // Env `env`'s deal now (hidden cards included: for tests and tools); once started.
  const DealState& deal(int env) const { return *slots_[std::size_t(env)].deal; }
  // The action `teacher` (a registry policy) would take for each env's seat
  // to act: its choice, as its grouped action. Each env keeps its own
  // teacher and random stream (seeded by the deal), apart from the bots'.
  void teacher_actions(const PolicyEntry& teacher, std::int32_t* out);

 private:
  struct Slot {
    std::optional<DealState> deal;
    PlaysBySeat plays;
    std::uint64_t deals_started = 0;
    std::uint64_t deal_seed = 0;
    Rng choices{0};
    std::array<std::unique_ptr<Policy>, kMaxPlayers> bots;
    std::unique_ptr<Policy> teacher;
    const PolicyEntry* teacher_entry = nullptr;
    Rng teacher_choices{0};
    // The legal actions of the seat to act: the play each stands for.
    std::array<Play, kNumActions> moves{};
    std::array<std::uint8_t, kNumActions> legal{};
  };
  void start_deal(Slot& slot, std::size_t env);
  void apply(Slot& slot, Play play);
  // Plays the bots' turns and replaces ended deals until a learner must act.
  void advance(Slot& slot, std::size_t env, PlayList& plays, float* reward, std::int8_t* done);
  void fill_legal(Slot& slot, PlayList& plays);
  void write(const Slot& slot, std::size_t env, const BatchOutputs& out) const;

  BatchEnvSetup setup_;
  unsigned learner_seats_ = 0;
  EnvThreads<PlayList> threads_;
  std::vector<Slot> slots_;
};

}  // namespace guandan::gdy
