// Every legal Gan Deng Yan play of a hand (docs/gdy_rules.md §2 to §4), enumerated
// from rank masks, written into a sink (a FixedList on the hot path, a
// vector at the Python boundary): no allocation.
//
// Each play is a set of cards with the reading it plays as. Cards that read
// more than one way play as their strongest reading (§3.3):
//   - cards with a bomb reading play only as that bomb;
//   - leading, the highest reading of each non-bomb kind they read as (a
//     run is the highest when its lowest rank is a natural card or its top
//     is the Ace: otherwise it could move up one rank);
//   - following, the reading that beats the table (one rank up, or a 2).
// The only cards with two non-bomb kinds are runs that are also pair runs
// (5 6 JK JK): both are listed, as the player chooses.
//
// The capacity is measured: the whole deck as one hand leads the most plays
// any hand can (a sub-hand's plays are a subset): kMostLeads.
#pragma once

#include <bit>
#include <cstddef>

#include "guandan/common/fixed_list.h"
#include "guandan/gdy/cards.h"
#include "guandan/gdy/play.h"

namespace guandan::gdy {

inline constexpr std::size_t kMostLeads = 2969;  // checked in cpp/tests/test_gdy.cpp
inline constexpr std::size_t kPlayListCapacity = 4096;
using PlayList = FixedList<Play, kPlayListCapacity>;

namespace detail {

struct Masks {
  RankMask one, two;  // ranks with at least one / two natural cards
  int jokers;
};

constexpr RankMask window(int lo, int length) { return RankMask(((1u << length) - 1) << lo); }

// Runs of `length` over [lo, lo + length): every choice of joker positions
// (at most two, at most the jokers held) whose other positions are held.
// `leading` keeps only the highest reading of each set of cards.
// Returns whether the window can hold a run at all (enough cards and jokers).
template <class Sink>
bool runs_at(const Masks& m, int lo, int length, bool leading, Sink& sink) {
  const RankMask w = window(lo, length);
  const int hi = lo + length - 1;
  const RankMask missing = RankMask(w & ~m.one);
  const int need = std::popcount(unsigned(missing));
  if (need > m.jokers) return false;
  // Joker positions: the missing ranks plus up to (jokers - need) held ones.
  auto emit = [&](RankMask jokers_at) {
    const int j = std::popcount(unsigned(jokers_at));
    if (length - j == 1) return;  // one natural and two jokers: a bomb
    if (leading && hi != kAce && (jokers_at >> lo & 1)) return;  // could read one rank higher
    Cards cards = Cards::jokers(j);
    for (RankMask n = RankMask(w & ~jokers_at); n; n &= RankMask(n - 1)) cards = cards + Cards::of(Rank(std::countr_zero(n)));
    sink(Play(cards, kRun, Rank(hi)));
  };
  const RankMask held = RankMask(w & m.one);
  emit(missing);
  if (m.jokers - need >= 1)
    for (RankMask a = held; a; a &= RankMask(a - 1)) {
      const RankMask one = RankMask(a & -a);
      emit(RankMask(missing | one));
      if (m.jokers - need >= 2)
        for (RankMask b = RankMask(a & (a - 1)); b; b &= RankMask(b - 1)) emit(RankMask(missing | one | (b & -b)));
    }
  return true;
}

// Pair runs of `pairs` ranks over [lo, lo + pairs): each rank needs two
// cards; jokers (at most two) stand in where a rank has fewer, or in place
// of held cards.
// Returns whether the window can hold a pair run at all.
template <class Sink>
bool pair_runs_at(const Masks& m, const Cards hand, int lo, int pairs, bool leading, Sink& sink) {
  const RankMask w = window(lo, pairs);
  // Jokers needed: two for each rank not held, one for each held once.
  if (2 * std::popcount(unsigned(w & ~m.one)) + std::popcount(unsigned(w & m.one & ~m.two)) > m.jokers) return false;
  const int hi = lo + pairs - 1;
  Cards full;  // two of each rank of the window
  for (int r = lo; r <= hi; ++r) full = full + Cards::of(Rank(r), 2);
  // Jokers replacing `a` and `b` cards of ranks ra and rb (b = 0: none).
  auto emit = [&](int ra, int a, int rb, int b) {
    Cards naturals = full;
    if (a) naturals = naturals - Cards::of(Rank(ra), a);
    if (b) naturals = naturals - Cards::of(Rank(rb), b);
    if (!hand.contains(naturals)) return;
    const int j = a + b;
    // Naturals of one rank only (two pairs, two jokers): a bomb.
    if (pairs == 2 && j == 2 && (a == 2 || b == 2)) return;
    if (leading && hi != kAce && naturals.count(Rank(lo)) == 0) return;  // could read one rank higher
    sink(Play(naturals + Cards::jokers(j), kPairRun, Rank(hi)));
  };
  emit(0, 0, 0, 0);
  if (m.jokers >= 1)
    for (int r = lo; r <= hi; ++r) emit(r, 1, 0, 0);
  if (m.jokers >= 2)
    for (int r = lo; r <= hi; ++r) {
      emit(r, 2, 0, 0);
      for (int s = r + 1; s <= hi; ++s) emit(r, 1, s, 1);
    }
  return true;
}

template <class Sink>
void singles_of(const Masks& m, Cards hand, RankMask ranks, Sink& sink) {
  for (RankMask r = RankMask(ranks & m.one); r; r &= RankMask(r - 1)) sink(Play(Cards::of(Rank(std::countr_zero(r))), kSingle, Rank(std::countr_zero(r))));
  // A lone joker is a single only as the player's last card, and counts as a 2.
  if ((ranks >> kTwo & 1) && hand == Cards::jokers(1)) sink(Play(hand, kSingle, kTwo));
}

template <class Sink>
void pairs_of(const Masks& m, RankMask ranks, Sink& sink) {
  for (RankMask r = RankMask(ranks & m.one); r; r &= RankMask(r - 1)) {
    const Rank rank = Rank(std::countr_zero(r));
    if (m.two >> rank & 1) sink(Play(Cards::of(rank, 2), kPair, rank));
    if (m.jokers) sink(Play(Cards::of(rank) + Cards::jokers(1), kPair, rank));
  }
}

// Bombs of at least `min_size` cards, and of exactly `min_size` cards only
// above `min_rank_at_min_size` (pass -1 for all).
template <class Sink>
void bombs_of(Cards hand, const Masks& m, int min_size, int above_rank, Sink& sink) {
  for (RankMask r = m.one; r; r &= RankMask(r - 1)) {
    const Rank rank = Rank(std::countr_zero(r));
    const int held = hand.count(rank);
    for (int n = 1; n <= held; ++n)
      for (int j = 0; j <= m.jokers; ++j) {
        const int size = n + j;
        if (size < 3 || size < min_size || (size == min_size && rank <= above_rank)) continue;
        sink(Play(Cards::of(rank, n) + Cards::jokers(j), kBomb, rank));
      }
  }
}

}  // namespace detail

// The plays of `hand` when leading (table is the pass) or following `table`
// (then the pass is listed first).
template <class Sink>
void generate_plays(Cards hand, Play table, Sink& sink) {
  using namespace detail;
  const Masks m{hand.at_least(1), hand.at_least(2), hand.jokers()};
  const bool leading = table.is_pass();
  if (!leading) sink(Play::pass());
  const PlayKind kind = table.kind();
  if (kind == kJokerBomb) return;

  // Bombs: all of them over a non-bomb; the bigger ones over a bomb.
  if (kind == kBomb)
    bombs_of(hand, m, table.size(), table.rank(), sink);
  else
    bombs_of(hand, m, 3, -1, sink);
  if (m.jokers == 2) sink(Play(Cards::jokers(2), kJokerBomb, kJokerRank));
  if (kind == kBomb) return;

  if (leading) {
    singles_of(m, hand, kAllRanks, sink);
    pairs_of(m, kAllRanks, sink);
    // A longer window contains a shorter one needing no more jokers, so once
    // no window of a length can hold a run, no longer one can.
    bool any = true;
    for (int length = 3; any && length <= kAce + 1; ++length) {
      any = false;
      for (int lo = 0; lo + length - 1 <= kAce; ++lo) any |= runs_at(m, lo, length, true, sink);
    }
    any = true;
    for (int pairs = 2; any && pairs <= kAce + 1; ++pairs) {
      any = false;
      for (int lo = 0; lo + pairs - 1 <= kAce; ++lo) any |= pair_runs_at(m, hand, lo, pairs, true, sink);
    }
    return;
  }

  // Following a non-bomb: its kind and size, one rank higher (or a 2).
  const int up = table.rank() + 1;
  switch (kind) {
    case kSingle:
    case kPair: {
      RankMask targets = 0;
      if (up < kTwo) targets |= RankMask(1u << up);
      if (table.rank() != kTwo) targets |= RankMask(1u << kTwo);
      if (kind == kSingle)
        singles_of(m, hand, targets, sink);
      else
        pairs_of(m, targets, sink);
      return;
    }
    case kRun: {
      const int length = table.size();
      if (up <= kAce) runs_at(m, up - length + 1, length, false, sink);
      return;
    }
    case kPairRun: {
      const int pairs = table.size() / 2;
      if (up <= kAce) pair_runs_at(m, hand, up - pairs + 1, pairs, false, sink);
      return;
    }
    default:
      return;
  }
}

// Whether `play` is a reading its cards may play as: the one they lead as, or
// (for the kinds that follow one rank up) the one that follows the play a
// rank below. The generator reads only the table's kind, size and rank, so
// any cards of the right size stand for that table.
inline bool is_reading(Play play) {
  if (play.is_pass() || !play.cards().is_valid() || play.kind() >= kNumPlayKinds) return false;
  FixedList<Play, kPlayListCapacity> plays;
  generate_plays(play.cards(), Play::pass(), plays);
  const Rank rank = play.rank();
  if (play.kind() != kBomb && play.kind() != kJokerBomb && rank >= 1 && rank <= kTwo)
    generate_plays(play.cards(), Play(play.cards(), play.kind(), Rank(rank - 1)), plays);
  for (Play p : plays)
    if (p == play) return true;
  return false;
}

}  // namespace guandan::gdy
