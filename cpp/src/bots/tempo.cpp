#include "guandan/bots/tempo.h"

#include <array>
#include <bit>

#include "guandan/tribute.h"
#include "guandan/bots/unseen_tops.h"

namespace guandan {
namespace {

// Ranks 2..A (0..12), then the small and big joker (13, 14), as move ranks.
constexpr int kRanks = kRanksWithJokers;
constexpr Rank kQueen = 10;
constexpr Rank kKing = 11;

// Level order made dense: 2..A without the level rank 0..11, the level rank
// 12, SJ 13, BJ 14. "Within two ranks" counts in this order.
constexpr int dense(Rank rank, Rank level) {
  if (rank >= kSmallJokerRank) return rank;
  if (rank == level) return kNumRanks - 1;
  return rank < level ? rank : rank - 1;
}


int wilds_in(Move m, Rank level) { return m.cards().count(wild_kind(level)); }

// The fixed split of a hand (see the header): counts per rank, what the
// straight takes, and what is left as n-of-a-kind units.
struct Split {
  std::array<int, kRanks> count{};  // natural cards per rank, the wilds apart
  std::array<int, kRanks> unit{};   // of them outside the straight: the rank's unit
  std::array<bool, kRanks> bomb{};  // a natural bomb (4+), or the jokers of the four-joker bomb
  int straight_top = -1;            // natural rank of the straight's top card, -1: no straight
  int bombs = 0;                    // natural bombs, the four jokers included
  int pairs = 0, triples = 0;       // pair and triple units
};

Split split_hand(CardSet hand, Rank level) {
  Split s;
  const CardKind wild = wild_kind(level);
  const CardSet naturals = hand - CardSet::of_kind(wild, hand.count(wild));
  for (int r = 0; r < kRanks; ++r) {
    s.count[r] = cards_of_rank(naturals, r);
    s.bomb[r] = r < kNumRanks && s.count[r] >= 4;
    s.bombs += s.bomb[r];
  }
  if (s.count[kSmallJokerRank] == 2 && s.count[kBigJokerRank] == 2) {
    s.bomb[kSmallJokerRank] = s.bomb[kBigJokerRank] = true;
    ++s.bombs;
  }
  s.unit = s.count;
  // At most one natural straight: the window (no wild, no bomb rank) that
  // absorbs the most loose singles net of the pairs and triples it breaks,
  // taken only when that is positive; the lower window among equals. A
  // window whose cards are all of one suit is a straight flush, not a
  // straight, and is left to the bombs.
  int best_score = 0, best_start = -1;
  for (int start = 0; start + 4 <= kNumRanks; ++start) {
    int score = 0;
    unsigned suits = 0;
    bool ok = true;
    for (int p = start; p < start + 5 && ok; ++p) {
      const int c = s.count[rank_at_position(p)];
      ok = c >= 1 && c <= 3;
      score += c == 1 ? 1 : -1;
      suits |= naturals.rank_config(rank_at_position(p)) & 0xF;
    }
    if (ok && std::popcount(suits) > 1 && score > best_score) best_score = score, best_start = start;
  }
  if (best_start >= 0) {
    s.straight_top = rank_at_position(best_start + 4);
    for (int p = best_start; p < best_start + 5; ++p) --s.unit[rank_at_position(p)];
  }
  for (int r = 0; r < kRanks; ++r) {
    if (s.bomb[r]) continue;
    s.pairs += s.unit[r] == 2;
    s.triples += s.unit[r] == 3;
  }
  return s;
}

// The rank of a full house's pair.
int pair_rank_of_full_house(Move m) {
  const std::uint64_t triple = std::uint64_t{0xF} << (4 * m.rank());
  const CardSet c = m.cards();
  const std::uint64_t rest = (c.lo | c.hi) & ~triple;
  return rest ? rank_of(CardKind(std::countr_zero(rest))) : -1;
}

// Whether a move plays exactly units of the split: no wild, no bomb, every
// rank it touches given up whole (the straight: exactly the split's).
bool is_unit_move(Move m, const Split& s, Rank level) {
  if (bomb_tier(m) > 0 || wilds_in(m, level) > 0) return false;
  const int r = m.rank();
  auto whole = [&](int rank, int n) { return rank >= 0 && !s.bomb[rank] && s.unit[rank] == n; };
  switch (m.kind()) {
    case Kind::kSingle:
    case Kind::kPair:
    case Kind::kTriple: return whole(r, m.size());
    case Kind::kFullHouse: return whole(r, 3) && whole(pair_rank_of_full_house(m), 2);
    case Kind::kStraight: return s.straight_top == r;
    case Kind::kTube: return whole(rank_at_position(r + 1), 2) && whole(rank_at_position(r), 2) && whole(rank_at_position(r - 1), 2);
    case Kind::kPlate: return whole(rank_at_position(r + 1), 3) && whole(rank_at_position(r), 3);
    default: return false;
  }
}

// Whether a move takes only cards the units hold, without the wild, from no
// bomb and not from the straight (it may break a pair or a triple).
bool within_units(Move m, const Split& s, Rank level) {
  if (bomb_tier(m) > 0 || wilds_in(m, level) > 0) return false;
  const CardSet c = m.cards();
  for (int r = 0; r < kRanks; ++r) {
    const int n = cards_of_rank(c, r);
    if (n > 0 && (s.bomb[r] || n > s.unit[r])) return false;
  }
  return true;
}

// Whether a sequence (tube or plate) reaches the level rank: those cards
// are worth more as pairs and triples.
bool touches_level(Move m, Rank level) {
  const int length = m.kind() == Kind::kTube ? 3 : m.kind() == Kind::kPlate ? 2 : 5;
  for (int p = m.rank() + 1; p > m.rank() + 1 - length; --p)
    if (rank_at_position(p) == level) return true;
  return false;
}

// The highest unseen combination of each kind, in dense level order.
using Tops = UnseenTops;
Tops unseen_tops(const PlayerView& view) { return guandan::unseen_tops(view, dense); }

// How far a move is below the highest unseen of its kind (0 or less: top).
// Bombs count as top here: the bomb rules decide about them.
int below_top(Move m, const Tops& t, Rank level) {
  const int d = dense(m.rank(), level);
  switch (m.kind()) {
    case Kind::kSingle: return t.single - d;
    case Kind::kPair: return t.pair - d;
    case Kind::kTriple:
    case Kind::kFullHouse: return t.triple - d;
    case Kind::kStraight: return t.straight - m.rank();
    case Kind::kTube: return t.tube - m.rank();
    case Kind::kPlate: return t.plate - m.rank();
    default: return -1;
  }
}
bool is_top(Move m, const Tops& t, Rank level) { return below_top(m, t, level) <= 0; }
bool is_near_top(Move m, const Tops& t, Rank level) {
  return below_top(m, t, level) <= TempoPolicy::kNearTopRanks;
}

// The strength a move is compared by within its kind: dense level order for
// n of a kind, the top card's natural rank for sequences.
int strength(Move m, Rank level) { return is_sequence(m.kind()) ? m.rank() : dense(m.rank(), level); }

// A play below the ten (dense order: 2..9 without the level rank; sequences
// topped below the ten).
bool is_low(Move m, Rank level) {
  if (bomb_tier(m) > 0) return false;
  return is_sequence(m.kind()) ? m.rank() < kTen : m.rank() != level && m.rank() < kTen;
}

// Aces, the level rank and jokers are kept rather than spent on a partner.
bool is_control(Move m, Rank level) {
  return is_sequence(m.kind()) ? m.rank() >= kAce : strength(m, level) >= dense(kAce, level);
}

// The cost of a bomb the tempo player may spend, -1 for one it never plays:
// the four jokers, an n-of-a-kind that leaves some of its natural cards
// behind (a natural bomb split up, or a rank broken for it), a straight
// flush through a natural bomb. Cost grows with rank, by 16 per card beyond
// four, by 3 for one wild and 16 for two; a straight flush costs like a
// six-card bomb of its top rank.
int bomb_cost(Move m, const Split& s, Rank level) {
  const int wilds = wilds_in(m, level);
  const int wild_cost = wilds == 0 ? 0 : wilds == 1 ? 3 : 16;
  switch (m.kind()) {
    case Kind::kBomb:
      if (m.size() - wilds != s.count[m.rank()]) return -1;
      return dense(m.rank(), level) + 16 * (m.size() - 4) + wild_cost;
    case Kind::kStraightFlush:
      for (int p = m.rank() + 1; p > m.rank() - 4; --p)
        if (s.bomb[rank_at_position(p)]) return -1;
      return m.rank() + 16 * 2 + wild_cost;
    default: return -1;
  }
}

int cheapest_bomb(const Split& s, const Move* moves, int count, Rank level) {
  int best = -1, best_cost = 0;
  for (int i = 0; i < count; ++i) {
    if (bomb_tier(moves[i]) == 0) continue;
    const int cost = bomb_cost(moves[i], s, level);
    if (cost >= 0 && (best < 0 || cost < best_cost)) best = i, best_cost = cost;
  }
  return best;
}

// The first opponent after `seat` in turn order still holding cards (the
// next one to act against a lead), and the other one; -1 when out.
int next_opponent(const PlayerView& view) {
  const int a = (view.seat + 1) % 4, b = (view.seat + 3) % 4;
  return view.counts[a] > 0 ? a : view.counts[b] > 0 ? b : -1;
}
int previous_opponent(const PlayerView& view) {
  const int a = (view.seat + 1) % 4, b = (view.seat + 3) % 4;
  return view.counts[a] > 0 && view.counts[b] > 0 ? b : -1;
}

int lead(const PlayerView& view, const Split& s, const Move* moves, int count) {
  const Rank level = view.level;
  const int next = next_opponent(view);
  const int next_cards = next >= 0 ? view.counts[next] : 0;
  // A lead of as many cards as the next opponent holds may let it go out.
  auto blocked = [&](Move m) { return bomb_tier(m) == 0 && m.size() == next_cards; };

  int low_single = -1, single = -1, pair = -1, triple = -1, full = -1, straight = -1, low_seq = -1, seq = -1;
  int any_unit = -1, top_blocked = -1;
  std::array<int, 2> full_key{}, any_key{};
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    if (!is_unit_move(m, s, level)) continue;
    const int d = strength(m, level);
    if (blocked(m)) {
      if (top_blocked < 0 || d > strength(moves[top_blocked], level)) top_blocked = i;
      continue;
    }
    auto lower = [&](int best) { return best < 0 || d < strength(moves[best], level); };
    switch (m.kind()) {
      case Kind::kSingle:
        if (m.rank() < TempoPolicy::kLowSingleBelow && m.rank() != level && lower(low_single)) low_single = i;
        if (lower(single)) single = i;
        break;
      case Kind::kPair:
        if (lower(pair)) pair = i;
        break;
      case Kind::kTriple:
        if (lower(triple)) triple = i;
        break;
      case Kind::kFullHouse: {
        // The smallest: lowest triple, then lowest pair; never with a pair
        // of aces or above (a pair worth keeping: then the triple alone).
        const int pr = pair_rank_of_full_house(m);
        const std::array<int, 2> key{d, dense(Rank(pr), level)};
        if (key[1] < dense(kAce, level) && (full < 0 || key < full_key)) full = i, full_key = key;
        break;
      }
      case Kind::kStraight: straight = i; break;
      case Kind::kTube:
      case Kind::kPlate:
        if (m.rank() < kQueen && !touches_level(m, level) && (low_seq < 0 || m.rank() < moves[low_seq].rank()))
          low_seq = i;
        if (seq < 0 || m.rank() < moves[seq].rank()) seq = i;
        break;
      default: break;
    }
    const std::array<int, 2> key{d, -m.size()};
    if (any_unit < 0 || key < any_key) any_unit = i, any_key = key;
  }

  // 1. The lowest loose single below 9.
  if (low_single >= 0) return low_single;
  // 2. A low tube or plate (topped below the queen, not through the level rank).
  if (low_seq >= 0) return low_seq;
  // 3. The straight when it starts below 10 (topped at the king or lower).
  if (straight >= 0 && moves[straight].rank() <= kKing) return straight;
  // 4. A full house, a pair or a triple by how many of each it holds: the
  // full house when there are triples for the pairs; with more pairs than
  // triples, the lowest pair first when it is lower than the lowest triple
  // (the surplus pairs have no triple to go with).
  if (full >= 0) {
    if (pair >= 0 && s.pairs > s.triples && strength(moves[pair], level) < full_key[0]) return pair;
    return full;
  }
  if (pair >= 0 && (triple < 0 || strength(moves[pair], level) <= strength(moves[triple], level))) return pair;
  if (triple >= 0) return triple;
  // 5. What is left of the split: its sequences (hard to beat this high),
  // then its lowest single, then any unit.
  if (straight >= 0) return straight;
  if (seq >= 0) return seq;
  if (single >= 0) return single;
  if (any_unit >= 0) return any_unit;

  // 6. Outside the split (wilds, cards of bombs): the weakest non-bomb lead
  // that breaks no bomb, then, when every unit is blocked, the highest of
  // them (it may well be top), then any weakest non-bomb lead.
  int loose = -1, breaking = -1, lowest = -1;
  std::array<int, 3> loose_key{}, breaking_key{};
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    if (bomb_tier(m) > 0) continue;
    const std::array<int, 3> key{strength(m, level), -m.size(), wilds_in(m, level)};
    bool splits_bomb = false;
    for (int r = 0; r < kRanks && !splits_bomb; ++r) splits_bomb = s.bomb[r] && cards_of_rank(m.cards(), r) > 0;
    if (!blocked(m) && !splits_bomb && (loose < 0 || key < loose_key)) loose = i, loose_key = key;
    if (!blocked(m) && (breaking < 0 || key < breaking_key)) breaking = i, breaking_key = key;
    if (lowest < 0 || strength(m, level) < strength(moves[lowest], level)) lowest = i;
  }
  if (loose >= 0) return loose;
  if (top_blocked >= 0) return top_blocked;
  if (breaking >= 0) return breaking;
  if (lowest >= 0) return lowest;
  // 7. Bombs only: the cheapest, else the first.
  const int bomb = cheapest_bomb(s, moves, count, level);
  return bomb >= 0 ? bomb : 0;
}

// What following looks at: the candidates of one pass over the moves.
struct Answers {
  int unit = -1;       // the lowest unit that beats
  int top = -1;        // the lowest top unit
  int near_top = -1;   // the lowest near-top unit
  int loose = -1;      // the lowest unit below the ace (not control)
  int breaking = -1;   // the highest play within the units that breaks one
  int bomb = -1;       // the cheapest bomb it may spend
};

Answers answers(const Split& s, const Tops& t, const Move* moves, int count, Rank level) {
  Answers a;
  auto lower = [&](int best, int d) { return best < 0 || d < strength(moves[best], level); };
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    if (bomb_tier(m) > 0) continue;
    const int d = strength(m, level);
    if (is_unit_move(m, s, level)) {
      if (lower(a.unit, d)) a.unit = i;
      if (is_top(m, t, level) && lower(a.top, d)) a.top = i;
      if (is_near_top(m, t, level) && lower(a.near_top, d)) a.near_top = i;
      if (!is_control(m, level) && lower(a.loose, d)) a.loose = i;
    } else if (within_units(m, s, level) && (a.breaking < 0 || d > strength(moves[a.breaking], level))) {
      a.breaking = i;
    }
  }
  a.bomb = cheapest_bomb(s, moves, count, level);
  return a;
}

int follow(const PlayerView& view, const Split& s, const Move* moves, int count, int team_passes, Rng& rng) {
  const Rank level = view.level;
  const int seat = view.seat;
  const int owner = view.last_player;
  const Move trick = view.last_play;
  const int owner_cards = owner >= 0 ? view.counts[owner] : 0;
  const Tops tops = unseen_tops(view);
  const Answers a = answers(s, tops, moves, count, level);
  const int next = next_opponent(view), previous = previous_opponent(view);
  const bool next_danger = next >= 0 && view.counts[next] <= TempoPolicy::next_danger_cards(trick.kind());
  const bool previous_danger = previous >= 0 && view.counts[previous] <= TempoPolicy::kPreviousDangerCards;
  // Danger: a top unit, the cheapest bomb, a near-top unit.
  auto stop = [&]() { return a.top >= 0 ? a.top : a.bomb >= 0 ? a.bomb : a.near_top; };

  if (owner == partner_of(seat)) {
    // The partner may go out; a high or near-top play holds by itself.
    if (owner_cards <= TempoPolicy::kPartnerFewCards || is_near_top(trick, tops, level)) return -1;
    // Only the next opponent, who acts after this seat, threatens the
    // partner's play (the previous one has passed it already).
    if (next_danger) {
      const int i = stop();
      if (i >= 0) return i;
    }
    // A low partner play is topped with a loose unit below the ace; never a bomb.
    if (is_low(trick, level) && a.loose >= 0) return a.loose;
    return -1;
  }

  const bool danger = next_danger || previous_danger;
  // An opponent's bomb: answered only holding many bombs, against a bomber
  // with few cards left, or in danger.
  if (bomb_tier(trick) > 0) {
    if (danger || s.bombs >= TempoPolicy::kAnswerBombBombs || owner_cards <= TempoPolicy::kAnswerBombCards) return a.bomb;
    return -1;
  }
  if (danger) {
    const int i = stop();
    if (i >= 0) return i;
  }
  if (a.unit >= 0) return a.unit;
  if (team_passes >= TempoPolicy::kBreakAfterPasses && a.breaking >= 0) return a.breaking;
  if (a.bomb >= 0) {
    if (owner_cards <= TempoPolicy::kTempoCards && is_near_top(trick, tops, level)) return a.bomb;
    if (team_passes >= TempoPolicy::kBombAfterPasses) return a.bomb;
    if (s.bombs >= TempoPolicy::kCoinFlipBombs && rng.bounded(2) == 0) return a.bomb;
  }
  return -1;
}

}  // namespace

int TempoPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  const int in_hand = view.hand.size();
  // Going out in one move beats everything.
  for (int i = 0; i < count; ++i)
    if (moves[i].size() == in_hand) return i;

  SeatMemory& memory = memory_[view.seat & 3];
  if (!memory.deal.continues(view)) memory.team_passes = 0;

  const Split s = split_hand(view.hand, view.level);
  if (!can_pass) {
    memory.team_passes = 0;  // leading: the team won the trick
    return count > 0 ? lead(view, s, moves, count) : -1;
  }
  if (view.last_player == partner_of(view.seat)) {
    memory.team_passes = 0;
    return follow(view, s, moves, count, 0, rng);
  }
  if (view.passed_mask >> partner_of(view.seat) & 1) ++memory.team_passes;
  const int choice = count > 0 ? follow(view, s, moves, count, memory.team_passes, rng) : -1;
  memory.team_passes = choice < 0 ? memory.team_passes + 1 : 0;
  return choice;
}

CardKind TempoPolicy::choose_card(const PlayerView& view, CardSet options, Rng&) {
  memory_[view.seat & 3].deal.forget();  // a tribute: a new deal
  const Rank level = view.level;
  const CardKind wild = wild_kind(level);
  auto kinds = [&](auto&& pick) {
    // The lowest option (tribute value, then kind) that `pick` takes, or -1.
    int best = -1;
    for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) {
      const auto k = CardKind(std::countr_zero(bits));
      if (pick(k) && (best < 0 || tribute_value(k, level) < tribute_value(CardKind(best), level))) best = k;
    }
    return best;
  };
  // A receiver is known to hold the tribute card: then this is the return.
  if (view.shown[view.seat & 3].empty()) {
    // Tribute: the highest card that is not a wild (a wild only when it is all there is).
    int best = -1;
    for (std::uint64_t bits = options.lo; bits; bits &= bits - 1) {
      const auto k = CardKind(std::countr_zero(bits));
      const bool better = best < 0 || (best == wild && k != wild) ||
                          (k != wild && tribute_value(k, level) > tribute_value(CardKind(best), level));
      if (better) best = k;
    }
    return CardKind(best);
  }
  // Return: a loose card of 10 or lower, then one of a lone triple, then one
  // of a lone pair (lowest first), then the lowest card outside bombs and
  // the wilds, then the lowest card.
  const Split s = split_hand(view.hand, level);
  auto unit_of = [&](CardKind k) { return k == wild || s.bomb[rank_of(k)] ? 0 : s.unit[rank_of(k)]; };
  int pick = kinds([&](CardKind k) {
    return unit_of(k) == 1 && !is_joker(k) && rank_of(k) <= kTen && rank_of(k) != level;
  });
  if (pick < 0) pick = kinds([&](CardKind k) { return unit_of(k) == 3; });
  if (pick < 0) pick = kinds([&](CardKind k) { return unit_of(k) == 2; });
  if (pick < 0) pick = kinds([&](CardKind k) { return k != wild && !s.bomb[rank_of(k)]; });
  if (pick < 0) pick = kinds([](CardKind) { return true; });
  return CardKind(pick);
}

}  // namespace guandan
