// Gan Deng Yan: the generator's hand-derived counts and capacity, deals
// played to the end with their invariants, games, and simulate's
// determinism. The generator is checked against the Python reference in
// tests/test_gdy_movegen.py; here are the properties the core must keep.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "check.h"
#include "guandan/gdy/simulate.h"

namespace guandan::testing {
namespace {

using namespace guandan::gdy;
using gdy::kTwo;
using gdy::Rank;
using gdy::Cards;
using gdy::Play;
using gdy::PlayList;
using gdy::RandomPolicy;
using gdy::DealState;
using gdy::SimulationSetup;
using gdy::DealColumns;
using gdy::Position;
using gdy::SearchPolicy;
using gdy::kJokerRank;

std::vector<Play> plays_of(Cards hand, Play table = Play::pass()) {
  std::vector<Play> out;
  AppendTo<Play> sink{out};
  generate_plays(hand, table, sink);
  return out;
}

int count_kind(const std::vector<Play>& plays, PlayKind kind) {
  return int(std::count_if(plays.begin(), plays.end(), [&](Play p) { return p.kind() == kind; }));
}

Cards ranks(std::initializer_list<int> rs, int jokers = 0) {
  Cards c = Cards::jokers(jokers);
  for (int r : rs) c = c + Cards::of(Rank(r));
  return c;
}

void hand_counts() {
  // 3 3 4 5 (ranks 0 0 1 2): singles 3, 4, 5 (3); pair 33 (1); run 3-4-5 (1).
  {
    const auto p = plays_of(ranks({0, 0, 1, 2}));
    CHECK(p.size() == 5);
    CHECK(count_kind(p, kSingle) == 3 && count_kind(p, kPair) == 1 && count_kind(p, kRun) == 1);
  }
  // 5 JK JK (rank 2): the bomb 555 and the joker bomb; single 5; pair 5 JK.
  // Not a run: with a bomb reading the cards play only as the bomb.
  {
    const auto p = plays_of(ranks({2}, 2));
    CHECK(count_kind(p, kRun) == 0);
    CHECK(count_kind(p, kBomb) == 1 && count_kind(p, kJokerBomb) == 1);
    CHECK(count_kind(p, kSingle) == 1 && count_kind(p, kPair) == 1);
  }
  // A lone joker is a single 2 only as the whole hand.
  {
    const auto p = plays_of(Cards::jokers(1));
    CHECK(p.size() == 1 && p[0].kind() == kSingle && p[0].rank() == kTwo);
    CHECK(count_kind(plays_of(ranks({0}, 1)), kSingle) == 1);  // only the 3
  }
  // 5 6 JK JK leads as both the run 5-6-7-8 and the pair run 55-66.
  {
    const auto p = plays_of(ranks({2, 3}, 2));
    bool run = false, pair_run = false;
    for (Play q : p) {
      if (q.size() != 4) continue;
      run |= q.kind() == kRun && q.rank() == 5;
      pair_run |= q.kind() == kPairRun && q.rank() == 3;
    }
    CHECK(run && pair_run);
  }
  // A 2 beats any single but another 2; only a 3-4-5's next run beats it.
  {
    const Play king(Cards::of(10), kSingle, 10);
    const Play two(Cards::of(kTwo), kSingle, kTwo);
    CHECK(beats(two, king) && !beats(two, two));
    const auto p = plays_of(ranks({11, kTwo}), two);
    CHECK(p.size() == 1 && p[0].is_pass());
    const Play run345(ranks({0, 1, 2}), kRun, 2);
    const auto q = plays_of(ranks({1, 2, 3, 4}), run345);
    CHECK(q.size() == 2 && q[1].kind() == kRun && q[1].rank() == 3);  // pass, 4-5-6
  }
}

void capacity() {
  // The whole deck as one hand leads the most plays any hand can.
  std::vector<Play> all = plays_of(Cards::full_deck());
  CHECK(all.size() == kMostLeads && kMostLeads <= kPlayListCapacity);
  std::vector<std::uint64_t> bits;
  for (Play p : all) bits.push_back(p.bits());
  std::sort(bits.begin(), bits.end());
  CHECK(std::adjacent_find(bits.begin(), bits.end()) == bits.end());  // no play twice
}

// Plays seeded deals to the end, checking the invariants after every action.
void deals_to_the_end() {
  PlayList plays;
  RandomPolicy random;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      DealState deal(players, seed);
      CHECK(deal.hand_size(deal.starter()) == 6);
      Rng rng(seed);
      int guard = 0;
      while (!deal.over() && ++guard < 5000) {
        plays.clear();
        deal.legal_plays(plays);
        CHECK(!plays.empty() && !plays.overflowed());
        CHECK(deal.leading() == !plays[0].is_pass());
        const Play p = plays[std::size_t(random.choose(SeatView::of(deal), plays.begin(), int(plays.size()), rng))];
        CHECK(deal.is_legal(p));
        deal.apply(p);
        int cards = deal.stock_left();
        for (int s = 0; s < players; ++s) cards += deal.hand_size(s);
        int played = 0;  // cards gone to the table are the only ones missing
        (void)played;
        CHECK(cards <= kDeckSize);
      }
      CHECK(deal.over());
      CHECK(deal.hand_size(deal.winner()) == 0 && deal.penalty(deal.winner()) == 0);
      for (int s = 0; s < players; ++s)
        if (s != deal.winner()) CHECK(deal.penalty(s) >= deal.hand_size(s) && deal.penalty(s) <= 8 * deal.hand_size(s));
    }
  CHECK_THROWS(DealState(1, 0), std::invalid_argument);
  CHECK_THROWS(DealState(7, 0), std::invalid_argument);
  CHECK_THROWS(DealState(4, 0, 4), std::invalid_argument);
  CHECK(penalty(5, true, 0) == 5 && penalty(5, false, 0) == 10 && penalty(5, false, 3) == 40);
}

void games() {
  GameState game(3, 9, 30);
  PlayList plays;
  RulePolicy rule;
  Policy* policies[3] = {&rule, &rule, &rule};
  int before = 0;
  while (!game.over()) {
    DealState deal = game.next_deal();
    Rng rng(game.deals_played());
    play_out(deal, policies, rng, plays);
    game.record(deal);
    int total = 0;
    for (int s = 0; s < 3; ++s) total += game.score(s);
    CHECK(total > before);  // every deal leaves someone a penalty
    before = total;
  }
  int best = 1 << 30, top = 0;
  for (int s = 0; s < 3; ++s) best = std::min(best, game.score(s)), top = std::max(top, game.score(s));
  CHECK(top >= 30);
  for (int s = 0; s < 3; ++s) CHECK(bool(game.winners() >> s & 1) == (game.score(s) == best));
  CHECK_THROWS(GameState(4, 0, 0), std::invalid_argument);
}

struct Table {
  int n;
  std::vector<std::int8_t> winner, starter, left, bombs;
  std::vector<std::int16_t> penalties, plays, passes, draws;
  Table(std::size_t rows, int players)
      : n(players), winner(rows), starter(rows), left(rows * players), bombs(rows), penalties(rows * players),
        plays(rows), passes(rows), draws(rows) {}
  DealColumns at(std::size_t row) {
    return {winner.data() + row, starter.data() + row, penalties.data() + row * n, left.data() + row * n,
            plays.data() + row,  passes.data() + row,  draws.data() + row,         bombs.data() + row};
  }
  bool operator==(const Table&) const = default;
};

// Counts what a listener is told.
struct CountingListener final : DealListener {
  int deals = 0, plays = 0, passes = 0;
  void deal_started(std::uint64_t, const DealState&) override { ++deals; }
  void playing(int, Play play) override { ++(play.is_pass() ? passes : plays); }
};

// An outside player at a seat, playing as the core's policy would: the
// core's results, and every play told to the listener; one thread only.
void outside_players() {
  SimulationSetup setup;
  setup.players = 4;
  setup.seed = 5;
  for (int s = 0; s < 4; ++s) setup.policies[s] = find_policy("rule");
  Table core(60, 4), outside(60, 4);
  CHECK(simulate_deals(setup, 0, 60, core.at(0), 1));
  std::unique_ptr<Policy> mine = find_policy("rule")->make();
  SimulationSetup with = setup;
  with.external[1] = mine.get();
  CountingListener listener;
  with.listener = &listener;
  CHECK(simulate_deals(with, 0, 60, outside.at(0), 1));
  CHECK(core == outside);
  int plays = 0, passes = 0;
  for (std::size_t i = 0; i < 60; ++i) plays += outside.plays[i], passes += outside.passes[i];
  CHECK(listener.deals == 60 && listener.plays == plays && listener.passes == passes);
  CHECK_THROWS(simulate_deals(with, 0, 60, outside.at(0), 2), std::invalid_argument);
}

void simulation() {
  SimulationSetup setup;
  setup.players = 5;
  setup.seed = 77;
  for (int s = 0; s < 5; ++s) setup.policies[s] = find_policy(s % 2 ? "rule" : "random");
  Table one(300, 5), three(300, 5), split(300, 5);
  CHECK(simulate_deals(setup, 0, 300, one.at(0), 1));
  CHECK(simulate_deals(setup, 0, 300, three.at(0), 3));
  CHECK(simulate_deals(setup, 0, 100, split.at(0), 2) && simulate_deals(setup, 100, 200, split.at(100), 1));
  CHECK(one == three && one == split);
  for (std::size_t r = 0; r < 300; ++r) CHECK(one.penalties[r * 5 + std::size_t(one.winner[r])] == 0);

  std::vector<std::uint8_t> winners(20);
  std::vector<std::int16_t> deals(20), scores(20 * 5);
  std::vector<std::int32_t> plays(20), bombs(20);
  CHECK(simulate_games(setup, 0, 20, {winners.data(), deals.data(), scores.data(), plays.data(), bombs.data()}, 2));
  for (std::size_t r = 0; r < 20; ++r) CHECK(winners[r] != 0 && deals[r] >= 1);

  // The search in one seat: as deterministic (its worlds come from the deal's seed).
  SimulationSetup with_search = setup;
  with_search.policies[2] = find_policy("search");
  Table s1(6, 5), s2(6, 5);
  CHECK(simulate_deals(with_search, 0, 6, s1.at(0), 1) && simulate_deals(with_search, 0, 6, s2.at(0), 2));
  CHECK(s1 == s2);

  SimulationSetup bad = setup;
  bad.players = 7;
  CHECK_THROWS(check_setup(bad), std::invalid_argument);
  bad = setup;
  bad.policies[4] = nullptr;
  CHECK_THROWS(check_setup(bad), std::invalid_argument);
  bad = setup;
  bad.target = 0;
  CHECK_THROWS(check_setup(bad), std::invalid_argument);
  CHECK(find_policy("nope") == nullptr);
}

// Random hands and tables: every play listed uses cards of the hand, is a
// reading of its cards, beats the table, and is listed once; random words
// are refused or accepted without harm.
void fuzz() {
  Rng rng(2024);
  std::vector<Play> table_choices;
  for (int round = 0; round < 3000; ++round) {
    Cards hand;
    const int size = 1 + int(rng.bounded(20));
    for (int i = 0; i < size; ++i) {
      const Cards card = Cards::of_kind(int(rng.bounded(gdy::kNumKinds)));
      if ((hand + card).is_valid()) hand = hand + card;
    }
    if (hand.empty()) continue;
    Play table = Play::pass();
    if (!table_choices.empty() && rng.bounded(3) != 0) table = table_choices[rng.bounded(table_choices.size())];
    const auto plays = plays_of(hand, table);
    std::vector<std::uint64_t> seen;
    for (Play p : plays) {
      seen.push_back(p.bits());
      if (p.is_pass()) {
        CHECK(!table.is_pass());
        continue;
      }
      CHECK(hand.contains(p.cards()) && is_reading(p));
      if (!table.is_pass()) CHECK(beats(p, table));
      if (table_choices.size() < 500) table_choices.push_back(p);
    }
    std::sort(seen.begin(), seen.end());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    // An arbitrary word: a valid card set or not, a reading or not, never a crash.
    const std::uint64_t word = rng.next();
    if (Cards::from_bits(word).is_valid()) (void)plays_of(Cards::from_bits(word));
    (void)is_reading(Play::from_bits(word));
  }
}

// The search sees only its seat's view: positions that differ only in the
// cards it cannot see give the same worlds and the same choice; a world
// keeps everything the view shows.
void search_sees_only_its_view() {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    DealState deal(4, seed);
    Rng rng(seed);
    RandomPolicy random;
    PlayList plays;
    for (int step = 0; step < 7 && !deal.over(); ++step) {
      plays.clear();
      deal.legal_plays(plays);
      deal.apply(plays[std::size_t(random.choose(SeatView::of(deal), plays.begin(), int(plays.size()), rng))]);
    }
    if (deal.over()) continue;
    const SeatView view = SeatView::of(deal);
    // The same position with the next seat's hand and the stock's first
    // cards exchanged (as many as that hand holds).
    Position swapped;
    swapped.players = 4;
    const int other = (view.seat + 1) % 4;
    std::vector<int> pool;
    for (int k = 0; k < gdy::kNumKinds; ++k) {
      const Cards h = deal.hand(other);
      for (int c = 0; c < (k == kJokerRank ? h.jokers() : h.count(Rank(k))); ++c) pool.push_back(k);
    }
    if (deal.stock_left() < int(pool.size())) continue;
    for (int i = 0; i < deal.stock_left(); ++i) pool.push_back(deal.stock_card(i));
    std::rotate(pool.begin(), pool.begin() + deal.hand_size(other), pool.end());
    for (int s = 0; s < 4; ++s) swapped.hands[s] = deal.hand(s);
    swapped.hands[other] = Cards();
    for (int i = 0; i < deal.hand_size(other); ++i) swapped.hands[other] = swapped.hands[other] + Cards::of_kind(pool[i]);
    swapped.stock_left = deal.stock_left();
    for (int i = 0; i < deal.stock_left(); ++i) swapped.stock[i] = std::uint8_t(pool[std::size_t(deal.hand_size(other) + i)]);
    swapped.turn = deal.turn();
    swapped.table = deal.table();
    swapped.last_player = deal.last_player();
    swapped.passes = deal.passes();
    for (int s = 0; s < 4; ++s) swapped.played[s] = deal.has_played(s);
    swapped.bombs = deal.bombs();
    swapped.gone = deal.gone();
    const DealState twin(swapped);
    const SeatView twin_view = SeatView::of(twin);
    plays.clear();
    deal.legal_plays(plays);
    SearchPolicy search(8);
    Rng a(seed), b(seed);
    CHECK(search.choose(view, plays.begin(), int(plays.size()), a) ==
          search.choose(twin_view, plays.begin(), int(plays.size()), b));
    Rng c(seed);
    const DealState world = sampled_world(view, c);
    CHECK(world.hand(view.seat) == view.hand && world.stock_left() == view.stock_left);
    CHECK(world.table() == view.table && world.bombs() == view.bombs && world.gone() == view.gone);
    for (int s = 0; s < 4; ++s) CHECK(world.hand_size(s) == view.hand_sizes[s]);
    ++compared;
  }
  CHECK(compared >= 10);
  Position bad;  // not the 54 cards
  CHECK_THROWS(DealState{bad}, std::invalid_argument);
}

}  // namespace

void test_gdy() {
  outside_players();
  search_sees_only_its_view();
  fuzz();
  hand_counts();
  capacity();
  deals_to_the_end();
  games();
  simulation();
}

}  // namespace guandan::testing
