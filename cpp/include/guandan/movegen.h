// Legal-move generation (docs/rules.md §2, §3 and §4).
//
// A move is a choice of physical cards plus a reading of them (kind, rank).
// The generator builds every distinct one directly, rank by rank, from the
// per-rank sub-multiset table (subsets.h), with the hand's wild cards as a
// budget of 0..2 that any slot but a joker's may draw on:
//
// - n of a kind (pairs, triples, bombs 4..10): k natural cards of the rank plus
//   n-k wilds, k >= 1; only `Lh Lh` may be all wild (a pair of the level rank,
//   "read as what they are").
// - full house: a triple part times a pair part of another rank (a joker pair,
//   or a pair part that is two wilds standing for any other rank, counted once).
// - straights, tubes, plates: a window of consecutive natural positions
//   A(low) 2 .. K A(high), each position filled by naturals of its rank or wilds.
// - straight flushes: per suit and window, the positions the suit lacks must
//   be wild; any other position may be wild too.
// - four jokers.
//
// Following (`previous` given) generates only what beats the previous play:
// the same kind above its rank, then the bombs above it.
//
// Nothing here allocates: parts live in small arrays on the stack and moves go
// straight to the sink.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/hand_view.h"
#include "guandan/move.h"
#include "guandan/move_rules.h"
#include "guandan/subsets.h"

namespace guandan {

namespace detail {

// Declared ranks of `count` wilds that all stand for `rank`.
constexpr WildDeclaration repeat_declaration(Rank rank, int count) {
  const WildDeclaration one = WildDeclaration(rank + 1);
  return count == 0 ? 0 : count == 1 ? one : WildDeclaration(one | (one << 4));
}

// One rank's share of a combination: natural cards of that rank plus wilds
// standing for it. Plain words rather than a CardSet so that the part arrays
// of a generator are left uninitialised until built (a CardSet zero-fills,
// which would cost a 9 KB memset per generator).
struct Part {
  std::uint64_t lo, hi;  // the natural cards, as in CardSet
  std::uint8_t wilds;
  WildDeclaration declaration;
  Rank rank;
  constexpr CardSet naturals() const { return {lo, hi}; }
};

// Every part of `Size` cards for one rank, wilds ascending (so a loop over
// them can stop at the first one over its wild budget).
template <int Size, int Capacity>
struct RankParts {
  std::array<Part, Capacity> items;
  int count = 0;
  const Part* begin() const { return items.data(); }
  const Part* end() const { return items.data() + count; }
};
// Pairs: 10 two-natural + 4 one-natural + 1 all-wild. Triples: 16 + 10 + 4.
using PairParts = RankParts<2, 15>;
using TripleParts = RankParts<3, 30>;

template <class Parts, int Size>
void build_parts(const HandView& view, Rank rank, Parts& parts) {
  parts.count = 0;
  if (view.natural_count(rank) + view.wilds < Size) return;  // too few cards (most ranks for triples)
  const int max_wilds = view.wilds < Size ? view.wilds : Size;
  // A rank with no naturals has at most its all-wild part (fast path: most
  // hands miss several ranks).
  const int min_wilds = view.config[rank] == 0 ? Size : 0;
  for (int wilds = min_wilds; wilds <= max_wilds; ++wilds) {
    for (std::uint8_t pick : kSubsets.of_size(view.config[rank], Size - wilds)) {
      const CardSet naturals = CardSet::from_rank_config(pick, rank);
      parts.items[parts.count++] =
          Part{naturals.lo, naturals.hi, std::uint8_t(wilds), repeat_declaration(rank, wilds), rank};
    }
  }
}

}  // namespace detail

template <class Sink>
class MoveGenerator {
 public:
  MoveGenerator(const HandView& view, MoveRules rules, Sink& sink)
      : view_(view), rules_(rules), sink_(sink) {}

  // Every distinct legal lead.
  void leads() {
    singles(kAnyRank);
    pairs(kAnyRank);
    triples(kAnyRank);
    full_houses(kAnyRank);
    straights(kAnyRank);
    tubes(kAnyRank);
    plates(kAnyRank);
    bombs(0, kAnyRank);
  }

  // Every legal move that beats `previous` (a legal reading at this level).
  void follows(Move previous) {
    const int tier = bomb_tier(previous);
    const int above = rank_order(previous, view_.level);
    if (tier != 0) return bombs(tier, above);
    same_kind_above(previous, above);
    bombs(0, kAnyRank);
  }

  // The moves of `size` cards that leads() lists, or follows(*previous), in
  // the same order: only the kinds that come in that size are generated (a
  // bomb holds four cards or more; every other kind has one size).
  void of_size(int size, const Move* previous) {
    if (previous != nullptr) {
      const int tier = bomb_tier(*previous);
      const int above = rank_order(*previous, view_.level);
      if (tier == 0 && previous->size() == size) same_kind_above(*previous, above);
      if (size >= 4) tier != 0 ? bombs(tier, above) : bombs(0, kAnyRank);
      return;
    }
    switch (size) {
      case 1: singles(kAnyRank); break;
      case 2: pairs(kAnyRank); break;
      case 3: triples(kAnyRank); break;
      case 5: full_houses(kAnyRank), straights(kAnyRank); break;
      case 6: tubes(kAnyRank), plates(kAnyRank); break;
      default: break;
    }
    if (size >= 4) bombs(0, kAnyRank);
  }

  // Every move of one kind and size (classification only needs these).
  void of_kind(Kind kind, int size) {
    switch (kind) {
      case Kind::kSingle: return singles(kAnyRank);
      case Kind::kPair: return pairs(kAnyRank);
      case Kind::kTriple: return triples(kAnyRank);
      case Kind::kFullHouse: return full_houses(kAnyRank);
      case Kind::kStraight: return straights(kAnyRank);
      case Kind::kTube: return tubes(kAnyRank);
      case Kind::kPlate: return plates(kAnyRank);
      case Kind::kBomb:
        // Bombs are four to ten of a kind (the generator's bombs() makes no
        // other size): fewer cards of one rank are a single, pair or triple.
        if (size < 4 || size > 10) return;
        for (Rank r : view_.by_level) n_of_a_kind(r, size, kAnyRank);
        return;
      case Kind::kStraightFlush: return straight_flushes(kAnyRank);
      case Kind::kJokerBomb: return joker_bomb();
    }
  }

 private:
  static constexpr int kAnyRank = -1;  // below every rank order

  // The plays of a non-bomb's kind that beat it (rank order above `above`).
  void same_kind_above(Move previous, int above) {
    switch (previous.kind()) {
      case Kind::kSingle: singles(above); break;
      case Kind::kPair: pairs(above); break;
      case Kind::kTriple: triples(above); break;
      case Kind::kFullHouse: full_houses(above); break;
      case Kind::kStraight: straights(above); break;
      case Kind::kTube: tubes(above); break;
      case Kind::kPlate: plates(above); break;
      default: break;
    }
  }

  // Natural cards of several ranks never overlap each other or the wilds, so
  // their union is a plain OR.
  void emit(CardSet naturals, int wilds, Kind kind, Rank rank, WildDeclaration declaration) {
    const CardSet w = view_.wild_cards[wilds];
    sink_(Move::make({naturals.lo | w.lo, naturals.hi | w.hi}, kind, rank, declaration));
  }
  int level_order(Rank rank) const { return level_value(rank, view_.level); }

  // Writes a batch of `count` moves: fill(put) calls put(move) exactly
  // `count` times, in order. A fixed-list sink gets one room check for the
  // batch and the moves are written in place; any other sink gets one call
  // per move.
  template <class Fill>
  void emit_batch(int count, Fill fill) {
    if (count <= 0) return;
    if constexpr (requires { sink_.claim(std::size_t{}); }) {
      if (Move* room = sink_.claim(std::size_t(count))) {
        fill([&](Move move) { *room++ = move; });
        return;
      }
    }
    fill([&](Move move) { sink_(move); });
  }

  // emit_batch of make(0) .. make(count - 1) less make(skip) (skip < 0:
  // none), in two plain loops rather than a test per move.
  template <class Make>
  void emit_batch_skipping(int count, int skip, Make make) {
    emit_batch(count - (skip >= 0), [&](auto put) {
      const int before = skip >= 0 ? skip : count;
      for (int j = 0; j < before; ++j) put(make(j));
      for (int j = before + 1; j < count; ++j) put(make(j));
    });
  }

  void singles(int above) {
    for (Rank r : view_.by_level) {
      if (level_order(r) <= above) continue;
      for (std::uint8_t pick : kSubsets.of_size(view_.config[r], 1))
        emit(CardSet::from_rank_config(pick, r), 0, Kind::kSingle, r, 0);
      // A wild alone is what it is: a single of the level rank.
      if (r == view_.level && view_.wilds > 0)
        emit({}, 1, Kind::kSingle, r, detail::repeat_declaration(r, 1));
    }
    jokers(Kind::kSingle, 1, above);
  }

  // Joker singles and pairs (`SJ BJ` is no pair).
  void jokers(Kind kind, int copies, int above) {
    if (view_.small_jokers >= copies && level_order(kSmallJokerRank) > above)
      emit(CardSet::of_kind(kSmallJoker, copies), 0, kind, kSmallJokerRank, 0);
    if (view_.big_jokers >= copies && level_order(kBigJokerRank) > above)
      emit(CardSet::of_kind(kBigJoker, copies), 0, kind, kBigJokerRank, 0);
  }

  // The parts of one rank, built on first use: following builds only the
  // ranks it reaches.
  const detail::PairParts& pair_parts(Rank r) {
    if (!(pairs_built_ >> r & 1)) {
      detail::build_parts<detail::PairParts, 2>(view_, r, pair_parts_[r]);
      pairs_built_ |= 1u << r;
    }
    return pair_parts_[r];
  }
  const detail::TripleParts& triple_parts(Rank r) {
    if (!(triples_built_ >> r & 1)) {
      detail::build_parts<detail::TripleParts, 3>(view_, r, triple_parts_[r]);
      triples_built_ |= 1u << r;
    }
    return triple_parts_[r];
  }

  void pairs(int above) {
    for (Rank r : view_.by_level) {
      if (level_order(r) <= above) continue;
      for (const detail::Part& p : pair_parts(r)) {
        // Two wilds alone only read as what they are: a pair of the level rank.
        if (p.wilds == 2 && r != view_.level) continue;
        emit(p.naturals(), p.wilds, Kind::kPair, r, p.declaration);
      }
    }
    jokers(Kind::kPair, 2, above);
  }

  void triples(int above) {
    for (Rank r : view_.by_level) {
      if (level_order(r) <= above) continue;
      for (const detail::Part& p : triple_parts(r))
        emit(p.naturals(), p.wilds, Kind::kTriple, r, p.declaration);
    }
  }

  void full_houses(int above) {
    // A triple needs a natural card of its rank and three cards in all.
    bool any_triple = false;
    for (Rank t : view_.by_level) {
      const int naturals = view_.natural_count(t);
      any_triple = any_triple || (naturals > 0 && naturals + view_.wilds >= 3 && level_order(t) > above);
    }
    if (!any_triple) return;
    // The pair parts of every rank with at most one wild, as the words they
    // add to a move: group 0 without a wild, group 1 with one, ranks in level
    // order within a group, so the triple's own rank is one run to step over
    // and a triple takes group 1 only when its wild budget allows. (The
    // all-wild pair stands for any rank: it is emitted once, below.)
    struct PairWords {
      std::uint64_t lo, hi;
    };
    // By the triple's wilds (0, or 1 and more): the declaration placed after
    // them. Two plain arrays of whole words, so the copy below is a load, an
    // OR and a store a move.
    std::array<std::array<PairWords, kNumRanks * 14>, 2> pair_words;
    std::array<std::array<std::uint16_t, kNumRanks>, 2> run_begin, run_end;
    std::array<int, 3> group_begin{};
    int count = 0;
    // Without wilds only group 0 is read, with the declaration after none.
    for (int wilds = 0; wilds <= 1; ++wilds) {
      group_begin[wilds] = count;
      if (wilds > view_.wilds) continue;
      for (Rank p : view_.by_level) {
        run_begin[wilds][p] = std::uint16_t(count);
        run_end[wilds][p] = std::uint16_t(count);
        if (view_.natural_count(p) < 2 - wilds) continue;  // fast path: no pair part
        const std::uint64_t declaration = detail::repeat_declaration(p, wilds);
        for (std::uint8_t pick : kSubsets.of_size(view_.config[p], 2 - wilds)) {
          const CardSet naturals = CardSet::from_rank_config(pick, p);
          pair_words[0][std::size_t(count)] = {naturals.lo, naturals.hi | declaration << Move::kWildShift};
          if (view_.wilds > 0)
            pair_words[1][std::size_t(count)] = {naturals.lo, naturals.hi | declaration << (Move::kWildShift + 4)};
          ++count;
        }
        run_end[wilds][p] = std::uint16_t(count);
      }
    }
    group_begin[2] = count;
    for (Rank t : view_.by_level) {
      if (level_order(t) <= above) continue;
      const std::uint64_t kind_rank = std::uint64_t(Kind::kFullHouse) << Move::kKindShift |
                                      std::uint64_t(t) << Move::kRankShift;
      for (const detail::Part& triple : triple_parts(t)) {
        const int budget = view_.wilds - triple.wilds;
        // A triple with two wilds takes only wild-free pairs, whose words
        // carry no declaration: either placement reads the same.
        const int after = triple.wilds > 0 ? 1 : 0;
        for (int group = 0; group <= 1 && group <= budget; ++group) {
          const CardSet w = view_.wild_cards[triple.wilds + group];
          const std::uint64_t lo = triple.lo | w.lo | kind_rank;
          const std::uint64_t hi = triple.hi | w.hi | std::uint64_t(triple.declaration) << Move::kWildShift;
          const auto add = [&](int first, int last) {
            emit_batch(last - first, [&](auto put) {
              for (int i = first; i < last; ++i) {
                const PairWords& pair = pair_words[std::size_t(after)][std::size_t(i)];
                put(Move{lo | pair.lo, hi | pair.hi});
              }
            });
          };
          add(group_begin[group], run_begin[group][t]);
          add(run_end[group][t], group_begin[group + 1]);
        }
        if (rules_.allows(triple.wilds, 2)) {
          for (auto [joker, held] : {std::pair{kSmallJoker, view_.small_jokers},
                                     std::pair{kBigJoker, view_.big_jokers}}) {
            if (held == 2)
              emit(triple.naturals() | CardSet::of_kind(joker, 2), triple.wilds, Kind::kFullHouse, t,
                   triple.declaration);
          }
        }
        if (budget == 2) {
          // Declared as the lowest natural rank other than the triple's.
          const Rank stand_in = t == kTwo ? Rank(kTwo + 1) : kTwo;
          emit(triple.naturals(), 2, Kind::kFullHouse, t,
               WildDeclaration(triple.declaration | detail::repeat_declaration(stand_in, 2)));
        }
      }
    }
  }

  // Straights: 5 consecutive positions, each a natural card of its rank or a
  // wild; all-natural and all one suit is a straight flush instead.
  void straights(int above) {
    for (int start = 0; start + 4 <= 13; ++start) {
      const Rank top = rank_at_position(start + 4);
      if (top <= above) continue;
      std::array<Rank, 5> ranks;
      std::array<std::uint8_t, 5> suits;
      int missing = 0;
      for (int i = 0; i < 5; ++i) {
        ranks[i] = rank_at_position(start + i);
        suits[i] = view_.config[ranks[i]] & 0xF;
        missing += suits[i] == 0;
      }
      if (missing > view_.wilds) continue;
      if (view_.wilds == 0) {
        straights_without_wilds(ranks, suits, top);
      } else {
        straights_with_wilds(ranks, suits, top);
      }
    }
  }

  // A hand without wilds (most hands): a window's straights are its first
  // two positions' suits (the head) times its last three's (the tail), less
  // the flushes, in the order of straights_with_wilds (below). The tails are
  // written once and copied after each head in one batch. Kept apart from
  // straights_with_wilds: its one-word tails lead a wild-free hand in about
  // 0.78 µs at the median where the general path takes 0.98.
  void straights_without_wilds(const std::array<Rank, 5>& ranks, const std::array<std::uint8_t, 5>& suits,
                               Rank top) {
    std::array<std::uint64_t, 64> tails;  // at most 4 x 4 x 4
    std::array<int, 4> flush_tail{-1, -1, -1, -1};  // the tail of one suit, by suit
    int tail_count = 0;
    for (unsigned a = suits[2]; a != 0; a &= a - 1) {
      const unsigned x = a & (0u - a);
      for (unsigned b = suits[3]; b != 0; b &= b - 1) {
        const unsigned y = b & (0u - b);
        const std::uint64_t xy = std::uint64_t(x) << (4 * ranks[2]) | std::uint64_t(y) << (4 * ranks[3]);
        for (unsigned c = suits[4]; c != 0; c &= c - 1) {
          const unsigned z = c & (0u - c);
          if (x == y && y == z) flush_tail[std::size_t(std::countr_zero(x))] = tail_count;
          tails[std::size_t(tail_count++)] = xy | std::uint64_t(z) << (4 * ranks[4]);
        }
      }
    }
    const std::uint64_t kind_rank = std::uint64_t(Kind::kStraight) << Move::kKindShift |
                                    std::uint64_t(top) << Move::kRankShift;
    for (unsigned a = suits[0]; a != 0; a &= a - 1) {
      const unsigned x = a & (0u - a);
      for (unsigned b = suits[1]; b != 0; b &= b - 1) {
        const unsigned y = b & (0u - b);
        const std::uint64_t head =
            kind_rank | std::uint64_t(x) << (4 * ranks[0]) | std::uint64_t(y) << (4 * ranks[1]);
        const int skip = x == y ? flush_tail[std::size_t(std::countr_zero(x))] : -1;
        emit_batch_skipping(tail_count, skip, [&](int j) { return Move{head | tails[std::size_t(j)], 0}; });
      }
    }
  }

  // A hand with wilds: each position takes a natural card of its rank (suits
  // ascending) or, budget allowing, a wild, and the moves come in that order,
  // first position outermost, as without wilds. The same head times tail
  // product, with one list of tails per number of wilds the head uses: the
  // tails that fit the rest of the budget, their wilds' declarations placed
  // after the head's.
  void straights_with_wilds(const std::array<Rank, 5>& ranks, const std::array<std::uint8_t, 5>& suits,
                           Rank top) {
    struct Choice {
      std::uint64_t card;  // the natural card's bit, 0 for a wild
      unsigned suit;       // its suit's bit, 0 for a wild
    };
    std::array<std::array<Choice, 5>, 5> choices;
    std::array<int, 5> choice_count;
    for (int i = 0; i < 5; ++i) {
      int n = 0;
      for (unsigned m = suits[i]; m != 0; m &= m - 1)
        choices[i][n++] = {std::uint64_t{1} << make_kind(ranks[i], Suit(std::countr_zero(m))), m & (0u - m)};
      choices[i][n++] = {0, 0};
      choice_count[i] = n;
    }
    const auto declared = [&](int i, const Choice& c) {
      return c.card == 0 ? std::uint64_t(ranks[i] + 1) : std::uint64_t{0};
    };
    struct Words {
      std::uint64_t lo, hi;
    };
    std::array<std::array<Words, 125>, 3> tails;  // by the head's wilds; at most 5 x 5 x 5
    std::array<int, 3> tail_count{};
    std::array<int, 4> flush_tail{-1, -1, -1, -1};  // in the wild-free head's list: the tail of one suit
    for (int a = 0; a < choice_count[2]; ++a) {
      const Choice& x = choices[2][a];
      for (int b = 0; b < choice_count[3]; ++b) {
        const Choice& y = choices[3][b];
        for (int c = 0; c < choice_count[4]; ++c) {
          const Choice& z = choices[4][c];
          const int wilds = int(x.card == 0) + int(y.card == 0) + int(z.card == 0);
          if (wilds > view_.wilds) continue;
          if (wilds == 0 && x.suit == y.suit && y.suit == z.suit)
            flush_tail[std::size_t(std::countr_zero(x.suit))] = tail_count[0];
          // The wilds' declarations in position order, one nibble each.
          std::uint64_t declaration = declared(2, x);
          declaration |= declared(3, y) << (4 * int(x.card == 0));
          declaration |= declared(4, z) << (4 * (int(x.card == 0) + int(y.card == 0)));
          const std::uint64_t naturals = x.card | y.card | z.card;
          for (int head = 0; head + wilds <= view_.wilds; ++head) {
            const CardSet w = view_.wild_cards[head + wilds];
            tails[std::size_t(head)][std::size_t(tail_count[head]++)] = {
                naturals | w.lo, w.hi | declaration << (Move::kWildShift + 4 * head)};
          }
        }
      }
    }
    const std::uint64_t kind_rank = std::uint64_t(Kind::kStraight) << Move::kKindShift |
                                    std::uint64_t(top) << Move::kRankShift;
    for (int a = 0; a < choice_count[0]; ++a) {
      const Choice& x = choices[0][a];
      for (int b = 0; b < choice_count[1]; ++b) {
        const Choice& y = choices[1][b];
        const int wilds = int(x.card == 0) + int(y.card == 0);
        if (wilds > view_.wilds) continue;
        const std::uint64_t lo = kind_rank | x.card | y.card;
        const std::uint64_t hi = (declared(0, x) | declared(1, y) << (4 * int(x.card == 0))) << Move::kWildShift;
        const auto& list = tails[std::size_t(wilds)];
        const int count = tail_count[wilds];
        // A wild-free head of one suit skips the tail of that suit (a flush).
        const int skip = wilds == 0 && x.suit == y.suit ? flush_tail[std::size_t(std::countr_zero(x.suit))] : -1;
        emit_batch_skipping(count, skip, [&](int j) {
          return Move{lo | list[std::size_t(j)].lo, hi | list[std::size_t(j)].hi};
        });
      }
    }
  }

  // Straight flushes: for each suit and window, the positions the suit lacks
  // are wild, and any subset of the others may be too.
  void straight_flushes(int above) {
    if (view_.wilds == 0 && !view_.holds_natural_straight_flush()) return;
    for (int suit = 0; suit < 4; ++suit) {
      const unsigned held = suit_positions(Suit(suit));
      if (std::popcount(held) + view_.wilds < 5) continue;
      // Bit-sliced count of the positions each window lacks (bit s: the
      // window starting at position s): at_least[k] has bit s when that
      // window lacks at least k + 1 positions.
      unsigned at_least[3] = {0, 0, 0};
      for (int i = 0; i < 5; ++i) {
        const unsigned lack = ~(held >> i);
        at_least[2] |= at_least[1] & lack;
        at_least[1] |= at_least[0] & lack;
        at_least[0] |= lack;
      }
      constexpr unsigned kWindowStarts = (1u << 10) - 1;  // A2345 .. TJQKA
      unsigned starts = ~at_least[view_.wilds] & kWindowStarts;
      for (; starts != 0; starts &= starts - 1) {
        const int start = std::countr_zero(starts);
        const Rank top = rank_at_position(start + 4);
        if (top <= above) continue;
        const unsigned window = (held >> start) & 0x1F;
        const unsigned lacking = ~window & 0x1F;
        // Wilds may also replace up to `spare` of the held positions.
        const int spare = view_.wilds - std::popcount(lacking);
        emit_straight_flush(start, Suit(suit), top, window, lacking);
        for (unsigned a = window; spare >= 1 && a != 0; a &= a - 1) {
          const unsigned first = a & (0u - a);
          emit_straight_flush(start, Suit(suit), top, window & ~first, lacking | first);
          for (unsigned b = a & (a - 1); spare >= 2 && b != 0; b &= b - 1) {
            const unsigned both = first | (b & (0u - b));
            emit_straight_flush(start, Suit(suit), top, window & ~both, lacking | both);
          }
        }
      }
    }
  }

  // Bit p set when the hand holds a natural card of `suit` at natural
  // position p (0 = low ace .. 13 = high ace).
  unsigned suit_positions(Suit suit) const {
    // Gather every fourth bit of the natural cards (one per rank) into 13
    // contiguous bits: rank r lands on bit r.
    std::uint64_t x = (view_.naturals.lo >> suit) & 0x0001111111111111ull;
    x = (x | (x >> 3)) & 0x0303030303030303ull;
    x = (x | (x >> 6)) & 0x000F000F000F000Full;
    x = (x | (x >> 12)) & 0x000000FF000000FFull;
    x = (x | (x >> 24)) & 0x1FFFull;
    return unsigned(x << 1) | unsigned(x >> kAce);
  }

  void emit_straight_flush(int start, Suit suit, Rank top, unsigned natural_positions,
                           unsigned wild_positions) {
    std::uint64_t lo = 0;
    for (unsigned m = natural_positions; m != 0; m &= m - 1)
      lo |= std::uint64_t{1} << make_kind(rank_at_position(start + std::countr_zero(m)), suit);
    WildDeclaration declaration = 0;
    int wilds = 0;
    for (unsigned m = wild_positions; m != 0; m &= m - 1, ++wilds)
      declaration |= WildDeclaration((rank_at_position(start + std::countr_zero(m)) + 1) << (4 * wilds));
    emit({lo, 0}, wilds, Kind::kStraightFlush, top, declaration);
  }

  // Tubes: three consecutive pairs, AA2233 .. QQKKAA.
  void tubes(int above) {
    for (int start = 0; start + 2 <= 13; ++start) {
      const Rank top = rank_at_position(start + 2);
      if (top <= above) continue;
      const auto& a = pair_parts(rank_at_position(start));
      const auto& b = pair_parts(rank_at_position(start + 1));
      const auto& c = pair_parts(top);
      if (view_.wilds == 0) {
        // Every part is natural: the tubes are the plain product, one batch.
        const std::uint64_t kind_rank = std::uint64_t(Kind::kTube) << Move::kKindShift |
                                        std::uint64_t(top) << Move::kRankShift;
        emit_batch(a.count * b.count * c.count, [&](auto put) {
          for (const detail::Part& x : a)
            for (const detail::Part& y : b) {
              const std::uint64_t lo = kind_rank | x.lo | y.lo, hi = x.hi | y.hi;
              for (const detail::Part& z : c) put(Move{lo | z.lo, hi | z.hi});
            }
        });
        continue;
      }
      for (const detail::Part& x : a) {
        if (x.wilds > view_.wilds) break;
        for (const detail::Part& y : b) {
          const int xy = x.wilds + y.wilds;
          if (xy > view_.wilds) break;
          const WildDeclaration dxy = WildDeclaration(x.declaration | (y.declaration << (4 * x.wilds)));
          for (const detail::Part& z : c) {
            if (xy + z.wilds > view_.wilds) break;
            emit(x.naturals() | y.naturals() | z.naturals(), xy + z.wilds, Kind::kTube, top,
                 WildDeclaration(dxy | (z.declaration << (4 * xy))));
          }
        }
      }
    }
  }

  // Plates: two consecutive triples, AAA222 .. KKKAAA.
  void plates(int above) {
    for (int start = 0; start + 1 <= 13; ++start) {
      const Rank top = rank_at_position(start + 1);
      if (top <= above) continue;
      for (const detail::Part& x : triple_parts(rank_at_position(start))) {
        if (x.wilds > view_.wilds) break;
        for (const detail::Part& y : triple_parts(top)) {
          if (x.wilds + y.wilds > view_.wilds) break;
          emit(x.naturals() | y.naturals(), x.wilds + y.wilds, Kind::kPlate, top,
               WildDeclaration(x.declaration | (y.declaration << (4 * x.wilds))));
        }
      }
    }
  }

  // Every bomb stronger than (tier, rank order `above`), weakest tier first.
  void bombs(int tier, int above) {
    // Ranks that can make four of a kind at all; most hands have few.
    std::array<Rank, kNumRanks> candidates;
    int count = 0, most = 0;
    for (Rank r : view_.by_level) {
      const int reach = view_.natural_count(r) + view_.wilds;
      if (reach >= 4) candidates[count++] = r;
      most = reach > most ? reach : most;
    }
    for (int n = 4; n <= 10; ++n) {
      const int t = bomb_tier(Kind::kBomb, n);
      // Straight flushes sit in the ladder just below the first tier above them.
      if (t == kStraightFlushTier + 1 && tier <= kStraightFlushTier)
        straight_flushes(tier == kStraightFlushTier ? above : kAnyRank);
      if (t < tier || n > most) continue;
      const int floor = t == tier ? above : kAnyRank;
      for (int i = 0; i < count; ++i) n_of_a_kind(candidates[i], n, floor);
    }
    if (tier < kJokerBombTier) joker_bomb();
  }

  void joker_bomb() {
    if (view_.small_jokers == 2 && view_.big_jokers == 2)
      emit(CardSet::of_kind(kSmallJoker, 2) | CardSet::of_kind(kBigJoker, 2), 0, Kind::kJokerBomb,
           kBigJokerRank, 0);
  }

  // n of rank r, n >= 4: at least n - 2 naturals, so never all wild.
  void n_of_a_kind(Rank r, int n, int above) {
    if (level_order(r) <= above) return;
    const int have = view_.natural_count(r);
    const int min_wilds = n - have > 0 ? n - have : 0;
    for (int wilds = min_wilds; wilds <= view_.wilds; ++wilds) {
      for (std::uint8_t pick : kSubsets.of_size(view_.config[r], n - wilds))
        emit(CardSet::from_rank_config(pick, r), wilds, Kind::kBomb, r, detail::repeat_declaration(r, wilds));
    }
  }

  const HandView& view_;
  MoveRules rules_;
  Sink& sink_;
  unsigned pairs_built_ = 0;    // bit r: pair_parts_[r] is built
  unsigned triples_built_ = 0;  // bit r: triple_parts_[r] is built
  std::array<detail::PairParts, kNumRanks> pair_parts_;
  std::array<detail::TripleParts, kNumRanks> triple_parts_;
};

// Leading when `previous` is null, following otherwise.
template <class Sink>
void generate_moves(const HandView& view, MoveRules rules, const Move* previous, Sink& sink) {
  MoveGenerator<Sink> generator(view, rules, sink);
  if (previous == nullptr) {
    generator.leads();
  } else {
    generator.follows(*previous);
  }
}

template <class Sink>
void generate_moves(CardSet hand, Rank level, MoveRules rules, const Move* previous, Sink& sink) {
  generate_moves(HandView(hand, level), rules, previous, sink);
}

// The moves of `size` cards that generate_moves lists, in its order, without
// generating the kinds of other sizes: the readings of a set of `size` cards.
template <class Sink>
void generate_moves_of_size(const HandView& view, MoveRules rules, const Move* previous, int size, Sink& sink) {
  MoveGenerator<Sink> generator(view, rules, sink);
  generator.of_size(size, previous);
}

}  // namespace guandan
