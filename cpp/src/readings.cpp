#include "guandan/readings.h"

#include <algorithm>
#include <bit>

#include "guandan/move_list.h"

namespace guandan {

std::vector<Move> classify(CardSet cards, Rank level, MoveRules rules) {
  std::vector<Move> readings;
  const int size = cards.size();
  if (size == 0 || size > kMaxMoveCards) return readings;
  std::vector<Move> all;
  VectorSink sink{all};
  generate_moves_of_size(HandView(cards, level), rules, nullptr, size, sink);
  for (const Move& m : all)
    if (m.size() == size) readings.push_back(m);
  return readings;
}

bool may_be_one_combination(CardSet cards, Rank level) {
  // Every combination of two cards or more spans at most one natural rank,
  // two (a full house, a plate), three (a tube) or five (a straight: five
  // cards, its naturals each of its own rank); jokers only in singles,
  // pairs, the joker bomb and full houses; more than six cards: a bomb.
  const int n = cards.size();
  if (n == 0 || n > kMaxMoveCards) return false;
  const CardKind wild = wild_kind(level);
  const int wilds = cards.count(wild);
  const CardSet naturals = cards - CardSet::of_kind(wild, wilds);
  const int jokers = naturals.count(kSmallJoker) + naturals.count(kBigJoker);
  std::uint64_t held = (naturals.lo | naturals.hi) & ((std::uint64_t(1) << 4 * kNumRanks) - 1);
  held |= held >> 1, held |= held >> 2;  // a bit per natural rank held, at its nibble's bit 0
  const int ranks = std::popcount(held & 0x1111'1111'1111'1111ull);
  if (n == 1) return true;
  if (n == 5) return jokers > 0 || ranks <= 2 || ranks + wilds == 5;
  if (n == 6) return jokers == 0 && ranks <= 3;
  if (n >= 7) return jokers == 0 && ranks <= 1;
  return ranks <= 1;  // two to four cards: a pair, a triple, a bomb of four, four jokers
}

namespace {

// Watches the readings of a card set for one move, bit for bit.
struct ExactFinder {
  Move wanted;
  bool found = false;
  void operator()(Move m) { found = found || m == wanted; }
};

// The fields a generated move always has, checked before anything reads
// them: canonical cards, 1..10 of them, a kind and rank in range, zero padding
// bits, and one declared rank 2..A per wild card, packed from the low nibble.
// Afterwards every nibble indexes a real rank, so declared_cards() stays in
// bounds.
bool well_formed(Move move, Rank level) {
  constexpr std::uint64_t kPadding = std::uint64_t{3} << 62;
  if ((move.lo & kPadding) != 0 || (move.hi & kPadding) != 0) return false;
  const CardSet cards = move.cards();
  if (!cards.is_canonical() || cards.empty() || cards.size() > kMaxMoveCards) return false;
  if (int(move.kind()) >= kNumMoveKinds || move.rank() > kBigJokerRank) return false;
  const WildDeclaration declaration = move.wild_declaration();
  const int first = declaration & 0xF, second = declaration >> 4;
  if (first > kNumRanks || second > kNumRanks || (first == 0 && second != 0)) return false;
  return declared_wild_count(move) == cards.count(wild_kind(level));
}

}  // namespace

bool is_legal_reading(Move move, Rank level, MoveRules rules) {
  if (level >= kNumRanks || !well_formed(move, level)) return false;
  // The generator emits one canonical declaration per (kind, rank, cards), so
  // a move is legal exactly when it equals one of the readings of its kind.
  ExactFinder finder{move};
  MoveGenerator<ExactFinder>(HandView(move.cards(), level), rules, finder).of_kind(move.kind(), move.size());
  return finder.found;
}

std::vector<Move> group_moves(const std::vector<Move>& moves) {
  // Key: kind (10) x size (0..10) x rank (0..14).
  constexpr int kKeys = kNumMoveKinds * (kMaxMoveCards + 1) * 16;
  std::array<int, kKeys> slot;
  slot.fill(-1);
  std::vector<Move> groups;
  std::vector<int> wilds_of_group;
  for (const Move& m : moves) {
    const int key = (int(m.kind()) * (kMaxMoveCards + 1) + m.size()) * 16 + m.rank();
    const int wilds = declared_wild_count(m);
    if (slot[key] < 0) {
      slot[key] = int(groups.size());
      groups.push_back(m);
      wilds_of_group.push_back(wilds);
    } else if (wilds < wilds_of_group[slot[key]]) {
      groups[slot[key]] = m;
      wilds_of_group[slot[key]] = wilds;
    }
  }
  return groups;
}

DeclaredCards declared_cards(Move move, Rank level) {
  DeclaredCards out;
  const CardKind wild = wild_kind(level);
  const CardSet cards = move.cards();
  const int wilds = cards.count(wild);
  if (cards.size() > kMaxMoveCards) return out;  // not a move: nothing to declare
  const CardSet naturals = cards - CardSet::of_kind(wild, wilds);
  std::array<int, kNumKinds> used{};
  unsigned natural_suits = 0;
  for (int copy = 0; copy < 2; ++copy) {
    for (std::uint64_t bits = copy == 0 ? naturals.lo : naturals.hi; bits; bits &= bits - 1) {
      const auto kind = CardKind(std::countr_zero(bits));
      out.cards[out.size++] = kind;
      ++used[kind];
      if (!is_joker(kind)) natural_suits |= 1u << suit_of(kind);
    }
  }
  const WildDeclaration declaration = move.wild_declaration();
  for (int i = 0; i < wilds; ++i) {
    const int nibble = (declaration >> (4 * i)) & 0xF;
    // Generated moves always declare their wilds with a rank 2..A; anything
    // else (a value that skipped is_legal_reading) reads as the wild itself,
    // so no table below is indexed out of range.
    const Rank rank = nibble == 0 || nibble > kNumRanks ? level : Rank(nibble - 1);
    Suit suit = kHearts;
    if (move.kind() == Kind::kStraightFlush) {
      suit = natural_suits != 0 ? Suit(std::countr_zero(natural_suits)) : kHearts;
    } else if (move.kind() == Kind::kStraight && std::popcount(natural_suits) == 1) {
      suit = natural_suits == (1u << kHearts) ? kSpades : kHearts;
    } else {
      for (Suit s : {kHearts, kSpades, kClubs, kDiamonds}) {
        if (used[make_kind(rank, s)] < 2) {
          suit = s;
          break;
        }
      }
    }
    const CardKind kind = make_kind(rank, suit);
    out.cards[out.size++] = kind;
    ++used[kind];
  }
  std::sort(out.cards.begin(), out.cards.begin() + out.size);
  return out;
}

}  // namespace guandan
