#include "guandan/gdy/learning_encoding.h"

#include <algorithm>
#include <cstring>

#include "guandan/gdy/action_space.h"

namespace guandan::gdy {

void encode_observation(const DealState& deal, const PlaysBySeat& plays, int seat, std::int8_t* out) {
  using namespace field;
  static_assert(kWinner + kMaxPlayers == kObservationSize);
  std::memset(out, 0, kObservationSize);
  const int n = deal.players();
  const auto rel = [seat, n](int s) { return (s - seat + n) % n; };
  add_card_counts(deal.hand(seat), out + kHand);
  add_card_counts(deal.gone(), out + kPlayed);
  for (int s = 0; s < n; ++s) {
    const int r = rel(s);
    add_card_counts(plays.cards[std::size_t(s)], out + kPlayedBy + kNumKinds * r);
    out[kHandSizes + r] = std::int8_t(deal.hand_size(s));
    out[kHasPlayed + r] = deal.has_played(s);
  }
  out[kPlayers + n - kMinPlayers] = 1;
  if (!deal.leading() && !deal.over()) {
    const Play table = deal.table();
    add_card_counts(table.cards(), out + kTableCards);
    out[kTableKind + int(table.kind()) - 1] = 1;  // no pass
    out[kTableRank + int(table.rank())] = 1;
    out[kLastPlayer + rel(deal.last_player())] = 1;
    out[kPasses] = std::int8_t(deal.passes());
  }
  if (deal.over())
    out[kWinner + rel(deal.winner())] = 1;
  else
    out[kTurn + rel(deal.turn())] = 1;
  out[kStockLeft] = std::int8_t(deal.stock_left());
  out[kBombs] = std::int8_t(std::min(deal.bombs(), 2));  // the penalties double up to x4
}

}  // namespace guandan::gdy
