// Sub-multisets of the cards of one rank, precomputed at compile time.
//
// The cards a hand holds of one rank fit in a "rank config" byte (cardset.h):
// low nibble = suits held at least once, high nibble = suits held twice. The
// move generator asks "every distinct way to take k cards of this rank"; the
// answer only depends on the config, so it is a table lookup. All 81 valid
// configs together have 6^4 = 1296 sub-multisets, so the table is 1.3 KB of
// picks plus 5 KB of offsets and stays in L1.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>

namespace guandan {

inline constexpr int kMaxRankCards = 8;  // 4 suits x 2 copies

constexpr bool is_valid_rank_config(int config) { return ((config >> 4) & ~config & 0xF) == 0; }
constexpr int rank_config_size(int config) { return std::popcount(unsigned(config)); }
// Canonical inclusion is bitwise inclusion of both nibbles.
constexpr bool rank_config_contains(int config, int sub) { return (sub & ~config) == 0; }

struct SubsetTable {
  // picks[offset[c][k] .. offset[c][k+1]) are the sub-configs of c of size k,
  // in increasing numeric order.
  std::array<std::array<std::uint16_t, kMaxRankCards + 2>, 256> offset{};
  std::array<std::uint8_t, 1296> picks{};

  constexpr std::span<const std::uint8_t> of_size(std::uint8_t config, int k) const {
    if (k < 0 || k > kMaxRankCards) return {};
    return {picks.data() + offset[config][k], picks.data() + offset[config][k + 1]};
  }
};

constexpr SubsetTable make_subset_table() {
  SubsetTable table{};
  std::uint16_t next = 0;
  for (int config = 0; config < 256; ++config) {
    for (int k = 0; k <= kMaxRankCards; ++k) {
      table.offset[config][k] = next;
      if (!is_valid_rank_config(config)) continue;
      for (int sub = 0; sub < 256; ++sub) {
        if (is_valid_rank_config(sub) && rank_config_size(sub) == k &&
            rank_config_contains(config, sub)) {
          table.picks[next++] = std::uint8_t(sub);
        }
      }
    }
    table.offset[config][kMaxRankCards + 1] = next;
  }
  return table;
}

inline constexpr SubsetTable kSubsets = make_subset_table();

}  // namespace guandan
