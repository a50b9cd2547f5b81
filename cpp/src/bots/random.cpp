#include "guandan/bots/random.h"

#include <bit>

namespace guandan {

int RandomPolicy::choose_play(const PlayerView&, const Move*, int count, bool can_pass, Rng& rng) {
  const auto k = int(rng.bounded(std::uint64_t(count) + (can_pass ? 1 : 0)));
  return k == count ? -1 : k;
}

CardKind RandomPolicy::choose_card(const PlayerView&, CardSet options, Rng& rng) {
  std::uint64_t bits = options.lo;
  for (std::uint64_t n = rng.bounded(std::uint64_t(std::popcount(options.lo))); n > 0; --n) bits &= bits - 1;
  return CardKind(std::countr_zero(bits));
}

}  // namespace guandan
