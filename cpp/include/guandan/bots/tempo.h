// The tempo player: a competition-style heuristic, after the way the
// strongest open Guandan bots play, with no search and no plan search.
//
// The hand is split one way into fixed units (recomputed from the hand at
// each decision, never weighed against another split): every natural rank
// is one n-of-a-kind unit (single, pair, triple, or a bomb of four or more;
// both jokers of each kind are the four-joker bomb); at most one natural
// straight is taken out first, and only when it absorbs more loose singles
// than it breaks pairs and triples (never through a bomb rank). The wild
// hearts belong to no unit: they are spent only to go out or in a bomb.
//
// Leading, it goes out in one move when it can. Otherwise, in this order:
// its lowest loose single below 9; a low tube or plate made of its pair or
// triple units; its straight when it starts below 10; then a full house, a
// pair or a triple, chosen by how many triples and pairs it holds (lowest
// first). It never leads a combination of as many cards as the next
// opponent holds (no single into one card, no pair into two, no triple into
// three), and never leads a bomb unless it goes out with it.
//
// It counts the unseen cards per rank (not in its hand, not played; the
// partner's cards and the cards shown by a tribute are unseen too), so it
// knows the highest single, pair, triple, straight, tube and plate the
// others may still hold. A play at or above that is "top" (only a bomb takes
// it); within two ranks of it, "near-top".
//
// Following an opponent, it plays the lowest unit of its split that beats
// (no wild, breaking no bomb and not the straight). With none, when its team
// has passed five turns in a row it breaks its highest unit instead. Else it
// bombs, with its cheapest bomb (cost by rank, plus 16 per card beyond four,
// plus 3 or 16 for one or two wilds; a straight flush costs like a six-card
// bomb; never a natural bomb split up, never the four jokers), when the
// trick's owner holds at most 15 cards and played at or near the top, when
// its team has passed six turns in a row, or on a coin flip when it holds
// two bombs or more. An opponent's bomb it answers only holding three bombs
// or more, or when the bomber holds at most 18 cards.
//
// Danger (the next opponent holds at most 4, 5, 6 or 7 cards as the trick is
// a single, a pair, a triple or anything longer; or the previous opponent
// at most 5): it answers with a top unit, then its cheapest bomb, then a
// near-top unit, and does so over its partner too when the next opponent is
// the one in danger.
//
// Over its partner it passes on a high or near-top play and when the
// partner holds few cards (it may go out); it tops a low partner play with
// a loose unit below the ace; it never bombs its partner outside danger.
//
// Tribute: the highest card that is not a wild. Return: a loose card of 10
// or lower, then one from a lone triple, then one from a lone pair.
//
// Decisions allocate nothing (fixed arrays on the stack) and take one loop
// over the moves plus arithmetic on counts per rank. The only state is a
// small counter per seat of the turns its team has passed in a row, kept
// from the views this object was shown (see SeatMemory), so a decision
// depends only on the views shown so far and the Rng passed in.
#pragma once

#include <array>

#include "guandan/bots/deal_memory.h"
#include "guandan/bots/policy.h"

namespace guandan {

class TempoPolicy final : public Policy {
 public:
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  // Leading, loose singles of a rank below this (natural code of the nine:
  // 2..8, never the level rank) are dumped first.
  static constexpr int kLowSingleBelow = 7;
  // Bomb a top or near-top play from an opponent holding at most this many.
  static constexpr int kTempoCards = 15;
  // Turns the team passed in a row before it breaks a unit, or bombs.
  static constexpr int kBreakAfterPasses = 5;
  static constexpr int kBombAfterPasses = 6;
  // Holding this many bombs, bomb on a coin flip.
  static constexpr int kCoinFlipBombs = 2;
  // Answer an opponent's bomb holding this many bombs, or when the bomber
  // holds at most kAnswerBombCards.
  static constexpr int kAnswerBombBombs = 3;
  static constexpr int kAnswerBombCards = 18;
  // Danger from the previous opponent: at most this many cards.
  static constexpr int kPreviousDangerCards = 5;
  // A partner with at most this many cards is let go out.
  static constexpr int kPartnerFewCards = 6;
  // "Near-top": within this many ranks of the highest unseen.
  static constexpr int kNearTopRanks = 2;

  // Danger from the next opponent: at most 4 cards against a single, 5 a
  // pair, 6 a triple, 7 anything longer (it needs that many cards to make
  // such a play and still hold few).
  static constexpr int next_danger_cards(Kind trick) {
    switch (trick) {
      case Kind::kSingle: return 4;
      case Kind::kPair: return 5;
      case Kind::kTriple: return 6;
      default: return 7;
    }
  }

  // The turns `seat`'s team has passed in a row, as last counted.
  int team_passes(int seat) const { return memory_[seat & 3].team_passes; }

 private:
  // What one seat remembers between its own decisions. PlayerView has no
  // history, so the count of passes is kept here: at each of the seat's
  // decisions facing an opponent's play, +1 when its partner passed that
  // play (the partner's bit in passed_mask) and +1 when the seat passes it;
  // 0 when the seat plays, leads (its team won the trick) or faces its
  // partner's play. A new deal (deal_memory.h) resets it, and so does a
  // tribute card (choose_card).
  struct SeatMemory {
    DealMemory deal;
    int team_passes = 0;
  };
  std::array<SeatMemory, 4> memory_{};
};

}  // namespace guandan
