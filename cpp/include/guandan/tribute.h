// Tribute (docs/rules.md §7 and §9.1), as pure functions.
//
// From the second deal on, after the new hands are dealt and before play:
// the payer(s) give their highest card, each receiver gives one card back,
// and the ruleset decides who pays, what may be paid and returned, when the
// tribute is cancelled, and who leads.
#pragma once

#include <array>
#include <cstdint>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/placing.h"
#include "guandan/ruleset.h"

namespace guandan {

struct Payment {
  int payer = -1;
  int receiver = -1;
};

struct TributePlan {
  bool cancelled = false;
  int count = 0;  // payments: 0, 1 or 2; the payment to first place comes first
  std::array<Payment, 2> payments{};
};

// The seats that owe tribute after `previous`, one bit per seat: the last
// place, or both losers after a 1-2 when the ruleset has both pay (§7.2).
unsigned tribute_payer_seats(const Placing& previous, const Ruleset& rules);

// The cards the payers must hold between them to cancel the tribute (§7.5):
// both big jokers, or all four jokers.
CardSet tribute_cancel_cards(const Ruleset& rules);

// Who pays whom, or that the tribute is cancelled, from the previous deal's
// places (placing.h). `hands` are the new deal's
// hands, `level` its level rank.
TributePlan plan_tribute(const Placing& previous, const std::array<CardSet, 4>& hands, Rank level,
                         const Ruleset& rules);

// The cards a payer may give: the highest in level order (never a wild unless
// the ruleset allows it, and then a natural card of equal value is preferred).
// Several kinds can qualify (suits never rank). Returned as a set of kinds
// (one copy each); never empty for a non-empty hand.
CardSet tribute_cards(CardSet hand, Rank level, const Ruleset& rules);

// The cards a receiver may give back for `received`; never empty for a
// non-empty hand.
CardSet return_cards(CardSet hand, CardKind received, Rank level, const Ruleset& rules);

// Who leads the deal after tribute: first place when cancelled or when the
// ruleset says so, else the payer of the card given to first place.
int tribute_leader(const TributePlan& plan, const Placing& previous, const Ruleset& rules);

// The tribute value of a card in level order (a wild counts as the level rank).
constexpr int tribute_value(CardKind kind, Rank level) { return level_value(rank_of(kind), level); }

}  // namespace guandan
