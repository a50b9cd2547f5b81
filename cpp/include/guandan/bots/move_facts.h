// What a move means for the hand that plays it and for the table, as the
// heuristic policies and the search read it.
#pragma once

#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/player_view.h"

namespace guandan {

// Ranks of which a move takes some of the hand's natural cards but not all:
// leading or following with such a move breaks up a pair, triple or bomb.
int ranks_split(Move m, CardSet hand, Rank level);

// A play high enough that only a bomb is likely to take the trick back: a
// single of the level rank or above, a pair of aces or above, triples of
// queens or above, any sequence topped by an ace.
bool is_high(Move m, Rank level);

// Whether the hand holds any bomb (four of a kind or more, a straight flush,
// the four jokers).
bool holds_bomb(CardSet hand, Rank level, MoveRules rules);

// Whether nothing the other players can still hold beats `m`: no move of the
// unseen cards (not in the hand, not played) follows it. Counts every joker,
// level card and bomb seen.
bool sure_winner(const PlayerView& view, Move m);

}  // namespace guandan
