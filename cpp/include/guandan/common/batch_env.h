// What the batched learning environments of both games share (Guandan's
// tools/batch_env.h, Gan Deng Yan's gdy/batch_env.h): the caller's output
// rows, the thread loop over the envs, and the check of a step's actions
// before any env changes.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "guandan/common/parallel_rows.h"

namespace guandan {

inline constexpr int kMaxEnvs = 1 << 20;

// Caller-owned outputs, row i for env i; a game fixes the widths (its
// observation size, its number of actions, its seats).
struct BatchOutputs {
  std::int8_t* observation;  // n x observation size: what the seat to act may know
  std::int8_t* mask;         // n x actions: 1 for each legal action
  std::int8_t* seat;         // n: the learner's seat to act
  float* reward;             // n x seats: at a deal's end, each seat's result; else 0
  std::int8_t* done;         // n: this step ended a deal (the outputs already show the next deal)
  std::uint64_t* deal_seed;  // n: the seed of the deal now shown
};

// The envs of a batch stepped on threads, each thread with its own scratch
// (a move list: too large for the stack, and one per thread is enough).
template <class Scratch>
class EnvThreads {
 public:
  // std::invalid_argument for envs or threads out of range.
  EnvThreads(int envs, int threads) : envs_(envs), threads_(threads) {
    if (envs < 1 || envs > kMaxEnvs) throw std::invalid_argument("envs must be 1..1048576");
    if (threads < 1 || threads > kMaxThreads)
      throw std::invalid_argument("threads must be 1.." + std::to_string(kMaxThreads));
    for (int t = 0; t < threads; ++t) scratch_.push_back(std::make_unique<Scratch>());
  }

  // body(env, scratch) for every env, on the threads. Each env's work must
  // depend on that env alone, so that the threads change nothing.
  template <class Body>
  void for_each_env(Body body) {
    const int threads = threads_ < envs_ ? threads_ : envs_;
    std::atomic<int> next_scratch{0};
    // Blocks of envs, so that a thread's envs sit together in memory.
    const std::uint64_t block = std::uint64_t(envs_ / (8 * threads) + 1);
    run_rows(std::uint64_t(envs_), threads, block, nullptr,
             [&](const std::atomic<bool>*) { return scratch_[std::size_t(next_scratch++)].get(); },
             [&](std::uint64_t env, Scratch* scratch) { body(std::size_t(env), *scratch); });
  }

 private:
  int envs_;
  int threads_;
  std::vector<std::unique_ptr<Scratch>> scratch_;
};

// Env `env`'s reward row (`seats` wide) and done flag, cleared: its result
// before it moves on. Returns the reward row.
inline float* cleared_result(const BatchOutputs& out, std::size_t env, std::size_t seats) {
  float* reward = out.reward + env * seats;
  std::fill(reward, reward + seats, 0.0f);
  out.done[env] = 0;
  return reward;
}

// How many actions are legal now over all envs: slots with a `legal` array of 0 and 1.
template <class Slot>
std::int64_t legal_count(const std::vector<Slot>& slots) {
  std::int64_t n = 0;
  for (const Slot& slot : slots)
    for (std::uint8_t legal : slot.legal) n += legal;
  return n;
}

// body(slot, action, row) for each legal action, env by env, actions
// ascending (the order of the masks' ones), row counting them from 0.
template <class Slot, class Body>
void for_each_legal(const std::vector<Slot>& slots, Body body) {
  std::int64_t row = 0;
  for (const Slot& slot : slots)
    for (int a = 0; a < int(slot.legal.size()); ++a)
      if (slot.legal[std::size_t(a)]) body(slot, a, row++);
}

// std::invalid_argument naming the first env whose action legal(env, action)
// refuses (it may throw its own error first), before any env changes.
template <class Legal>
void check_actions(const std::int32_t* actions, std::size_t envs, Legal legal) {
  for (std::size_t env = 0; env < envs; ++env)
    if (!legal(env, actions[env]))
      throw std::invalid_argument("env " + std::to_string(env) + ": action " + std::to_string(actions[env]) +
                                  " is not legal for its seat to act (see its mask)");
}

}  // namespace guandan
