// Hand planning: split a hand into combinations that take the fewest turns
// to play out (docs/rules.md §2–§4), wild hearts included.
//
// The search works on counts per rank: it chooses the long structures
// (straight flushes, straights, tubes, plates) by depth-first search, and
// counts what is left (singles, pairs, triples, full houses, bombs, where the
// wilds go) in closed form. Ties in the number of turns go to the plan with
// more bombs (control: cards that win a trick by themselves). Only then are
// physical cards assigned to each combination.
//
// The plan is a fixed array on the stack. The search's answers for recent
// hands are kept per thread (a playout asks about the same hands again and
// again): the same answer, found again instead of searched.
#pragma once

#include <array>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/move_rules.h"

namespace guandan {

// One combination of a plan: its cards and the reading it is meant as.
struct PlannedCombo {
  CardSet cards;
  Kind kind = Kind::kSingle;
  Rank rank = kTwo;
};

struct HandPlan {
  // Every card is in exactly one combination, so a hand of n cards has at
  // most n of them.
  std::array<PlannedCombo, kNumPhysicalCards> combos{};
  int count = 0;   // combinations, which is the number of turns to go out
  int bombs = 0;   // combinations that are bombs (the tie-break)

  const PlannedCombo* begin() const { return combos.data(); }
  const PlannedCombo* end() const { return combos.data() + count; }
};

// The plan of `hand` at `level` (any canonical CardSet; an empty hand has an
// empty plan). Combinations come out structures first, then the rest by rank.
HandPlan plan_hand(CardSet hand, Rank level, MoveRules rules);

// Only the number of turns (and bombs) of that plan, without assigning cards.
struct PlanScore {
  int turns = 0;
  int bombs = 0;
};
PlanScore plan_score(CardSet hand, Rank level, MoveRules rules);

}  // namespace guandan
