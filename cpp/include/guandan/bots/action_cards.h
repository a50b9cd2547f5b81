// Which cards a grouped action plays. The grouped action space
// (bots/action_space.h) names a play by its kind, size and rank, and a hand
// often holds several moves of one action: a full house of sevens over any
// of its pairs, a straight in any of its suits, a pair with or without a
// wild. The first reading (group_actions: the first move with the fewest
// wilds) is blind to the rest of the hand; the planned reading keeps the
// rest of the hand in the fewest turns (docs/bots.md §6, "Which cards").
#pragma once

#include <array>

#include "guandan/bots/action_space.h"
#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/move_rules.h"

namespace guandan {

// The two readings of an action: its first move, or the planned one.
enum class ActionCards { kFirst, kPlanned };

// One move per action among moves[0, count) (legal moves of `hand`), read
// as `cards` says: group_actions (bots/action_space.h) or planned_actions.
void read_actions(ActionCards cards, const Move* moves, int count, CardSet hand, Rank level, MoveRules rules,
                  std::array<int, kGiveBase>& chosen);

// One move per action among moves[0, count) (legal moves of `hand`): the one
// whose rest of the hand plans in the fewest turns (bots/planner.h), then
// with the most bombs, then using the fewest wilds; the first of equals. An
// action with a single move takes it without planning. chosen[a] is its
// index in `moves`, or -1 when no move has action a.
void planned_actions(const Move* moves, int count, CardSet hand, Rank level, MoveRules rules,
                     std::array<int, kGiveBase>& chosen);

}  // namespace guandan
