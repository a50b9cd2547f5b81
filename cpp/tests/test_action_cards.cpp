// Which cards a grouped action plays (bots/action_cards.h): the planned
// reading against a brute-force reference, a hand where it differs from the
// first reading, and the bots that read actions so (net, search).
#include <algorithm>
#include <array>
#include <memory>
#include <string_view>
#include <vector>

#include "cards_text.h"
#include "check.h"
#include "guandan/bots/action_cards.h"
#include "guandan/bots/net.h"
#include "guandan/bots/planner.h"
#include "guandan/bots/registry.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/tools/batch_env.h"

namespace guandan::testing {
namespace {

// The reference: for each action, every move of it compared by the rest's
// plan (fewest turns, then most bombs), then wilds, then move order.
std::array<int, kGiveBase> planned_by_brute_force(const MoveList& moves, CardSet hand, Rank level) {
  std::array<int, kGiveBase> chosen;
  chosen.fill(-1);
  for (int a = 1; a < kGiveBase; ++a) {
    std::vector<int> members;
    for (int i = 0; i < int(moves.size()); ++i)
      if (action_of(moves[std::size_t(i)]) == a) members.push_back(i);
    if (members.empty()) continue;
    const auto key = [&](int i) {
      const Move m = moves[std::size_t(i)];
      const PlanScore rest = plan_score(hand - m.cards(), level, MoveRules{});
      return std::array<int, 4>{rest.turns, -rest.bombs, declared_wild_count(m), i};
    };
    chosen[std::size_t(a)] = *std::min_element(members.begin(), members.end(),
                                                [&](int x, int y) { return key(x) < key(y); });
  }
  return chosen;
}

void test_matches_the_reference_on_dealt_hands() {
  auto moves = std::make_unique<MoveList>();
  int differs_from_first = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const SeededDeal dealt = seeded_deal(seed);
    const Rank level = Rank(seed % kNumRanks);
    // A whole hand, and the same hand less its first half (a later turn).
    for (CardSet hand : {dealt.hands[0], CardSet{dealt.hands[1].lo & 0x0F0F0F0F0F0F0Full,
                                                  dealt.hands[1].hi & 0x0F0F0F0F0F0F0Full}}) {
      moves->clear();
      generate_moves(hand, level, MoveRules{}, nullptr, *moves);
      std::array<int, kGiveBase> planned, first;
      planned_actions(moves->begin(), int(moves->size()), hand, level, MoveRules{}, planned);
      group_actions(moves->begin(), int(moves->size()), first);
      CHECK(planned == planned_by_brute_force(*moves, hand, level));
      for (int a = 1; a < kGiveBase; ++a) {
        CHECK((planned[std::size_t(a)] < 0) == (first[std::size_t(a)] < 0));
        differs_from_first += planned[std::size_t(a)] != first[std::size_t(a)];
      }
    }
  }
  CHECK(differs_from_first > 50);  // the readings differ often enough to matter
}

void test_a_full_house_keeps_the_bomb_whole() {
  // Sevens full: the first reading takes the lowest pair, two of the four
  // threes (a bomb); the planned one takes the nines.
  const CardSet hand = cards_of("7h 7s 7d 3c 3d 3h 3s 9c 9d Ks");
  auto moves = std::make_unique<MoveList>();
  generate_moves(hand, kTwo, MoveRules{}, nullptr, *moves);
  std::array<int, kGiveBase> planned, first;
  planned_actions(moves->begin(), int(moves->size()), hand, kTwo, MoveRules{}, planned);
  group_actions(moves->begin(), int(moves->size()), first);
  const int sevens_full = 44 + 5;  // action_of: full houses from 44, by rank (seven: rank 5)
  CHECK(action_of((*moves)[std::size_t(planned[sevens_full])]) == sevens_full);
  CHECK((*moves)[std::size_t(planned[sevens_full])].cards() == cards_of("7h 7s 7d 9c 9d"));
  const CardSet first_cards = (*moves)[std::size_t(first[sevens_full])].cards();
  CHECK(first_cards.size() - (first_cards - cards_of("3c 3d 3h 3s")).size() == 2);
}

void test_net_reads_actions_as_planned_and_net_v1_as_first() {
  // Over the opening leads of seeded deals, `net` plays the planned reading
  // of the action it scores best, `net_v1` the first reading of its own.
  auto moves = std::make_unique<MoveList>();
  const PolicySpec net = parse_policy_spec("net"), v1 = parse_policy_spec("net_v1");
  auto planned_bot = net.entry->make(PolicyOptions{net.values, nullptr});
  auto first_bot = v1.entry->make(PolicyOptions{v1.values, nullptr});
  int plays_differ = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const SeededDeal dealt = seeded_deal(seed);
    DealState deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
    moves->clear();
    generate_moves(deal.hand(deal.turn()), kTwo, MoveRules{}, nullptr, *moves);
    const int count = int(moves->size());
    std::array<int, kGiveBase> planned, first;
    planned_actions(moves->begin(), count, deal.hand(deal.turn()), kTwo, MoveRules{}, planned);
    group_actions(moves->begin(), count, first);
    Rng rng(seed);
    const int a = planned_bot->choose_play(deal.view(deal.turn()), moves->begin(), count, false, rng);
    const int b = first_bot->choose_play(deal.view(deal.turn()), moves->begin(), count, false, rng);
    CHECK(a >= 0 && a == planned[std::size_t(action_of((*moves)[std::size_t(a)]))]);
    CHECK(b >= 0 && b == first[std::size_t(action_of((*moves)[std::size_t(b)]))]);
    plays_differ += a != b;
  }
  CHECK(plays_differ > 0);
}

void test_the_batched_environment_plays_the_reading_it_is_set_to() {
  // Each play action's feature row holds the cards of the move the set
  // reading names, and a step plays those cards.
  int plays_checked = 0;
  for (const bool planned : {false, true}) {
    learning::BatchEnvSetup setup;
    setup.seed = 3;
    setup.cards = planned ? ActionCards::kPlanned : ActionCards::kFirst;
    constexpr int kEnvs = 6;
    learning::BatchEnv env(setup, kEnvs, 1);
    std::vector<std::int8_t> observation(std::size_t(kEnvs) * learning::kObservationSize), mask(kEnvs * kNumActions),
        seat(kEnvs), done(kEnvs);
    std::vector<float> reward(kEnvs * 4);
    std::vector<std::uint64_t> deal_seed(kEnvs);
    const BatchOutputs out{observation.data(), mask.data(), seat.data(), reward.data(), done.data(), deal_seed.data()};
    env.reset(out);
    auto moves = std::make_unique<MoveList>();
    for (int turn = 0; turn < 40; ++turn) {
      std::vector<std::int8_t> rows(std::size_t(env.legal_count()) * kActionFeatures);
      std::vector<std::int16_t> actions(std::size_t(env.legal_count()));
      env.action_rows(rows.data(), actions.data());
      std::vector<std::int32_t> step(kEnvs);
      std::vector<CardSet> before(kEnvs), played(kEnvs);
      std::size_t row = 0;
      for (int j = 0; j < kEnvs; ++j) {
        const RecordedDeal& deal = env.deal(j);
        before[std::size_t(j)] = deal.hand(deal.turn());
        moves->clear();
        generate_moves(before[std::size_t(j)], deal.level(), deal.rules().move_rules(), deal.last_play(), *moves);
        std::array<int, kGiveBase> reading;
        read_actions(setup.cards, moves->begin(), int(moves->size()), before[std::size_t(j)], deal.level(),
                     deal.rules().move_rules(), reading);
        const int legal = int(std::count(mask.begin() + j * kNumActions, mask.begin() + (j + 1) * kNumActions, 1));
        step[std::size_t(j)] = actions[row];  // a pass or a given card, unless it can play
        for (int r = 0; r < legal; ++r, ++row) {
          const int a = actions[row];
          if (a <= kPassAction || a >= kGiveBase) continue;
          const CardSet cards = (*moves)[std::size_t(reading[std::size_t(a)])].cards();
          std::array<std::int8_t, kActionFeatures> expected{};
          add_card_counts(cards, expected.data());
          CHECK(std::equal(expected.begin(), expected.begin() + 54, rows.begin() + std::ptrdiff_t(row * kActionFeatures)));
          step[std::size_t(j)] = a;  // the last play action: the strongest
          played[std::size_t(j)] = cards;
        }
      }
      std::vector<int> actor(kEnvs);
      for (int j = 0; j < kEnvs; ++j) actor[std::size_t(j)] = env.deal(j).turn();
      env.step(step.data(), out);
      for (int j = 0; j < kEnvs; ++j) {
        const std::int32_t a = step[std::size_t(j)];
        if (done[std::size_t(j)] || a <= kPassAction || a >= kGiveBase) continue;
        CHECK(env.deal(j).hand(actor[std::size_t(j)]) == before[std::size_t(j)] - played[std::size_t(j)]);
        ++plays_checked;
      }
    }
  }
  CHECK(plays_checked > 100);
}

}  // namespace

void test_action_cards() {
  test_matches_the_reference_on_dealt_hands();
  test_a_full_house_keeps_the_bomb_whole();
  test_net_reads_actions_as_planned_and_net_v1_as_first();
  test_the_batched_environment_plays_the_reading_it_is_set_to();
}

}  // namespace guandan::testing
