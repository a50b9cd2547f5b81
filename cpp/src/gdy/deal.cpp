#include "guandan/gdy/deal.h"

#include <stdexcept>
#include <string>

#include "guandan/common/rng.h"

namespace guandan::gdy {
namespace {

void check_players(int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw std::invalid_argument("players must be 2..6, got " + std::to_string(players));
}

void check_starter(int starter, int players) {
  if (starter < 0 || starter >= players)
    throw std::invalid_argument("starter must be a seat 0.." + std::to_string(players - 1) + ", got " +
                                std::to_string(starter));
}

}  // namespace

DeckOrder shuffled_deck_order(std::uint64_t seed, int players, int* drawn_starter) {
  Rng rng(seed);
  std::array<std::uint8_t, kDeckSize> ids{};
  for (int i = 0; i < kDeckSize; ++i) ids[i] = std::uint8_t(i);
  rng.shuffle(ids);
  DeckOrder order{};
  for (int i = 0; i < kDeckSize; ++i) order[i] = ids[i] < 52 ? std::uint8_t(ids[i] / 4) : std::uint8_t(kJokerRank);
  if (drawn_starter) *drawn_starter = int(rng.bounded(std::uint64_t(players)));
  return order;
}

DealState::DealState(int players, std::uint64_t seed, int starter)
    : players_(players), seed_(seed), starter_(starter) {
  check_players(players);
  if (starter != -1) check_starter(starter, players);
  int drawn = 0;
  deck_ = shuffled_deck_order(seed, players, starter == -1 ? &drawn : nullptr);
  if (starter == -1) starter_ = drawn;
  deal_cards();
}

DealState::DealState(int players, const DeckOrder& deck, int starter)
    : players_(players), starter_(starter), deck_(deck) {
  check_players(players);
  check_starter(starter, players);
  Cards all;
  for (std::uint8_t kind : deck) {
    if (kind > kJokerRank) throw std::invalid_argument("a deck order holds card kinds 0..13");
    all = all + Cards::of_kind(kind);
    if (!all.is_valid()) throw std::invalid_argument("a deck order holds four of each rank and two jokers");
  }
  deal_cards();
}

DealState::DealState(const Position& p) : players_(p.players), starter_(p.turn) {
  check_players(p.players);
  check_starter(p.turn, p.players);
  check_starter(p.last_player, p.players);
  if (p.stock_left < 0 || p.stock_left > kDeckSize) throw std::invalid_argument("stock_left must be 0..54");
  Cards all = p.gone;
  for (int s = 0; s < p.players; ++s) all = all + p.hands[s];
  stock_next_ = kDeckSize - p.stock_left;
  for (int i = 0; i < p.stock_left; ++i) {
    deck_[stock_next_ + i] = p.stock[i];
    all = all + Cards::of_kind(p.stock[i]);
  }
  if (!(all == Cards::full_deck())) throw std::invalid_argument("a position holds the 54 cards exactly once");
  hands_ = p.hands;
  played_ = p.played;
  table_ = p.table;
  turn_ = p.turn;
  last_player_ = p.last_player;
  passes_ = p.passes;
  bombs_ = p.bombs;
  gone_ = p.gone;
}

void DealState::deal_cards() {
  for (int k = 0; k < kHandCards * players_; ++k) {
    const int seat = (starter_ + k) % players_;
    hands_[seat] = hands_[seat] + Cards::of_kind(deck_[k]);
  }
  hands_[starter_] = hands_[starter_] + Cards::of_kind(deck_[kHandCards * players_]);
  stock_next_ = kHandCards * players_ + 1;
  turn_ = last_player_ = starter_;
}

bool DealState::is_legal(Play play) const {
  if (over()) return false;
  const Cards hand = hands_[turn_];
  if (!play.cards().is_valid() || !hand.contains(play.cards())) return false;
  // The generator is the rule: a play is legal when it lists it.
  FixedList<Play, kPlayListCapacity> plays;
  generate_plays(hand, table_, plays);
  for (Play p : plays)
    if (p == play) return true;
  return false;
}

void DealState::apply(Play play) {
  const int seat = turn_;
  if (play.is_pass()) {
    ++pass_count_;
    if (++passes_ == players_ - 1) {  // everyone else passed: the trick is over
      table_ = Play::pass();
      passes_ = 0;
      draw_round();
      turn_ = last_player_;
    } else {
      turn_ = (seat + 1) % players_;
    }
    return;
  }
  hands_[seat] = hands_[seat] - play.cards();
  gone_ = gone_ + play.cards();
  played_[seat] = true;
  ++plays_;
  if (play.is_bomb()) ++bombs_;
  if (hands_[seat].empty()) {
    winner_ = seat;
    return;
  }
  table_ = play;
  last_player_ = seat;
  passes_ = 0;
  turn_ = (seat + 1) % players_;
}

void DealState::draw_round() {
  for (int i = 0; i < players_ && stock_next_ < kDeckSize; ++i) {
    const int seat = (last_player_ + i) % players_;
    hands_[seat] = hands_[seat] + Cards::of_kind(deck_[stock_next_++]);
    ++draws_;
  }
}

int DealState::penalty(int seat) const {
  if (!over() || seat == winner_) return 0;
  return gdy::penalty(hands_[seat].size(), played_[seat], bombs_);
}

GameState::GameState(int players, std::uint64_t seed, int target) : players_(players), target_(target), seed_(seed) {
  check_players(players);
  if (target < 1 || target > kMaxTarget)
    throw std::invalid_argument("target must be 1..10000 points, got " + std::to_string(target));
}

DealState GameState::next_deal() const {
  return DealState(players_, match_deal_seed(seed_, std::uint64_t(deals_played_)), next_starter_);
}

void GameState::record(const DealState& deal) {
  for (int s = 0; s < players_; ++s) {
    scores_[s] += deal.penalty(s);
    if (scores_[s] >= target_) over_ = true;
  }
  next_starter_ = deal.winner();
  ++deals_played_;
}

unsigned GameState::winners() const {
  int best = scores_[0];
  for (int s = 1; s < players_; ++s)
    if (scores_[s] < best) best = scores_[s];
  unsigned mask = 0;
  for (int s = 0; s < players_; ++s)
    if (scores_[s] == best) mask |= 1u << s;
  return mask;
}

}  // namespace guandan::gdy
