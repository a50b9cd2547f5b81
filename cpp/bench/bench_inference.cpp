// Inference benchmark: does weighting the sampled worlds by the passes
// (inference.h) put the hidden cards where they really are?
//
// Plays seeded deals with a field of policies (rotated over the seats from
// deal to deal). First the calibration: at every decision facing an
// opponent's non-bomb play, how often the seat passed with and without a free
// unit that beats (the model's pass_if_free is the ratio). Then, at every
// `every`-th decision, it samples `worlds` worlds from that seat's view with
// the uniform sampler and with the weighted one, and scores the true hidden
// hands: the mean log-probability each sampler gives the true holder of each
// hidden card (from how often the card's kind went to each seat), and the
// share of hidden cards whose true holder is the sampler's likeliest seat.
// With `tribute` 1, each deal starts with a tribute from a random previous
// placing, and the weighted sampler is also scored without what the tribute
// showed (Evidence::held_none).
//
//   build/bench/guandan_bench_inference [positions] [policies] [worlds] [seed] [tribute]
//   build/bench/guandan_bench_inference 10000 tempo,rule,rule_styles,rule_v1 64 1
//   build/bench/guandan_bench_inference 10000 tempo,rule,rule_styles,rule_v1 64 1 1
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "guandan/bots/registry.h"
#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/bots/inference.h"
#include "guandan/movegen.h"
#include "guandan/bots/playout.h"

using namespace guandan;

namespace {

struct Calibration {
  std::array<std::array<long, 2>, kEvidenceKinds> faced{}, passed{};  // [kind][free]
};

// Per position: the mean log-probability of the true holders and the share
// guessed right, from `worlds` worlds of `sampler`.
template <class Sampler>
std::pair<double, double> score(const PlayerView& view, const DealState& truth, int worlds, Rng& rng, Sampler sampler) {
  std::array<std::array<double, kNumKinds>, 4> expected{};
  for (int w = 0; w < worlds; ++w) {
    const std::array<CardSet, 4> hands = sampler(view, rng);
    for (int s = 0; s < 4; ++s) {
      if (s == view.seat) continue;
      const CardSet hidden = hands[std::size_t(s)] - view.shown[std::size_t(s)];
      for (int k = 0; k < kNumKinds; ++k) expected[std::size_t(s)][std::size_t(k)] += hidden.count(CardKind(k));
    }
  }
  double log_sum = 0.0, right = 0.0;
  int cards = 0;
  for (int s = 0; s < 4; ++s) {
    if (s == view.seat) continue;
    const CardSet hidden = truth.hand(s) - view.shown[std::size_t(s)];
    for (int k = 0; k < kNumKinds; ++k) {
      const int held = hidden.count(CardKind(k));
      if (held == 0) continue;
      double all = 0.0, best = 0.0;
      for (int t = 0; t < 4; ++t) {
        all += expected[std::size_t(t)][std::size_t(k)];
        best = std::max(best, expected[std::size_t(t)][std::size_t(k)]);
      }
      const double mine = expected[std::size_t(s)][std::size_t(k)];
      const double p = (mine + 0.01) / (all + 0.03);  // smoothed: a card never sampled there is not log 0
      log_sum += held * std::log(p);
      right += held * (mine >= best ? 1.0 : 0.0);
      cards += held;
    }
  }
  return cards ? std::make_pair(log_sum / cards, right / cards) : std::make_pair(0.0, 0.0);
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find(',', start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int positions = argc > 1 ? std::atoi(argv[1]) : 10000;
  const std::vector<std::string> names = split(argc > 2 ? argv[2] : "rule,rule_styles,rule_v1,rule_bomber");
  const int worlds = argc > 3 ? std::atoi(argv[3]) : 64;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const bool tribute = argc > 5 && std::atoi(argv[5]) != 0;
  InferenceModel without_tribute = kDefaultInference;
  without_tribute.held_none = false;
  std::vector<std::unique_ptr<Policy>> owned;
  for (const std::string& name : names) {
    owned.push_back(make_policy(name));
    if (!owned.back()) {
      std::fprintf(stderr, "unknown policy %s\n", name.c_str());
      return 2;
    }
  }
  auto moves = std::make_unique<MoveList>();
  Calibration cal;
  Rng sampling(seed * 7919 + 1);
  double diff_sum = 0, diff_sq = 0, uni_ll = 0, inf_ll = 0, uni_acc = 0, inf_acc = 0, plain_ll = 0, plain_acc = 0;
  int scored = 0, decisions = 0;
  const Ruleset rules;
  for (std::uint64_t d = 0; scored < positions; ++d) {
    const std::uint64_t deal_seed = match_deal_seed(seed, d);
    const SeededDeal dealt = seeded_deal(deal_seed);
    Rng choices(deal_seed);
    Placing previous{0, 1, 2, 3};
    if (tribute) choices.shuffle(previous);
    RecordedDeal deal = tribute ? RecordedDeal(dealt.hands, kTwo, rules, previous)
                                : RecordedDeal(dealt.hands, kTwo, rules, dealt.leader);
    Policy* seats[4];
    for (int s = 0; s < 4; ++s) seats[s] = owned[(std::size_t(s) + d) % owned.size()].get();
    while (deal.phase() == Phase::kTribute || deal.phase() == Phase::kReturn)
      deal.give(seats[deal.turn()]->choose_card(deal.view(deal.turn()), deal.give_options(), choices));
    while (!deal.is_over() && scored < positions) {
      const int seat = deal.turn();
      moves->clear();
      generate_moves(deal.hand(seat), deal.level(), rules.move_rules(), deal.last_play(), *moves);
      const PlayerView view = deal.view(seat);
      const Evidence evidence = read_evidence(view);
      bool tribute_shown = false;
      for (int s = 0; s < 4; ++s) tribute_shown |= s != seat && !evidence.held_none[std::size_t(s)].empty();
      if (++decisions % 3 == 0 && (has_evidence(view, evidence) || tribute_shown)) {
        const auto u = score(view, deal, worlds, sampling, [](const PlayerView& v, Rng& r) { return sample_world(v, r); });
        const auto w = score(view, deal, worlds, sampling,
                             [&](const PlayerView& v, Rng& r) { return sample_world_inferred(v, evidence, r); });
        if (tribute) {
          const auto p = score(view, deal, worlds, sampling, [&](const PlayerView& v, Rng& r) {
            return sample_world_inferred(v, evidence, r, without_tribute);
          });
          plain_ll += p.first, plain_acc += p.second;
        }
        uni_ll += u.first, inf_ll += w.first, uni_acc += u.second, inf_acc += w.second;
        diff_sum += w.first - u.first, diff_sq += (w.first - u.first) * (w.first - u.first);
        ++scored;
      }
      const int choice = seats[seat]->choose_play(view, moves->begin(), int(moves->size()), !deal.leading(), choices);
      const bool facing = !deal.leading() && team_of(deal.last_player()) != team_of(seat) && bomb_tier(*deal.last_play()) == 0;
      if (facing) {
        const Move last = *deal.last_play();
        const auto above = std::uint16_t(0xFFFFu << (rank_order(last, deal.level()) + 1));
        const bool free = has_free_unit(deal.hand(seat), deal.level(), last.kind(), above);
        ++cal.faced[std::size_t(last.kind())][free];
        cal.passed[std::size_t(last.kind())][free] += choice < 0;
      }
      if (choice < 0) deal.apply_pass();
      else deal.apply_play((*moves)[std::size_t(choice)]);
    }
  }
  std::printf("calibration (facing an opponent's non-bomb play): pass rate with a free unit that beats / without\n");
  for (int k = 0; k < kEvidenceKinds; ++k) {
    const auto& f = cal.faced[std::size_t(k)];
    const auto& p = cal.passed[std::size_t(k)];
    if (f[0] == 0 || f[1] == 0) continue;
    const double with = double(p[1]) / double(f[1]), without = double(p[0]) / double(f[0]);
    std::printf("  %-10s %6.3f (%7ld)  %6.3f (%7ld)  ratio %.3f\n", kind_name(Kind(k)), with, f[1], without, f[0],
                with / without);
  }
  const double n = scored, mean = diff_sum / n, sd = std::sqrt(std::max(0.0, diff_sq / n - mean * mean));
  std::printf("%d positions (%s, %d worlds per sampler)\n", scored, argc > 2 ? argv[2] : "rule,rule_styles,rule_v1,rule_bomber", worlds);
  std::printf("  mean log-probability of the true holder: uniform %.4f, weighted %.4f, gain %+.4f [%+.4f, %+.4f]\n",
              uni_ll / n, inf_ll / n, mean, mean - 1.96 * sd / std::sqrt(n), mean + 1.96 * sd / std::sqrt(n));
  std::printf("  hidden cards at the likeliest seat: uniform %.2f%%, weighted %.2f%%\n", 100 * uni_acc / n, 100 * inf_acc / n);
  if (tribute)
    std::printf("  weighted without the tribute's record: log-probability %.4f, likeliest seat %.2f%%\n", plain_ll / n,
                100 * plain_acc / n);
  return 0;
}
