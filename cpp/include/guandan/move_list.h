// Sinks the move generator writes into.
//
// The generator is a template over its sink, so the same enumeration fills a
// fixed array on the stack (the hot path: no allocation) or a std::vector
// (the Python boundary).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "guandan/move.h"

namespace guandan {

// Real 27-card hands lead about 800 moves on average and a few thousand when
// full of pairs with both wilds; the most found by a hill-climbing search over
// 27-card hands is 17,002 (every suit of six consecutive ranks plus both
// wilds). The capacity is about twice that. The list records an overflow
// rather than writing past its end; callers that must be exact check
// `overflowed()`. At 512 KB it belongs in static or heap storage, not on a
// small thread stack.
inline constexpr std::size_t kMoveListCapacity = 32768;

template <std::size_t Capacity = kMoveListCapacity>
class FixedMoveList {
 public:
  void operator()(Move m) {
    if (size_ < Capacity) {
      moves_[size_++] = m;
    } else {
      overflowed_ = true;
    }
  }
  void clear() { size_ = 0, overflowed_ = false; }
  std::size_t size() const { return size_; }
  bool overflowed() const { return overflowed_; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }

 private:
  // 32 bits on purpose: a counter of the same type as the moves' words could
  // alias them, forcing a reload after every store in the generator's loops.
  std::uint32_t size_ = 0;
  bool overflowed_ = false;
  Move moves_[Capacity];  // deliberately uninitialised: only [0, size_) is read
};

using MoveList = FixedMoveList<>;

// Appends to a vector the caller owns (reuse it to avoid reallocation).
struct VectorSink {
  std::vector<Move>& out;
  void operator()(Move m) { out.push_back(m); }
};

}  // namespace guandan
