// A Gan Deng Yan deal played to its end by policies, inside the core: the
// loop of simulation and of the search's sampled worlds.
#pragma once

#include "guandan/common/rng.h"
#include "guandan/gdy/deal.h"
#include "guandan/gdy/policy.h"

namespace guandan::gdy {

// Plays `deal` to its end, policies[s] choosing for seat s; `plays` is scratch.
void play_out(DealState& deal, Policy* const* policies, Rng& rng, PlayList& plays);

// One play (or pass) of the seat to act, chosen by `policy` as play_out
// chooses it, and applied; returns it. For runners that stop between plays
// (gdy/batch_env.h).
Play act(DealState& deal, Policy& policy, Rng& rng, PlayList& plays);

}  // namespace guandan::gdy
