#include "guandan/bots/rule.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "guandan/bots/move_facts.h"
#include "guandan/bots/planned_move.h"
#include "guandan/movegen.h"
#include "guandan/readings.h"
#include "guandan/tribute.h"
#include "guandan/bots/unseen_tops.h"

namespace guandan {
namespace {

// The legal move of each planned combination: the first that plays its
// cards as its kind, else the first that plays its cards (another reading),
// else -1. A decision asks for most of the plan, and following, most
// combinations have no move, so one pass over the moves finds them all, the
// combinations looked up by their cards.
class PlanMoves {
 public:
  PlanMoves(const HandPlan& plan, const Move* moves, int count) : plan_(plan) {
    heads_.fill(-1);
    for (int j = 0; j < plan.count; ++j) {
      const std::size_t b = bucket(plan.combos[std::size_t(j)].cards);
      next_[std::size_t(j)] = heads_[b], heads_[b] = std::int16_t(j);
      exact_[std::size_t(j)] = any_[std::size_t(j)] = -1;
    }
    int unmatched = plan.count;  // combinations without a move of their kind yet
    for (int i = 0; i < count && unmatched > 0; ++i) {
      const CardSet cards = moves[i].cards();
      for (int j = heads_[bucket(cards)]; j >= 0; j = next_[std::size_t(j)]) {
        const PlannedCombo& c = plan.combos[std::size_t(j)];
        if (c.cards != cards) continue;
        if (any_[std::size_t(j)] < 0) any_[std::size_t(j)] = std::int16_t(i);
        if (exact_[std::size_t(j)] < 0 && moves[i].kind() == c.kind) exact_[std::size_t(j)] = std::int16_t(i), --unmatched;
      }
    }
  }

  int of(const PlannedCombo& c) const {
    const std::size_t j = std::size_t(&c - plan_.begin());
    return exact_[j] >= 0 ? exact_[j] : any_[j];
  }

 private:
  static constexpr int kBucketBits = 6;
  static std::size_t bucket(CardSet cards) { return std::size_t((cards.lo * 0x9E3779B97F4A7C15ull) >> (64 - kBucketBits)); }

  const HandPlan& plan_;
  std::array<std::int16_t, std::size_t(1) << kBucketBits> heads_;
  std::array<std::int16_t, kNumPhysicalCards> next_, exact_, any_;
};

// The planned combinations' moves in the list choose_play is handed: ids
// are the list's indices (the index is built on first use).
class ListedPlanMoves {
 public:
  ListedPlanMoves(const HandPlan& plan, const Move* moves, int count) : plan_(plan), moves_(moves), count_(count) {}
  int of(const PlannedCombo& c) {
    if (!index_) index_.emplace(plan_, moves_, count_);
    return index_->of(c);
  }
  Move at(int id) const { return moves_[id]; }

 private:
  const HandPlan& plan_;
  const Move* moves_;
  int count_;
  std::optional<PlanMoves> index_;
};

// The same moves without the list (planned_move.h): ids are the
// combinations' places in the plan; each is read on first use.
class PlanReadings {
 public:
  static constexpr int kMaxCombos = 32;  // a hand holds at most 27 cards
  // `previous`: the play to beat (null to lead).
  PlanReadings(const HandPlan& plan, Rank level, MoveRules rules, const Move* previous)
      : plan_(plan), level_(level), rules_(rules), previous_(previous) {
    read_.fill(false);
  }
  int of(const PlannedCombo& c) {
    const std::size_t j = std::size_t(&c - plan_.begin());
    if (!read_[j]) moves_[j] = planned_move(c, level_, rules_, previous_), read_[j] = true;
    return moves_[j] ? int(j) : -1;
  }
  Move at(int id) const { return *moves_[std::size_t(id)]; }

 private:
  const HandPlan& plan_;
  Rank level_;
  MoveRules rules_;
  const Move* previous_;
  std::array<bool, kMaxCombos> read_;
  std::array<std::optional<Move>, kMaxCombos> moves_;
};

// Singles and pairs of the top ranks (ace, level rank, jokers) win tricks
// by themselves often enough to keep for the end.
bool is_control(const PlannedCombo& c, Rank level) {
  if (bomb_tier(c.kind, c.cards.size()) > 0) return true;
  if (c.kind != Kind::kSingle && c.kind != Kind::kPair) return false;
  return level_value(c.rank, level) >= level_value(kAce, kTwo);  // A, the level rank, jokers
}

// Lower leads first: not bombs, not control, then the combination that
// sheds more cards, then the weakest rank (or, lowest_first, the weakest
// rank before the number of cards).
struct LeadKey {
  int bomb, control, rank, cards;
  bool lowest_first;
  bool operator<(const LeadKey& o) const {
    if (bomb != o.bomb) return bomb < o.bomb;
    if (control != o.control) return control < o.control;
    if (lowest_first && rank != o.rank) return rank < o.rank;
    if (cards != o.cards) return cards > o.cards;
    return rank < o.rank;
  }
};

// Bombs compare by tier, then rank; at equal strength fewer wilds. With
// bomb_whole a bomb that is not a planned combination (torn out of a bigger
// bomb, or made with a card the plan uses elsewhere) comes after every one
// that is.
struct BombKey {
  int splits, tier, rank, wilds;
  bool operator<(const BombKey& o) const {
    if (splits != o.splits) return splits < o.splits;
    if (tier != o.tier) return tier < o.tier;
    if (rank != o.rank) return rank < o.rank;
    return wilds < o.wilds;
  }
};

// Whether `cards` are exactly one combination of the plan (for one card:
// whether the plan plays it as a single).
bool in_plan(const HandPlan& plan, CardSet cards) {
  for (const PlannedCombo& c : plan)
    if (c.cards == cards) return true;
  return false;
}

// The highest unseen combination of each kind, in level order.
using Tops = UnseenTops;
Tops unseen_tops(const PlayerView& view) { return guandan::unseen_tops(view, level_value); }

// How far a play is below the highest unseen of its kind (0 or less: "top",
// only a bomb beats it). Bombs count as top.
int below_top(Kind kind, Rank rank, const Tops& t, Rank level) {
  const int d = rank_order(kind, rank, level);
  switch (kind) {
    case Kind::kSingle: return t.single - d;
    case Kind::kPair: return t.pair - d;
    case Kind::kTriple:
    case Kind::kFullHouse: return t.triple - d;
    case Kind::kStraight: return t.straight - d;
    case Kind::kTube: return t.tube - d;
    case Kind::kPlate: return t.plate - d;
    default: return -1;
  }
}
int below_top(Move m, const Tops& t, Rank level) { return below_top(m.kind(), m.rank(), t, level); }

// The unseen tops, counted once and only when a rule asks for them.
class LazyTops {
 public:
  explicit LazyTops(const PlayerView& view) : view_(view) {}
  const Tops& get() {
    if (!known_) value_ = unseen_tops(view_), known_ = true;
    return value_;
  }
  // Winners: bombs, and combinations nothing unseen beats but a bomb.
  bool is_winner(const PlannedCombo& c) {
    return bomb_tier(c.kind, c.cards.size()) > 0 || below_top(c.kind, c.rank, get(), view_.level) <= 0;
  }

 private:
  const PlayerView& view_;
  Tops value_;
  bool known_ = false;
};

// The lead by the plan (rule.h), from `moves`, which gives each planned
// combination's move an id (of) and the move of an id (at): the id of the
// lead, or -1 when no planned combination has a move.
template <class PlannedMoves>
int lead_by_plan(const PlayerView& view, const HandPlan& plan, const PlanStyle& style, PlannedMoves& moves,
                 LazyTops& tops) {
  const Rank level = view.level;
  const int seat = view.seat;
  // Two combinations left: a sure winner first keeps the lead to go out.
  if (plan.count == 2) {
    for (const PlannedCombo& c : plan) {
      const int i = moves.of(c);
      if (i >= 0 && sure_winner(view, moves.at(i))) return i;
    }
  }
  // At most one loser: the weakest top combination first, to keep the
  // lead down to the last combination (bombs wait: they win anyway).
  if (style.run_out && plan.count >= 2) {
    int winners = 0, top = -1;
    for (const PlannedCombo& c : plan) {
      if (!tops.is_winner(c)) continue;
      ++winners;
      if (bomb_tier(c.kind, c.cards.size()) > 0) continue;
      const int i = moves.of(c);
      if (i >= 0 && (top < 0 || rank_order(c.kind, c.rank, level) < rank_order(moves.at(top), level))) top = i;
    }
    if (plan.count - winners <= 1 && top >= 0) return top;
  }
  const int next_count = view.counts[(seat + 1) % 4];
  // A partner about to go out: the weakest planned single, which it can
  // go out over (not into a next opponent holding one card).
  const int partner_count = view.counts[partner_of(seat)];
  if (partner_count > 0 && partner_count <= style.feed_partner && next_count != 1) {
    int low = -1;
    for (const PlannedCombo& c : plan) {
      if (c.kind != Kind::kSingle) continue;
      const int i = moves.of(c);
      if (i >= 0 && (low < 0 || rank_order(moves.at(i), level) < rank_order(moves.at(low), level))) low = i;
    }
    if (low >= 0) return low;
  }
  int best = -1;
  LeadKey best_key{};
  bool best_fits_next = true;
  for (const PlannedCombo& c : plan) {
    const int i = moves.of(c);
    if (i < 0) continue;
    const bool bomb = bomb_tier(c.kind, c.cards.size()) > 0;
    // Leading the size the next opponent holds lets it go out.
    const bool fits_next = !bomb && c.cards.size() == next_count;
    const LeadKey key{bomb, is_control(c, level), rank_order(c.kind, c.rank, level), c.cards.size(),
                      style.lead_lowest_first};
    if (best < 0 || (best_fits_next && !fits_next) || (fits_next == best_fits_next && key < best_key))
      best = i, best_key = key, best_fits_next = fits_next;
  }
  return best;
}

// What follow_by_plan returns when no planned combination settles the
// follow: the spare plays and bombs of the whole list decide.
constexpr int kNoPlannedFollow = -2;

// Following by the plan (rule.h), from `moves` as for lead_by_plan: over
// the partner the whole decision (the id of the play, or -1 to pass);
// over an opponent the cheapest planned combination that beats, or
// kNoPlannedFollow.
template <class PlannedMoves>
int follow_by_plan(const PlayerView& view, const HandPlan& plan, const PlanStyle& style, PlannedMoves& moves,
                   LazyTops& tops) {
  const Rank level = view.level;
  const int owner_cards = view.last_player >= 0 ? view.counts[view.last_player] : 0;
  if (view.last_player == partner_of(view.seat)) {
    // Over the partner only to run out: a planned combination after which
    // every combination left but one is a winner (the first in plan order).
    if (style.finish_over_partner) {
      int winners = 0;
      for (const PlannedCombo& c : plan) winners += tops.is_winner(c);
      for (const PlannedCombo& c : plan) {
        if (bomb_tier(c.kind, c.cards.size()) > 0) continue;
        const int i = moves.of(c);
        if (i < 0 || bomb_tier(moves.at(i)) > 0) continue;
        if ((plan.count - 1) - (winners - tops.is_winner(c)) <= 1) return i;
      }
    }
    // Else pass (going out was handled above), or in the top_partner_low
    // style take a low partner play with a planned combination that is not
    // control.
    if (!style.top_partner_low || owner_cards <= style.danger_cards || rank_order(view.last_play, level) >= kTen)
      return -1;
    for (const PlannedCombo& c : plan) {
      if (bomb_tier(c.kind, c.cards.size()) > 0 || is_control(c, level)) continue;
      const int i = moves.of(c);
      if (i >= 0 && bomb_tier(moves.at(i)) == 0) return i;
    }
    return -1;
  }
  // The cheapest planned combination that beats.
  int best = -1, best_rank = 0;
  for (const PlannedCombo& c : plan) {
    if (bomb_tier(c.kind, c.cards.size()) > 0) continue;
    const int i = moves.of(c);
    if (i < 0 || bomb_tier(moves.at(i)) > 0) continue;
    // Control cards wait while the trick owner is far from going out.
    if (is_control(c, level) && owner_cards > style.spend_control_cards) continue;
    const int r = rank_order(moves.at(i), level);
    if (best < 0 || r < best_rank) best = i, best_rank = r;
  }
  return best >= 0 ? best : kNoPlannedFollow;
}
}  // namespace

// When the hand lost exactly one combination of the cached plan (the seat
// played it), the rest of the plan is a best plan of the rest: had the rest a
// plan in fewer turns (or as few with more bombs), adding the combination
// back would beat the cached plan. So the plan shrinks instead of being made
// again, which is most of the cost of a playout. False when the hand changed
// otherwise (then the caller plans from scratch).
bool RulePolicy::drop_played_combo(Cached& c, CardSet hand) {
  if (!c.hand.contains(hand)) return false;
  const CardSet played = c.hand - hand;
  for (int i = 0; i < c.plan.count; ++i) {
    const PlannedCombo& combo = c.plan.combos[std::size_t(i)];
    if (combo.cards != played) continue;
    if (bomb_tier(combo.kind, combo.cards.size()) > 0) --c.plan.bombs;
    for (int j = i + 1; j < c.plan.count; ++j) c.plan.combos[std::size_t(j - 1)] = c.plan.combos[std::size_t(j)];
    --c.plan.count;
    c.hand = hand;
    return true;
  }
  return false;
}

const HandPlan& RulePolicy::plan_for(const PlayerView& view) {
  Cached& c = cache_[view.seat & 3];
  if (c.valid && c.level == view.level && c.hand != view.hand && drop_played_combo(c, view.hand)) return c.plan;
  if (!c.valid || c.hand != view.hand || c.level != view.level) {
    c.plan = plan_hand(view.hand, view.level, view.rules.move_rules());
    c.hand = view.hand;
    c.level = view.level;
    c.valid = true;
  }
  return c.plan;
}

int RulePolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) {
  const int in_hand = view.hand.size();
  const Rank level = view.level;
  // Going out at once (no legal move holds more than kMaxMoveCards).
  if (in_hand <= kMaxMoveCards)
    for (int i = 0; i < count; ++i)
      if (moves[i].size() == in_hand) return i;
  const HandPlan& plan = plan_for(view);
  const int seat = view.seat;
  // The legal move of a planned combination (its index), or -1.
  ListedPlanMoves listed(plan, moves, count);
  const PlanStyle& style = style_[std::size_t(seat & 3)];
  LazyTops tops(view);

  if (!can_pass) {
    const int lead = lead_by_plan(view, plan, style, listed, tops);
    // The plan's readings are always generated; 0 is a safety net only.
    return lead >= 0 ? lead : 0;
  }

  UnplannedFollow& unplanned = unplanned_[std::size_t(seat & 3)];
  const bool known_unplanned = unplanned == unplanned_follow_of(view);
  unplanned.known = false;
  if (!known_unplanned) {
    const int planned = follow_by_plan(view, plan, style, listed, tops);
    if (planned != kNoPlannedFollow) return planned;
  }
  const int owner_cards = view.last_player >= 0 ? view.counts[view.last_player] : 0;
  const bool danger = owner_cards > 0 && owner_cards <= style.danger_cards;

  // A play outside the plan that costs no turn: the rest plans in no more
  // turns than the whole hand did, so taking the trick is free (or, with
  // spare_top, one more turn for a top play, which the lead it wins pays
  // back). The weakest such play, or with spare_by_rest the one whose rest
  // plans best (the weakest is often a card torn out of a straight or a
  // tube, the rest then no better than before). spare_candidates of them
  // at most, each needs a plan_score.
  {
    int spare = -1, spare_rank = 0, tried = 0;
    PlanScore spare_rest{};
    for (int i = 0; i < count && tried < style.spare_candidates; ++i) {
      if (bomb_tier(moves[i]) > 0) continue;
      ++tried;
      const int r = rank_order(moves[i], level);
      // No plan needed for a candidate that cannot win: not weaker than the
      // one found when only the weakest counts, or when the one found
      // already has the best rest there is (one turn less, every bomb).
      const bool best_rest = spare_rest.turns == plan.count - 1 && spare_rest.bombs == plan.bombs;
      if (spare >= 0 && r >= spare_rank && (!style.spare_by_rest || best_rest)) continue;
      // Readings of the same cards (wilds declared otherwise) leave the same
      // rest: the planner's cache answers them.
      const PlanScore rest = plan_score(view.hand - moves[i].cards(), level, view.rules.move_rules());
      const bool free = rest.turns <= plan.count ||
                        (style.spare_top && rest.turns == plan.count + 1 && below_top(moves[i], tops.get(), level) <= 0);
      if (!free || rest.bombs < plan.bombs) continue;
      const bool better = !style.spare_by_rest                ? r < spare_rank
                          : rest.turns != spare_rest.turns ? rest.turns < spare_rest.turns
                          : rest.bombs != spare_rest.bombs ? rest.bombs > spare_rest.bombs
                                                           : r < spare_rank;
      if (spare < 0 || better) spare = i, spare_rank = r, spare_rest = rest;
    }
    if (spare >= 0) return spare;
  }

  // The cheapest bomb (with bomb_whole, a planned one first), and the
  // cheapest breaking play.
  int bomb = -1, breaking = -1, breaking_rank = 0;
  BombKey bomb_key{};
  for (int i = 0; i < count; ++i) {
    const int tier = bomb_tier(moves[i]);
    if (tier > 0) {
      const BombKey key{style.bomb_whole && !in_plan(plan, moves[i].cards()), tier, rank_order(moves[i], level),
                        moves[i].cards().count(wild_kind(level))};
      if (bomb < 0 || key < bomb_key) bomb = i, bomb_key = key;
    } else {
      const int r = rank_order(moves[i], level);
      if (breaking < 0 || r < breaking_rank) breaking = i, breaking_rank = r;
    }
  }
  if (danger && breaking >= 0 && !(style.danger_bomb_first && bomb >= 0)) return breaking;
  if (bomb >= 0) {
    if (danger || (owner_cards <= style.tempo_cards && is_high(view.last_play, level))) return bomb;
    const PlanScore rest = plan_score(view.hand - moves[bomb].cards(), level, view.rules.move_rules());
    if (!style.bomb_finish_winners) return rest.turns <= style.bomb_to_finish_turns ? bomb : -1;
    if (rest.turns <= 1) return bomb;
    // A planned bomb whose rest of the plan is all winners but one.
    if (rest.turns <= style.bomb_to_finish_turns && in_plan(plan, moves[bomb].cards())) {
      int winners = 0;
      for (const PlannedCombo& c : plan)
        if (c.cards != moves[bomb].cards()) winners += tops.is_winner(c);
      if (plan.count - 1 - winners <= 1) return bomb;
    }
  }
  return -1;
}

Policy::WithoutList RulePolicy::choose_without_list(const PlayerView& view, bool can_pass, Rng&, Move& play) {
  // Going out at once is found in the list (choose_play): a hand that may be
  // one combination asks for it; any other plays by its plan, as a larger one.
  if (view.hand.size() <= kMaxMoveCards && may_be_one_combination(view.hand, view.level)) return WithoutList::kNeedsList;
  const HandPlan& plan = plan_for(view);
  if (plan.count > PlanReadings::kMaxCombos) return WithoutList::kNeedsList;
  PlanReadings readings(plan, view.level, view.rules.move_rules(), can_pass ? &view.last_play : nullptr);
  LazyTops tops(view);
  const PlanStyle& style = style_[std::size_t(view.seat & 3)];
  const int id = can_pass ? follow_by_plan(view, plan, style, readings, tops)
                          : lead_by_plan(view, plan, style, readings, tops);
  if (id >= 0) {
    play = readings.at(id);
    return WithoutList::kPlay;
  }
  if (can_pass && id == -1) return WithoutList::kPass;
  if (can_pass) unplanned_[std::size_t(view.seat & 3)] = unplanned_follow_of(view);
  return WithoutList::kNeedsList;
}

CardKind RulePolicy::choose_card(const PlayerView& view, CardSet options, Rng&) {
  // The card whose loss raises the turn count least, then keeps the most
  // bombs, then the lowest. Losing one card saves at most one turn, so the
  // best possible is the plan less one turn with all its bombs: a card the
  // plan plays as a single gets exactly that. The options are tried lowest
  // first, and the first that gets the best possible ends the search.
  // One plan per rank: the suit of the card given only matters to straight
  // flushes, which is not worth a plan per card in a playout.
  std::array<CardKind, kNumKinds> order{};
  int n = 0;
  for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) order[std::size_t(n++)] = CardKind(std::countr_zero(bits));
  // Stable: equal values keep the kind order.
  std::stable_sort(order.begin(), order.begin() + n, [&](CardKind a, CardKind b) {
    return tribute_value(a, view.level) < tribute_value(b, view.level);
  });
  CardKind best = order[0];
  // Options held of one rank alone (a tribute's highest card, most often)
  // all plan alike: the first held wins without a plan.
  unsigned held_ranks = 0;
  int first_held = -1;
  for (int i = 0; i < n; ++i)
    if (view.hand.contains(CardSet::of_kind(order[std::size_t(i)]))) {
      held_ranks |= 1u << rank_of(order[std::size_t(i)]);
      if (first_held < 0) first_held = i;
    }
  if (std::popcount(held_ranks) <= 1) return first_held < 0 ? best : order[std::size_t(first_held)];
  const HandPlan& plan = plan_for(view);
  const PlanScore best_possible{plan.count - 1, plan.bombs};
  PlanScore best_score{1 << 20, 0};
  std::array<PlanScore, kNumRanks + 2> by_rank{};
  unsigned planned = 0;
  for (int i = 0; i < n; ++i) {
    const CardKind k = order[std::size_t(i)];
    const CardSet one = CardSet::of_kind(k);
    if (!view.hand.contains(one)) continue;
    const int r = rank_of(k);
    if (!(planned >> r & 1)) {
      by_rank[r] = in_plan(plan, one) ? best_possible
                                             : plan_score(view.hand - one, view.level, view.rules.move_rules());
      planned |= 1u << r;
    }
    const PlanScore s = by_rank[r];
    if (s.turns < best_score.turns || (s.turns == best_score.turns && s.bombs > best_score.bombs))
      best = k, best_score = s;
    if (best_score.turns == best_possible.turns && best_score.bombs >= best_possible.bombs) break;
  }
  return best;
}

}  // namespace guandan
