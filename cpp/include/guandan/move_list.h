// Sinks the move generator writes into.
//
// The generator is a template over its sink, so the same enumeration fills a
// fixed array on the stack (the hot path: no allocation) or a std::vector
// (the Python boundary).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "guandan/common/fixed_list.h"
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
using FixedMoveList = FixedList<Move, Capacity>;

using MoveList = FixedMoveList<>;

// Appends to a vector the caller owns (reuse it to avoid reallocation).
using VectorSink = AppendTo<Move>;

}  // namespace guandan
