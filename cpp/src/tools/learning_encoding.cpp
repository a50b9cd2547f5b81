#include "guandan/tools/learning_encoding.h"

#include <bit>
#include <cstring>

namespace guandan::learning {
namespace {

// Copies per card kind of a card set, added into out[0, 54).
void add_counts(CardSet cards, std::int8_t* out) {
  for (std::uint64_t bits = cards.lo; bits; bits &= bits - 1) ++out[std::countr_zero(bits)];
  for (std::uint64_t bits = cards.hi; bits; bits &= bits - 1) ++out[std::countr_zero(bits)];
}

}  // namespace

void encode_observation(const DealState& deal, int seat, std::int8_t* out) {
  using namespace field;
  std::memset(out, 0, kObservationSize);
  const auto rel = [seat](int s) { return (s - seat + 4) % 4; };
  add_counts(deal.hand(seat), out + kHand);
  add_counts(deal.played(), out + kPlayed);
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
    add_counts(last->cards(), out + kLastPlayCards);
    out[kLastPlayKind + int(last->kind())] = 1;
    out[kLastPlayRank + int(last->rank())] = 1;
  }
  if (deal.last_player() >= 0) out[kLastPlayer + rel(deal.last_player())] = 1;
  out[kLevel + int(deal.level())] = 1;
  out[kPhase + int(deal.phase())] = 1;
  if (deal.turn() >= 0) out[kTurn + rel(deal.turn())] = 1;
  for (int place = 0; place < deal.out_count(); ++place) out[kPlaces + 4 * rel(deal.finished(place)) + place] = 1;
}

int action_of(Move move) {
  const int rank = move.rank();
  switch (move.kind()) {
    case Kind::kSingle: return 1 + rank;
    case Kind::kPair: return 16 + rank;
    case Kind::kTriple: return 31 + rank;
    case Kind::kFullHouse: return 44 + rank;
    case Kind::kStraight: return 57 + rank - 3;  // tops 5..A
    case Kind::kTube: return 67 + rank - 1;      // tops 3..A
    case Kind::kPlate: return 79 + rank;         // tops 2..A
    case Kind::kBomb: return 92 + 13 * (move.size() - 4) + rank;
    case Kind::kStraightFlush: return 183 + rank - 3;
    case Kind::kJokerBomb: return 193;
  }
  return -1;
}

void encode_action(int action, const Move* move, std::int8_t* out) {
  std::memset(out, 0, kActionFeatures);
  constexpr int kKind = 54, kRank = 54 + kNumMoveKinds, kPass = kRank + 15, kGive = kPass + 1;
  if (action == kPassAction) {
    out[kPass] = 1;
  } else if (action >= kGiveBase) {
    out[action - kGiveBase] = 1;
    out[kGive] = 1;
  } else {
    add_counts(move->cards(), out);
    out[kKind + int(move->kind())] = 1;
    out[kRank + int(move->rank())] = 1;
  }
}

}  // namespace guandan::learning
