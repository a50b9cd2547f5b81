#include "guandan/tools/batch_env.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "guandan/bots/playout.h"
#include "guandan/movegen.h"
#include "guandan/placing.h"

namespace guandan::learning {

BatchEnv::BatchEnv(const BatchEnvSetup& setup, int envs, int threads) : setup_(setup), threads_(envs, threads) {
  if (setup.level >= kNumRanks) throw std::invalid_argument("level must be a rank index 0..12");
  for (int s = 0; s < 4; ++s)
    if (setup.bots[std::size_t(s)] == nullptr) learner_seats_ |= 1u << s;
  if (learner_seats_ == 0) throw std::invalid_argument("at least one seat must be the learner's (no bot)");
  start_.rules = setup.rules;
  start_.seed = setup.seed;
  start_.level = setup.level;
  start_.tribute = setup.tribute;
  slots_.resize(std::size_t(envs));
  for (Slot& slot : slots_)
    for (int s = 0; s < 4; ++s)
      if (const PolicyEntry* bot = setup.bots[std::size_t(s)])
        slot.bots[std::size_t(s)] = bot->make(PolicyOptions{setup.options[std::size_t(s)], nullptr});
}

void BatchEnv::start_deal(Slot& slot, std::size_t env) {
  const std::uint64_t index = slot.deals_started * slots_.size() + env;
  slot.deal_seed = match_deal_seed(setup_.seed, index);
  slot.deal.emplace(simulation_start(start_, slot.deal_seed));
  slot.choices = choice_rng(slot.deal_seed);
  slot.teacher_choices = Rng(slot.deal_seed ^ 0x7EAC4E57EAC4E57Eull);
  ++slot.deals_started;
}

void BatchEnv::fill_legal(Slot& slot, MoveList& moves) {
  slot.legal.fill(0);
  const RecordedDeal& deal = *slot.deal;
  if (deal.phase() != Phase::kPlay) {
    const CardSet options = deal.give_options();
    for (std::uint64_t bits = options.lo; bits; bits &= bits - 1)
      slot.legal[std::size_t(kGiveBase + std::countr_zero(bits))] = 1;
    return;
  }
  moves.clear();
  generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), moves);
  if (moves.overflowed()) throw std::length_error("move list overflow");
  if (!deal.leading()) slot.legal[kPassAction] = 1;
  std::array<int, kGiveBase> representative;
  read_actions(setup_.cards, moves.begin(), int(moves.size()), deal.hand(deal.turn()), deal.level(),
               deal.rules().move_rules(), representative);
  for (int a = 1; a < kGiveBase; ++a) {
    const int i = representative[std::size_t(a)];
    if (i < 0) continue;
    slot.legal[std::size_t(a)] = 1;
    slot.moves[std::size_t(a)] = moves[std::size_t(i)];
  }
}

void BatchEnv::advance(Slot& slot, std::size_t env, MoveList& moves, float* reward, std::int8_t* done) {
  for (;;) {
    RecordedDeal& deal = *slot.deal;
    if (deal.is_over()) {
      const int place = partner_place(deal.finishing_order(), deal.out_count());
      const float gained = float(deal.rules().levels_gained(place));
      const int winners = team_of(deal.placing()[0]);
      for (int s = 0; s < 4; ++s) reward[s] += team_of(s) == winners ? gained : -gained;
      *done = 1;
      start_deal(slot, env);
      continue;
    }
    const int seat = deal.turn();
    if (learner_seats_ >> seat & 1) return fill_legal(slot, moves);
    PlayoutStats unused;
    act(deal, *slot.bots[std::size_t(seat)], slot.choices, moves, unused);
  }
}

void BatchEnv::write(const Slot& slot, std::size_t env, const BatchOutputs& out) const {
  const RecordedDeal& deal = *slot.deal;
  encode_observation(deal, deal.turn(), out.observation + env * kObservationSize);
  std::memcpy(out.mask + env * kNumActions, slot.legal.data(), kNumActions);
  out.seat[env] = std::int8_t(deal.turn());
  out.deal_seed[env] = slot.deal_seed;
}

void BatchEnv::reset(const BatchOutputs& out) {
  threads_.for_each_env([&](std::size_t env, MoveList& moves) {
    Slot& slot = slots_[env];
    slot.deals_started = 0;
    start_deal(slot, env);
    advance(slot, env, moves, cleared_result(out, env, 4), out.done + env);
    // A deal the bots finished before the learner's first turn is no
    // episode of the learner's: the reset shows none ended.
    cleared_result(out, env, 4);
    write(slot, env, out);
  });
}

void BatchEnv::step(const std::int32_t* actions, const BatchOutputs& out) {
  check_actions(actions, slots_.size(), [&](std::size_t env, std::int32_t a) {
    if (slots_[env].deal == std::nullopt) throw std::invalid_argument("call reset() before step()");
    return a >= 0 && a < kNumActions && slots_[env].legal[std::size_t(a)];
  });
  threads_.for_each_env([&](std::size_t env, MoveList& moves) {
    Slot& slot = slots_[env];
    RecordedDeal& deal = *slot.deal;
    const int a = actions[env];
    if (a == kPassAction) deal.apply_pass();
    else if (a >= kGiveBase) deal.give(CardKind(a - kGiveBase));
    else deal.apply_play(slot.moves[std::size_t(a)]);
    advance(slot, env, moves, cleared_result(out, env, 4), out.done + env);
    write(slot, env, out);
  });
}

std::int64_t BatchEnv::legal_count() const { return guandan::legal_count(slots_); }

void BatchEnv::action_rows(std::int8_t* rows, std::int16_t* action) const {
  for_each_legal(slots_, [&](const Slot& slot, int a, std::int64_t row) {
    const Move* move = a > kPassAction && a < kGiveBase ? &slot.moves[std::size_t(a)] : nullptr;
    std::int8_t* out = rows + row * kActionFeatures;
    if (a >= kGiveBase) give_features(CardKind(a - kGiveBase), out);
    else move_features(move, out);
    action[row] = std::int16_t(a);
  });
}

}  // namespace guandan::learning

namespace guandan::learning {

void BatchEnv::view_features(std::int8_t* out) const {
  for (std::size_t env = 0; env < slots_.size(); ++env) {
    const RecordedDeal& deal = *slots_[env].deal;
    net_view_features(deal.view(deal.turn()), out + env * kNetViewFeatures);
  }
}

void BatchEnv::hidden_features(std::int8_t* out) const {
  for (std::size_t env = 0; env < slots_.size(); ++env) {
    const RecordedDeal& deal = *slots_[env].deal;
    const std::array<CardSet, 4> hands{deal.hand(0), deal.hand(1), deal.hand(2), deal.hand(3)};
    net_hidden_features(hands, deal.turn(), deal.level(), deal.rules().move_rules(),
                        out + env * kNetHiddenFeatures);
  }
}

void BatchEnv::plan_rows(std::int8_t* out) const {
  std::int64_t row = 0;
  for (const Slot& slot : slots_) {
    const RecordedDeal& deal = *slot.deal;
    const NetPlanFeatures plan(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules());
    for (int a = 0; a < kNumActions; ++a) {
      if (!slot.legal[std::size_t(a)]) continue;
      const Move* move = a > kPassAction && a < kGiveBase ? &slot.moves[std::size_t(a)] : nullptr;
      plan.of(move, out + kNetPlanFeatures * row++);
    }
  }
}

void BatchEnv::teacher_actions(const PolicyEntry& teacher, const OptionValues& options, std::int32_t* out) {
  for (Slot& slot : slots_)
    if (slot.teacher_entry != &teacher) {
      slot.teacher = teacher.make(PolicyOptions{options, nullptr});
      slot.teacher_entry = &teacher;
    }
  threads_.for_each_env([&](std::size_t env, MoveList& moves) {
    Slot& slot = slots_[env];
    const RecordedDeal& deal = *slot.deal;
    const int seat = deal.turn();
    if (deal.phase() != Phase::kPlay) {
      out[env] = kGiveBase + slot.teacher->choose_card(deal.view(seat), deal.give_options(), slot.teacher_choices);
      return;
    }
    moves.clear();
    generate_moves(deal.hand(seat), deal.level(), deal.rules().move_rules(), deal.last_play(), moves);
    const int choice = slot.teacher->choose_play(deal.view(seat), moves.begin(), int(moves.size()), !deal.leading(),
                                                 slot.teacher_choices);
    out[env] = choice < 0 ? kPassAction : action_of(moves[std::size_t(choice)]);
  });
}

}  // namespace guandan::learning
