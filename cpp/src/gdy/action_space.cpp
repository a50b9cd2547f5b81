#include "guandan/gdy/action_space.h"

#include <cstring>

namespace guandan::gdy {
namespace {

constexpr int kKindAt = kNumKinds, kRankAt = kKindAt + kNumPlayKinds;

// Sequences of `length` ranks (runs: 3 or more; pair runs: 2 or more pairs)
// end at the Ace at the highest: length L has kAce + 2 - L tops. The
// actions of the lengths below L, from the shortest `shortest`.
constexpr int before_length(int length, int shortest) {
  int n = 0;
  for (int l = shortest; l < length; ++l) n += kAce + 2 - l;
  return n;
}
static_assert(before_length(kAce + 2, 3) == kPairRunBase - kRunBase);
static_assert(before_length(kAce + 2, 2) == kBombBase - kPairRunBase);

}  // namespace

int action_of(Play play) {
  const int rank = play.rank();
  switch (play.kind()) {
    case kPass: return kPassAction;
    case kSingle: return kSingleBase + rank;
    case kPair: return kPairBase + rank;
    case kRun: {
      const int length = play.size();
      return kRunBase + before_length(length, 3) + rank - (length - 1);
    }
    case kPairRun: {
      const int pairs = play.size() / 2;
      return kPairRunBase + before_length(pairs, 2) + rank - (pairs - 1);
    }
    case kBomb: return kBombBase + kNumRanks * (play.size() - 3) + rank;
    case kJokerBomb: return kJokerBombAction;
  }
  return -1;
}

void group_actions(const Play* plays, int count, std::array<int, kNumActions>& representative) {
  representative.fill(-1);
  std::array<std::int8_t, kNumActions> jokers;
  for (int i = 0; i < count; ++i) {
    const std::size_t action = std::size_t(action_of(plays[i]));
    const int j = plays[i].cards().jokers();
    if (representative[action] >= 0 && j >= jokers[action]) continue;
    representative[action] = i;
    jokers[action] = std::int8_t(j);
  }
}

void add_card_counts(Cards cards, std::int8_t* out) {
  for (int r = 0; r < kNumRanks; ++r) out[r] = std::int8_t(out[r] + cards.count(Rank(r)));
  out[kJokerRank] = std::int8_t(out[kJokerRank] + cards.jokers());
}

void play_features(Play play, std::int8_t* out) {
  std::memset(out, 0, kActionFeatures);
  add_card_counts(play.cards(), out);
  out[kKindAt + int(play.kind())] = 1;
  if (!play.is_pass()) out[kRankAt + int(play.rank())] = 1;
}

}  // namespace guandan::gdy
