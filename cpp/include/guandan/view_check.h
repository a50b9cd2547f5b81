// Whether a view (player_view.h) and a decision are ones a policy can play
// from: the boundary check of every view that comes from outside the core.
#pragma once

#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

// Throws std::invalid_argument naming the first inconsistency of a view the
// search (or any policy) could not play from: a seat out of range, counts
// that do not match the hand and the cards played, a seat still in play
// with no cards (every seat holds at least one card until it is out), a
// trick that does not add up.
void check_view(const PlayerView& view);
// The same for a decision: check_view, and every candidate a play of the
// hand that may be made now; passing only when following.
void check_decision(const PlayerView& view, const Move* moves, int count, bool can_pass);
// Throws std::invalid_argument naming the first action of the view's record
// that no deal makes (bots index by its seats and read its plays): a record
// from outside (a pickle) is checked once, where it comes in; a deal's own
// record needs no check.
void check_record(const PlayerView& view);

}  // namespace guandan
