#include "guandan/deal.h"

#include <stdexcept>
#include <string>

#include "guandan/readings.h"

namespace guandan {

DealState::DealState(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, int leader)
    : hands_(hands), level_(level), rules_(rules) {
  check_seats_hold_cards();
  start_play(leader);
}

DealState::DealState(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules,
                     const Placing& previous)
    : hands_(hands), level_(level), rules_(rules), previous_(previous) {
  check_seats_hold_cards();
  plan_ = plan_tribute(previous, hands, level, rules);
  if (plan_.count == 0) {
    start_play(tribute_leader(plan_, previous_, rules_));
  } else {
    phase_ = Phase::kTribute;
    turn_ = plan_.payments[0].payer;
  }
}

DealState::DealState(const std::array<CardSet, 4>& hands, const PlayerView& view)
    : hands_(hands), level_(view.level), rules_(view.rules) {
  phase_ = Phase::kPlay;
  turn_ = view.seat;
  has_last_play_ = !view.leading;
  last_play_ = view.last_play;
  last_player_ = view.last_player;
  passed_mask_ = view.passed_mask;
  played_ = view.played;
  shown_ = view.shown;
  order_ = view.out;
  out_count_ = view.out_count;
  for (int i = 0; i < out_count_; ++i) out_mask_ |= std::uint8_t(1u << order_[i]);
  first_out_last_play_ = view.first_out_last_play;
}

std::uint64_t DealState::hash() const {
  std::uint64_t h = 0x243F6A8885A308D3ull;
  auto add = [&h](std::uint64_t word) {
    h = (h ^ word) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  };
  for (const CardSet& hand : hands_) add(hand.lo), add(hand.hi);
  if (has_last_play_) add(last_play_.lo), add(last_play_.hi);
  // The small fields packed into one word (order_ entries are -1..3: 3 bits).
  std::uint64_t small = std::uint64_t(phase_) | std::uint64_t(turn_ + 1) << 2 | std::uint64_t(has_last_play_) << 5 |
                        std::uint64_t(last_player_ + 1) << 6 | std::uint64_t(passed_mask_) << 9 |
                        std::uint64_t(out_mask_) << 13 | std::uint64_t(out_count_) << 17 |
                        std::uint64_t(level_) << 20 | std::uint64_t(payments_done_) << 24 |
                        std::uint64_t(returns_done_) << 26;
  for (int i = 0; i < 4; ++i) small |= std::uint64_t(order_[i] + 1) << (28 + 3 * i);
  add(small);
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ull;
  return h ^ (h >> 32);
}

PlayerView DealState::view(int seat) const {
  PlayerView v;
  v.seat = seat;
  v.level = level_;
  v.rules = rules_;
  v.hand = hands_[seat];
  for (int s = 0; s < 4; ++s) v.counts[s] = hands_[s].size();
  v.played = played_;
  v.shown = shown_;
  v.leading = !has_last_play_;
  v.last_play = last_play_;
  v.last_player = last_player_;
  v.passed_mask = passed_mask_;
  v.out = order_;
  v.out_count = out_count_;
  v.first_out_last_play = first_out_last_play_;
  return v;
}

// A seat with no cards would be out before the deal starts, and could leave
// the seat to act with no legal action: every deal starts with four hands.
void DealState::check_seats_hold_cards() const {
  for (int s = 0; s < 4; ++s)
    if (hands_[s].empty())
      throw std::invalid_argument("seat " + std::to_string(s) + " holds no cards: every seat starts a deal with at least one card");
}

void DealState::start_play(int leader) {
  phase_ = Phase::kPlay;
  // The previous trick is forgotten, so equal positions are equal values.
  has_last_play_ = false;
  last_play_ = {};
  last_player_ = -1;
  passed_mask_ = 0;
  turn_ = leader;
}

int DealState::next_active(int seat) const {
  for (int i = 1; i <= 4; ++i) {
    const int s = (seat + i) % 4;
    if (!is_out(s)) return s;
  }
  return -1;
}

// A member of the position's legal moves, without generating them: the cards
// are in the hand, the move is bit for bit a reading the generator makes of
// them at this deal's level and move rules (so a Move read at another level,
// or with a hand-made wild declaration, is refused), and it beats the last
// play when following (what follows() emits).
bool DealState::is_legal(Move move) const {
  if (phase_ != Phase::kPlay) return false;
  const CardSet cards = move.cards();
  if (!cards.is_canonical() || cards.empty() || !hands_[turn_].contains(cards)) return false;
  if (has_last_play_ && !beats(move, last_play_, level_)) return false;
  return is_legal_reading(move, level_, rules_.move_rules());
}

void DealState::play(Move move) {
  if (phase_ != Phase::kPlay) throw std::invalid_argument("no play now: the deal is not in its play phase");
  if (!is_legal(move)) throw std::invalid_argument("not a legal play for the seat to act");
  apply_play(move);
}

void DealState::pass() {
  if (phase_ != Phase::kPlay) throw std::invalid_argument("no pass now: the deal is not in its play phase");
  if (!has_last_play_) throw std::invalid_argument("the leader of a trick cannot pass");
  apply_pass();
}

void DealState::apply_play(Move move) {
  const int seat = turn_;
  hands_[seat] = hands_[seat] - move.cards();
  played_ = played_ + move.cards();
  shown_[seat] = shown_[seat] - common(shown_[seat], move.cards());
  last_play_ = move;
  last_player_ = seat;
  has_last_play_ = true;
  passed_mask_ = 0;
  if (hands_[seat].empty()) {
    out_mask_ |= std::uint8_t(1u << seat);
    if (out_count_ == 0) first_out_last_play_ = move;
    order_[out_count_++] = seat;
    check_end();
    if (phase_ == Phase::kOver) return;
  }
  turn_ = next_active(seat);
}

void DealState::apply_pass() {
  passed_mask_ |= std::uint8_t(1u << turn_);
  const unsigned active = ~unsigned(out_mask_) & 0xFu;
  const unsigned others = active & ~(1u << last_player_);
  if ((others & ~unsigned(passed_mask_)) == 0) {
    end_trick();
  } else {
    turn_ = next_active(turn_);
  }
}

void DealState::end_trick() {
  int leader = last_player_;
  if (is_out(leader)) {
    // Jiefeng: the partner leads; if out too, the next player still in.
    leader = is_out(partner_of(leader)) ? next_active(leader) : partner_of(leader);
  }
  start_play(leader);
}

void DealState::check_end() {
  if (deal_ends(out_mask_, out_count_, rules_)) {
    phase_ = Phase::kOver;
    turn_ = -1;
    has_last_play_ = false;
    last_play_ = {};
    last_player_ = -1;
    passed_mask_ = 0;
  }
}

CardSet DealState::give_options() const {
  if (phase_ == Phase::kTribute) return tribute_cards(hands_[turn_], level_, rules_);
  if (phase_ == Phase::kReturn) return return_cards(hands_[turn_], paid_[returns_done_], level_, rules_);
  return {};
}

// A card given face up: the receiver is known to hold it from now on.
void DealState::hand_over(int from, int to, CardKind card) {
  const CardSet one = CardSet::of_kind(card);
  hands_[from] = hands_[from] - one;
  hands_[to] = hands_[to] + one;
  shown_[from] = shown_[from] - common(shown_[from], one);
  shown_[to] = shown_[to] + one;
}

void DealState::give(CardKind card) {
  if (phase_ != Phase::kTribute && phase_ != Phase::kReturn)
    throw std::invalid_argument("no tribute or return to give now");
  if (card >= kNumKinds || !give_options().contains(CardSet::of_kind(card)))
    throw std::invalid_argument("not a card this seat may give now");
  if (phase_ == Phase::kTribute) {
    const Payment& pay = plan_.payments[payments_done_];
    hand_over(pay.payer, pay.receiver, card);
    paid_[payments_done_++] = card;
    if (payments_done_ < plan_.count) {
      turn_ = plan_.payments[payments_done_].payer;
    } else {
      phase_ = Phase::kReturn;
      turn_ = plan_.payments[0].receiver;
    }
    return;
  }
  const Payment& pay = plan_.payments[returns_done_];
  hand_over(pay.receiver, pay.payer, card);
  returned_[returns_done_++] = card;
  if (returns_done_ < plan_.count) {
    turn_ = plan_.payments[returns_done_].receiver;
  } else {
    start_play(tribute_leader(plan_, previous_, rules_));
  }
}

}  // namespace guandan
