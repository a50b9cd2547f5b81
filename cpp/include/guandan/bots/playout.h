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
#include "guandan/bots/policy.h"
#include "guandan/recorded_deal.h"

namespace guandan {

struct PlayoutStats {
  int plays = 0;
  int passes = 0;
  int bombs = 0;
};

// Plays `deal` to its end (tribute included), policies[s] acting for seat s.
// `moves` is scratch space (a MoveList is 512 KB: keep one per thread). A
// bare DealState (a search's playout) or a RecordedDeal (a real deal, whose
// views carry the public record): the same loop, and the same choices.
PlayoutStats play_out(DealState& deal, Policy* const policies[4], Rng& rng, MoveList& moves);
PlayoutStats play_out(RecordedDeal& deal, Policy* const policies[4], Rng& rng, MoveList& moves);

// One action of the seat to act, by `policy`, as play_out takes it (added to
// `stats`): for runners that stop between actions (tools/batch_env.h).
void act(RecordedDeal& deal, Policy& policy, Rng& rng, MoveList& moves, PlayoutStats& stats);

}  // namespace guandan
