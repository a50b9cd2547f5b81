// The seeded random generator and shuffle that both games deal with,
// specified here so that a seed gives the same deal on every platform and
// compiler (std::shuffle and the standard distributions are
// implementation-defined, so they are not used).
//
//   seeding:  xoshiro256** state = four successive SplitMix64 outputs, the
//             SplitMix64 state starting at the seed.
//   bounded:  Lemire's multiply-and-reject method, exact and unbiased.
//   shuffle:  Fisher-Yates from the last position down: for i = n-1 .. 1,
//             swap a[i] with a[bounded(i + 1)].
//   matches:  deal i (0, 1, ...) of the match with seed s uses the seed
//             splitmix64 of (s ^ (i + 1) * 0xD1B54A32D192ED03).
//
// Guandan's 108-card deal is in guandan/deck.h, Gan Deng Yan's in gdy/deal.cpp.
// tests/reference/deal.py implements the same specification independently.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace guandan {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  state += 0x9E3779B97F4A7C15ull;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& word : s_) word = splitmix64(sm);
  }

  // xoshiro256**
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, 1), from the top 53 bits.
  constexpr double unit() { return double(next() >> 11) * 0x1.0p-53; }

  // Uniform in [0, n), n > 0.
  constexpr std::uint64_t bounded(std::uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Fisher-Yates from the last position down.
  template <class T>
  constexpr void shuffle(T* items, std::size_t n) {
    for (std::size_t i = n; i-- > 1;) {
      const auto j = static_cast<std::size_t>(bounded(i + 1));
      const T tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
  }
  template <class T, std::size_t N>
  constexpr void shuffle(std::array<T, N>& items) {
    shuffle(items.data(), N);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

constexpr std::uint64_t match_deal_seed(std::uint64_t match_seed, std::uint64_t deal_index) {
  std::uint64_t state = match_seed ^ ((deal_index + 1) * 0xD1B54A32D192ED03ull);
  return splitmix64(state);
}

// The policies' random stream of a seeded deal, apart from its dealing stream.
constexpr Rng choice_rng(std::uint64_t deal_seed) { return Rng(deal_seed ^ 0xA5A5A5A5A5A5A5A5ull); }

}  // namespace guandan
