// One deal of Gan Deng Yan (docs/gdy_rules.md §5 to §7), as a mutable state.
//
// Rules in brief: 2..6 players, one 54-card deck. The starter gets six
// cards, the others five, and the starter leads. Each turn the player to act
// plays a combination that beats the table, or passes (never when leading).
// When everyone else has passed, the table is cleared, every player draws a
// card from the stock (starting with the one who played last, while the
// stock lasts) and the last player leads anything. The first player out of
// cards wins; each other player's penalty is the cards left, doubled if they
// never played, doubled for each bomb of the deal (bombs at most x4).
//
// Dealing (fixed here so that a seed gives the same deal everywhere): the
// deck is the physical cards 0..53 (kind id / 4 for id < 52, the two jokers
// 52 and 53) shuffled by Rng (rng.h); without a given starter the starter is
// rng.bounded(players), drawn after the shuffle. Position k < 5n goes to seat
// (starter + k) % n, position 5n to the starter; the rest is the stock,
// drawn from its lowest position. tests/reference/gdy.py implements the same
// specification independently.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/gdy/cards.h"
#include "guandan/gdy/movegen.h"
#include "guandan/gdy/play.h"

namespace guandan::gdy {

inline constexpr int kHandCards = 5;  // the starter gets one more

// A shuffled deck: card kinds (a rank 0..12, or kJokerRank) in deal order.
using DeckOrder = std::array<std::uint8_t, kDeckSize>;

DeckOrder shuffled_deck_order(std::uint64_t seed, int players, int* drawn_starter);

// The penalty of a player left with `cards_left` (docs/gdy_rules.md §6).
constexpr int penalty(int cards_left, bool played, int bombs) {
  const int bomb_factor = bombs >= 2 ? 4 : bombs == 1 ? 2 : 1;
  return cards_left * (played ? 1 : 2) * bomb_factor;
}

// A position in the middle of a deal, as a search imagines it: every field
// of the state that matters for the rest of the deal.
struct Position {
  int players = 4;
  std::array<Cards, kMaxPlayers> hands{};
  DeckOrder stock{};  // the first `stock_left` entries, drawn in order
  int stock_left = 0;
  int turn = 0;
  Play table;  // the pass: the player to act leads
  int last_player = 0;
  int passes = 0;
  std::array<bool, kMaxPlayers> played{};
  int bombs = 0;
  Cards gone;  // cards played so far
};

class DealState {
 public:
  // A seeded deal; starter -1: drawn from the seed. Throws
  // std::invalid_argument for players outside 2..6 or a starter not a seat.
  DealState(int players, std::uint64_t seed, int starter = -1);
  // A deal of a given deck order (a permutation of the 54 cards as kinds).
  DealState(int players, const DeckOrder& deck, int starter);
  // A deal from a position (its seed 0, its starter the player to act);
  // the position must hold the 54 cards between hands, stock and `gone`.
  explicit DealState(const Position& position);

  int players() const { return players_; }
  std::uint64_t seed() const { return seed_; }  // 0 for a deal of a given deck order
  int starter() const { return starter_; }
  int turn() const { return turn_; }
  Play table() const { return table_; }  // the pass when the player to act leads
  bool leading() const { return table_.is_pass(); }
  int last_player() const { return last_player_; }  // who played the table (the starter before any play)
  int passes() const { return passes_; }             // passes since the table's play
  Cards hand(int seat) const { return hands_[seat]; }
  int hand_size(int seat) const { return hands_[seat].size(); }
  int stock_left() const { return kDeckSize - stock_next_; }
  bool has_played(int seat) const { return played_[seat]; }
  int bombs() const { return bombs_; }
  Cards gone() const { return gone_; }  // the cards played so far (everyone saw them)
  int plays() const { return plays_; }
  int pass_count() const { return pass_count_; }
  int draws() const { return draws_; }  // cards drawn from the stock so far
  bool over() const { return winner_ >= 0; }
  int winner() const { return winner_; }  // -1 while the deal goes on
  // The penalty of a seat once the deal is over (0 for the winner).
  int penalty(int seat) const;
  // The card kind the stock gives next (kJokerRank for a joker); only while
  // stock_left() > 0. Hidden from players: for the engine and its tests.
  int stock_card(int i) const { return deck_[stock_next_ + i]; }

  template <class Sink>
  void legal_plays(Sink& sink) const {
    generate_plays(hands_[turn_], table_, sink);
  }
  bool is_legal(Play play) const;
  // Plays `play` for the player to act; it must be legal (is_legal).
  void apply(Play play);

 private:
  void deal_cards();
  void draw_round();

  int players_;
  std::uint64_t seed_ = 0;
  int starter_;
  DeckOrder deck_{};
  int stock_next_ = 0;
  std::array<Cards, kMaxPlayers> hands_{};
  std::array<bool, kMaxPlayers> played_{};
  Play table_;
  int turn_ = 0;
  int last_player_ = 0;
  int passes_ = 0;
  int bombs_ = 0;
  int plays_ = 0;
  int pass_count_ = 0;
  int draws_ = 0;
  int winner_ = -1;
  Cards gone_;
};

// A game: deals until one takes someone to the target; lowest score wins.
// Deal i is seeded match_deal_seed(seed, i) (rng.h); the first deal's
// starter is drawn, later ones are started by the last deal's winner.
class GameState {
 public:
  static constexpr int kDefaultTarget = 50;
  static constexpr int kMaxTarget = 10000;

  GameState(int players, std::uint64_t seed, int target = kDefaultTarget);

  int players() const { return players_; }
  int target() const { return target_; }
  std::uint64_t seed() const { return seed_; }
  int deals_played() const { return deals_played_; }
  int score(int seat) const { return scores_[seat]; }
  bool over() const { return over_; }
  // Seats with the lowest score, as a bit mask (ties share the win); once over.
  unsigned winners() const;

  // The next deal, ready to play.
  DealState next_deal() const;
  // Scores a finished deal (the one next_deal() gave).
  void record(const DealState& deal);

 private:
  int players_;
  int target_;
  std::uint64_t seed_;
  std::array<int, kMaxPlayers> scores_{};
  int deals_played_ = 0;
  int next_starter_ = -1;
  bool over_ = false;
};

}  // namespace guandan::gdy
