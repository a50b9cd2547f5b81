// Finishing orders and places.
//
// A deal records the seats in the order they went out. With the deal ending
// as soon as one team is out, a 1-2 leaves both losers holding cards: their
// relative place is never played out, and they are listed after the last
// player out in turn order (nothing depends on their order).
#pragma once

#include <array>

namespace guandan {

// Seats from first place to last.
using Placing = std::array<int, 4>;

constexpr int team_of(int seat) { return seat & 1; }
constexpr int partner_of(int seat) { return seat ^ 2; }

// All four places from the first `count` seats out.
constexpr Placing complete_placing(const int* out, int count) {
  Placing p{-1, -1, -1, -1};
  unsigned seen = 0;
  for (int i = 0; i < count; ++i) {
    p[i] = out[i];
    seen |= 1u << out[i];
  }
  const int from = count > 0 ? out[count - 1] : 3;
  for (int i = 1, n = count; i <= 4 && n < 4; ++i) {
    const int s = (from + i) % 4;
    if (!(seen >> s & 1)) p[n++] = s;
  }
  return p;
}

// Where the first player out's partner finished: 1 (a 1-2), 2 (1-3) or 3
// (1-4, including not out at all), from the first `count` seats out.
constexpr int partner_place(const int* out, int count) {
  for (int i = 1; i < count; ++i)
    if (out[i] == partner_of(out[0])) return i;
  return 3;
}

}  // namespace guandan
