#include "guandan/bots/action_cards.h"

#include "guandan/bots/planner.h"

namespace guandan {

void read_actions(ActionCards cards, const Move* moves, int count, CardSet hand, Rank level, MoveRules rules,
                  std::array<int, kGiveBase>& chosen) {
  if (cards == ActionCards::kPlanned) {
    planned_actions(moves, count, hand, level, rules, chosen);
  } else {
    group_actions(moves, count, chosen);
  }
}

void planned_actions(const Move* moves, int count, CardSet hand, Rank level, MoveRules rules,
                     std::array<int, kGiveBase>& chosen) {
  chosen.fill(-1);
  std::array<std::int16_t, kGiveBase> members{};
  for (int i = 0; i < count; ++i) ++members[std::size_t(action_of(moves[i]))];
  struct Best {
    PlanScore rest;
    int wilds = 0;
  };
  std::array<Best, kGiveBase> best;
  for (int i = 0; i < count; ++i) {
    const std::size_t a = std::size_t(action_of(moves[i]));
    if (members[a] == 1) {
      chosen[a] = i;
      continue;
    }
    const Best mine{plan_score(hand - moves[i].cards(), level, rules), declared_wild_count(moves[i])};
    const Best& held = best[a];
    const bool better = chosen[a] < 0 || mine.rest.turns < held.rest.turns ||
                        (mine.rest.turns == held.rest.turns &&
                         (mine.rest.bombs > held.rest.bombs ||
                          (mine.rest.bombs == held.rest.bombs && mine.wilds < held.wilds)));
    if (better) chosen[a] = i, best[a] = mine;
  }
}

}  // namespace guandan
