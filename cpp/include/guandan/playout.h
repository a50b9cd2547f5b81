// Playouts: whole deals and matches played inside the core by policies.
//
// Nothing here crosses into Python, allocates per move, or depends on
// anything but the seed of each deal, so Monte Carlo runs are reproducible
// and can be split across threads freely.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/common/rng.h"
#include "guandan/deal.h"
#include "guandan/match.h"
#include "guandan/move_list.h"
#include "guandan/policy.h"

namespace guandan {

struct PlayoutStats {
  int plays = 0;
  int passes = 0;
  int bombs = 0;
};

// Plays `deal` to its end (tribute included), policies[s] acting for seat s.
// `moves` is scratch space (a MoveList is 512 KB: keep one per thread).
PlayoutStats play_out(DealState& deal, Policy* const policies[4], Rng& rng, MoveList& moves);

}  // namespace guandan
