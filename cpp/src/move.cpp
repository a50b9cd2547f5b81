#include "guandan/move.h"

namespace guandan {

const char* kind_name(Kind kind) {
  static constexpr const char* kNames[kNumMoveKinds] = {
      "single", "pair", "triple", "full_house", "straight",
      "tube",   "plate", "bomb",  "straight_flush", "joker_bomb"};
  const int i = int(kind);
  return i < kNumMoveKinds ? kNames[i] : "?";
}

}  // namespace guandan
