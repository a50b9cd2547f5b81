// DealMemory: whether a seat's view continues the deal of the last view it
// was shown. Policies that keep something per seat and deal (a style drawn
// for the deal, a count of passes) are reused across deals and across the
// search's sampled worlds, and PlayerView names no deal, so they tell from
// the view alone: within a deal a seat's hand only shrinks (a tribute
// received comes before the first play, when nothing is played yet) and the
// cards played only grow; anything else is a new deal.
#pragma once

#include "guandan/cardset.h"
#include "guandan/player_view.h"

namespace guandan {

class DealMemory {
 public:
  // Whether `view` continues the deal of the last view noted; notes it.
  bool continues(const PlayerView& view) {
    const bool same = valid_ && level_ == view.level && view.played.contains(played_) &&
                      (hand_.contains(view.hand) || played_.empty());
    hand_ = view.hand, played_ = view.played, level_ = view.level, valid_ = true;
    return same;
  }
  // The next view starts a new deal, whatever it shows.
  void forget() { valid_ = false; }

 private:
  CardSet hand_, played_;
  Rank level_ = kTwo;
  bool valid_ = false;
};

}  // namespace guandan
