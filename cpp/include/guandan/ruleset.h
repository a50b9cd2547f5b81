// Ruleset: the rules that differ between the supported variants, as data.
//
// One field per row of the ruleset table (docs/rules.md §9.1), with the
// same names and meanings as the Python `guandan.Ruleset` (which adds only its
// `name`): a two-way choice is an enum whose enumerators spell the Python
// string values (`LeaderAfterTribute::kFirstPlace` is "first_place"), and the
// k*Names tables below hold those strings, in enumerator order. Code that
// applies a rule reads its field here, so a variant is a value, not a code
// path.
//
// Ranges (checked at the Python boundary, ruleset_error below):
//   advance                 three levels 0..kMaxAdvance, non-increasing
//   failed_attempts_limit   0 (no limit; Python None) or 1..kMaxFailedAttemptsLimit
#pragma once

#include <array>
#include <string_view>

#include "guandan/move_rules.h"

namespace guandan {

enum class DealEnd : unsigned char { kTeamOut, kThreeOut };
enum class TributePayers : unsigned char { kLastOrBothLosers, kLastOnly };
enum class TributeCancel : unsigned char { kBothBigJokers, kAllFourJokers };
enum class ReturnRule : unsigned char { kAnyButReceived, kAtMostTen };
enum class LeaderAfterTribute : unsigned char { kHigherPayer, kFirstPlace };
enum class MatchWin : unsigned char { kDeclarersAtAce1_2Or1_3, kFirstOutAtAce };

using ChoiceNames = std::array<std::string_view, 2>;
inline constexpr ChoiceNames kDealEndNames{"team_out", "three_out"};
inline constexpr ChoiceNames kTributePayersNames{"last_or_both_losers", "last_only"};
inline constexpr ChoiceNames kTributeCancelNames{"both_big_jokers", "all_four_jokers"};
inline constexpr ChoiceNames kReturnRuleNames{"any_but_received", "at_most_ten"};
inline constexpr ChoiceNames kLeaderAfterTributeNames{"higher_payer", "first_place"};
inline constexpr ChoiceNames kMatchWinNames{"declarers_at_ace_1_2_or_1_3", "first_out_at_ace"};

// Thirteen levels 2..A: no finish can gain more than the whole climb.
inline constexpr int kMaxAdvance = 12;
// A sane bound on failed attempts at A before going back to 2.
inline constexpr int kMaxFailedAttemptsLimit = 100;

struct Ruleset {
  // Levels gained for a 1-2, 1-3 and 1-4 finish.
  std::array<int, 3> advance{3, 2, 1};
  // When the deal ends: one team has both players out, or three players are out.
  DealEnd deal_end = DealEnd::kTeamOut;
  // After a 1-2 both losers pay, otherwise last pays first; or only last pays first.
  TributePayers tribute_payers = TributePayers::kLastOrBothLosers;
  // A wild card may be paid as tribute (it counts as the level rank).
  bool tribute_wild_allowed = false;
  // The payer(s) holding both big jokers cancel the tribute; or the payer
  // holding all four jokers.
  TributeCancel tribute_cancel = TributeCancel::kBothBigJokers;
  // The return: any card but one of the kind just received; or a card of
  // level order at most 10, else the lowest card.
  ReturnRule return_rule = ReturnRule::kAtMostTen;
  // Who leads after tribute: the payer of the higher tribute card, or first place.
  LeaderAfterTribute leader_after_tribute = LeaderAfterTribute::kHigherPayer;
  // Who wins the match: declarers at A winning 1-2 or 1-3; or a team at A
  // with the first player out.
  MatchWin match_win = MatchWin::kDeclarersAtAce1_2Or1_3;
  // Failed deals as declarers at A that send the team back to 2; 0: no limit.
  int failed_attempts_limit = 0;
  // Declarers at A beaten by a last play of natural aces go back to 2.
  bool all_aces_defeat = false;
  // A wild and a joker may be in one combination.
  bool wild_with_joker = true;

  constexpr MoveRules move_rules() const { return MoveRules{wild_with_joker}; }

  // Levels the winners gain for a finish, from where the first player out's
  // partner finished (placing.h partner_place: 1, 2, 3 for a 1-2, 1-3, 1-4).
  // The one definition of the advance table's use.
  constexpr int levels_gained(int partner_place) const { return advance[partner_place - 1]; }
};

// Why `rules` is outside the ranges above, naming the field; nullptr if it is not.
static_assert(kMaxAdvance == 12 && kMaxFailedAttemptsLimit == 100, "update the messages of ruleset_error");
constexpr const char* ruleset_error(const Ruleset& rules) {
  for (int a : rules.advance)
    if (a < 0 || a > kMaxAdvance) return "advance entries must be levels 0..12 (there are 13 levels)";
  if (rules.advance[0] < rules.advance[1] || rules.advance[1] < rules.advance[2])
    return "advance must not reward a worse finish more (1-2 >= 1-3 >= 1-4)";
  if (rules.failed_attempts_limit < 0 || rules.failed_attempts_limit > kMaxFailedAttemptsLimit)
    return "failed_attempts_limit must be None (no limit) or 1..100";
  return nullptr;
}
static_assert(ruleset_error(Ruleset{}) == nullptr, "the default ruleset (standard) is in range");

}  // namespace guandan
