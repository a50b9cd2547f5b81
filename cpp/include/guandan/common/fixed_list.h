// A fixed-capacity list on the stack (or in a worker's storage), the sink
// move generators write into on the hot path: no allocation.
//
// Shared by both games' generators (Guandan's Move, Gan Deng Yan's Play).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace guandan {

template <class Item, std::size_t Capacity>
class FixedList {
 public:
  static constexpr std::size_t capacity = Capacity;

  // The list records an overflow rather than writing past its end; callers
  // that must be exact check `overflowed()`.
  void operator()(Item item) {
    if (size_ < Capacity) {
      items_[size_++] = item;
    } else {
      overflowed_ = true;
    }
  }
  // Room for `count` more items that the caller writes in place (a batch
  // from the move generator: one room check instead of one per item), or null
  // when they would not all fit; the caller then appends them one by one, so
  // the list fills up and records the overflow as usual.
  Item* claim(std::size_t count) {
    if (Capacity - size_ < count) return nullptr;
    Item* room = items_ + size_;
    size_ += std::uint32_t(count);
    return room;
  }
  void clear() { size_ = 0, overflowed_ = false; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool overflowed() const { return overflowed_; }
  const Item* begin() const { return items_; }
  const Item* end() const { return items_ + size_; }
  const Item& operator[](std::size_t i) const { return items_[i]; }

 private:
  // 32 bits on purpose: a counter of the same type as the items' words could
  // alias them, forcing a reload after every store in the generator's loops.
  std::uint32_t size_ = 0;
  bool overflowed_ = false;
  Item items_[Capacity];  // deliberately uninitialised: only [0, size_) is read
};

// Appends to a vector the caller owns (reuse it to avoid reallocation).
template <class Item>
struct AppendTo {
  std::vector<Item>& out;
  void operator()(Item item) { out.push_back(item); }
};

}  // namespace guandan
