// simulate_deals and simulate_matches: rows depend only on the seed and the
// row (any thread count, any split), the setup is checked, a stop is obeyed.
#include <stdexcept>
#include <string>
#include <vector>

#include "check.h"
#include "guandan/bots/search.h"
#include "guandan/tools/simulate.h"

namespace guandan::testing {
namespace {

struct DealTable {
  explicit DealTable(std::size_t n)
      : placing(n * 4), partner(n), team(n), gained(n), tribute(n), plays(n), passes(n), bombs(n), seeds(n) {}
  DealColumns at(std::size_t row) {
    return {placing.data() + row * 4, partner.data() + row, team.data() + row, gained.data() + row,
            tribute.data() + row,     plays.data() + row,   passes.data() + row, bombs.data() + row,
            seeds.data() + row};
  }
  bool operator==(const DealTable&) const = default;
  std::vector<std::int8_t> placing, partner, team, gained, tribute;
  std::vector<std::int16_t> plays, passes, bombs;
  std::vector<std::uint64_t> seeds;
};

struct MatchTable {
  explicit MatchTable(std::size_t n) : winner(n), levels(n * 2), deals(n), plays(n), bombs(n), doubles(n), seeds(n) {}
  MatchColumns at(std::size_t row) {
    return {winner.data() + row, deals.data() + row, levels.data() + row * 2,
            plays.data() + row,  bombs.data() + row, doubles.data() + row, seeds.data() + row};
  }
  bool operator==(const MatchTable&) const = default;
  std::vector<std::int8_t> winner, levels;
  std::vector<std::int16_t> deals;
  std::vector<std::int32_t> plays, bombs;
  std::vector<std::int16_t> doubles;
  std::vector<std::uint64_t> seeds;
};

SimulationSetup setup_of(const char* a, const char* b) {
  SimulationSetup setup;
  setup.seed = 31;
  setup.policies = {find_policy(a), find_policy(b), find_policy(a), find_policy(b)};
  // The searches at 40 playouts a decision, by their declared option.
  for (int s = 0; s < 4; ++s)
    if (find_option(setup.policies[std::size_t(s)]->options, "rollouts") != nullptr)
      setup.options[std::size_t(s)].set(setup.policies[std::size_t(s)]->name, setup.policies[std::size_t(s)]->options,
                                        "rollouts", 40);
  return setup;
}

void same_deals_any_threads(const SimulationSetup& setup, std::size_t n) {
  DealTable one(n), many(n), split(n);
  CHECK(simulate_deals(setup, 0, n, one.at(0), 1));
  CHECK(simulate_deals(setup, 0, n, many.at(0), 3));
  // Two runs by first index, merged.
  CHECK(simulate_deals(setup, 0, n / 3, split.at(0), 2));
  CHECK(simulate_deals(setup, n / 3, n - n / 3, split.at(n / 3), 2));
  CHECK(one == many);
  CHECK(one == split);
  for (std::size_t i = 0; i < n; ++i) CHECK(one.partner[i] >= 1 && one.partner[i] <= 3 && one.plays[i] >= 4);
}

// Counts what a listener is told: deals, and actions of each kind.
struct CountingListener final : DealListener {
  int deals = 0, plays = 0, passes = 0, gives = 0;
  std::vector<std::uint64_t> seeds;
  std::vector<std::string> starts;
  void deal_started(std::uint64_t seed, const RecordedDeal& deal, const MatchState*) override {
    ++deals;
    seeds.push_back(seed);
    starts.push_back(deal.to_text());
  }
  void playing(int, const Move* move) override { ++(move ? plays : passes); }
  void giving(int, CardKind) override { ++gives; }
};

// An outside player at a seat: the seed's deals and the core's results when
// it plays as a core policy would, every action told to the listener, and
// simulation_start(seed) giving each deal's first state back.
void outside_players() {
  const std::size_t n = 40;
  const SimulationSetup core = setup_of("rule", "tempo");
  DealTable expected(n), got(n);
  CHECK(simulate_deals(core, 0, n, expected.at(0), 1));

  SimulationSetup outside = core;
  std::unique_ptr<Policy> rule_0 = find_policy("rule")->make(PolicyOptions{});
  std::unique_ptr<Policy> rule_2 = find_policy("rule")->make(PolicyOptions{});
  outside.external = {rule_0.get(), nullptr, rule_2.get(), nullptr};
  CountingListener listener;
  outside.listener = &listener;
  CHECK(simulate_deals(outside, 0, n, got.at(0), 1));
  CHECK(expected == got);

  CHECK(listener.deals == int(n));
  int plays = 0, passes = 0, tributes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    plays += got.plays[i];
    passes += got.passes[i];
    tributes += got.tribute[i] == 1 ? 2 : got.tribute[i] == 2 ? 4 : 0;  // each payment and its return
    CHECK(listener.seeds[i] == got.seeds[i] && got.seeds[i] == match_deal_seed(core.seed, i));
    CHECK(listener.starts[i] == simulation_start(core, got.seeds[i]).to_text());
  }
  CHECK(listener.plays == plays && listener.passes == passes && listener.gives == tributes);

  // Shared by every worker: one thread only.
  CHECK_THROWS(simulate_deals(outside, 0, n, got.at(0), 2), std::invalid_argument);
}

}  // namespace

void test_simulate() {
  outside_players();
  same_deals_any_threads(setup_of("rule", "rule"), 300);
  same_deals_any_threads(setup_of("random", "rule"), 300);
  same_deals_any_threads(setup_of("rule_v1", "rule"), 300);
  same_deals_any_threads(setup_of("search", "rule"), 4);
  same_deals_any_threads(setup_of("search_v1", "rule_v1"), 4);

  SimulationSetup small = setup_of("rule", "random");
  small.tribute = false;
  small.leader = 2;
  small.sizes = {5, 5, 1, 5};
  DealTable table(50);
  CHECK(simulate_deals(small, 0, 50, table.at(0), 2));
  for (std::size_t i = 0; i < 50; ++i) CHECK(table.placing[i * 4] == 2);  // one card and the lead

  MatchTable m1(6), m2(6);
  const SimulationSetup matches = setup_of("rule", "rule");
  CHECK(simulate_matches(matches, 0, 6, m1.at(0), 1));
  CHECK(simulate_matches(matches, 0, 6, m2.at(0), 2));
  CHECK(m1 == m2);

  // A seat's candidate cut reaches its search: `search`'s own default (12)
  // given explicitly plays the same deals as the default, and a cut to one
  // candidate (the planning choice, and passing) plays other deals.
  SimulationSetup cut = setup_of("search", "rule");
  auto set_search = [&](const char* name, double value) {
    for (int s : {0, 2}) cut.options[std::size_t(s)].set("search", kSearchOptions, name, value);
  };
  set_search("rollouts", 200);
  DealTable by_default(3), given(3), one(3);
  CHECK(simulate_deals(cut, 0, 3, by_default.at(0), 1));
  set_search("max_candidates", kSearchMaxCandidates);
  CHECK(simulate_deals(cut, 0, 3, given.at(0), 1));
  CHECK(by_default == given);
  set_search("max_candidates", 1);
  CHECK(simulate_deals(cut, 0, 3, one.at(0), 1));
  CHECK(!(by_default == one));

  // A spec names a policy and its options; each option is checked against
  // the policy's declaration, and the text round-trips.
  const PolicySpec spec = parse_policy_spec("search:think_ms=100,keep_margin=0.5,read_styles=true");
  CHECK(spec.entry == find_policy("search") && spec.values.get("think_ms") == 100.0);
  CHECK(policy_spec_text(spec) == "search:think_ms=100,keep_margin=0.5,read_styles=1");
  CHECK(parse_policy_spec(policy_spec_text(spec)).values == spec.values);
  CHECK(parse_policy_spec("rule").values.count() == 0);
  for (const char* bad : {"nobody", "rule:depth=2", "search:rollouts=0", "search:rollouts=1.5", "search:think_ms",
                          "search:keep_margin=7", "search:read_styles=maybe", "search:", "search:rollouts=5,rollouts=6",
                          "search:opponent_ends_in=1", "search_v1:think_ms=5"})
    CHECK_THROWS(parse_policy_spec(bad), std::invalid_argument);

  // A stop asked for before the run: nothing is played, and it says so.
  RunControl control;
  control.stop = true;
  CHECK(!simulate_deals(setup_of("rule", "rule"), 0, 50, table.at(0), 2, &control));
  CHECK(control.done == 0);

  // Setups and thread counts the core refuses.
  auto refused = [&](auto change) {
    SimulationSetup s = setup_of("rule", "rule");
    change(s);
    CHECK_THROWS(check_setup(s), std::invalid_argument);
    CHECK_THROWS(simulate_deals(s, 0, 1, table.at(0), 1), std::invalid_argument);
  };
  refused([](SimulationSetup& s) { s.sizes[1] = 0; });
  refused([](SimulationSetup& s) {  // an option of another policy than the seat's
    s.options[1].set("search", kSearchOptions, "win_bonus", 1.0);
  });
  refused([](SimulationSetup& s) { s.sizes[1] = 28; });
  refused([](SimulationSetup& s) { s.has_fixed[0] = true; });  // fixed, but no cards
  refused([](SimulationSetup& s) { s.has_fixed[0] = true, s.fixed[0] = CardSet{1, 2}; });  // not canonical
  refused([](SimulationSetup& s) { s.policies[3] = nullptr; });
  refused([](SimulationSetup& s) { s.leader = 1; });  // with a tribute
  refused([](SimulationSetup& s) { s.tribute = false, s.leader = 4; });
  CHECK_THROWS(SimulationSetup{}.options[0].set("search", kSearchOptions, "rollouts", 0), std::invalid_argument);
  CHECK_THROWS(SimulationSetup{}.options[0].set("search", kSearchOptions, "rollouts", kMaxRollouts + 1),
               std::invalid_argument);
  refused([](SimulationSetup& s) { s.level = Rank(13); });
  refused([](SimulationSetup& s) {
    s.has_fixed = {true, true, true, true};
    s.fixed = {CardSet::of_kind(0, 2), CardSet::of_kind(0), CardSet::of_kind(1), CardSet::of_kind(2)};
  });
  CHECK_THROWS(simulate_deals(setup_of("rule", "rule"), 0, 1, table.at(0), 0), std::invalid_argument);
  CHECK_THROWS(simulate_deals(setup_of("rule", "rule"), 0, 1, table.at(0), kMaxThreads + 1), std::invalid_argument);
}

}  // namespace guandan::testing
