// MoveRules: the part of the ruleset that move generation reads.
//
// Kept apart from the whole Ruleset (ruleset.h) so that the move generator
// and the readings depend on nothing but what changes which moves exist.
#pragma once

#include "guandan/card.h"
#include "guandan/cardset.h"

namespace guandan {

struct MoveRules {
  // docs/rules.md §4.6: `app` forbids a wild card and a joker in one
  // combination. A wild never stands for a joker anyway, so the only place
  // this bites is a full house whose triple uses a wild and whose pair is
  // `SJ SJ` or `BJ BJ`.
  bool wild_with_joker = true;

  // Whether one combination may hold `wilds` wild cards and `jokers` jokers
  // together: the one definition of the wild-with-joker rule.
  constexpr bool allows(int wilds, int jokers) const { return wild_with_joker || wilds == 0 || jokers == 0; }

  // The same for a set of cards read at `level` (its wilds: the heart of the
  // level rank).
  constexpr bool allows(CardSet cards, Rank level) const {
    return allows(cards.count(wild_kind(level)), cards.count(kSmallJoker) + cards.count(kBigJoker));
  }
};

}  // namespace guandan
