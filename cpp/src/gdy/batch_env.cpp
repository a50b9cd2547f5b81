#include "guandan/gdy/batch_env.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "guandan/gdy/playout.h"

namespace guandan::gdy {

BatchEnv::BatchEnv(const BatchEnvSetup& setup, int envs, int threads) : setup_(setup), threads_(envs, threads) {
  if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
    throw std::invalid_argument("players must be 2..6, got " + std::to_string(setup.players));
  for (int s = 0; s < setup.players; ++s)
    if (setup.bots[std::size_t(s)] == nullptr) learner_seats_ |= 1u << s;
  if (learner_seats_ == 0) throw std::invalid_argument("at least one seat must be the learner's (no bot)");
  slots_.resize(std::size_t(envs));
  for (Slot& slot : slots_)
    for (int s = 0; s < setup.players; ++s)
      if (const PolicyEntry* bot = setup.bots[std::size_t(s)]) slot.bots[std::size_t(s)] = bot->make();
}

void BatchEnv::start_deal(Slot& slot, std::size_t env) {
  const std::uint64_t index = slot.deals_started * slots_.size() + env;
  slot.deal_seed = match_deal_seed(setup_.seed, index);
  slot.deal.emplace(setup_.players, slot.deal_seed);
  slot.plays = PlaysBySeat{};
  slot.choices = choice_rng(slot.deal_seed);
  slot.teacher_choices = Rng(slot.deal_seed ^ 0x7EAC4E57EAC4E57Eull);
  ++slot.deals_started;
}

void BatchEnv::apply(Slot& slot, Play play) {
  slot.plays.record(slot.deal->turn(), play);
  slot.deal->apply(play);
}

void BatchEnv::fill_legal(Slot& slot, PlayList& plays) {
  plays.clear();
  slot.deal->legal_plays(plays);
  std::array<int, kNumActions> representative;
  group_actions(plays.begin(), int(plays.size()), representative);
  for (int a = 0; a < kNumActions; ++a) {
    const int i = representative[std::size_t(a)];
    slot.legal[std::size_t(a)] = i >= 0;
    if (i >= 0) slot.moves[std::size_t(a)] = plays[std::size_t(i)];
  }
}

void BatchEnv::advance(Slot& slot, std::size_t env, PlayList& plays, float* reward, std::int8_t* done) {
  for (;;) {
    DealState& deal = *slot.deal;
    if (deal.over()) {
      for (int s = 0; s < setup_.players; ++s) reward[s] -= float(deal.penalty(s));
      *done = 1;
      start_deal(slot, env);
      continue;
    }
    const int seat = deal.turn();
    if (learner_seats_ >> seat & 1) return fill_legal(slot, plays);
    const Play play = act(deal, *slot.bots[std::size_t(seat)], slot.choices, plays);
    slot.plays.record(seat, play);
  }
}

void BatchEnv::write(const Slot& slot, std::size_t env, const BatchOutputs& out) const {
  const DealState& deal = *slot.deal;
  encode_observation(deal, slot.plays, deal.turn(), out.observation + env * kObservationSize);
  std::memcpy(out.mask + env * kNumActions, slot.legal.data(), kNumActions);
  out.seat[env] = std::int8_t(deal.turn());
  out.deal_seed[env] = slot.deal_seed;
}

void BatchEnv::reset(const BatchOutputs& out) {
  const std::size_t seats = std::size_t(setup_.players);
  threads_.for_each_env([&](std::size_t env, PlayList& plays) {
    Slot& slot = slots_[env];
    slot.deals_started = 0;
    start_deal(slot, env);
    advance(slot, env, plays, cleared_result(out, env, seats), out.done + env);
    // As Guandan's: a deal the bots finished before the learner's first
    // turn is no episode of the learner's.
    cleared_result(out, env, seats);
    write(slot, env, out);
  });
}

void BatchEnv::step(const std::int32_t* actions, const BatchOutputs& out) {
  check_actions(actions, slots_.size(), [&](std::size_t env, std::int32_t a) {
    if (slots_[env].deal == std::nullopt) throw std::invalid_argument("call reset() before step()");
    return a >= 0 && a < kNumActions && slots_[env].legal[std::size_t(a)];
  });
  const std::size_t seats = std::size_t(setup_.players);
  threads_.for_each_env([&](std::size_t env, PlayList& plays) {
    Slot& slot = slots_[env];
    apply(slot, slot.moves[std::size_t(actions[env])]);
    advance(slot, env, plays, cleared_result(out, env, seats), out.done + env);
    write(slot, env, out);
  });
}

std::int64_t BatchEnv::legal_count() const { return guandan::legal_count(slots_); }

void BatchEnv::action_rows(std::int8_t* rows, std::int16_t* action) const {
  for_each_legal(slots_, [&](const Slot& slot, int a, std::int64_t row) {
    play_features(slot.moves[std::size_t(a)], rows + row * kActionFeatures);
    action[row] = std::int16_t(a);
  });
}

void BatchEnv::teacher_actions(const PolicyEntry& teacher, std::int32_t* out) {
  if (!started()) throw std::invalid_argument("call reset() before teacher_actions()");
  for (Slot& slot : slots_)
    if (slot.teacher_entry != &teacher) {
      slot.teacher = teacher.make();
      slot.teacher_entry = &teacher;
    }
  threads_.for_each_env([&](std::size_t env, PlayList& plays) {
    Slot& slot = slots_[env];
    const DealState& deal = *slot.deal;
    plays.clear();
    deal.legal_plays(plays);
    const int choice = slot.teacher->choose(SeatView::of(deal), plays.begin(), int(plays.size()), slot.teacher_choices);
    out[env] = action_of(plays[std::size_t(choice)]);
  });
}

}  // namespace guandan::gdy
