// The endgame solver against a brute force: on a few hundred random small
// perfect-information positions (both deal-end rules, other advance tables,
// levels that put wilds in the hands, straight flushes, tricks on the table,
// seats already out) its value is the plain minimax value, with suits told
// apart or not, each root option's value is the minimax value after it, and
// its best action achieves the value. On positions of real deals too big for
// the brute force, the suit symmetry changes no value. Then the node budget,
// the value range and the checks of its entry points.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "check.h"
#include "guandan/bots/registry.h"
#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/bots/endgame.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"

namespace guandan::testing {
namespace {

std::vector<Move> legal_moves(const DealState& deal) {
  std::vector<Move> moves;
  VectorSink sink{moves};
  generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), sink);
  return moves;
}

// Plain minimax, no pruning and no table, for `seat`'s team; false when it
// visits more than `budget` positions (the position is then skipped).
bool minimax(const DealState& deal, int seat, long& budget, int& value) {
  if (--budget < 0) return false;
  if (deal.is_over()) {
    value = int(deal_score(deal, seat, deal.rules()));
    return true;
  }
  const bool maximising = team_of(deal.turn()) == team_of(seat);
  int best = maximising ? -1000 : 1000;
  auto consider = [&](const DealState& child) {
    int v = 0;
    if (!minimax(child, seat, budget, v)) return false;
    best = maximising ? std::max(best, v) : std::min(best, v);
    return true;
  };
  for (Move m : legal_moves(deal)) {
    DealState child = deal;
    child.apply_play(m);
    if (!consider(child)) return false;
  }
  if (!deal.leading()) {
    DealState child = deal;
    child.apply_pass();
    if (!consider(child)) return false;
  }
  value = best;
  return true;
}

// sizes[s] physical cards for seat s: from the whole deck, or (to make
// pairs, bombs, straights and full houses likely) from a few ranks around
// the level plus the jokers.
std::array<CardSet, 4> random_hands(Rng& rng, Rank level, const std::array<int, 4>& sizes) {
  std::vector<CardKind> pool;
  const bool narrow = rng.bounded(3) != 0;
  const int low = int(rng.bounded(kNumRanks));
  const int span = 3 + int(rng.bounded(3));
  for (int k = 0; k < kNumKinds; ++k) {
    const CardKind kind = CardKind(k);
    bool in = true;
    if (narrow) {
      if (is_joker(kind)) {
        in = rng.bounded(2) == 0;
      } else {
        const int r = rank_of(kind);
        const int offset = (r - low + kNumRanks) % kNumRanks;
        in = offset < span || r == level;
      }
    }
    if (in) pool.push_back(kind), pool.push_back(kind);
  }
  rng.shuffle(pool.data(), pool.size());
  std::array<CardSet, 4> hands{};
  std::size_t next = 0;
  for (int s = 0; s < 4; ++s)
    for (int c = 0; c < sizes[s]; ++c) hands[s] = hands[s] + CardSet::of_kind(pool[next++]);
  return hands;
}

// Whether some hand can make a straight flush (the solver then tells suits apart).
bool any_straight_flush(const DealState& deal) {
  for (int s = 0; s < 4; ++s) {
    std::vector<Move> leads;
    VectorSink sink{leads};
    generate_moves(deal.hand(s), deal.level(), deal.rules().move_rules(), nullptr, sink);
    for (Move m : leads)
      if (m.kind() == Kind::kStraightFlush) return true;
  }
  return false;
}

// Hands where seat `flush` holds five cards of one suit in a row (one of
// them sometimes the wild instead) and the others 1 or 2 cards.
std::array<CardSet, 4> flush_hands(Rng& rng, Rank level, int flush) {
  std::array<CardSet, 4> hands{};
  const Suit suit = Suit(rng.bounded(4));
  const int top = 4 + int(rng.bounded(10));  // natural positions top-4..top; 0 and 13 are the ace
  const int wild_at = rng.bounded(2) == 0 ? int(rng.bounded(5)) : -1;
  CardSet used;
  for (int i = 0; i < 5; ++i) {
    const int pos = top - i;
    const Rank rank = Rank(pos == 0 ? kAce : pos - 1);
    const CardKind kind = i == wild_at ? wild_kind(level) : make_kind(rank, suit);
    if (used.count(kind) == 2) continue;
    hands[flush] = hands[flush] + CardSet::of_kind(kind);
    used = used + CardSet::of_kind(kind);
  }
  for (int s = 0; s < 4; ++s) {
    if (s == flush) continue;
    const int n = 1 + int(rng.bounded(2));
    while (hands[s].size() < n) {
      const CardKind kind = CardKind(rng.bounded(kNumKinds));
      if (used.count(kind) == 2) continue;
      hands[s] = hands[s] + CardSet::of_kind(kind);
      used = used + CardSet::of_kind(kind);
    }
  }
  return hands;
}

// One random legal action (a play, or passing when following).
void random_action(DealState& deal, Rng& rng) {
  const std::vector<Move> moves = legal_moves(deal);
  const std::size_t options = moves.size() + (deal.leading() ? 0 : 1);
  const std::size_t pick = std::size_t(rng.bounded(options));
  if (pick < moves.size()) {
    deal.apply_play(moves[pick]);
  } else {
    deal.apply_pass();
  }
}

bool is_score(int value, const Ruleset& rules) {
  for (int place = 1; place <= 3; ++place)
    if (value == rules.levels_gained(place) || value == -rules.levels_gained(place)) return true;
  return false;
}

struct Tally {
  int checked = 0, skipped = 0, with_trick = 0, with_out = 0, three_out = 0, over = 0, wild = 0, flush = 0;
};

void check_position(const DealState& deal, Rng& rng, Tally& tally) {
  const Ruleset& rules = deal.rules();
  const EndgameLimits limits{2'000'000};
  const int seat = int(rng.bounded(4));
  if (deal.is_over()) {
    const EndgameResult r = solve_endgame(deal, seat, limits);
    CHECK(r.solved && r.value == deal_score(deal, seat, rules));
    ++tally.over;
    return;
  }
  // Brute force, option by option, for the seat to act.
  const int mover = deal.turn();
  const std::vector<Move> moves = legal_moves(deal);
  const bool can_pass = !deal.leading();
  std::vector<int> truth;
  long budget = 40'000;
  for (std::size_t i = 0; i < moves.size() + (can_pass ? 1 : 0); ++i) {
    DealState child = deal;
    if (i < moves.size()) {
      child.apply_play(moves[i]);
    } else {
      child.apply_pass();
    }
    int v = 0;
    if (!minimax(child, mover, budget, v)) {
      ++tally.skipped;
      return;
    }
    truth.push_back(v);
  }
  const int best_for_mover = *std::max_element(truth.begin(), truth.end());
  const int expected = team_of(seat) == team_of(mover) ? best_for_mover : -best_for_mover;
  ++tally.checked;
  tally.with_trick += !deal.leading();
  tally.with_out += deal.out_count() > 0;
  tally.three_out += rules.deal_end == DealEnd::kThreeOut;
  for (int s = 0; s < 4; ++s) tally.wild += deal.hand(s).count(wild_kind(deal.level())) > 0;
  tally.flush += any_straight_flush(deal);

  // The value, for a seat that may or may not be the one to act.
  const EndgameResult r = solve_endgame(deal, seat, limits);
  CHECK(r.solved);
  CHECK(r.value == expected);
  CHECK(is_score(int(r.value), rules));
  CHECK(r.nodes > 0);
  // Its partner shares it, the other team sees its negation.
  CHECK(solve_endgame(deal, partner_of(seat), limits).value == expected);
  CHECK(solve_endgame(deal, seat ^ 1, limits).value == -expected);
  // Suits all told apart: the same value.
  EndgameLimits suited = limits;
  suited.suit_symmetry = false;
  const EndgameResult s = solve_endgame(deal, seat, suited);
  CHECK(s.solved && s.value == expected);

  // The best action is legal and achieves the value.
  DealState after = deal;
  if (r.best_is_pass) {
    CHECK(can_pass);
    CHECK(truth.back() == best_for_mover);
    after.apply_pass();
  } else {
    const auto it = std::find(moves.begin(), moves.end(), r.best);
    CHECK(it != moves.end());
    if (it == moves.end()) return;
    CHECK(truth[std::size_t(it - moves.begin())] == best_for_mover);
    after.apply_play(r.best);
  }
  // Solved again after it, from the other team's side: the negation.
  const EndgameResult next = solve_endgame(after, seat ^ 1, limits);
  CHECK(next.solved && next.value == -expected);

  // Every root option at once, one table for all.
  std::vector<double> values;
  CHECK(solve_endgame_options(deal, mover, moves, can_pass, limits, values));
  CHECK(values.size() == truth.size());
  for (std::size_t i = 0; i < values.size() && i < truth.size(); ++i) CHECK(values[i] == truth[i]);
  // Without passing, and a subset of the moves in another order.
  if (moves.size() >= 2) {
    const std::vector<Move> some{moves.back(), moves.front()};
    CHECK(solve_endgame_options(deal, mover, some, false, limits, values));
    CHECK(values.size() == 2 && values[0] == truth[moves.size() - 1] && values[1] == truth[0]);
  }
}

void random_positions() {
  Ruleset team_out;
  Ruleset three_out;
  three_out.deal_end = DealEnd::kThreeOut;
  Ruleset flat;  // equal advances (scores coincide) and a zero
  flat.advance = {2, 2, 0};
  flat.deal_end = DealEnd::kThreeOut;
  Ruleset steep;
  steep.advance = {4, 1, 1};
  steep.wild_with_joker = false;
  const Ruleset* rulesets[] = {&team_out, &three_out, &flat, &steep};
  Rng rng(20260601);
  Tally tally;
  for (int i = 0; i < 480; ++i) {
    const Ruleset& rules = *rulesets[i % 4];
    const Rank level = rng.bounded(3) == 0 ? kTwo : Rank(rng.bounded(kNumRanks));
    std::array<int, 4> sizes{};
    const int most = i % 3 == 0 ? 2 : 4;
    for (int& n : sizes) n = 1 + int(rng.bounded(std::uint64_t(most)));
    // One in six with a straight flush in a hand.
    const auto hands = i % 6 == 5 ? flush_hands(rng, level, int(rng.bounded(4))) : random_hands(rng, level, sizes);
    DealState deal(hands, level, rules, int(rng.bounded(4)));
    // A few random actions first: a trick on the table, seats out.
    const int actions = int(rng.bounded(7));
    for (int a = 0; a < actions && !deal.is_over(); ++a) random_action(deal, rng);
    check_position(deal, rng, tally);
  }
  // The sample covers what it should.
  CHECK(tally.checked >= 300);
  CHECK(tally.skipped <= tally.checked / 4);
  CHECK(tally.with_trick >= 50);
  CHECK(tally.with_out >= 50);
  CHECK(tally.three_out >= 100);
  CHECK(tally.wild >= 50);
  CHECK(tally.over >= 1);
  CHECK(tally.flush >= 20);
}

// Positions of real deals (the rule policy in every seat) with 12 to 16
// cards left, too big for the brute force: the value is the same with suits
// told apart or not, for each root option too, and the best action keeps it.
void played_positions() {
  auto policy = make_policy("rule");
  auto moves = std::make_unique<MoveList>();
  int compared = 0;
  for (std::uint64_t d = 0; d < 40; ++d) {
    const std::uint64_t seed = match_deal_seed(77, d);
    const SeededDeal dealt = seeded_deal(seed);
    Ruleset rules;
    if (d % 2 == 1) rules.deal_end = DealEnd::kThreeOut;
    DealState deal(dealt.hands, Rank(d % kNumRanks), rules, dealt.leader);
    Rng rng = choice_rng(seed);
    const int stop = 12 + int(d % 5);
    for (;;) {
      int held = 0;
      for (const CardSet& hand : deal.hands()) held += hand.size();
      if (deal.is_over() || held <= stop) break;
      moves->clear();
      generate_moves(deal.hand(deal.turn()), deal.level(), rules.move_rules(), deal.last_play(), *moves);
      const int choice =
          policy->choose_play(deal.view(deal.turn()), moves->begin(), int(moves->size()), !deal.leading(), rng);
      if (choice < 0) {
        deal.apply_pass();
      } else {
        deal.apply_play((*moves)[std::size_t(choice)]);
      }
    }
    if (deal.is_over()) continue;
    const int seat = deal.turn();
    EndgameLimits symmetric{2'000'000};
    EndgameLimits suited = symmetric;
    suited.suit_symmetry = false;
    const EndgameResult a = solve_endgame(deal, seat, symmetric);
    const EndgameResult b = solve_endgame(deal, seat, suited);
    if (!a.solved || !b.solved) continue;
    ++compared;
    CHECK(a.value == b.value);
    CHECK(is_score(int(a.value), rules));
    DealState after = deal;
    if (a.best_is_pass) {
      after.apply_pass();
    } else {
      after.apply_play(a.best);
    }
    CHECK(solve_endgame(after, seat ^ 1, symmetric).value == -a.value);
    const std::vector<Move> options = legal_moves(deal);
    std::vector<double> with, without;
    CHECK(solve_endgame_options(deal, seat, options, !deal.leading(), symmetric, with));
    CHECK(solve_endgame_options(deal, seat, options, !deal.leading(), suited, without));
    CHECK(with == without);
    CHECK(!with.empty() && *std::max_element(with.begin(), with.end()) == a.value);
  }
  CHECK(compared >= 25);
}

// Every seat one card, 0 to lead: 0 goes out; 1 must beat at once (passing
// lets 2 out for a 1-2), so 2 goes out third: a 1-3, two levels.
void known_position() {
  const auto card = [](Rank r) { return CardSet::of_kind(make_kind(r, kSpades)); };
  const std::array<CardSet, 4> hands{card(1), card(2), card(3), card(4)};
  const DealState deal(hands, Rank(10), Ruleset{}, 0);
  const EndgameResult r = solve_endgame(deal, 0);
  CHECK(r.solved && r.value == 2.0 && !r.best_is_pass && r.best.cards() == hands[0]);
  CHECK(solve_endgame(deal, 1).value == -2.0);
  CHECK(solve_endgame(deal, 2).value == 2.0);
}

// A whole deal: too big for a small budget, which must end the search fast
// with solved = false; and the checks of the entry points.
void budget_and_checks() {
  const SeededDeal dealt = seeded_deal(99);
  const DealState deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
  for (std::int64_t budget : {1, 100, 5000}) {
    const EndgameResult r = solve_endgame(deal, 0, EndgameLimits{budget});
    CHECK(!r.solved);
    CHECK(r.nodes <= budget + 1);
    std::vector<double> values;
    const std::vector<Move> moves = legal_moves(deal);
    const std::vector<Move> few(moves.begin(), moves.begin() + std::min<std::size_t>(moves.size(), 5));
    CHECK(!solve_endgame_options(deal, deal.turn(), few, false, EndgameLimits{budget}, values));
  }
  // A small position solved after a failed big one (the table is reused).
  const auto one = [](Rank r, Suit s) { return CardSet::of_kind(make_kind(r, s)); };
  const std::array<CardSet, 4> small{one(5, kSpades) + one(5, kClubs), one(7, kSpades), one(3, kSpades),
                                     one(9, kDiamonds)};
  const DealState tiny(small, Rank(0), Ruleset{}, 0);
  const EndgameResult r = solve_endgame(tiny, 0, EndgameLimits{10'000});
  CHECK(r.solved && r.value == 3.0 && r.best.cards() == small[0]);
  CHECK_THROWS(solve_endgame(tiny, 4), std::invalid_argument);
  CHECK_THROWS(solve_endgame(tiny, -1), std::invalid_argument);
  std::vector<double> values;
  CHECK_THROWS(solve_endgame_options(tiny, 1, {}, false, {}, values), std::invalid_argument);
  CHECK_THROWS(solve_endgame_options(tiny, 0, {}, true, {}, values), std::invalid_argument);
  CHECK_THROWS(solve_endgame_options(tiny, 0, {Move::make(one(7, kSpades), Kind::kSingle, 7)}, false, {}, values),
               std::invalid_argument);
  // Tribute first: not the play phase.
  const DealState tribute(dealt.hands, kTwo, Ruleset{}, Placing{0, 1, 2, 3});
  if (tribute.phase() == Phase::kTribute) CHECK_THROWS(solve_endgame(tribute, 0), std::invalid_argument);
}

}  // namespace

void test_endgame() {
  known_position();
  random_positions();
  played_positions();
  budget_and_checks();
}

}  // namespace guandan::testing
