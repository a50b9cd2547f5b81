#include "guandan/bots/net_features.h"

#include <cstring>

namespace guandan {
void net_view_features(const PlayerView& view, std::int8_t* out) {
  std::memset(out, 0, kNetViewFeatures);
  const auto rel = [&](int s) { return (s - view.seat + 4) % 4; };
  add_card_counts(view.hand, out);
  add_card_counts(view.played, out + 54);
  for (int k = 0; k < 54; ++k) out[108 + k] = std::int8_t(2 - out[k] - out[54 + k]);
  if (!view.leading) {
    add_card_counts(view.last_play.cards(), out + 162);
    out[216 + int(view.last_play.kind())] = 1;
    out[226 + int(view.last_play.rank())] = 1;
    if (view.last_player >= 0) out[241 + rel(view.last_player)] = 1;
  }
  for (int s = 0; s < 4; ++s) {
    const int r = rel(s);
    if (r == 0) continue;
    out[245 + r - 1] = std::int8_t(view.counts[std::size_t(s)]);
  }
  for (int i = 0; i < view.out_count; ++i) {
    const int r = rel(view.out[std::size_t(i)]);
    if (r > 0) out[248 + r - 1] = 1;
  }
  out[251 + int(view.level)] = 1;
  out[264] = view.leading;
  const PlanScore plan = plan_score(view.hand, view.level, view.rules.move_rules());
  out[265] = std::int8_t(plan.turns);
  out[266] = std::int8_t(plan.bombs);
}

void net_hidden_features(const std::array<CardSet, 4>& hands, int seat, Rank level, MoveRules rules,
                         std::int8_t* out) {
  std::memset(out, 0, kNetHiddenFeatures);
  for (int r = 1; r < 4; ++r) {
    const CardSet hand = hands[std::size_t((seat + r) % 4)];
    std::int8_t* part = out + (r - 1) * (54 + 2);
    add_card_counts(hand, part);
    if (hand.empty()) continue;
    const PlanScore plan = plan_score(hand, level, rules);
    part[54] = std::int8_t(plan.turns);
    part[55] = std::int8_t(plan.bombs);
  }
}

NetPlanFeatures::NetPlanFeatures(CardSet hand, Rank level, MoveRules rules)
    : hand_(hand), level_(level), rules_(rules), plan_(plan_hand(hand, level, rules)) {}

void NetPlanFeatures::of(const Move* move, std::int8_t* out) const {
  std::memset(out, 0, kNetPlanFeatures);
  if (move == nullptr) return;
  const CardSet cards = move->cards();
  const int size = cards.size();
  for (const PlannedCombo& c : plan_)
    if (c.kind == move->kind() && c.rank == move->rank() && c.cards.size() == size) out[0] = 1;
  const CardSet rest = hand_ - cards;
  if (rest.empty()) {
    out[3] = 1;
    out[1] = std::int8_t(-plan_.count < -3 ? -3 : -plan_.count);
    out[2] = std::int8_t(-plan_.bombs < -3 ? -3 : -plan_.bombs);
    return;
  }
  const PlanScore after = plan_score(rest, level_, rules_);
  const auto clip = [](int v) { return std::int8_t(v < -3 ? -3 : v > 5 ? 5 : v); };
  out[1] = clip(after.turns - plan_.count);
  out[2] = clip(after.bombs - plan_.bombs);
}

}  // namespace guandan
