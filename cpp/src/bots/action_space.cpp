#include "guandan/bots/action_space.h"

#include <bit>
#include <cstring>

namespace guandan {
namespace {

constexpr int kKindAt = 54, kRankAt = kKindAt + kNumMoveKinds, kPassAt = kRankAt + 15, kGiveAt = kPassAt + 1;

}  // namespace

void add_card_counts(CardSet cards, std::int8_t* out) {
  for (std::uint64_t bits = cards.lo; bits; bits &= bits - 1) ++out[std::countr_zero(bits)];
  for (std::uint64_t bits = cards.hi; bits; bits &= bits - 1) ++out[std::countr_zero(bits)];
}

void move_features(const Move* move, std::int8_t* out) {
  std::memset(out, 0, kActionFeatures);
  if (move == nullptr) {
    out[kPassAt] = 1;
    return;
  }
  add_card_counts(move->cards(), out);
  out[kKindAt + int(move->kind())] = 1;
  out[kRankAt + int(move->rank())] = 1;
}

void give_features(CardKind card, std::int8_t* out) {
  std::memset(out, 0, kActionFeatures);
  out[card] = 1;
  out[kGiveAt] = 1;
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

void group_actions(const Move* moves, int count, std::array<int, kGiveBase>& representative) {
  representative.fill(-1);
  std::array<std::int8_t, kGiveBase> wilds;
  for (int i = 0; i < count; ++i) {
    const std::size_t action = std::size_t(action_of(moves[i]));
    const int w = declared_wild_count(moves[i]);
    if (representative[action] >= 0 && w >= wilds[action]) continue;
    representative[action] = i;
    wilds[action] = std::int8_t(w);
  }
}

}  // namespace guandan
