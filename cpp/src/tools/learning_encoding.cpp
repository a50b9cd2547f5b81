#include "guandan/tools/learning_encoding.h"

#include <cstring>

namespace guandan::learning {
void encode_observation(const DealState& deal, int seat, std::int8_t* out) {
  using namespace field;
  std::memset(out, 0, kObservationSize);
  const auto rel = [seat](int s) { return (s - seat + 4) % 4; };
  add_card_counts(deal.hand(seat), out + kHand);
  add_card_counts(deal.played(), out + kPlayed);
  // The tribute and return cards are given face up: public.
  const TributePlan& plan = deal.tribute_plan();
  const auto gift = [&](int giver, int to, CardKind card, int role) {
    out[kTributeGiven + 54 * rel(giver) + card] = 1;
    out[kTributeRole + 2 * rel(giver) + role] = 1;
    out[kTributeTo + 4 * rel(giver) + rel(to)] = 1;
  };
  for (int i = 0; i < deal.payments_done(); ++i)
    gift(plan.payments[i].payer, plan.payments[i].receiver, deal.paid_card(i), 0);
  for (int i = 0; i < deal.returns_done(); ++i)
    gift(plan.payments[i].receiver, plan.payments[i].payer, deal.returned_card(i), 1);
  for (int s = 0; s < 4; ++s) out[kCardCounts + rel(s)] = std::int8_t(deal.hand(s).size());
  if (const Move* last = deal.last_play()) {
    add_card_counts(last->cards(), out + kLastPlayCards);
    out[kLastPlayKind + int(last->kind())] = 1;
    out[kLastPlayRank + int(last->rank())] = 1;
  }
  if (deal.last_player() >= 0) out[kLastPlayer + rel(deal.last_player())] = 1;
  out[kLevel + int(deal.level())] = 1;
  out[kPhase + int(deal.phase())] = 1;
  if (deal.turn() >= 0) out[kTurn + rel(deal.turn())] = 1;
  for (int place = 0; place < deal.out_count(); ++place) out[kPlaces + 4 * rel(deal.finished(place)) + place] = 1;
}

}  // namespace guandan::learning
