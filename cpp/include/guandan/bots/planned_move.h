// The move that plays one combination of a plan (planner.h), found without
// generating every move of the hand.
//
// A set of cards reads the same way, in the same order, whatever else the
// hand holds (cpp/tests/test_movegen.cpp checks it on every lead of seeded
// hands), so the move the full list would give a planned combination, its
// first reading as its kind, else its first reading of any kind, is found
// among the readings of its own few cards. A set of cards without a wild
// card has exactly one reading (test_movegen.cpp), which a planned
// combination names: it is written at once (test_planner.cpp checks every
// planned combination's move against the generator's).
#pragma once

#include <optional>

#include "guandan/bots/planner.h"
#include "guandan/move.h"
#include "guandan/move_rules.h"

namespace guandan {

// Following `previous` (null to lead), the first reading that beats it as
// the kind, else the first that beats it: the move the list of follows
// would give (the follows are the leads that beat, in the same order).
// nullopt when no reading of the cards is legal there.
std::optional<Move> planned_move(const PlannedCombo& combo, Rank level, MoveRules rules,
                                 const Move* previous = nullptr);

}  // namespace guandan
