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
#include <string>
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

// The table of the fields: one row per field, in declaration order, with
// its name, its kind and range, what it means, and how to read and set it
// as numbers. The deal text form (ruleset_text below) and the Python
// binding (the Rules.FIELDS it exposes, from which guandan.Ruleset's core
// fields are checked) are derived from it, so a new field is a member
// above and a row here.
enum class FieldKind : unsigned char {
  kLevels,  // advance: three numbers 0..max, one per finish (1-2, 1-3, 1-4)
  kChoice,  // a two-way choice: its enumerator's index, written as its name
  kFlag,    // 0 or 1
  kLimit,   // 0 (none) or 1..max
};
using FieldValue = std::array<int, 3>;  // one number; three for kLevels

struct RulesetField {
  std::string_view name;
  FieldKind kind;
  int max;                     // the largest number (kLevels, kLimit); 1 otherwise
  const ChoiceNames* choices;  // kChoice: the names of its two values
  std::string_view meaning;
  FieldValue (*get)(const Ruleset&);
  void (*set)(Ruleset&, const FieldValue&);
};

inline constexpr std::array<RulesetField, 11> kRulesetFields{{
    {"advance", FieldKind::kLevels, kMaxAdvance, nullptr, "levels gained for a 1-2, 1-3 and 1-4 finish",
     [](const Ruleset& r) { return FieldValue{r.advance[0], r.advance[1], r.advance[2]}; },
     [](Ruleset& r, const FieldValue& v) { r.advance = {v[0], v[1], v[2]}; }},
    {"deal_end", FieldKind::kChoice, 1, &kDealEndNames,
     "the deal ends when one team has both players out, or when three players are out",
     [](const Ruleset& r) { return FieldValue{int(r.deal_end)}; },
     [](Ruleset& r, const FieldValue& v) { r.deal_end = DealEnd(v[0]); }},
    {"tribute_payers", FieldKind::kChoice, 1, &kTributePayersNames,
     "after a 1-2 both losers pay, otherwise last pays first; or only last pays first",
     [](const Ruleset& r) { return FieldValue{int(r.tribute_payers)}; },
     [](Ruleset& r, const FieldValue& v) { r.tribute_payers = TributePayers(v[0]); }},
    {"tribute_wild_allowed", FieldKind::kFlag, 1, nullptr, "a wild card may be paid as tribute",
     [](const Ruleset& r) { return FieldValue{int(r.tribute_wild_allowed)}; },
     [](Ruleset& r, const FieldValue& v) { r.tribute_wild_allowed = v[0] != 0; }},
    {"tribute_cancel", FieldKind::kChoice, 1, &kTributeCancelNames,
     "the payers holding both big jokers cancel the tribute, or the payer holding all four jokers",
     [](const Ruleset& r) { return FieldValue{int(r.tribute_cancel)}; },
     [](Ruleset& r, const FieldValue& v) { r.tribute_cancel = TributeCancel(v[0]); }},
    {"return_rule", FieldKind::kChoice, 1, &kReturnRuleNames,
     "the return: any card but one of the kind received, or a card of level order at most 10",
     [](const Ruleset& r) { return FieldValue{int(r.return_rule)}; },
     [](Ruleset& r, const FieldValue& v) { r.return_rule = ReturnRule(v[0]); }},
    {"leader_after_tribute", FieldKind::kChoice, 1, &kLeaderAfterTributeNames,
     "who leads after tribute: the payer of the higher tribute card, or first place",
     [](const Ruleset& r) { return FieldValue{int(r.leader_after_tribute)}; },
     [](Ruleset& r, const FieldValue& v) { r.leader_after_tribute = LeaderAfterTribute(v[0]); }},
    {"match_win", FieldKind::kChoice, 1, &kMatchWinNames,
     "who wins the match: declarers at A winning 1-2 or 1-3, or a team at A with the first player out",
     [](const Ruleset& r) { return FieldValue{int(r.match_win)}; },
     [](Ruleset& r, const FieldValue& v) { r.match_win = MatchWin(v[0]); }},
    {"failed_attempts_limit", FieldKind::kLimit, kMaxFailedAttemptsLimit, nullptr,
     "failed deals as declarers at A that send the team back to 2 (0: no limit)",
     [](const Ruleset& r) { return FieldValue{r.failed_attempts_limit}; },
     [](Ruleset& r, const FieldValue& v) { r.failed_attempts_limit = v[0]; }},
    {"all_aces_defeat", FieldKind::kFlag, 1, nullptr,
     "declarers at A beaten by a last play of natural aces go back to 2",
     [](const Ruleset& r) { return FieldValue{int(r.all_aces_defeat)}; },
     [](Ruleset& r, const FieldValue& v) { r.all_aces_defeat = v[0] != 0; }},
    {"wild_with_joker", FieldKind::kFlag, 1, nullptr, "a wild and a joker may be in one combination",
     [](const Ruleset& r) { return FieldValue{int(r.wild_with_joker)}; },
     [](Ruleset& r, const FieldValue& v) { r.wild_with_joker = v[0] != 0; }},
}};

// The ruleset field of the deal text form (deal_text.cpp): the fields that
// differ from the defaults above (the standard preset), in table order, as
// name=value separated by ',', or '-' when none does. A value is a number
// (0/1 for a flag, 0 for no limit), a choice's name, or the three advance
// levels separated by '.': "advance=4.2.1,deal_end=three_out". A field
// added later with a default that keeps today's rules changes no text.
std::string ruleset_text(const Ruleset& rules);
// The inverse (names in any order, each at most once; std::invalid_argument
// naming what is wrong), and also the older positional form: thirteen
// comma-separated integers, the fields in table order, a choice as its
// index, advance as its three numbers.
Ruleset parse_ruleset_text(std::string_view text);

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
