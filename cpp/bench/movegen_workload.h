// The move generator's benchmark workload, shared by guandan_bench and
// guandan_bench_movegen (benchmarks/workload.py builds the same for Python):
// hand i is seat i % 4 of the deal with seed 1000 + i, at a seeded level;
// the previous play, for following, is a random lead of the next seat's hand.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"

namespace guandan::bench {

struct MovegenCase {
  CardSet hand;
  Rank level;
  Move previous;
};

inline std::vector<MovegenCase> movegen_cases(int n) {
  std::vector<MovegenCase> cases;
  Rng level_rng(2026);
  auto scratch = std::make_unique<MoveList>();  // 512 KB: not on the stack
  for (int i = 0; i < n; ++i) {
    Rng rng(1000 + std::uint64_t(i));
    const auto hands = deal_hands(shuffled_deck(rng));
    const Rank level = Rank(level_rng.bounded(kNumRanks));
    scratch->clear();
    generate_moves(hands[(i + 1) % 4], level, MoveRules{}, nullptr, *scratch);
    cases.push_back({hands[i % 4], level, (*scratch)[level_rng.bounded(scratch->size())]});
  }
  return cases;
}

}  // namespace guandan::bench
