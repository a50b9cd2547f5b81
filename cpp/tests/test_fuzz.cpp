// A short fuzz of the public entry points: random bits as moves and card
// sets, random text as cards, random and mutated positions for the search.
// Whatever is invalid must be rejected (false, nullopt or
// std::invalid_argument); whatever is accepted must behave. Run under ASan
// and UBSan, any undefined behaviour on the way stops the run.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "check.h"
#include "guandan/bots/search_v1.h"
#include "guandan/card.h"
#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/bots/playout.h"
#include "guandan/readings.h"
#include "guandan/tools/simulate.h"

namespace guandan::testing {
namespace {

// A random card set, sparse enough to be a hand, not always canonical.
CardSet random_cards(Rng& rng) {
  const std::uint64_t lo = rng.next() & rng.next() & rng.next();
  const std::uint64_t hi = rng.next() & rng.next() & rng.next() & rng.next();
  return rng.bounded(8) == 0 ? CardSet{lo, hi} : CardSet{lo & kCardBits, hi & lo & kCardBits};
}

// Random bits, or a generated move with a few bits flipped.
Move random_move(Rng& rng, const MoveList& real) {
  if (real.size() == 0 || rng.bounded(3) == 0) return Move{rng.next(), rng.next()};
  Move m = real[rng.bounded(real.size())];
  for (int flips = 1 + int(rng.bounded(3)); flips > 0; --flips) {
    const int bit = int(rng.bounded(128));
    if (bit < 64) {
      m.lo ^= std::uint64_t{1} << bit;
    } else {
      m.hi ^= std::uint64_t{1} << (bit - 64);
    }
  }
  return m;
}

void fuzz_moves(Rng& rng) {
  auto real = std::make_unique<MoveList>();
  auto replies = std::make_unique<MoveList>();
  for (int round = 0; round < 400; ++round) {
    const SeededDeal dealt = seeded_deal(rng.next());
    const Rank level = Rank(rng.bounded(kNumRanks));
    const MoveRules rules{rng.bounded(2) == 0};
    real->clear();
    generate_moves(dealt.hands[0], level, rules, nullptr, *real);
    for (int i = 0; i < 200; ++i) {
      const Move m = random_move(rng, *real);
      if (!is_legal_reading(m, level, rules)) continue;
      const CardSet cards = m.cards();
      CHECK(cards.is_canonical() && !cards.empty());
      const DeclaredCards declared = declared_cards(m, level);
      CHECK(declared.size == m.size());
      for (int k = 0; k < declared.size; ++k) CHECK(declared.cards[k] < kNumKinds);
      // A legal reading as a previous play: every reply beats it.
      replies->clear();
      generate_moves(dealt.hands[1], level, rules, &m, *replies);
      for (Move r : *replies) CHECK(beats(r, m, level));
    }
  }
}

// A reading is legal exactly when the generator makes it for its own cards
// (the reference: every lead of the hand made of the move's cards). Moves
// made by relabelling a generated move's kind or rank must be judged the
// same way by is_legal_reading: a triple relabelled a bomb was once accepted.
void fuzz_relabelled_readings(Rng& rng) {
  auto real = std::make_unique<MoveList>();
  auto own = std::make_unique<MoveList>();
  int legal = 0, illegal = 0;
  for (int round = 0; round < 300; ++round) {
    const SeededDeal dealt = seeded_deal(rng.next());
    const Rank level = Rank(rng.bounded(kNumRanks));
    const MoveRules rules{rng.bounded(2) == 0};
    real->clear();
    generate_moves(dealt.hands[round % 4], level, rules, nullptr, *real);
    for (int i = 0; i < 100; ++i) {
      const Move base = (*real)[rng.bounded(std::uint32_t(real->size()))];
      const Kind kind = rng.bounded(2) == 0 ? Kind(rng.bounded(kNumMoveKinds)) : base.kind();
      const Rank rank = rng.bounded(2) == 0 ? Rank(rng.bounded(kBigJokerRank + 1)) : base.rank();
      const Move m = Move::make(base.cards(), kind, rank, base.wild_declaration());
      own->clear();
      generate_moves(m.cards(), level, rules, nullptr, *own);
      const bool made = std::find(own->begin(), own->end(), m) != own->end();
      CHECK(is_legal_reading(m, level, rules) == made);
      (made ? legal : illegal) += 1;
    }
  }
  CHECK(legal > 1000 && illegal > 1000);
  // The case found: three queens labelled a bomb, at level 6.
  const CardSet queens = CardSet::of_kind(make_kind(Rank(10), kSpades)) + CardSet::of_kind(make_kind(Rank(10), kHearts)) +
                         CardSet::of_kind(make_kind(Rank(10), kDiamonds));  // rank 10: Q
  CHECK(!is_legal_reading(Move::make(queens, Kind::kBomb, Rank(10)), Rank(4), MoveRules{}));
  CHECK(is_legal_reading(Move::make(queens, Kind::kTriple, Rank(10)), Rank(4), MoveRules{}));
}

void fuzz_card_sets(Rng& rng) {
  auto moves = std::make_unique<MoveList>();
  for (int i = 0; i < 3000; ++i) {
    const CardSet cards = random_cards(rng);
    const Rank level = Rank(rng.bounded(kNumRanks));
    if (!cards.is_canonical()) continue;
    moves->clear();
    generate_moves(cards, level, MoveRules{}, nullptr, *moves);
    CHECK(!moves->overflowed() || cards.size() > 27);
    for (Move m : *moves) CHECK(cards.contains(m.cards()) && is_legal_reading(m, level, MoveRules{}));
    for (Move m : classify(cards, level, MoveRules{})) CHECK(m.cards() == cards);
  }
  // Card names: random bytes are a card or nothing.
  for (int i = 0; i < 20000; ++i) {
    std::string text(rng.bounded(4), ' ');
    for (char& c : text) c = char(rng.bounded(256));
    if (const auto card = parse_card(text)) CHECK(*card < kNumKinds && parse_card(card_name(*card)) == card);
  }
}

// A position from a real deal a few plays in, with one field broken at random.
PlayerView mutated_view(Rng& rng, MoveList& moves) {
  const SeededDeal dealt = seeded_deal(rng.next());
  DealState deal(dealt.hands, Rank(rng.bounded(kNumRanks)), Ruleset{}, dealt.leader);
  RuleV1Policy rule;
  Policy* const policies[4] = {&rule, &rule, &rule, &rule};
  for (int steps = int(rng.bounded(60)); steps > 0 && !deal.is_over(); --steps) {
    moves.clear();
    generate_moves(deal.hand(deal.turn()), deal.level(), MoveRules{}, deal.last_play(), moves);
    const int choice = policies[deal.turn()]->choose_play(deal.view(deal.turn()), moves.begin(), int(moves.size()),
                                                         !deal.leading(), rng);
    if (choice < 0) {
      deal.apply_pass();
    } else {
      deal.apply_play(moves[std::size_t(choice)]);
    }
  }
  const int seat = deal.is_over() ? 0 : deal.turn();
  PlayerView v = deal.view(seat);
  switch (rng.bounded(10)) {
    case 0: v.seat = int(rng.next() % 9) - 4; break;
    case 1: v.counts[rng.bounded(4)] = int(rng.next() % 61) - 30; break;
    case 2: v.hand = random_cards(rng); break;
    case 3: v.played = random_cards(rng); break;
    case 4: v.shown[rng.bounded(4)] = random_cards(rng); break;
    case 5: v.last_player = int(rng.next() % 9) - 4, v.leading = rng.bounded(2) == 0; break;
    case 6: v.passed_mask = std::uint8_t(rng.next()); break;
    case 7: v.out_count = int(rng.next() % 6) - 1, v.out[rng.bounded(4)] = int(rng.next() % 7) - 2; break;
    case 8: v.last_play = Move{rng.next(), rng.next()}, v.leading = false; break;
    default: break;  // unchanged: mostly valid
  }
  return v;
}

void fuzz_search_positions(Rng& rng) {
  auto moves = std::make_unique<MoveList>();
  int searched = 0;
  for (int i = 0; i < 400; ++i) {
    const PlayerView view = mutated_view(rng, *moves);
    try {
      check_view(view);
    } catch (const std::invalid_argument&) {
      continue;
    }
    moves->clear();
    generate_moves(view.hand, view.level, view.rules.move_rules(), view.leading ? nullptr : &view.last_play, *moves);
    // Grouped as the search policy does (group_moves takes generated moves);
    // sometimes one candidate broken: search() must refuse it.
    std::vector<Move> candidates = group_moves(std::vector<Move>(moves->begin(), moves->end()));
    if (rng.bounded(4) == 0 && !candidates.empty()) candidates.back() = random_move(rng, *moves);
    const bool can_pass = rng.bounded(2) == 0;
    try {
      const SearchResult r = search_v1(view, candidates, can_pass, SearchV1Config{8, true}, rng);
      CHECK(r.choice >= -1 && (r.choice >= 0 || can_pass));
      ++searched;
    } catch (const std::invalid_argument&) {
      // A pass while leading, a foreign candidate: refused, as it must be.
    }
  }
  CHECK(searched > 50);  // the fuzz reaches the search, not only the checks
}

// Random simulation setups: refused by check_setup, or played to the end.
void fuzz_setups(Rng& rng) {
  std::vector<std::int8_t> placing(8), partner(2), team(2), gained(2), tribute(2);
  std::vector<std::int16_t> plays(2), passes(2), bombs(2);
  std::vector<std::uint64_t> seeds(2);
  const DealColumns out{placing.data(), partner.data(), team.data(),   gained.data(), tribute.data(),
                        plays.data(),   passes.data(),  bombs.data(),  seeds.data()};
  int played = 0;
  for (int i = 0; i < 600; ++i) {
    SimulationSetup setup;
    setup.seed = rng.next();
    setup.level = Rank(rng.bounded(15));
    setup.tribute = rng.bounded(2) == 0;
    setup.leader = int(rng.bounded(6)) - 1;
    for (int s = 0; s < 4; ++s) {
      setup.policies[s] = rng.bounded(2) == 0 ? find_policy("rule") : find_policy("random");
      setup.sizes[s] = int(rng.bounded(32)) - 2;
      setup.has_fixed[s] = rng.bounded(3) == 0;
      if (setup.has_fixed[s]) setup.fixed[s] = random_cards(rng);
    }
    try {
      check_setup(setup);
    } catch (const std::invalid_argument&) {
      CHECK_THROWS(simulate_deals(setup, 0, 2, out, 1), std::invalid_argument);
      continue;
    }
    CHECK(simulate_deals(setup, rng.next(), 2, out, 2));
    for (int row = 0; row < 2; ++row) CHECK(partner[row] >= 1 && partner[row] <= 3);
    ++played;
  }
  CHECK(played > 20);  // the fuzz reaches the simulation, not only the checks
}

}  // namespace

void test_fuzz() {
  Rng rng(0xF022);
  fuzz_moves(rng);
  fuzz_relabelled_readings(rng);
  fuzz_card_sets(rng);
  fuzz_search_positions(rng);
  fuzz_setups(rng);
}

}  // namespace guandan::testing
