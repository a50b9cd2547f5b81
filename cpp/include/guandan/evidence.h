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
// recorded. It is history, not position: DealState's ==, its text form and
// a position rebuilt from a view do not carry it.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/move.h"
#include "guandan/placing.h"

namespace guandan {

// The non-bomb kinds, Kind::kSingle .. Kind::kPlate.
inline constexpr int kEvidenceKinds = 7;

struct Evidence {
  // unlikely[seat][kind]: bit o set when a free unit of that kind with rank
  // order o (move.h, rank_order: 0..15) is unlikely in the seat's hand.
  std::array<std::array<std::uint16_t, kEvidenceKinds>, 4> unlikely{};

  // `seat` passed over `play` of `owner` at `level`.
  constexpr void note_pass(int seat, int owner, Move play, Rank level) {
    if (!informative(seat, owner, play)) return;
    mark(seat, play.kind(), rank_order(play, level) + 1, 16);
  }

  // `seat` answered `play` of `owner` with `answer` at `level`.
  constexpr void note_answer(int seat, int owner, Move play, Move answer, Rank level) {
    if (!informative(seat, owner, play)) return;
    const int top = bomb_tier(answer) > 0 ? 16 : rank_order(answer, level);
    mark(seat, play.kind(), rank_order(play, level) + 1, top);
  }

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

}  // namespace guandan
