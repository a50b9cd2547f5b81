#include "guandan/bots/planner.h"

#include <bit>
#include <cstdint>
#include <memory>

#include "guandan/hand_view.h"

namespace guandan {
namespace {

// The long structures a plan may hold, by natural position (0 = low ace).
enum class Shape : std::uint8_t { kStraight, kTube, kPlate };
struct Structure {
  Shape shape;
  std::uint8_t start;  // first natural position
};
constexpr int width_of(Shape s) { return s == Shape::kStraight ? 1 : s == Shape::kTube ? 2 : 3; }
constexpr int length_of(Shape s) { return s == Shape::kStraight ? 5 : s == Shape::kTube ? 3 : 2; }

// The most structures one plan chains (a 27-card hand holds at most five
// 5-card straights); bounds the search depth and the stacks below.
constexpr int kMaxStructures = 8;
constexpr int kMaxFlushes = 6;

// How the wilds left over after the structures are used, one choice per wild.
enum class WildUse : std::uint8_t { kAlone, kToSingle, kToPair, kToTriple, kToBomb };

struct Score {
  int turns = 1 << 20;
  int bombs = 0;
  constexpr bool better_than(const Score& o) const { return turns != o.turns ? turns < o.turns : bombs > o.bombs; }
};

// The group counts of what the structures leave: n of a kind per rank.
struct Leftover {
  int singles = 0, pairs = 0, triples = 0, bombs = 0;
  int rank_bombs = 0;  // n of a kind, which a wild may join (not four jokers)
  int joker_singles = 0, joker_pairs = 0;
};

struct LeftoverResult {
  Score score;
  std::array<WildUse, 2> uses{WildUse::kAlone, WildUse::kAlone};
};

constexpr int turns_of(const Leftover& g, bool jokers_pair_triples) {
  const int fh_pairs = g.pairs + (jokers_pair_triples ? g.joker_pairs : 0);
  const int lone_joker_pairs = jokers_pair_triples ? 0 : g.joker_pairs;
  return g.singles + g.joker_singles + g.bombs + lone_joker_pairs + (g.triples > fh_pairs ? g.triples : fh_pairs);
}

// Applies one wild; false when there is nothing of that kind to join.
constexpr bool apply_wild(Leftover& g, WildUse use) {
  switch (use) {
    case WildUse::kAlone: ++g.singles; return true;
    case WildUse::kToSingle: if (g.singles == 0) return false; --g.singles, ++g.pairs; return true;
    case WildUse::kToPair: if (g.pairs == 0) return false; --g.pairs, ++g.triples; return true;
    case WildUse::kToTriple: if (g.triples == 0) return false; --g.triples, ++g.bombs, ++g.rank_bombs; return true;
    case WildUse::kToBomb: return g.rank_bombs > 0;
  }
  return false;
}

// The group counts of the jokers (fixed while the structures are searched:
// no structure uses a joker).
Leftover joker_groups(int small_jokers, int big_jokers) {
  Leftover g;
  if (small_jokers == 2 && big_jokers == 2) {
    ++g.bombs;
  } else {
    for (int j : {small_jokers, big_jokers}) g.joker_singles += j == 1, g.joker_pairs += j == 2;
  }
  return g;
}

// Closed form for what the structures leave (their groups `g`), trying
// every use of the (at most two) remaining wilds.
constexpr LeftoverResult score_leftover(const Leftover& g, int wilds, bool jokers_pair_triples) {
  LeftoverResult best;
  constexpr WildUse kUses[] = {WildUse::kAlone, WildUse::kToSingle, WildUse::kToPair, WildUse::kToTriple,
                               WildUse::kToBomb};
  auto consider = [&](const Leftover& h, WildUse a, WildUse b) {
    const Score s{turns_of(h, jokers_pair_triples), h.bombs};
    if (s.better_than(best.score)) best = {s, {a, b}};
  };
  if (wilds == 0) {
    consider(g, WildUse::kAlone, WildUse::kAlone);
  } else {
    for (WildUse a : kUses) {
      Leftover h = g;
      if (!apply_wild(h, a)) continue;
      if (wilds == 1) {
        consider(h, a, WildUse::kAlone);
        continue;
      }
      for (WildUse b : kUses) {
        Leftover k = h;
        if (apply_wild(k, b)) consider(k, a, b);
      }
    }
  }
  return best;
}

// The search scores every node's leftover, so the wilds' part of the closed
// form comes from a table. Each wild moves the singles, pairs, triples and
// bombs by one, so what the wilds change (turns, bombs, and which uses win,
// ties included) depends only on whether there are none, one or two of each
// group to join (a rank bomb: none or some) and on how the triples stand
// against the pairs that can fill a full house, their difference D (two
// wilds move D by at most 4: from D <= -4 or D >= 2 on, the larger of the
// two stays the same, so D is kept to -5..5). Each entry is score_leftover
// itself, run on a small leftover with those features.
struct WildEffect {
  std::int8_t turns = 0, bombs = 0;  // added to the leftover without wilds
  std::array<WildUse, 2> uses{WildUse::kAlone, WildUse::kAlone};
};
constexpr int kMaxD = 5;
constexpr int wild_index(int wilds, int singles, int pairs, int triples, int rank_bombs, int d) {
  auto upto2 = [](int n) { return n < 2 ? n : 2; };
  const int dc = d < -kMaxD ? -kMaxD : d > kMaxD ? kMaxD : d;
  return (((((wilds - 1) * 3 + upto2(singles)) * 3 + upto2(pairs)) * 3 + upto2(triples)) * 2 + (rank_bombs > 0)) *
             (2 * kMaxD + 1) +
         dc + kMaxD;
}
constexpr auto kWildEffects = [] {
  std::array<WildEffect, 2 * 3 * 3 * 3 * 2 * (2 * kMaxD + 1)> table{};
  for (int w = 1; w <= 2; ++w)
    for (int s = 0; s < 3; ++s)
      for (int p = 0; p < 3; ++p)
        for (int t = 0; t < 3; ++t)
          for (int rb = 0; rb < 2; ++rb)
            for (int d = -kMaxD; d <= kMaxD; ++d) {
              // The joker pairs make up D: triples - (pairs + joker pairs).
              Leftover g;
              g.singles = s, g.pairs = p, g.triples = t, g.rank_bombs = g.bombs = rb;
              g.joker_pairs = t - d - p;
              if (g.joker_pairs < 0 && t == 2) g.triples -= g.joker_pairs, g.joker_pairs = 0;
              if (g.joker_pairs < 0) continue;  // no leftover has these features
              const LeftoverResult r = score_leftover(g, w, true);
              table[std::size_t(wild_index(w, s, p, t, rb, d))] = {
                  std::int8_t(r.score.turns - turns_of(g, true)), std::int8_t(r.score.bombs - g.bombs), r.uses};
            }
  return table;
}();

// The search keeps the natural counts as planes, a bit per natural position
// (the ace at 0 and 13): plane k holds the positions with at least k cards.
// Planes 1..4 are the 16-bit lanes of one word, 5..8 of another (a rank
// holds at most eight naturals: two decks). A structure of width w takes w
// cards of each rank in its window, which moves those ranks' bits down w
// planes: a shift and two masks, whatever the window. The group counts are
// popcounts of plane k less plane k+1, over positions 1..13 (each rank
// once). Planes 1..3 are also the holds: a structure's missing cards are
// one popcount.
constexpr std::uint64_t kLaneRanks = 0x3FFE;  // positions 1..13 of a lane
// Bit 0 of the first n lanes: a position's bits in planes 1..n.
constexpr std::array<std::uint64_t, 5> kPlaneLanes = {0, 0x1, 0x1'0001, 0x1'0001'0001, 0x1'0001'0001'0001};

constexpr std::uint64_t positions_in(Shape shape, int start) {
  std::uint64_t bits = 0;
  for (int k = 0; k < length_of(shape); ++k) bits |= positions_of(rank_at_position(start + k));
  return bits;
}

// The holds lanes a structure needs filled: its window in lanes 0..width-1.
constexpr std::uint64_t needed_lanes(Shape shape, int start) {
  const std::uint64_t window = ((1ull << length_of(shape)) - 1) << start;
  std::uint64_t lanes = 0;
  for (int w = 0; w < width_of(shape); ++w) lanes |= window << (16 * w);
  return lanes;
}

// Every structure a plan may hold, with what it needs and takes. Candidate
// bit 16 * lane + start, the lane 0, 1, 2 for straights, tubes, plates (the
// lane of the holds that decides whether it fits without wilds): the search
// tries them in bit order, straights by start, then tubes, then plates.
struct Candidate {
  Structure structure;
  std::uint64_t lanes;  // needed_lanes
  std::uint64_t ranks;  // its ranks' positions, in every lane of the planes
  int cells;            // cards it holds
  int shift;            // planes its ranks move down, in bits
};
constexpr int kCandidateBits = 48;
constexpr std::array<Candidate, kCandidateBits> kAllCandidates = [] {
  std::array<Candidate, kCandidateBits> all{};
  for (Shape shape : {Shape::kStraight, Shape::kTube, Shape::kPlate})
    for (int start = 0; start + length_of(shape) <= 14; ++start)
      all[std::size_t(16 * (width_of(shape) - 1) + start)] = {
          {shape, std::uint8_t(start)}, needed_lanes(shape, start),
          positions_in(shape, start) * 0x0001'0001'0001'0001ull, width_of(shape) * length_of(shape),
          16 * width_of(shape)};
  return all;
}();
constexpr std::uint64_t kCandidates = 0x1FFF'0FFF'03FFull;  // starts 0..9, 0..11, 0..12

// The candidates whose windows miss at most `wilds` cards, from the holds,
// for every start of every lane at once (bits that cross into the next lane
// only reach starts that are not candidates). A position missing from lane
// w is missing from every lane above it, so with z1 <= z2 <= z3 the misses
// of lanes 1..3 in a window, a tube (z1 + z2) fits one wild when z1 = 0 and
// z2 <= 1, a plate (z1 + z2 + z3) when z2 = 0 and z3 <= 1, and so on.
inline std::uint64_t fillable(std::uint64_t holds, int wilds) {
  const std::uint64_t full2 = holds & holds >> 1, full3 = full2 & holds >> 2;  // windows of 2, 3 held
  const std::uint64_t full5 = full3 & full2 >> 3;
  if (wilds == 0) return kCandidates & ((full5 & 0xFFFF) | (full3 & 0xFFFF'0000) | (full2 & 0xFFFF'0000'0000));
  // A straight's misses counted to three, bit-parallel.
  std::uint64_t one = 0, two = 0, three = 0;
  for (int k = 0; k < 5; ++k) {
    const std::uint64_t missing = ~holds >> k;
    three |= two & missing, two |= one & missing, one |= missing;
  }
  const std::uint64_t any2 = holds | holds >> 1, any3 = any2 | holds >> 2;                      // z <= 1, z <= 2
  const std::uint64_t most3 = full2 | (holds & holds >> 2) | (holds >> 1 & holds >> 2);  // z <= 1 of 3
  // Lane 0 moved up to lane 1 (tubes), lanes 0 and 1 up to lane 2 (plates).
  const std::uint64_t straights = wilds == 1 ? ~two : ~three;
  const std::uint64_t tubes = wilds == 1 ? full3 << 16 & most3 : (full3 << 16 & any3) | most3;
  const std::uint64_t plates = wilds == 1 ? full2 << 16 & any2 : full2 << 16 | (full2 << 32 & any2);
  return kCandidates & ((straights & 0xFFFF) | (tubes & 0xFFFF'0000) | (plates & 0xFFFF'0000'0000));
}

// Depth-first search over the structures, on counts.
class StructureSearch {
 public:
  StructureSearch(CardSet naturals, int small_jokers, int big_jokers, int wilds, bool jokers_pair_triples)
      : wilds_(wilds) {
    for (int r = 0; r < kNumRanks; ++r) {
      const int n = std::popcount(unsigned(naturals.rank_config(Rank(r))));  // at most eight
      low_ |= kPlaneLanes[std::size_t(n < 4 ? n : 4)] * positions_of(r);
      high_ |= kPlaneLanes[std::size_t(n > 4 ? n - 4 : 0)] * positions_of(r);
    }
    const Leftover jokers = joker_groups(small_jokers, big_jokers);
    // Joker pairs fill full houses only under jokers_pair_triples; else
    // each is a turn of its own.
    fh_joker_pairs_ = jokers_pair_triples ? jokers.joker_pairs : 0;
    joker_turns_ = jokers.joker_singles + jokers.bombs + (jokers.joker_pairs - fh_joker_pairs_);
    joker_bombs_ = jokers.bombs;
  }

  // Fills the best structure list; returns its score (with `base` turns and
  // bombs already spent elsewhere).
  Score run(Score base) {
    base_ = base;
    best_ = Score{};
    search(0, kCandidates);
    return best_;
  }

  std::array<Structure, kMaxStructures> best_structures{};
  int best_structure_count = 0;
  LeftoverResult best_leftover;

 private:
  // score_leftover of what the structures leave.
  LeftoverResult leftover() const {
    const std::uint64_t exactly = low_ & ~(low_ >> 16);  // lanes: ranks of exactly 1, 2, 3, 4 or more
    const int singles = std::popcount(exactly & kLaneRanks), pairs = std::popcount(exactly >> 16 & kLaneRanks),
              triples = std::popcount(exactly >> 32 & kLaneRanks), rank_bombs = std::popcount(exactly >> 48 & kLaneRanks);
    const int fh_pairs = pairs + fh_joker_pairs_;
    LeftoverResult r;
    r.score = {joker_turns_ + singles + rank_bombs + (triples > fh_pairs ? triples : fh_pairs),
               joker_bombs_ + rank_bombs};
    if (wilds_ > 0) {
      const WildEffect& e = kWildEffects[std::size_t(wild_index(wilds_, singles, pairs, triples, rank_bombs,
                                                                triples - fh_pairs))];
      r.score.turns += e.turns, r.score.bombs += e.bombs, r.uses = e.uses;
    }
    return r;
  }

  // `allowed`: the candidates (bits of kAllCandidates) that the parent
  // could take, from the last one taken on (so each set of structures is
  // tried once). Below a node the counts and wilds only shrink, so what a
  // node cannot take, none under it can.
  void search(int depth, std::uint64_t allowed) {
    const LeftoverResult left = leftover();
    const Score here{base_.turns + depth + left.score.turns, base_.bombs + left.score.bombs};
    if (here.better_than(best_)) {
      best_ = here;
      best_structure_count = depth;
      for (int i = 0; i < depth; ++i) best_structures[i] = stack_[i];
      best_leftover = left;
    }
    if (depth == kMaxStructures) return;
    // A structure costs a turn of its own: it only pays when the rest then
    // takes at least two fewer turns, which needs at least two turns left.
    if (left.score.turns < 2) return;
    const std::uint64_t holds = low_;
    const std::uint64_t takeable = allowed & fillable(holds, wilds_);
    for (std::uint64_t bits = takeable; bits; bits &= bits - 1) {
      const int i = std::countr_zero(bits);
      const Candidate& c = kAllCandidates[std::size_t(i)];
      const int need = c.cells - std::popcount(holds & c.lanes);
      // The window's ranks move down `shift` bits, across the two words.
      const std::uint64_t low = low_, high = high_;
      low_ = (low & ~c.ranks) | ((low >> c.shift | high << (64 - c.shift)) & c.ranks);
      high_ = (high & ~c.ranks) | (high >> c.shift & c.ranks);
      wilds_ -= need;
      stack_[depth] = c.structure;
      search(depth + 1, takeable & ~((std::uint64_t(1) << i) - 1));
      wilds_ += need;
      low_ = low, high_ = high;
    }
  }

  std::uint64_t low_ = 0, high_ = 0;  // planes 1..4 and 5..8 of the natural counts
  int wilds_;
  int joker_turns_ = 0, joker_bombs_ = 0, fh_joker_pairs_ = 0;  // no structure uses a joker
  std::array<Structure, kMaxStructures> stack_{};
  Score base_, best_;
};

// A natural straight flush the hand holds: suit and first position.
struct Flush {
  CardSet cards;
  Rank top;
};

int natural_flushes(const HandView& view, std::array<Flush, kMaxFlushes>& out) {
  if (!view.holds_natural_straight_flush()) return 0;  // most hands
  const std::uint64_t present = view.naturals.lo | view.naturals.hi;  // a bit per kind held
  int n = 0;
  for (int suit = 0; suit < 4; ++suit) {
    unsigned held = 0;  // natural positions held in this suit
    for (int r = 0; r < kNumRanks; ++r)
      if (present >> make_kind(Rank(r), Suit(suit)) & 1) held |= positions_of(r);
    // Bit p: positions p..p+4 all held.
    for (unsigned starts = held & held >> 1 & held >> 2 & held >> 3 & held >> 4; starts && n < kMaxFlushes;
         starts &= starts - 1) {
      const int start = std::countr_zero(starts);
      CardSet cards;
      for (int i = 0; i < 5; ++i) cards = cards | CardSet::of_kind(make_kind(rank_at_position(start + i), Suit(suit)));
      out[std::size_t(n++)] = {cards, rank_at_position(start + 4)};
    }
  }
  return n;
}

// The whole search: every subset of the natural straight flushes (kept
// whole, as bombs), then the structures over what they leave.
struct Choice {
  Score score;
  unsigned flush_mask = 0;
  std::array<Structure, kMaxStructures> structures{};
  int structure_count = 0;
  LeftoverResult leftover;
};

Choice search_choice(const HandView& view, MoveRules rules, const std::array<Flush, kMaxFlushes>& flushes,
                     int flush_count) {
  Choice best;
  for (unsigned mask = 0; mask < (1u << flush_count); ++mask) {
    CardSet rest = view.naturals;
    bool disjoint = true;
    int used = 0;
    for (int i = 0; i < flush_count && disjoint; ++i) {
      if (!(mask >> i & 1)) continue;
      disjoint = rest.contains(flushes[i].cards);
      if (disjoint) rest = rest - flushes[i].cards, ++used;
    }
    if (!disjoint) continue;
    StructureSearch search(rest, view.small_jokers, view.big_jokers, view.wilds,
                           rules.wild_with_joker);
    const Score s = search.run({used, used});
    if (s.better_than(best.score)) {
      best.score = s;
      best.flush_mask = mask;
      best.structures = search.best_structures;
      best.structure_count = search.best_structure_count;
      best.leftover = search.best_leftover;
    }
  }
  return best;
}

// The search is a pure function of the hand, the level and one rule, and a
// playout asks it about the same hands again and again (a seat that passes
// keeps its hand; a follow weighed in each suit leaves hands of the same
// counts; the search plays every candidate out from the same worlds), so
// each thread keeps the answers for its last few thousand hands
// (direct-mapped, 256 KB, made once per thread), keyed by cache_key.
class ChoiceCache {
 public:
  const Choice* find(CardSet key, Rank level, bool jokers_pair_triples) {
    const Entry& e = entries_[slot(key, level, jokers_pair_triples)];
    return e.valid && e.key == key && e.level == level && e.jokers_pair_triples == jokers_pair_triples ? &e.choice
                                                                                                       : nullptr;
  }
  void store(CardSet key, Rank level, bool jokers_pair_triples, const Choice& choice) {
    entries_[slot(key, level, jokers_pair_triples)] = {key, level, jokers_pair_triples, true, choice};
  }

 private:
  static constexpr int kBits = 12;
  struct Entry {
    CardSet key;
    Rank level = kTwo;
    bool jokers_pair_triples = false;
    bool valid = false;
    Choice choice;
  };
  static std::size_t slot(CardSet key, Rank level, bool jokers_pair_triples) {
    const std::uint64_t h =
        key.lo * 0x9E3779B97F4A7C15ull ^ (key.hi + level * 2u + jokers_pair_triples) * 0xC2B2AE3D27D4EB4Full;
    return std::size_t(h >> (64 - kBits));
  }
  std::array<Entry, std::size_t(1) << kBits> entries_{};
};

// What the search's choice depends on. Without a natural straight flush,
// the counts alone: naturals per rank, wilds, small and big jokers (the
// search works on counts), so hands that differ only in suits (a follow
// played in one suit or another) share one answer. With one, the hand
// itself. A counts key sets bit 63 of `hi`, which no hand has.
CardSet cache_key(CardSet hand, Rank level) {
  const CardKind wild = wild_kind(level);
  const int wilds = hand.count(wild);
  const CardSet naturals = hand - CardSet::of_kind(wild, wilds);
  if (holds_natural_straight_flush(naturals)) return hand;
  // Per-nibble popcounts: each rank's count (0..8) in its nibble.
  constexpr std::uint64_t kRanks = (std::uint64_t(1) << 4 * kNumRanks) - 1;
  auto nibble_counts = [](std::uint64_t x) {
    x = x - (x >> 1 & 0x5555'5555'5555'5555ull);
    return (x & 0x3333'3333'3333'3333ull) + (x >> 2 & 0x3333'3333'3333'3333ull);
  };
  const std::uint64_t counts = nibble_counts(naturals.lo & kRanks) + nibble_counts(naturals.hi & kRanks);
  return {counts, std::uint64_t(1) << 63 | std::uint64_t(wilds) | std::uint64_t(naturals.count(kSmallJoker)) << 2 |
                      std::uint64_t(naturals.count(kBigJoker)) << 4};
}

// The search's choice for `hand` (its flush_mask indexes natural_flushes);
// the hand is looked at only when the cache does not know it.
Choice choose(CardSet hand, Rank level, MoveRules rules) {
  thread_local std::unique_ptr<ChoiceCache> cache = std::make_unique<ChoiceCache>();
  const CardSet key = cache_key(hand, level);
  if (const Choice* known = cache->find(key, level, rules.wild_with_joker)) return *known;
  const HandView view(hand, level);
  std::array<Flush, kMaxFlushes> flushes;
  const int flush_count = natural_flushes(view, flushes);
  const Choice choice = search_choice(view, rules, flushes, flush_count);
  cache->store(key, level, rules.wild_with_joker, choice);
  return choice;
}

// Takes `n` natural cards of rank `r` out of `pool`: first one of each suit
// held, in suit order, then second copies, in suit order.
CardSet take_rank(CardSet& pool, Rank r, int n) {
  const int shift = 4 * r;
  const std::uint64_t once = pool.lo >> shift & 0xF, twice = pool.hi >> shift & 0xF;
  // The lowest k bits of a nibble.
  auto lowest = [](std::uint64_t bits, int k) {
    std::uint64_t rest = bits;
    for (int i = 0; i < k && rest; ++i) rest &= rest - 1;
    return bits & ~rest;
  };
  const int firsts = std::popcount(once);
  const CardSet taken = n <= firsts ? CardSet{lowest(once, n) << shift, 0}
                                    : CardSet{once << shift, lowest(twice, n - firsts) << shift};
  pool = pool - taken;
  return taken;
}

// Groups of what the structures leave, in rank order, before full houses.
struct Group {
  CardSet cards;
  Rank rank;
  int size;
  bool joker;
};

Kind group_kind(int size) {
  return size == 1 ? Kind::kSingle : size == 2 ? Kind::kPair : size == 3 ? Kind::kTriple : Kind::kBomb;
}

}  // namespace

PlanScore plan_score(CardSet hand, Rank level, MoveRules rules) {
  const Choice c = choose(hand, level, rules);
  return {c.score.turns, c.score.bombs};
}

HandPlan plan_hand(CardSet hand, Rank level, MoveRules rules) {
  HandPlan plan;
  if (hand.empty()) return plan;
  const Choice choice = choose(hand, level, rules);
  const HandView view(hand, level);
  std::array<Flush, kMaxFlushes> flushes;
  const int flush_count = choice.flush_mask != 0 ? natural_flushes(view, flushes) : 0;

  CardSet pool = view.naturals;
  int wilds_left = view.wilds;
  const CardKind wild = wild_kind(level);
  auto add = [&](CardSet cards, Kind kind, Rank rank) { plan.combos[plan.count++] = {cards, kind, rank}; };

  for (int i = 0; i < flush_count; ++i) {
    if (!(choice.flush_mask >> i & 1)) continue;
    pool = pool - flushes[i].cards;
    add(flushes[i].cards, Kind::kStraightFlush, flushes[i].top);
  }
  for (int i = 0; i < choice.structure_count; ++i) {
    const Structure s = choice.structures[i];
    const int width = width_of(s.shape), length = length_of(s.shape);
    CardSet cards;
    int wilds = 0;
    for (int k = 0; k < length; ++k) {
      const Rank r = rank_at_position(s.start + k);
      const int have = std::popcount(unsigned(pool.rank_config(r)));
      const int naturals = have < width ? have : width;
      cards = cards | take_rank(pool, r, naturals);
      wilds += width - naturals;
    }
    cards = cards + CardSet::of_kind(wild, wilds);
    wilds_left -= wilds;
    const Rank top = rank_at_position(s.start + length - 1);
    if (s.shape == Shape::kStraight) {
      // Five naturals of one suit read as a straight flush.
      const CardSet naturals = cards - CardSet::of_kind(wild, wilds);
      unsigned suits = 0;
      for (std::uint64_t b = naturals.lo; b; b &= b - 1) suits |= 1u << suit_of(CardKind(std::countr_zero(b)));
      add(cards, wilds == 0 && std::popcount(suits) == 1 ? Kind::kStraightFlush : Kind::kStraight, top);
    } else {
      add(cards, s.shape == Shape::kTube ? Kind::kTube : Kind::kPlate, top);
    }
  }

  // What is left, one group per rank, then the wilds as the closed form chose.
  std::array<Group, kNumRanks + 4> groups{};
  int group_count = 0;
  for (Rank r : view.by_level) {
    const int n = std::popcount(unsigned(pool.rank_config(r)));
    if (n > 0) groups[group_count++] = {take_rank(pool, r, n), r, n, false};
  }
  const int sj = pool.count(kSmallJoker), bj = pool.count(kBigJoker);
  if (sj == 2 && bj == 2) {
    add(CardSet::of_kind(kSmallJoker, 2) | CardSet::of_kind(kBigJoker, 2), Kind::kJokerBomb, kBigJokerRank);
  } else {
    if (sj > 0) groups[group_count++] = {CardSet::of_kind(kSmallJoker, sj), kSmallJokerRank, sj, true};
    if (bj > 0) groups[group_count++] = {CardSet::of_kind(kBigJoker, bj), kBigJokerRank, bj, true};
  }
  const CardSet one_wild = CardSet::of_kind(wild);
  for (int w = 0; w < wilds_left; ++w) {
    const WildUse use = choice.leftover.uses[w];
    if (use == WildUse::kAlone) {
      groups[group_count++] = {one_wild, level, 1, false};
      continue;
    }
    // Joins the weakest group of that size.
    const int size = use == WildUse::kToSingle ? 1 : use == WildUse::kToPair ? 2 : use == WildUse::kToTriple ? 3 : 4;
    int target = -1;
    for (int g = 0; g < group_count; ++g) {
      const bool fits = !groups[g].joker && (size == 4 ? groups[g].size >= 4 : groups[g].size == size);
      if (fits && target < 0) target = g;
    }
    // The closed form only chose a use that had a group to join.
    groups[target].cards = groups[target].cards + one_wild;
    ++groups[target].size;
  }
  // Full houses: the weakest triples take the weakest pairs.
  std::array<bool, kNumRanks + 4> used{};
  int pair_cursor = 0;
  for (int t = 0; t < group_count; ++t) {
    if (groups[t].size != 3) continue;
    while (pair_cursor < group_count &&
           (groups[pair_cursor].size != 2 || used[pair_cursor] ||
            (groups[pair_cursor].joker && !rules.wild_with_joker)))
      ++pair_cursor;
    if (pair_cursor == group_count) break;
    used[t] = used[pair_cursor] = true;
    add(groups[t].cards + groups[pair_cursor].cards, Kind::kFullHouse, groups[t].rank);
  }
  for (int g = 0; g < group_count; ++g) {
    if (used[g]) continue;
    // Two wilds alone are a pair of the level rank.
    add(groups[g].cards, group_kind(groups[g].size), groups[g].rank);
  }
  for (const PlannedCombo& c : plan) plan.bombs += bomb_tier(c.kind, c.cards.size()) > 0;
  return plan;
}

}  // namespace guandan
