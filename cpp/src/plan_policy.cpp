#include "guandan/plan_policy.h"

#include <algorithm>
#include <array>
#include <bit>

#include "guandan/move_facts.h"
#include "guandan/movegen.h"
#include "guandan/tribute.h"

namespace guandan {
namespace {

// The legal move that plays exactly a planned combination, or -1.
int move_of(const PlannedCombo& combo, const Move* moves, int count) {
  int found = -1;
  for (int i = 0; i < count; ++i) {
    if (moves[i].cards() != combo.cards) continue;
    if (moves[i].kind() == combo.kind) return i;
    found = found < 0 ? i : found;
  }
  return found;
}

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

// Bombs compare by tier, then rank; at equal strength fewer wilds.
struct BombKey {
  int tier, rank, wilds;
  bool operator<(const BombKey& o) const {
    if (tier != o.tier) return tier < o.tier;
    if (rank != o.rank) return rank < o.rank;
    return wilds < o.wilds;
  }
};

// A play high enough that only a bomb is likely to take the trick back: a
// single of the level rank or above, a pair of aces or above, triples of
// queens or above, any sequence topped by an ace.
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

// Whether the plan plays `card` (one card) as a single.
bool planned_single(const HandPlan& plan, CardSet card) {
  for (const PlannedCombo& c : plan)
    if (c.cards == card) return true;
  return false;
}

// The highest of each kind the unseen cards (not in the hand, not played)
// can still make: level order (level_value) for n of a kind, the natural
// rank of the top card for sequences; -1: none. The unseen wilds count as
// open to every holder (cautious).
struct Tops {
  int single = -1, pair = -1, triple = -1;
  int straight = -1, tube = -1, plate = -1;
};

constexpr int kRanks = kNumRanks + 2;  // 2..A, SJ, BJ

int rank_count(CardSet cards, int rank) {
  if (rank >= kNumRanks) return cards.count(CardKind(kSmallJoker + rank - kNumRanks));
  return std::popcount(unsigned(cards.rank_config(Rank(rank))));
}

Tops unseen_tops(const PlayerView& view) {
  const Rank level = view.level;
  const CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  const CardKind wild = wild_kind(level);
  const int uw = unseen.count(wild);
  const CardSet naturals = unseen - CardSet::of_kind(wild, uw);
  std::array<int, kRanks> n{};
  for (int r = 0; r < kRanks; ++r) n[std::size_t(r)] = rank_count(naturals, r);
  Tops t;
  for (int r = 0; r < kRanks; ++r) {
    const int d = level_value(Rank(r), level);
    const bool joker = r >= kNumRanks;
    // n of a kind needs a natural card, except the level rank's all-wild pair.
    const bool base = n[std::size_t(r)] >= 1 || (r == level && uw > 0);
    const int most = joker ? n[std::size_t(r)] : n[std::size_t(r)] + uw;
    if (base && most >= 1 && d > t.single) t.single = d;
    if (base && most >= 2 && d > t.pair) t.pair = d;
    if (!joker && base && most >= 3 && d > t.triple) t.triple = d;
  }
  // The highest window whose gaps the unseen wilds can fill.
  auto highest = [&](int length, int per_rank) {
    for (int top = kNumRanks; top >= length - 1; --top) {
      int gaps = 0;
      for (int p = top; p > top - length; --p) {
        const int have = n[std::size_t(rank_at_position(p))];
        gaps += have < per_rank ? per_rank - have : 0;
      }
      if (gaps <= uw) return int(rank_at_position(top));
    }
    return -1;
  };
  t.straight = highest(5, 1);
  t.tube = highest(3, 2);
  t.plate = highest(2, 3);
  return t;
}

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

// The first opponent after `seat` still holding cards (the next to act
// against this seat's play), and the other one; -1 when out.
int next_opponent(const PlayerView& view) {
  const int a = (view.seat + 1) % 4, b = (view.seat + 3) % 4;
  return view.counts[a] > 0 ? a : view.counts[b] > 0 ? b : -1;
}
int previous_opponent(const PlayerView& view) {
  const int a = (view.seat + 1) % 4, b = (view.seat + 3) % 4;
  return view.counts[a] > 0 && view.counts[b] > 0 ? b : -1;
}

// The next opponent is close to going out over a trick of this kind when it
// holds at most 4 cards (single), 5 (pair), 6 (triple), 7 (longer).
int next_danger_cards(Kind trick) {
  switch (trick) {
    case Kind::kSingle: return 4;
    case Kind::kPair: return 5;
    case Kind::kTriple: return 6;
    default: return 7;
  }
}

}  // namespace

// When the hand lost exactly one combination of the cached plan (the seat
// played it), the rest of the plan is a best plan of the rest: had the rest a
// plan in fewer turns (or as few with more bombs), adding the combination
// back would beat the cached plan. So the plan shrinks instead of being made
// again, which is most of the cost of a playout. False when the hand changed
// otherwise (then the caller plans from scratch).
bool PlanPolicy::drop_played_combo(Cached& c, CardSet hand) {
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

const HandPlan& PlanPolicy::plan_for(const PlayerView& view) {
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

int PlanPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  const int in_hand = view.hand.size();
  for (int i = 0; i < count; ++i)
    if (moves[i].size() == in_hand) return i;
  // The turns the team passed in a row (see SeatMemory).
  SeatMemory& memory = memory_[std::size_t(view.seat & 3)];
  const int played = view.played.size();
  if (!memory.valid || !memory.hand.contains(view.hand) || played < memory.played) memory.team_passes = 0;
  memory.valid = true;
  memory.hand = view.hand;
  memory.played = played;
  if (!can_pass || view.last_player == partner_of(view.seat)) {
    memory.team_passes = 0;
    return decide(view, moves, count, can_pass, rng, 0);
  }
  if (view.passed_mask >> partner_of(view.seat) & 1) ++memory.team_passes;
  const int choice = decide(view, moves, count, can_pass, rng, memory.team_passes);
  memory.team_passes = choice < 0 ? memory.team_passes + 1 : 0;
  return choice;
}

int PlanPolicy::decide(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng,
                       int team_passes) {
  const Rank level = view.level;
  const HandPlan& plan = plan_for(view);
  const int seat = view.seat;
  const PlanStyle& style = style_[std::size_t(seat & 3)];

  if (!can_pass) {
    // Two combinations left: a sure winner first keeps the lead to go out.
    if (plan.count == 2) {
      for (const PlannedCombo& c : plan) {
        const int i = move_of(c, moves, count);
        if (i >= 0 && sure_winner(view, moves[i])) return i;
      }
    }
    const int next_count = view.counts[(seat + 1) % 4];
    if (style.lead_single_below > 0) {
      int low = -1, low_rank = 0;
      for (const PlannedCombo& c : plan) {
        if (c.kind != Kind::kSingle || c.rank >= style.lead_single_below || c.rank == level || next_count == 1) continue;
        const int i = move_of(c, moves, count);
        if (i >= 0 && (low < 0 || c.rank < low_rank)) low = i, low_rank = c.rank;
      }
      if (low >= 0) return low;
    }
    int best = -1;
    LeadKey best_key{};
    bool best_fits_next = true;
    for (const PlannedCombo& c : plan) {
      const int i = move_of(c, moves, count);
      if (i < 0) continue;
      const bool bomb = bomb_tier(c.kind, c.cards.size()) > 0;
      // Leading the size the next opponent holds lets it go out.
      const bool fits_next = !bomb && c.cards.size() == next_count;
      const LeadKey key{bomb, is_control(c, level), rank_order(c.kind, c.rank, level), c.cards.size(),
                        style.lead_lowest_first};
      if (best < 0 || (best_fits_next && !fits_next) || (fits_next == best_fits_next && key < best_key))
        best = i, best_key = key, best_fits_next = fits_next;
    }
    if (best >= 0) return best;
    // The plan's readings are always generated; this is a safety net only.
    return 0;
  }

  const Move trick = view.last_play;
  const int owner_cards = view.last_player >= 0 ? view.counts[view.last_player] : 0;
  const bool need_tops = style.danger_stop || style.danger_over_partner || style.tempo_near_top;
  const Tops tops = need_tops ? unseen_tops(view) : Tops{};
  const int next = next_opponent(view), previous = previous_opponent(view);
  const bool next_danger = style.danger_mode > 0 && next >= 0 && view.counts[next] <= next_danger_cards(trick.kind());
  const bool previous_danger = style.danger_mode > 0 && previous >= 0 && view.counts[previous] <= 5;

  // Against danger: the lowest planned combination that is top, the lowest
  // play that is top, the cheapest bomb, the highest play.
  auto stop = [&]() {
    int planned = -1, top = -1, high = -1, bomb = -1;
    BombKey bomb_key{};
    for (const PlannedCombo& c : plan) {
      if (bomb_tier(c.kind, c.cards.size()) > 0 || below_top(c.kind, c.rank, tops, level) > 0) continue;
      const int i = move_of(c, moves, count);
      if (i >= 0 && bomb_tier(moves[i]) == 0 && (planned < 0 || rank_order(moves[i], level) < rank_order(moves[planned], level)))
        planned = i;
    }
    if (planned >= 0) return planned;
    for (int i = 0; i < count; ++i) {
      const int tier = bomb_tier(moves[i]);
      const int r = rank_order(moves[i], level);
      if (tier > 0) {
        const BombKey key{tier, r, moves[i].cards().count(wild_kind(level))};
        if (bomb < 0 || key < bomb_key) bomb = i, bomb_key = key;
        continue;
      }
      if (below_top(moves[i], tops, level) <= 0 && (top < 0 || r < rank_order(moves[top], level))) top = i;
      if (high < 0 || r > rank_order(moves[high], level)) high = i;
    }
    return top >= 0 ? top : bomb >= 0 ? bomb : high;
  };

  // Following the partner: pass (going out was handled above), or in the
  // top_partner_low style take a low partner play with a planned
  // combination that is not control.
  if (view.last_player == partner_of(seat)) {
    if (style.danger_over_partner && next_danger && owner_cards > 6 && below_top(trick, tops, level) > 2) {
      const int i = stop();
      if (i >= 0) return i;
    }
    if (!style.top_partner_low || owner_cards <= style.danger_cards || rank_order(view.last_play, level) >= kTen)
      return -1;
    for (const PlannedCombo& c : plan) {
      if (bomb_tier(c.kind, c.cards.size()) > 0 || is_control(c, level)) continue;
      const int i = move_of(c, moves, count);
      if (i >= 0 && bomb_tier(moves[i]) == 0) return i;
    }
    return -1;
  }
  const bool danger = (owner_cards > 0 && owner_cards <= style.danger_cards) || next_danger || previous_danger;
  const bool bomb_trick = bomb_tier(trick) > 0;

  if (danger && style.danger_stop) {
    const int i = stop();
    if (i >= 0) return i;
  }

  // The cheapest planned combination that beats.
  int best = -1, best_rank = 0;
  for (const PlannedCombo& c : plan) {
    if (bomb_tier(c.kind, c.cards.size()) > 0) continue;
    const int i = move_of(c, moves, count);
    if (i < 0 || bomb_tier(moves[i]) > 0) continue;
    // Control cards wait while the trick owner is far from going out.
    if (style.control_waits && is_control(c, level) && owner_cards > style.spend_control_cards) continue;
    const int r = rank_order(moves[i], level);
    if (best < 0 || r < best_rank) best = i, best_rank = r;
  }
  if (best >= 0) return best;

  // A play outside the plan that costs no turn: the rest plans in no more
  // turns than the whole hand did, so taking the trick is free (a few
  // candidates only, each needs a plan).
  {
    int spare = -1, spare_rank = 0, tried = 0;
    for (int i = 0; i < count && tried < kSpareCandidates; ++i) {
      if (bomb_tier(moves[i]) > 0) continue;
      ++tried;
      const PlanScore rest = plan_score(view.hand - moves[i].cards(), level, view.rules.move_rules());
      const int r = rank_order(moves[i], level);
      if (rest.turns <= plan.count && rest.bombs >= plan.bombs && (spare < 0 || r < spare_rank))
        spare = i, spare_rank = r;
    }
    if (spare >= 0) return spare;
  }

  // The cheapest bomb, and the cheapest breaking play.
  int bomb = -1, breaking = -1, breaking_rank = 0;
  BombKey bomb_key{};
  for (int i = 0; i < count; ++i) {
    const int tier = bomb_tier(moves[i]);
    if (tier > 0) {
      const BombKey key{tier, rank_order(moves[i], level), moves[i].cards().count(wild_kind(level))};
      if (bomb < 0 || key < bomb_key) bomb = i, bomb_key = key;
    } else {
      const int r = rank_order(moves[i], level);
      if (breaking < 0 || r < breaking_rank) breaking = i, breaking_rank = r;
    }
  }
  if (danger && breaking >= 0) return breaking;
  if (bomb >= 0) {
    const bool high = style.tempo_near_top ? !bomb_trick && below_top(trick, tops, level) <= style.tempo_near_top - 1
                                           : is_high(trick, level);
    if (danger || (owner_cards <= style.tempo_cards && high)) return bomb;
    if (bomb_trick && owner_cards > 0 && owner_cards <= style.answer_bomb_cards) return bomb;
    if (!bomb_trick && style.bomb_after_passes > 0 && team_passes >= style.bomb_after_passes) return bomb;
    if (!bomb_trick && style.bomb_with_bombs > 0 && plan.bombs >= style.bomb_with_bombs &&
        (!style.bomb_coin || rng.bounded(2) == 0))
      return bomb;
    const PlanScore rest = plan_score(view.hand - moves[bomb].cards(), level, view.rules.move_rules());
    if (rest.turns <= style.bomb_to_finish_turns) return bomb;
  }
  return -1;
}

CardKind PlanPolicy::choose_card(const PlayerView& view, CardSet options, Rng&) {
  // The card whose loss raises the turn count least, then keeps the most
  // bombs, then the lowest. Losing one card saves at most one turn, so the
  // best possible is the plan less one turn with all its bombs: a card the
  // plan plays as a single gets exactly that. The options are tried lowest
  // first, and the first that gets the best possible ends the search.
  // One plan per rank: the suit of the card given only matters to straight
  // flushes, which is not worth a plan per card in a playout.
  const HandPlan& plan = plan_for(view);
  const PlanScore best_possible{plan.count - 1, plan.bombs};
  std::array<CardKind, kNumKinds> order{};
  int n = 0;
  for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) order[std::size_t(n++)] = CardKind(std::countr_zero(bits));
  // Stable: equal values keep the kind order.
  std::stable_sort(order.begin(), order.begin() + n, [&](CardKind a, CardKind b) {
    return tribute_value(a, view.level) < tribute_value(b, view.level);
  });
  CardKind best = order[0];
  PlanScore best_score{1 << 20, 0};
  std::array<PlanScore, kNumRanks + 2> by_rank{};
  unsigned planned = 0;
  for (int i = 0; i < n; ++i) {
    const CardKind k = order[std::size_t(i)];
    const CardSet one = CardSet::of_kind(k);
    if (!view.hand.contains(one)) continue;
    const int r = rank_of(k);
    if (!(planned >> r & 1)) {
      by_rank[r] = planned_single(plan, one) ? best_possible
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
