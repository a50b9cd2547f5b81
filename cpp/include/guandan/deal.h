// DealState: one deal of Guandan, from tribute to the last player out.
//
// Rules (docs/rules.md §6.3 to §6.6, §7):
// - Seats 0..3 play in turn order 0 -> 1 -> 2 -> 3 -> 0; teams {0, 2}, {1, 3}.
// - Tribute phase (from the second deal of a match): the payer(s) give a
//   tribute card, then each receiver returns one card (tribute.h); then play.
// - The leader of a trick plays any combination and cannot pass; each next
//   player still holding cards beats the last play or passes, and may play
//   later in the same trick after passing.
// - A trick ends when every other player still holding cards has passed since
//   the last play; the last player to play leads the next trick. If that
//   player has gone out, their partner leads (jiefeng); if the partner is out
//   too, the next player after them in turn order who still holds cards.
// - Playing one's last card goes out. The deal ends when one team has both
//   players out, or (ruleset) when three players are out.
//
// The state is a plain value (copy it to clone) and allocates nothing, so
// Monte Carlo playouts can run whole deals in C++. It is the position only:
// how it was reached (the public record) is kept by a RecordedDeal
// (recorded_deal.h), where a table or a simulation needs it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/placing.h"
#include "guandan/player_view.h"
#include "guandan/ruleset.h"
#include "guandan/tribute.h"

namespace guandan {

enum class Phase : std::uint8_t { kTribute, kReturn, kPlay, kOver };

// Whether a deal is over with these seats out (bit s: seat s), out_count of
// them (docs/rules.md §6.6): one team out, or three players out.
constexpr bool deal_ends(unsigned out_mask, int out_count, const Ruleset& rules) {
  const bool team_out = (out_mask & 5u) == 5u || (out_mask & 10u) == 10u;
  return rules.deal_end == DealEnd::kThreeOut ? out_count >= 3 : team_out;
}

class DealState {
 public:
  // A deal starts with every seat holding at least one card (a seat without
  // cards would be out before the deal starts); the constructors throw
  // std::invalid_argument otherwise.
  // A deal that starts with play, `leader` to lead.
  DealState(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, int leader);
  // A deal that starts with tribute, planned from the previous deal's places.
  DealState(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, const Placing& previous);
  // A deal in play at the public position of `view`, with these hands (a
  // determinization: the viewer's own hand and guesses for the others).
  DealState(const std::array<CardSet, 4>& hands, const PlayerView& view);

  // The one-line text form of the position (deal_text.cpp documents it) and
  // its inverse; from_text throws std::invalid_argument on malformed text or
  // an impossible position. from_text(to_text()) == *this.
  std::string to_text() const;
  static DealState from_text(std::string_view text);
  // Same position: every field that decides how the deal continues.
  bool operator==(const DealState& other) const;
  // A 64-bit hash of the fields that decide how the deal goes on from here:
  // the hands, level, phase, turn, the trick (last play, last player, passes
  // since), who is out and in which order, and the tribute's progress. Equal
  // states hash equal; states that differ only in the cards played or shown,
  // the ruleset or the previous deal hash the same too (a key for tables of
  // positions within one deal, e.g. the endgame solver's).
  std::uint64_t hash() const;

  // What `seat` may know now.
  PlayerView view(int seat) const;
  // Every card played so far.
  CardSet played() const { return played_; }

  Phase phase() const { return phase_; }
  int turn() const { return turn_; }  // seat to act; -1 when over
  Rank level() const { return level_; }
  const Ruleset& rules() const { return rules_; }
  const CardSet& hand(int seat) const { return hands_[seat]; }
  const std::array<CardSet, 4>& hands() const { return hands_; }

  // Play phase.
  bool leading() const { return !has_last_play_; }
  const Move* last_play() const { return has_last_play_ ? &last_play_ : nullptr; }
  int last_player() const { return has_last_play_ ? last_player_ : -1; }
  // Seats that passed since the last play (bit s: seat s).
  unsigned passed_mask() const { return passed_mask_; }
  bool is_legal(Move move) const;  // for the seat to act
  // Apply a move known to be legal (from the generator): the playout path.
  void apply_play(Move move);
  void apply_pass();
  // Checked versions for input from outside: throw std::invalid_argument
  // and leave the state unchanged when the action is not legal.
  void play(Move move);
  void pass();

  // Tribute and return phases.
  const TributePlan& tribute_plan() const { return plan_; }
  // The previous deal's places the tribute was planned from (-1s: no tribute).
  const Placing& previous_placing() const { return previous_; }
  int payments_done() const { return payments_done_; }
  int returns_done() const { return returns_done_; }
  CardKind paid_card(int i) const { return paid_[i]; }
  CardKind returned_card(int i) const { return returned_[i]; }
  CardSet give_options() const;  // cards the seat to act may give (one copy per kind)
  void give(CardKind card);      // checked: throws std::invalid_argument

  // Results.
  int out_count() const { return out_count_; }
  int finished(int place) const { return order_[place]; }  // seat at place 0..out_count()-1
  bool is_out(int seat) const { return (out_mask_ >> seat) & 1; }
  const Move* first_out_last_play() const { return out_count_ > 0 ? &first_out_last_play_ : nullptr; }
  bool is_over() const { return phase_ == Phase::kOver; }
  // All four places (placing.h).
  Placing placing() const { return complete_placing(order_.data(), out_count_); }
  const int* finishing_order() const { return order_.data(); }

 private:
  DealState() = default;  // for from_text
  void check_seats_hold_cards() const;
  void check_possible() const;  // from_text: throws std::invalid_argument
  int next_active(int seat) const;
  void start_play(int leader);
  void end_trick();
  void check_end();
  void hand_over(int from, int to, CardKind card);

  std::array<CardSet, 4> hands_{};
  Rank level_ = kTwo;
  Ruleset rules_;
  Phase phase_ = Phase::kPlay;
  int turn_ = 0;

  bool has_last_play_ = false;
  Move last_play_{};
  int last_player_ = -1;
  std::uint8_t passed_mask_ = 0;  // seats that passed since the last play

  CardSet played_;
  std::array<CardSet, 4> shown_{};

  std::uint8_t out_mask_ = 0;
  int out_count_ = 0;
  Placing order_{-1, -1, -1, -1};
  Move first_out_last_play_{};

  Placing previous_{-1, -1, -1, -1};
  TributePlan plan_{};
  int payments_done_ = 0;
  int returns_done_ = 0;
  std::array<CardKind, 2> paid_{};
  std::array<CardKind, 2> returned_{};
};

}  // namespace guandan
