#include "guandan/bots/endgame.h"

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <stdexcept>

#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/placing.h"

namespace guandan {

namespace {
// Scores are levels, |score| <= kMaxAdvance: these are outside every score.
constexpr int kInf = 100;

// The best action of a position as the table keeps it: a 16-bit tag of the
// move (move_tag), or passing, or none.
constexpr std::uint16_t kNoTag = 0;
constexpr std::uint16_t kPassTag = 1;

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
  h = (h ^ word) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}

// One transposition table entry: bounds on the value of a position for the
// root seat's team, and the tag of the action that was best.
struct Entry {
  std::uint64_t key = 0;
  std::uint32_t generation = 0;  // 0: never written
  std::int8_t lower = -kInf;
  std::int8_t upper = kInf;
  std::uint16_t best = kNoTag;
};
static_assert(sizeof(Entry) == 16);

// Replace-always, one entry per slot. Reused across calls on one thread: a
// call takes a new generation, and entries of older ones read as empty.
// A call starts on a small prefix of the table (a probe that stays in the
// cache is most of a node's time) and doubles it in place as it fills, up
// to the size its node budget asks for.
struct Table {
  static constexpr std::size_t kMinEntries = std::size_t{1} << 12;    // 64 KB
  static constexpr std::size_t kStartEntries = std::size_t{1} << 14;  // 256 KB
  static constexpr std::size_t kMaxEntries = std::size_t{1} << 20;    // 16 MB

  std::vector<Entry> entries;
  std::size_t mask = 0;        // the prefix in use: mask + 1 entries
  std::size_t limit = 0;       // the most this call may use, minus one
  std::size_t written = 0;     // entries written since the prefix last grew
  std::uint32_t generation = 0;

  // At most a power of two of about half the node budget (most visits are
  // leaves or cut off before storing), within the limits above.
  void prepare(std::int64_t max_nodes) {
    std::size_t want = kMinEntries;
    while (want < kMaxEntries && std::int64_t(want) * 2 < max_nodes) want *= 2;
    if (entries.size() < want) {
      entries.assign(want, Entry{});
      generation = 0;
    }
    limit = want - 1;
    mask = std::min(want, kStartEntries) - 1;
    written = 0;
    if (++generation == 0) {
      std::fill(entries.begin(), entries.end(), Entry{});
      generation = 1;
    }
  }
  Entry& slot(std::uint64_t key) { return entries[std::size_t(key) & mask]; }

  // A new entry went into a slot; past half full, double the prefix: an
  // entry of this call at slot i stays or moves to i + size (the new half
  // holds nothing of this call yet). Returns whether it grew (references
  // to entries are then stale).
  bool note_written() {
    if (++written * 2 <= mask + 1 || mask >= limit) return false;
    const std::size_t size = mask + 1;
    for (std::size_t i = 0; i < size; ++i) {
      Entry& e = entries[i];
      Entry& high = entries[i + size];
      if (e.generation == generation && (e.key & size) != 0) {
        high = e;
        e.generation = 0;
      } else {
        high.generation = 0;
      }
    }
    mask = 2 * size - 1;
    written = 0;
    return true;
  }
};

// The actions of one position, generated and ordered: order[k] packs the
// k-th action's priority (high bits) over its index (low 12 bits, as 4095
// minus the index so that equal priorities keep generation order). The
// index of passing is the move count.
struct Ply {
  FixedMoveList<std::size_t(kEndgameMovesPerPly)> moves;
  std::array<std::uint64_t, kEndgameMovesPerPly + 1> order;
  std::array<std::uint64_t, kEndgameMovesPerPly> shapes;
};
static_assert(kEndgameMovesPerPly + 1 <= 4096, "indices (and the pass) must fit 12 bits");

// Per thread, kept between calls: the table, and one move list per ply made
// the first time a search reaches that depth.
struct Scratch {
  Table table;
  std::vector<std::unique_ptr<Ply>> plies;
  Ply& ply(std::size_t depth) {
    while (plies.size() <= depth) plies.push_back(std::make_unique<Ply>());
    return *plies[depth];
  }
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// The cards of a set as far as the game can tell them apart when no hand
// can make a straight flush: the natural cards per rank (nibble r: rank r,
// 0..8 cards), then the wilds (bits 52..53), small jokers (56..57) and big
// jokers (60..61).
constexpr std::uint64_t shape(CardSet cards, CardKind wild) {
  constexpr std::uint64_t kSuited = (std::uint64_t{1} << 52) - 1;
  const std::uint64_t not_wild = ~(std::uint64_t{1} << wild);
  auto nibble_counts = [](std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    return (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  };
  const std::uint64_t per_rank =
      nibble_counts(cards.lo & kSuited & not_wild) + nibble_counts(cards.hi & kSuited & not_wild);
  return per_rank | std::uint64_t(cards.count(wild)) << 52 | std::uint64_t(cards.count(kSmallJoker)) << 56 |
         std::uint64_t(cards.count(kBigJoker)) << 60;
}

// A move as the rest of the deal sees it: its cards (or their shape) and
// its reading. Two moves with equal keys and equal cards shape leave
// equivalent positions.
constexpr std::uint64_t reading(Move m) { return std::uint64_t(m.kind()) << 4 | m.rank(); }
constexpr std::uint16_t move_tag(std::uint64_t cards_key, Move m) {
  const std::uint64_t h = mix(mix(0x51ED27A3ull, cards_key), reading(m));
  const std::uint16_t tag = std::uint16_t(h >> 48);
  return tag < 2 ? std::uint16_t(tag + 2) : tag;
}

// Whether a hand can make a straight flush (with its wilds).
struct Counter {
  int count = 0;
  void operator()(Move) { ++count; }
};
bool has_straight_flush(CardSet hand, Rank level, MoveRules rules) {
  if (hand.size() < 5) return false;
  const HandView view(hand, level);
  Counter counter;
  MoveGenerator<Counter> generator(view, rules, counter);
  generator.of_kind(Kind::kStraightFlush, 5);
  return counter.count > 0;
}

// Move-ordering classes, best first: the table's move, going out, bombs
// (the weakest first), other plays (leading: more cards first, then the
// lowest; following: the lowest that beats), passing. Measured on the
// benchmark's positions (bench_endgame.cpp) against passing first or after
// the partner's play, bombs last, the highest first and history or killer
// heuristics: each visited more nodes.
enum Priority : std::uint64_t {
  kPass = 0,
  kPlain = 1,
  kBombs = 2,
  kGoesOut = 3,
  kTableMove = 4,
};

class Solver {
 public:
  Solver(const DealState& root, int seat, const EndgameLimits& limits)
      : scratch_(scratch()), rules_(root.rules()), team_(team_of(seat)), max_nodes_(limits.max_nodes),
        wild_(wild_kind(root.level())) {
    scratch_.table.prepare(limits.max_nodes);
    generation_ = scratch_.table.generation;
    // Each play sheds a card, with at most three passes after it; two plies
    // more for the root's own list.
    int cards = 0;
    for (const CardSet& hand : root.hands()) cards += hand.size();
    max_depth_ = 4 * cards + 8;
    // The scores a deal can end with, ascending and distinct.
    for (int place = 1; place <= 3; ++place) {
      scores_[std::size_t(score_count_++)] = rules_.levels_gained(place);
      scores_[std::size_t(score_count_++)] = -rules_.levels_gained(place);
    }
    std::sort(scores_.begin(), scores_.begin() + score_count_);
    score_count_ = int(std::unique(scores_.begin(), scores_.begin() + score_count_) - scores_.begin());
    // Suits matter only to straight flushes and the wild: with no straight
    // flush in any hand (hands only shrink), positions of equal shapes are
    // equal, and so are moves of equal shape and reading.
    suit_free_ = limits.suit_symmetry;
    for (const CardSet& hand : root.hands())
      if (suit_free_ && has_straight_flush(hand, root.level(), rules_.move_rules())) suit_free_ = false;
  }

  bool failed() const { return aborted_; }
  std::int64_t nodes() const { return nodes_; }

  // The exact value: a binary search over the possible scores, each step a
  // zero-window probe "is it at least v" (the probes share the table).
  int value(const DealState& deal, int ply) {
    if (deal.is_over()) {
      ++nodes_;
      return terminal(deal);
    }
    int lo, hi;
    bounds(deal, lo, hi);
    while (lo < hi && !aborted_) {
      // The middle of the scores in (lo, hi].
      int first = 0;
      while (first < score_count_ && scores_[std::size_t(first)] <= lo) ++first;
      int last = first;
      while (last < score_count_ && scores_[std::size_t(last)] <= hi) ++last;
      if (first == last) break;  // cannot happen: hi is a score
      const int v = scores_[std::size_t((first + last) / 2)];
      const int g = search(deal, v - 1, v, ply);
      if (aborted_) break;
      if (g >= v) {
        lo = g;
      } else {
        hi = g;
      }
    }
    return lo;
  }

  // Whether the value after `option` (an index into the ply's moves; the
  // move count: passing) reaches `v` for the team of the seat to act at
  // `deal`: at least v when that is the root team, at most v otherwise.
  bool achieves(const DealState& deal, const Ply& p, int option, int v, int ply) {
    DealState child = deal;
    apply(child, p, option);
    if (team_of(deal.turn()) == team_) return search(child, v - 1, v, ply) >= v;
    return search(child, v, v + 1, ply) <= v;
  }

  // Generates and orders the actions at `deal` into plies[ply]; the count,
  // or -1 when the list overflowed. The table's move (if any) first.
  int order_actions(const DealState& deal, int ply) {
    Ply& p = scratch_.ply(std::size_t(ply));
    const std::uint64_t key = position_key(deal);
    const Entry& e = scratch_.table.slot(key);
    return order_actions(deal, p, e.key == key && e.generation == generation_ ? e.best : kNoTag);
  }

  Ply& ply_list(int ply) { return scratch_.ply(std::size_t(ply)); }

  static void apply(DealState& deal, const Ply& p, int option) {
    if (option == int(p.moves.size())) {
      deal.apply_pass();
    } else {
      deal.apply_play(p.moves[std::size_t(option)]);
    }
  }
  static int option_at(const Ply& p, int k) { return 4095 - int(p.order[std::size_t(k)] & 4095u); }

 private:
  // The score of a finished deal for the root team (deal_score).
  int terminal(const DealState& deal) const {
    const int gained = rules_.levels_gained(partner_place(deal.finishing_order(), deal.out_count()));
    return team_of(deal.finished(0)) == team_ ? gained : -gained;
  }

  // Bounds on the value from who is out: once a seat is out its team wins,
  // and only its partner's place is open (decided once the partner is out:
  // with three out to end a deal, play goes on without changing the score).
  void bounds(const DealState& deal, int& lo, int& hi) const {
    const int n = deal.out_count();
    if (n == 0) {
      lo = scores_[0];
      hi = scores_[std::size_t(score_count_ - 1)];
      return;
    }
    const int first = deal.finished(0);
    int least, most;
    if (deal.is_out(partner_of(first))) {
      least = most = rules_.levels_gained(partner_place(deal.finishing_order(), n));
    } else {
      // Partner's place still 1..3 (one out) or 2..3 (an opponent out too).
      least = most = rules_.levels_gained(3);
      for (int place = n; place <= 3; ++place) {
        least = std::min(least, rules_.levels_gained(place));
        most = std::max(most, rules_.levels_gained(place));
      }
    }
    if (team_of(first) == team_) {
      lo = least, hi = most;
    } else {
      lo = -most, hi = -least;
    }
  }

  // The table key of a position: DealState::hash, or with suits ignored
  // the same fields with hands and last play by shape.
  std::uint64_t position_key(const DealState& deal) const {
    if (!suit_free_) return deal.hash();
    std::uint64_t h = 0x243F6A8885A308D3ull;
    for (const CardSet& hand : deal.hands()) h = mix(h, shape(hand, wild_));
    const Move* last = deal.last_play();
    std::uint64_t small = std::uint64_t(deal.turn() + 1) | std::uint64_t(deal.last_player() + 1) << 3 |
                          std::uint64_t(deal.passed_mask()) << 6 | std::uint64_t(deal.out_count()) << 10;
    if (last != nullptr) small |= (reading(*last) << 8 | std::uint64_t(last->size())) << 32;
    const int* order = deal.finishing_order();
    for (int i = 0; i < deal.out_count(); ++i) small |= std::uint64_t(order[i] + 1) << (13 + 3 * i);
    h = mix(h, small);
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    return h ^ (h >> 32);
  }

  int order_actions(const DealState& deal, Ply& p, std::uint16_t table_tag) {
    p.moves.clear();
    const int seat = deal.turn();
    const CardSet hand = deal.hand(seat);
    const Rank level = deal.level();
    generate_moves(hand, level, rules_.move_rules(), deal.last_play(), p.moves);
    if (p.moves.overflowed()) return -1;
    const int n = int(p.moves.size());
    const bool leading = deal.leading();
    const int hand_size = hand.size();
    int count = 0;
    // Moves of one reading come out together; with suits ignored, a move of
    // the same shape as an earlier one of its run is the same move.
    int run_start = 0;
    std::uint64_t run_reading = ~std::uint64_t{0};
    for (int i = 0; i < n; ++i) {
      const Move m = p.moves[std::size_t(i)];
      std::uint64_t cards_key;
      if (suit_free_) {
        cards_key = shape(m.cards(), wild_);
        if (reading(m) != run_reading) {
          run_reading = reading(m), run_start = i;
        } else if (std::find(p.shapes.begin() + run_start, p.shapes.begin() + i, cards_key) !=
                   p.shapes.begin() + i) {
          p.shapes[std::size_t(i)] = cards_key;
          continue;
        }
        p.shapes[std::size_t(i)] = cards_key;
      } else {
        cards_key = m.cards().lo * 0xC2B2AE3D27D4EB4Full ^ m.cards().hi;
      }
      const int size = m.size();
      const int tier = bomb_tier(m);
      const std::uint64_t low = std::uint64_t(31 - rank_order(m, level));  // lower ranks first
      std::uint64_t cls, detail = 0;
      if (table_tag != kNoTag && move_tag(cards_key, m) == table_tag) {
        cls = kTableMove;
      } else if (size == hand_size) {
        cls = kGoesOut;
      } else if (tier == 0) {
        // Leading: more cards first, then the lowest; following: the lowest that beats.
        cls = kPlain;
        detail = (leading ? std::uint64_t(size) << 5 : 0) | low;
      } else {
        cls = kBombs;
        detail = std::uint64_t(15 - tier) << 5 | low;  // the weakest bomb first
      }
      p.order[std::size_t(count++)] = cls << 60 | detail << 12 | std::uint64_t(4095 - i);
    }
    if (!leading) {
      const std::uint64_t cls = table_tag == kPassTag ? kTableMove : kPass;
      p.order[std::size_t(count++)] = cls << 60 | std::uint64_t(4095 - n);
    }
    std::sort(p.order.begin(), p.order.begin() + count, std::greater<>());
    return count;
  }

  std::uint16_t tag_of(const Ply& p, int option) const {
    if (option == int(p.moves.size())) return kPassTag;
    const Move m = p.moves[std::size_t(option)];
    return move_tag(suit_free_ ? p.shapes[std::size_t(option)] : m.cards().lo * 0xC2B2AE3D27D4EB4Full ^ m.cards().hi,
                    m);
  }

  // Fail-soft alpha-beta with memory: a result g <= alpha is an upper bound,
  // g >= beta a lower bound, anything between exact.
  int search(const DealState& deal, int alpha, int beta, int ply) {
    if (++nodes_ > max_nodes_) {
      aborted_ = true;
      return 0;
    }
    if (deal.is_over()) return terminal(deal);
    int lo, hi;
    bounds(deal, lo, hi);
    if (lo == hi || lo >= beta) return lo;
    if (hi <= alpha) return hi;
    const std::uint64_t key = position_key(deal);
    std::uint16_t table_tag = kNoTag;
    {
      const Entry& e = scratch_.table.slot(key);
      if (e.key == key && e.generation == generation_) {
        if (e.lower >= beta) return e.lower;
        if (e.upper <= alpha) return e.upper;
        lo = std::max(lo, int(e.lower));
        hi = std::min(hi, int(e.upper));
        if (lo >= hi) return lo;
        table_tag = e.best;
      }
    }
    // The window narrowed to what is known (a < b: see the returns above).
    const int a = std::max(alpha, lo), b = std::min(beta, hi);
    if (ply >= max_depth_) {
      aborted_ = true;  // deeper than any deal can go: a broken position
      return 0;
    }
    Ply& p = scratch_.ply(std::size_t(ply));
    const int count = order_actions(deal, p, table_tag);
    if (count < 0) {
      aborted_ = true;
      return 0;
    }
    const bool maximising = team_of(deal.turn()) == team_;
    int g = maximising ? -kInf : kInf;
    int best = -1;
    int aa = a, bb = b;
    for (int k = 0; k < count; ++k) {
      const int option = option_at(p, k);
      DealState child = deal;
      apply(child, p, option);
      const int v = search(child, aa, bb, ply + 1);
      if (aborted_) return 0;
      if (maximising) {
        if (v > g) g = v, best = option;
        if (g >= bb) break;
        aa = std::max(aa, g);
      } else {
        if (v < g) g = v, best = option;
        if (g <= aa) break;
        bb = std::min(bb, g);
      }
    }
    Entry* e = &scratch_.table.slot(key);
    if (e->key != key || e->generation != generation_) {
      *e = Entry{key, generation_, -kInf, kInf, kNoTag};
      if (scratch_.table.note_written()) e = &scratch_.table.slot(key);
    }
    if (g <= a) {
      e->upper = std::int8_t(std::min(int(e->upper), g));
    } else if (g >= b) {
      e->lower = std::int8_t(std::max(int(e->lower), g));
    } else {
      e->lower = e->upper = std::int8_t(g);
    }
    // The best action is known when the search did not fail on the mover's side.
    if (best >= 0 && (maximising ? g > a : g < b)) e->best = tag_of(p, best);
    return g;
  }

  Scratch& scratch_;
  const Ruleset& rules_;
  int team_;
  std::int64_t max_nodes_;
  CardKind wild_;
  int max_depth_ = 0;
  bool suit_free_ = false;
  std::uint32_t generation_ = 0;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  std::array<int, 6> scores_{};
  int score_count_ = 0;
};

void check_position(const DealState& deal, int seat) {
  if (seat < 0 || seat > 3) throw std::invalid_argument("seat must be 0..3");
  if (deal.phase() != Phase::kPlay && !deal.is_over())
    throw std::invalid_argument("the endgame solver needs a deal in its play phase");
}

int clamp_nodes(std::int64_t nodes) { return nodes > 0x7FFFFFFF ? 0x7FFFFFFF : int(nodes); }

}  // namespace

EndgameResult solve_endgame(const DealState& deal, int seat, const EndgameLimits& limits) {
  check_position(deal, seat);
  EndgameResult result;
  Solver solver(deal, seat, limits);
  const int v = solver.value(deal, 1);
  if (!solver.failed() && !deal.is_over()) {
    // The first action (in the search's order) whose value reaches v.
    const int count = solver.order_actions(deal, 0);
    const Ply& p = solver.ply_list(0);
    bool found = false;
    for (int k = 0; count > 0 && k < count && !found && !solver.failed(); ++k) {
      const int option = Solver::option_at(p, k);
      if (solver.achieves(deal, p, option, v, 1)) {
        found = true;
        result.best_is_pass = option == int(p.moves.size());
        if (!result.best_is_pass) result.best = p.moves[std::size_t(option)];
      }
    }
    // No action found only when the budget ran out (or a list overflowed).
    result.solved = found && !solver.failed();
  } else {
    result.solved = !solver.failed();
  }
  result.value = result.solved ? double(v) : 0.0;
  result.nodes = clamp_nodes(solver.nodes());
  return result;
}

bool solve_endgame_options(const DealState& deal, int seat, const std::vector<Move>& candidates,
                           bool include_pass, const EndgameLimits& limits, std::vector<double>& values) {
  check_position(deal, seat);
  if (deal.turn() != seat) throw std::invalid_argument("solve_endgame_options: the seat must be the one to act");
  if (include_pass && deal.leading()) throw std::invalid_argument("solve_endgame_options: the leader cannot pass");
  for (const Move& m : candidates)
    if (!deal.is_legal(m)) throw std::invalid_argument("solve_endgame_options: a candidate is not a legal play");
  values.assign(candidates.size() + (include_pass ? 1 : 0), 0.0);
  Solver solver(deal, seat, limits);
  for (std::size_t i = 0; i < values.size() && !solver.failed(); ++i) {
    DealState child = deal;
    if (i < candidates.size()) {
      child.apply_play(candidates[i]);
    } else {
      child.apply_pass();
    }
    values[i] = double(solver.value(child, 0));
  }
  return !solver.failed();
}

}  // namespace guandan
