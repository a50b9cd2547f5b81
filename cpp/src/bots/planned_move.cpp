#include "guandan/bots/planned_move.h"

#include "guandan/movegen.h"

namespace guandan {
namespace {

// Keeps the first reading of all the cards as the kind, and the first of any kind.
struct FirstReadings {
  FirstReadings(int cards, Kind as) : size(cards), kind(as) {}
  int size;
  Kind kind;
  std::optional<Move> exact, any;
  void operator()(Move m) {
    if (m.size() != size) return;
    if (!any) any = m;
    if (!exact && m.kind() == kind) exact = m;
  }
};

}  // namespace

std::optional<Move> planned_move(const PlannedCombo& combo, Rank level, MoveRules rules, const Move* previous) {
  // Without a wild card, the one reading there is.
  if (combo.cards.count(wild_kind(level)) == 0) {
    const Move move = Move::make(combo.cards, combo.kind, combo.rank);
    if (previous == nullptr || beats(move, *previous, level)) return move;
    return std::nullopt;
  }
  FirstReadings first{combo.cards.size(), combo.kind};
  generate_moves_of_size(HandView(combo.cards, level), rules, previous, combo.cards.size(), first);
  return first.exact ? first.exact : first.any;
}

}  // namespace guandan
