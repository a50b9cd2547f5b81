// Evidence: what each seat's passes and plays over an opponent have shown,
// for inference (inference.h).
//
// Players take a trick from an opponent with the cheapest spare combination
// that beats it. So a seat that passes over an opponent's single 6 probably
// holds no loose single from 7 up; one that answers it with a single J (or
// with a bomb) probably holds no loose single from 7 to 10. The record keeps,
// per seat and per non-bomb kind, the set of rank orders at which such a
// "free unit" is unlikely: a pass over a play of rank order p marks every
// order above p, an answer of rank order m marks the orders between. Passes
// and plays over the partner, and over a bomb, show nothing and are not
// recorded. It is history, not position: a bot reads it from the public
// record a view points at (read_evidence; player_view.h), which a position
// rebuilt from its text form or inside a playout does not have.
//
// It also keeps what a seat's passes and bombs over an opponent say of its
// style (style_evidence.h): the fewest cards an opponent held when the seat
// passed over its play (any play, and a high one), and the most an opponent
// held when the seat bombed its high play with cards to spare. A planning
// player that passes holds no bomb it would have thrown by its thresholds,
// and a bomb still held now was already held then.
//
// And what a tribute showed: a payer gives its highest card (tribute.h), so
// it held no card that would have been paid instead. It gains no card after
// that but the return, which is given face up (PlayerView::shown), so those
// cards stay out of its hand for the rest of the deal. A cancelled tribute
// shows that the payers hold the cancelling jokers between them, so the
// seats that owed nothing hold none, and no card changes hands after it.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/placing.h"
#include "guandan/player_view.h"
#include "guandan/ruleset.h"

namespace guandan {

// The non-bomb kinds, Kind::kSingle .. Kind::kPlate.
inline constexpr int kEvidenceKinds = 7;

// No pass or bomb of that sort seen (the fewest / the most cards).
inline constexpr std::int8_t kNoPassSeen = 127;
inline constexpr std::int8_t kNoBombSeen = -1;
// A bomb that leaves more cards than this cannot be the planning player's
// bomb to go out in one more turn (no combination has more than six cards).
inline constexpr int kBombToFinishCards = 6;

struct Evidence {
  // unlikely[seat][kind]: bit o set when a free unit of that kind with rank
  // order o (move.h, rank_order: 0..15) is unlikely in the seat's hand.
  std::array<std::array<std::uint16_t, kEvidenceKinds>, 4> unlikely{};
  // Per seat: the fewest cards an opponent held (more than none) when the
  // seat passed over its non-bomb play, and over its high one (is_high,
  // move_facts.h) ...
  std::array<std::int8_t, 4> pass_owner_min{kNoPassSeen, kNoPassSeen, kNoPassSeen, kNoPassSeen};
  std::array<std::int8_t, 4> pass_high_owner_min{kNoPassSeen, kNoPassSeen, kNoPassSeen, kNoPassSeen};
  // ... and the most an opponent held when the seat bombed its high
  // non-bomb play and kept more than kBombToFinishCards.
  std::array<std::int8_t, 4> bomb_high_owner_max{kNoBombSeen, kNoBombSeen, kNoBombSeen, kNoBombSeen};
  // Per seat: the card kinds it holds none of beyond what it was shown to
  // receive (a tribute payer: every kind it would have paid instead; after
  // a cancelled tribute, a seat that did not owe it: the jokers that
  // cancelled it).
  std::array<CardSet, 4> held_none{};

  // `seat` passed over `play` of `owner`, who held `owner_cards`, at `level`.
  void note_pass(int seat, int owner, Move play, Rank level, int owner_cards);

  // `seat` answered `play` of `owner` (who held `owner_cards`) with
  // `answer`, keeping `kept_cards`, at `level`.
  void note_answer(int seat, int owner, Move play, Move answer, Rank level, int owner_cards, int kept_cards);

  // `payer` paid `paid` as its tribute at `level` under `rules`.
  void note_tribute(int payer, CardKind paid, Rank level, const Ruleset& rules);

  // The tribute owed by `payer_seats` (a bit per seat) was cancelled under
  // `rules`: the payers hold the cancelling jokers, so no other seat does.
  void note_cancelled_tribute(unsigned payer_seats, const Ruleset& rules);

  constexpr bool empty_for(int seat) const {
    for (std::uint16_t bits : unlikely[std::size_t(seat)])
      if (bits) return false;
    return true;
  }

  constexpr bool operator==(const Evidence&) const = default;

 private:
  static constexpr bool informative(int seat, int owner, Move play) {
    return owner >= 0 && team_of(owner) != team_of(seat) && bomb_tier(play) == 0;
  }
  // Orders [from, to).
  constexpr void mark(int seat, Kind kind, int from, int to) {
    if (from >= to) return;
    const unsigned bits = ((1u << (to - from)) - 1u) << from;
    unlikely[std::size_t(seat)][std::size_t(kind)] |= std::uint16_t(bits);
  }
};

// What the public record of `view` showed (empty without a record): the
// record replayed through the note_ functions, with each seat's card count
// at each action worked back from the counts now.
Evidence read_evidence(const PlayerView& view);

}  // namespace guandan
