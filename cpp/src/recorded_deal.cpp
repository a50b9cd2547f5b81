#include "guandan/recorded_deal.h"

#include "guandan/tribute.h"

namespace guandan {

namespace {

// A deal of 108 cards takes about 150 actions; one allocation holds most.
constexpr std::size_t kUsualActions = 256;

}  // namespace

RecordedDeal::RecordedDeal(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, int leader)
    : DealState(hands, level, rules, leader) {
  record_.reserve(kUsualActions);
}

RecordedDeal::RecordedDeal(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules,
                           const Placing& previous)
    : DealState(hands, level, rules, previous) {
  record_.reserve(kUsualActions);
  if (tribute_plan().cancelled)
    record_.push_back({PublicAction::Type::kCancelledTribute, -1,
                       std::int8_t(tribute_payer_seats(previous, rules)), CardKind{}, Move{}});
}

void RecordedDeal::apply_play(Move move) {
  const PublicAction action = trick_action(PublicAction::Type::kPlay, move);
  DealState::apply_play(move);
  record_.push_back(action);
}

void RecordedDeal::apply_pass() {
  const PublicAction action = trick_action(PublicAction::Type::kPass, Move{});
  DealState::apply_pass();
  record_.push_back(action);
}

void RecordedDeal::play(Move move) {
  const PublicAction action = trick_action(PublicAction::Type::kPlay, move);
  DealState::play(move);  // throws, recording nothing, when not legal
  record_.push_back(action);
}

void RecordedDeal::pass() {
  const PublicAction action = trick_action(PublicAction::Type::kPass, Move{});
  DealState::pass();
  record_.push_back(action);
}

void RecordedDeal::give(CardKind card) {
  const bool tribute = phase() == Phase::kTribute;
  PublicAction action{tribute ? PublicAction::Type::kTribute : PublicAction::Type::kReturn, -1, -1, card, Move{}};
  if (tribute || phase() == Phase::kReturn) {
    const Payment& pay = tribute_plan().payments[std::size_t(tribute ? payments_done() : returns_done())];
    action.seat = std::int8_t(tribute ? pay.payer : pay.receiver);
    action.other = std::int8_t(tribute ? pay.receiver : pay.payer);
  }
  DealState::give(card);  // throws, recording nothing, when not a card to give now
  record_.push_back(action);
}

PlayerView RecordedDeal::view(int seat) const {
  PlayerView v = DealState::view(seat);
  v.record = record_;
  return v;
}

}  // namespace guandan
