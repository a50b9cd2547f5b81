// RecordedDeal: a deal (DealState) with its public record: every play, pass,
// tribute and return, in order, as all four seats saw them
// (public_record.h). Its views point at the record, so a bot reads what the
// other seats did. What a table, a simulation or guandan.Deal plays; a
// search's playouts play the bare DealState, which allocates nothing.
//
// It acts through its own play/pass/give (and apply_play/apply_pass), which
// record and then change the position; called on it as a DealState, they
// would change the position unrecorded.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "guandan/deal.h"
#include "guandan/public_record.h"

namespace guandan {

class RecordedDeal : public DealState {
 public:
  // The DealState constructors, with an empty record (a cancelled tribute
  // is its first action).
  RecordedDeal(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, int leader);
  RecordedDeal(const std::array<CardSet, 4>& hands, Rank level, const Ruleset& rules, const Placing& previous);
  // A position whose past is not known (a text form, a view): an empty record.
  explicit RecordedDeal(const DealState& position) : DealState(position) {}

  void apply_play(Move move);
  void apply_pass();
  void play(Move move);  // checked, as DealState::play
  void pass();           // checked, as DealState::pass
  void give(CardKind card);

  // What `seat` may know now, the record included.
  PlayerView view(int seat) const;
  std::span<const PublicAction> record() const { return record_; }

 private:
  PublicAction trick_action(PublicAction::Type type, Move move) const {
    return {type, std::int8_t(turn()), std::int8_t(last_player()), CardKind{}, move};
  }

  std::vector<PublicAction> record_;
};

}  // namespace guandan
