// Inference: sampled worlds weighted by what the other seats' passes and
// plays showed.
//
// The model of play (calibrated on games of the gauntlet, docs/journal.md,
// "Inference"): a seat facing an opponent's non-bomb play takes the trick
// with the cheapest *free unit* that beats it, when it holds one: a
// combination of that kind made only of ranks it holds exactly as the
// combination needs (a loose single, a pair that is not part of a triple, a
// run of loose singles, ...), below the ace, without a wild, a joker or the
// level rank (control, which players keep). So a pass, or an answer above
// the cheapest free unit, is `pass_if_free[kind]` times as likely when the
// seat holds such a unit as when it does not (evidence.h records where). A
// sampled world's weight is the product of those factors over the other
// seats and kinds; the sampler draws a few uniform worlds (sample_world,
// bots/search_playouts.h) and keeps one with probability in proportion to
// its weight (sampling-importance-resampling).
//
// The seat's hand now is a subset of its hand at the pass, so a unit held
// now was held then; a unit it held then and has played since is not
// counted, which loses evidence but never invents it.
#pragma once

#include <array>

#include "guandan/cardset.h"
#include "guandan/common/rng.h"
#include "guandan/bots/evidence.h"
#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

struct InferenceModel {
  // By kind (single .. plate): how much less likely a pass is with a free
  // unit that beats than without one; 1 is no evidence.
  std::array<double, kEvidenceKinds> pass_if_free{};
  // Uniform worlds drawn per weighted world.
  int tries = 8;
  // Whether those worlds keep from each seat the cards a tribute showed it
  // holds none of (Evidence::held_none): a rule, not a likelihood.
  bool held_none = true;
};

// The calibrated model (cpp/bench/bench_inference.cpp measures it).
inline constexpr InferenceModel kDefaultInference{{0.14, 0.15, 0.11, 0.12, 0.1, 0.27, 0.1}, 16};

// Whether `hand` holds a free unit of `kind` (single .. plate) at a rank
// order (rank_order, move.h) whose bit is set in `orders`.
bool has_free_unit(CardSet hand, Rank level, Kind kind, std::uint16_t orders);

// `evidence` is read_evidence(view) (evidence.h), read once per decision.
// The likelihood of the other seats' evidence in the world `hands`, up to a
// constant factor.
double evidence_likelihood(const PlayerView& view, const Evidence& evidence, const std::array<CardSet, 4>& hands,
                           const InferenceModel& model);

// Whether anything the other seats did is evidence at all (else weighting
// changes nothing and sample_world alone is used).
bool has_evidence(const PlayerView& view, const Evidence& evidence);

// One world drawn in proportion to evidence_likelihood, approximately (the best
// of model.tries uniform worlds by weighted resampling).
std::array<CardSet, 4> sample_world_inferred(const PlayerView& view, const Evidence& evidence, Rng& rng,
                                             const InferenceModel& model = kDefaultInference);

}  // namespace guandan
