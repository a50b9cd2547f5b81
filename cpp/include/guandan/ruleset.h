// Ruleset: the rules that differ between the supported variants, as data.
//
// One field per row of the ruleset table of the rules specification; the
// Python `guandan.Ruleset` carries the same fields by name. Code that applies a
// rule reads its field here, so a variant is a value, not a code path.
#pragma once

#include <array>

#include "guandan/movegen.h"

namespace guandan {

struct Ruleset {
  // Levels gained for a 1-2, 1-3 and 1-4 finish.
  std::array<int, 3> advance{3, 2, 1};
  // The deal ends when three players are out (else: when one team is out).
  bool deal_ends_three_out = false;
  // Only the last player out pays tribute (else: both losers after a 1-2).
  bool tribute_last_only = false;
  // A wild card may be paid as tribute (it counts as the level rank).
  bool tribute_wild_allowed = false;
  // Tribute is cancelled by all four jokers in the payer's hand (else: both
  // big jokers held by the payer, or by the two payers between them).
  bool cancel_needs_all_jokers = false;
  // The return is a card of level order at most 10, or the lowest card if
  // none (else: any card but one of the kind just received).
  bool return_at_most_ten = true;
  // First place leads after tribute (else: the payer of the higher card).
  bool first_place_leads = false;
  // A team at A with the first player out wins the match (else: declarers at
  // A winning 1-2 or 1-3).
  bool win_on_first_out_at_ace = false;
  // Failed deals as declarers at A before the team goes back to 2; 0: no limit.
  int failed_attempts_limit = 0;
  // Declarers at A beaten by a last play of natural aces go back to 2.
  bool all_aces_defeat = false;
  // A wild and a joker may be in one combination.
  bool wild_with_joker = true;

  constexpr MoveRules move_rules() const { return MoveRules{wild_with_joker}; }
};

}  // namespace guandan
