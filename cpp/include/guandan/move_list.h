// Sinks the move generator writes into.
//
// The generator is a template over its sink, so the same enumeration fills a
// fixed array on the stack (the hot path: no allocation), a std::vector (the
// Python boundary), or only counts (perft).
#pragma once

#include <cstddef>
#include <vector>

#include "guandan/move.h"

namespace guandan {

// The largest number of moves one 27-card hand can lead is far beyond what
// real hands reach (about 800 on average, a few thousand for hands full of
// pairs with both wilds). The list records an overflow instead of writing
// past its end; callers that must be exact check `overflowed()`.
inline constexpr std::size_t kMoveListCapacity = 16384;

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
  std::size_t size_ = 0;
  bool overflowed_ = false;
  Move moves_[Capacity];  // deliberately uninitialised: only [0, size_) is read
};

using MoveList = FixedMoveList<>;

// Appends to a vector the caller owns (reuse it to avoid reallocation).
struct VectorSink {
  std::vector<Move>& out;
  void operator()(Move m) { out.push_back(m); }
};

// Counts moves without storing them.
struct CountingSink {
  std::size_t count = 0;
  void operator()(Move) { ++count; }
};

}  // namespace guandan
