#include "guandan/bots/net.h"

#include <limits>

namespace guandan {
namespace {

// kNetW1 (kNetInputs x kNetHidden1, a row per input), kNetB1, kNetW2
// (kNetHidden1 x kNetHidden2), kNetB2, kNetW3 (kNetHidden2), kNetB3.
#include "net_weights.inc"

static_assert(sizeof(kNetW1) == sizeof(float) * kNetInputs * kNetHidden1, "net_weights.inc: first layer shape");
static_assert(sizeof(kNetW2) == sizeof(float) * kNetHidden1 * kNetHidden2, "net_weights.inc: second layer shape");

// out += scale * row, over one layer's width.
template <int Width>
void add_row(float* out, const float* row, float scale) {
  for (int i = 0; i < Width; ++i) out[i] += scale * row[i];
}

}  // namespace

void net_view_layer(const std::int8_t* view_features, NetViewLayer& out) {
  for (int i = 0; i < kNetHidden1; ++i) out[std::size_t(i)] = kNetB1[i];
  for (int f = 0; f < kNetViewFeatures; ++f)
    if (view_features[f] != 0) add_row<kNetHidden1>(out.data(), kNetW1 + f * kNetHidden1, float(view_features[f]));
}

float net_action_score(const NetViewLayer& view, const std::int8_t* action_features) {
  NetViewLayer first = view;
  for (int f = 0; f < kActionFeatures + kNetPlanFeatures; ++f)
    if (action_features[f] != 0)
      add_row<kNetHidden1>(first.data(), kNetW1 + (kNetViewFeatures + f) * kNetHidden1, float(action_features[f]));
  std::array<float, kNetHidden2> second;
  for (int j = 0; j < kNetHidden2; ++j) second[std::size_t(j)] = kNetB2[j];
  for (int i = 0; i < kNetHidden1; ++i)
    if (first[std::size_t(i)] > 0) add_row<kNetHidden2>(second.data(), kNetW2 + i * kNetHidden2, first[std::size_t(i)]);
  float score = kNetB3;
  for (int j = 0; j < kNetHidden2; ++j)
    if (second[std::size_t(j)] > 0) score += second[std::size_t(j)] * kNetW3[j];
  return score;
}

namespace {

// Scores the actions of one decision: the view's part of the first layer
// and the hand's plan are computed once.
class DecisionScorer {
 public:
  explicit DecisionScorer(const PlayerView& view) : plan_(view.hand, view.level, view.rules.move_rules()) {
    std::array<std::int8_t, kNetViewFeatures> features;
    net_view_features(view, features.data());
    net_view_layer(features.data(), layer_);
  }
  // A move's score, or the pass's (null).
  float score(const Move* move) {
    move_features(move, action_.data());
    plan_.of(move, action_.data() + kActionFeatures);
    return net_action_score(layer_, action_.data());
  }

 private:
  NetViewLayer layer_;
  NetPlanFeatures plan_;
  std::array<std::int8_t, kActionFeatures + kNetPlanFeatures> action_;
};

}  // namespace

void net_move_scores(const PlayerView& view, const Move* moves, int count, float* scores) {
  DecisionScorer scorer(view);
  for (int i = 0; i < count; ++i) scores[i] = scorer.score(&moves[i]);
}

int NetPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) {
  std::array<int, kGiveBase> representative;
  read_actions(cards_, moves, count, view.hand, view.level, view.rules.move_rules(), representative);
  DecisionScorer scorer(view);
  // The best score, the first best in action order (a pass first).
  int best = -1;
  float best_score = -std::numeric_limits<float>::infinity();
  if (can_pass) best_score = scorer.score(nullptr);
  for (int a = 1; a < kGiveBase; ++a) {
    const int i = representative[std::size_t(a)];
    if (i < 0) continue;
    const float score = scorer.score(&moves[i]);
    if (score > best_score) best = i, best_score = score;
  }
  return best;
}

CardKind NetPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return tribute_.choose_card(view, options, rng);
}

}  // namespace guandan
