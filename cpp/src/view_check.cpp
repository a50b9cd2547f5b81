#include "guandan/view_check.h"

#include <stdexcept>
#include <string>

#include "guandan/readings.h"

namespace guandan {
namespace {

void require(bool condition, const char* what) {
  if (!condition) throw std::invalid_argument(what);
}

// Whether a + b would hold some kind three times or more.
constexpr bool overfull(CardSet a, CardSet b) { return ((a.hi & b.lo) | (a.lo & b.hi)) != 0; }

bool is_seat(int s) { return s >= 0 && s < 4; }

// A seat holds at most 27 cards in play, 28 between a tribute and its return.
constexpr int kMaxHeld = 28;

}  // namespace

void check_view(const PlayerView& v) {
  require(is_seat(v.seat), "seat must be 0..3");
  require(v.level < kNumRanks, "level must be a rank index 0..12");
  require(v.hand.is_canonical() && v.played.is_canonical(), "hand and cards played must be card sets");
  require(v.out_count >= 0 && v.out_count <= 3, "at most three seats are out while the deal goes on");
  unsigned out_mask = 0;
  for (int i = 0; i < v.out_count; ++i) {
    require(is_seat(v.out[i]) && !(out_mask >> v.out[i] & 1), "the seats out must be distinct seats 0..3");
    out_mask |= 1u << v.out[i];
  }
  require(!(out_mask >> v.seat & 1), "the seat to act is out");
  for (int s = 0; s < 4; ++s) {
    require(v.counts[s] >= 0 && v.counts[s] <= kMaxHeld, "card counts must be 0..28");
    if (out_mask >> s & 1) {
      require(v.counts[s] == 0, "a seat that is out holds no cards");
    } else {
      require(v.counts[s] > 0,
              "a seat still in play holds no cards (every seat holds at least one card until it is out)");
    }
  }
  require(v.hand.size() == v.counts[v.seat] && !overfull(v.hand, v.played),
          "card counts do not match the hand and the cards played");
  // Sampled worlds deal the unseen cards to the other seats: there must be
  // enough of them, and the cards known to be held must be among them.
  CardSet known = v.hand + v.played;
  int needed = 0;
  for (int s = 0; s < 4; ++s) {
    require(v.shown[s].is_canonical() && v.shown[s].size() <= v.counts[s],
            "a seat cannot be known to hold more cards than it holds");
    if (s == v.seat) {
      require(v.hand.contains(v.shown[s]), "the cards the seat is known to hold must be in its hand");
      continue;
    }
    require(!overfull(known, v.shown[s]), "card counts do not match the hand and the cards played");
    known = known + v.shown[s];
    needed += v.counts[s] - v.shown[s].size();
  }
  require((CardSet::full_deck() - known).size() >= needed, "card counts do not match the hand and the cards played");
  require(v.passed_mask < 16, "passed_mask must be 0..15");
  if (v.leading) return;
  require(is_seat(v.last_player) && v.last_player != v.seat, "the last player must be another seat 0..3");
  require(!(v.passed_mask >> v.last_player & 1) && !(v.passed_mask >> v.seat & 1),
          "passed_mask names the last player or the seat to act");
  const CardSet last = v.last_play.cards();
  require(!last.empty() && last.is_canonical() && v.played.contains(last) &&
              is_legal_reading(v.last_play, v.level, v.rules.move_rules()),
          "the last play must be a legal play among the cards played");
}

void check_decision(const PlayerView& view, const Move* moves, int count, bool can_pass) {
  check_view(view);
  if (can_pass && view.leading) throw std::invalid_argument("the seat leads the trick: it cannot pass");
  if (count == 0 && !can_pass) throw std::invalid_argument("no move to choose and passing is not allowed");
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    const CardSet cards = m.cards();
    if (cards.empty() || !cards.is_canonical() || !view.hand.contains(cards) ||
        !is_legal_reading(m, view.level, view.rules.move_rules()) ||
        (!view.leading && !beats(m, view.last_play, view.level)))
      throw std::invalid_argument("candidate " + std::to_string(i) + " is not a legal play of the seat now");
  }
}

void check_record(const PlayerView& view) {
  using Type = PublicAction::Type;
  for (const PublicAction& a : view.record) {
    require(a.type <= Type::kCancelledTribute, "a recorded action of no known type");
    if (a.type == Type::kCancelledTribute) {
      require(a.other > 0 && a.other < 16, "a recorded cancelled tribute must name its payers (bits 0..3)");
      continue;
    }
    require(is_seat(a.seat), "a recorded action's seat must be 0..3");
    if (a.type == Type::kTribute || a.type == Type::kReturn) {
      require(is_seat(a.other) && a.other != a.seat && a.card < kNumKinds,
              "a recorded tribute or return must name another seat and a card");
      continue;
    }
    require(a.other == -1 || (is_seat(a.other) && a.other != a.seat),
            "a recorded play or pass must be over another seat's play, or lead");
    if (a.type == Type::kPass) {
      require(a.other >= 0, "a recorded pass must be over another seat's play");
      continue;
    }
    const CardSet cards = a.move.cards();
    require(!cards.empty() && cards.is_canonical() && view.played.contains(cards) &&
                is_legal_reading(a.move, view.level, view.rules.move_rules()),
            "a recorded play must be a legal play among the cards played");
  }
}

}  // namespace guandan
