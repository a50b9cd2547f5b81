#include "guandan/bots/move_facts.h"

#include <bit>

#include "guandan/movegen.h"

namespace guandan {

namespace {

// Whether `cards` make any move that beats `previous`.
bool can_follow(CardSet cards, Rank level, MoveRules rules, const Move& previous) {
  struct Any {
    bool found = false;
    void operator()(Move) { found = true; }
  } any;
  generate_moves(cards, level, rules, &previous, any);
  return any.found;
}

}  // namespace

int ranks_split(Move m, CardSet hand, Rank level) {
  const CardKind wild = wild_kind(level);
  const CardSet cards = m.cards();
  const CardSet used = cards - CardSet::of_kind(wild, cards.count(wild));
  const CardSet held = hand - CardSet::of_kind(wild, hand.count(wild));
  int n = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    const int took = std::popcount(unsigned(used.rank_config(Rank(r))));
    if (took > 0 && took < std::popcount(unsigned(held.rank_config(Rank(r))))) ++n;
  }
  return n;
}

bool is_high(Move m, Rank level) {
  const int order = rank_order(m, level);
  switch (m.kind()) {
    case Kind::kSingle: return order >= level_value(level, level);
    case Kind::kPair: return order >= level_value(kAce, kTwo);
    case Kind::kTriple:
    case Kind::kFullHouse: return order >= level_value(Rank(kAce - 2), kTwo);
    default: return is_sequence(m.kind()) && m.rank() == kAce;
  }
}

bool holds_bomb(CardSet hand, Rank level, MoveRules rules) {
  // Only a bomb beats a single big joker.
  const Move big_joker = Move::make(CardSet::of_kind(kBigJoker, 1), Kind::kSingle, kBigJokerRank);
  return can_follow(hand, level, rules, big_joker);
}

bool sure_winner(const PlayerView& view, Move m) {
  const CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  return !can_follow(unseen, view.level, view.rules.move_rules(), m);
}

}  // namespace guandan
