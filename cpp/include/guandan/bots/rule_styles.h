// RuleStylesPolicy: the planning player in a different style per seat and
// deal (the `rule_styles` policy).
//
// At a seat's first decision of a deal (deal_memory.h) it draws
// that seat's PlanStyle from the ranges of plan_style.h with the deal's
// random stream, and keeps it to the end of the deal. So a table of them is
// four different opponents, a run of deals a field of many, and a search
// that plays its playouts against it meets a new mixture in every playout
// (each playout starts a new "deal" for the policy).
#pragma once

#include <array>

#include "guandan/bots/rule.h"
#include "guandan/bots/deal_memory.h"
#include "guandan/bots/evidence.h"

namespace guandan {

// Draws tried for a style the evidence does not rule out.
inline constexpr int kStyleDraws = 8;

class RuleStylesPolicy final : public Policy {
 public:
  RuleStylesPolicy() = default;
  // With `ends_in` > 0, one seat-deal in `ends_in` plays kPatientStyle and
  // one in `ends_in` kBomberStyle (plan_style.h), the rest a drawn style:
  // the ends of the ranges, which a uniform draw almost never makes whole.
  explicit RuleStylesPolicy(int ends_in) : ends_in_(ends_in) {}
  // With `evidence`, the style is drawn from that mixture in proportion to
  // how likely it makes the seat's passes and bombs (style_evidence.h): by
  // rejection, up to kStyleDraws draws, each kept with probability
  // style_likelihood. Without evidence for the seat the first draw stands,
  // so the random stream is as without it. The search's playouts start
  // mid-deal, and each opponent's style is drawn at its first decision in
  // a playout, before it acts: `evidence` is what the record showed at the
  // search's root (read_evidence), which the policy does not own.
  RuleStylesPolicy(int ends_in, const Evidence* evidence) : ends_in_(ends_in), evidence_(evidence) {}

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override;
  WithoutList choose_without_list(const PlayerView& view, bool can_pass, Rng& rng, Move& play) override;
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override;

  // The style seat `seat` plays now (the default before its first decision).
  const PlanStyle& style(int seat) const { return plan_.style(seat); }

 private:
  void follow_deal(const PlayerView& view, Rng& rng);
  PlanStyle draw_style(Rng& rng) const;

  RulePolicy plan_;
  int ends_in_ = 0;
  const Evidence* evidence_ = nullptr;
  std::array<DealMemory, 4> seen_{};
};

}  // namespace guandan
