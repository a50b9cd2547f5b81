#include "guandan/bots/inference.h"

#include <bit>

#include "guandan/bots/search.h"
#include "guandan/hand_view.h"

namespace guandan {
namespace {

// Control ranks (the ace and the level rank) are kept, not spent on a trick.
constexpr bool spendable(Rank rank, Rank level) { return rank != kAce && rank != level; }

constexpr bool marked(std::uint16_t orders, int order) { return (orders >> order) & 1u; }

// Runs of `width` consecutive positions (A low .. A high) each holding
// exactly `copies` natural cards, topped (natural order) at a marked order.
bool has_free_run(const std::array<int, kNumRanks>& n, int width, int copies, std::uint16_t orders) {
  int run = 0;
  for (int p = 0; p <= kNumRanks; ++p) {
    const Rank r = rank_at_position(p);
    run = n[r] == copies ? run + 1 : 0;
    if (run >= width && marked(orders, r)) return true;
  }
  return false;
}

}  // namespace

bool has_free_unit(CardSet hand, Rank level, Kind kind, std::uint16_t orders) {
  if (orders == 0) return false;
  const CardKind wild = wild_kind(level);
  const CardSet naturals = hand - CardSet::of_kind(wild, hand.count(wild));
  std::array<int, kNumRanks> n{};
  for (int r = 0; r < kNumRanks; ++r) n[r] = std::popcount(unsigned(naturals.rank_config(Rank(r))));
  // n of a kind, held exactly n times, spendable, at a marked order: rank
  // order is level order, which for spendable ranks is the natural index.
  auto exact = [&](int copies) {
    for (int r = 0; r < kNumRanks; ++r)
      if (n[r] == copies && spendable(Rank(r), level) && marked(orders, r)) return r;
    return -1;
  };
  switch (kind) {
    case Kind::kSingle: return exact(1) >= 0;
    case Kind::kPair: return exact(2) >= 0;
    case Kind::kTriple: return exact(3) >= 0;
    case Kind::kFullHouse: {
      for (int r = 0; r < kNumRanks; ++r) {
        if (n[r] != 3 || !spendable(Rank(r), level) || !marked(orders, r)) continue;
        for (int q = 0; q < kNumRanks; ++q)
          if (q != r && n[q] == 2) return true;
      }
      return false;
    }
    case Kind::kStraight: return has_free_run(n, 5, 1, orders);
    case Kind::kTube: return has_free_run(n, 3, 2, orders);
    case Kind::kPlate: return has_free_run(n, 2, 3, orders);
    default: return false;
  }
}

bool has_evidence(const PlayerView& view, const Evidence& evidence) {
  for (int s = 0; s < 4; ++s)
    if (s != view.seat && view.counts[s] > 0 && !evidence.empty_for(s)) return true;
  return false;
}

double evidence_likelihood(const PlayerView& view, const Evidence& evidence, const std::array<CardSet, 4>& hands,
                           const InferenceModel& model) {
  double weight = 1.0;
  for (int s = 0; s < 4; ++s) {
    if (s == view.seat || view.counts[s] == 0) continue;
    for (int k = 0; k < kEvidenceKinds; ++k) {
      const std::uint16_t orders = evidence.unlikely[std::size_t(s)][std::size_t(k)];
      if (has_free_unit(hands[std::size_t(s)], view.level, Kind(k), orders))
        weight *= model.pass_if_free[std::size_t(k)];
    }
  }
  return weight;
}

std::array<CardSet, 4> sample_world_inferred(const PlayerView& view, const Evidence& evidence, Rng& rng,
                                             const InferenceModel& model) {
  const Evidence* held_none = model.held_none ? &evidence : nullptr;
  if (model.tries <= 1 || !has_evidence(view, evidence)) return sample_world(view, rng, held_none);
  // Weighted resampling over model.tries uniform worlds; kept in a small
  // array, so nothing allocates.
  constexpr int kMaxTries = 32;
  const int tries = model.tries < kMaxTries ? model.tries : kMaxTries;
  std::array<std::array<CardSet, 4>, kMaxTries> worlds;
  std::array<double, kMaxTries> weights{};
  double total = 0.0;
  for (int i = 0; i < tries; ++i) {
    worlds[std::size_t(i)] = sample_world(view, rng, held_none);
    weights[std::size_t(i)] = evidence_likelihood(view, evidence, worlds[std::size_t(i)], model);
    total += weights[std::size_t(i)];
  }
  double pick = rng.unit() * total;
  for (int i = 0; i < tries - 1; ++i) {
    pick -= weights[std::size_t(i)];
    if (pick < 0) return worlds[std::size_t(i)];
  }
  return worlds[std::size_t(tries - 1)];
}

}  // namespace guandan
