// Whole-card-set questions built on the move generator: every reading of a
// given set of cards, whether a move is a legal reading, the grouped view,
// and what each wild card of a move stands for.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/movegen.h"

namespace guandan {

inline constexpr int kMaxMoveCards = 10;

// Every legal reading of exactly `cards` (empty if they form no combination).
std::vector<Move> classify(CardSet cards, Rank level, MoveRules rules);

// A quick test, from the size, the natural ranks and the jokers alone,
// that never says false where classify finds a reading (and says true of
// some sets that have none): the rule player asks it before generating the
// moves of a small hand only to see whether one takes the whole hand.
bool may_be_one_combination(CardSet cards, Rank level);

// Whether `move` is, bit for bit, a reading the generator produces for its
// cards at this level under these rules: the one check for a Move from
// outside (Python objects, pickles, numpy rows, logs, Deal.play). The wild
// declaration is validated before anything reads it.
bool is_legal_reading(Move move, Rank level, MoveRules rules);

// One move per distinct (kind, size, rank), in order of first appearance,
// each the representative that uses the fewest wild cards (the first such).
std::vector<Move> group_moves(const std::vector<Move>& moves);

// The cards as declared: each wild replaced by the card it stands for
// (meaningful for moves that pass is_legal_reading at `level`; anything else
// stays in bounds but reads its wilds as themselves). The rank comes from the
// move; the suit is chosen to be consistent with the kind (the flush suit in a
// straight flush, a suit that breaks the flush in a straight) and otherwise
// the first of h, s, c, d not already used twice.
struct DeclaredCards {
  std::array<CardKind, kMaxMoveCards> cards{};
  int size = 0;
};
DeclaredCards declared_cards(Move move, Rank level);

}  // namespace guandan
