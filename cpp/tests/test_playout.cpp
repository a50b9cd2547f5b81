// Whole deals played to the end by the random and the rule policies: every
// card accounted for, a complete placing, every play legal when it was made.
#include <memory>

#include "check.h"
#include "guandan/bots/registry.h"
#include "guandan/deck.h"
#include "guandan/bots/playout.h"

namespace guandan::testing {
namespace {

// A policy that checks each decision it is handed, then lets `inner` choose.
class Checked final : public Policy {
 public:
  explicit Checked(Policy& inner) : inner_(inner) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override {
    CHECK(can_pass == !view.leading);
    CHECK(count > 0 || can_pass);
    for (int i = 0; i < count; ++i) {
      CHECK(view.hand.contains(moves[i].cards()));
      CHECK(view.leading || beats(moves[i], view.last_play, view.level));
    }
    ++decisions;
    return inner_.choose_play(view, moves, count, can_pass, rng);
  }
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override {
    CHECK(!options.empty() && view.hand.contains(options));
    return inner_.choose_card(view, options, rng);
  }
  long decisions = 0;

 private:
  Policy& inner_;
};

// A policy that, at each decision, also asks `twin` (the same policy, fed
// the same decisions) to decide without the list, and checks that it picks
// what `inner` picks from the list whenever it does not ask for the list.
class WithoutListChecked final : public Policy {
 public:
  WithoutListChecked(Policy& inner, Policy& twin) : inner_(inner), twin_(twin) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override {
    Move play;
    const WithoutList without = twin_.choose_without_list(view, can_pass, rng, play);
    const int choice = inner_.choose_play(view, moves, count, can_pass, rng);
    if (without == WithoutList::kNeedsList) return choice;
    ++decided;
    CHECK(without == (choice < 0 ? WithoutList::kPass : WithoutList::kPlay));
    if (without == WithoutList::kPlay && choice >= 0) CHECK(play == moves[choice]);
    return choice;
  }
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override {
    twin_.choose_card(view, options, rng);
    return inner_.choose_card(view, options, rng);
  }
  long decided = 0;

 private:
  Policy& inner_;
  Policy& twin_;
};

// A policy that lets `reference` choose from the list, and checks that a
// policy asked first without the list and then, needing it, from the list
// (what choose_play may remember of the first question) chooses the same;
// and that one left with that memory from the decision before (asked
// without the list, never handed it) chooses the same at this decision.
class AskedTwiceChecked final : public Policy {
 public:
  AskedTwiceChecked(Policy& reference, Policy& asked_twice, Policy& left_asking)
      : reference_(reference), asked_twice_(asked_twice), left_asking_(left_asking) {}
  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) override {
    const int choice = reference_.choose_play(view, moves, count, can_pass, rng);
    Move play;
    if (asked_twice_.choose_without_list(view, can_pass, rng, play) == WithoutList::kNeedsList) {
      ++asked_with_list;
      CHECK(asked_twice_.choose_play(view, moves, count, can_pass, rng) == choice);
    }
    CHECK(left_asking_.choose_play(view, moves, count, can_pass, rng) == choice);
    left_asking_.choose_without_list(view, can_pass, rng, play);
    return choice;
  }
  CardKind choose_card(const PlayerView& view, CardSet options, Rng& rng) override {
    asked_twice_.choose_card(view, options, rng);
    left_asking_.choose_card(view, options, rng);
    return reference_.choose_card(view, options, rng);
  }
  long asked_with_list = 0;

 private:
  Policy& reference_;
  Policy& asked_twice_;
  Policy& left_asking_;
};

// Deal i of run `run`: seeded hands at level i % 13, after a random previous
// placing (tribute first), or from the first deal's leader; `rng` is then
// the playout's stream.
DealState seeded_run_deal(std::uint64_t run, std::uint64_t i, const Ruleset& rules, bool from_leader, Rng& rng) {
  const std::uint64_t seed = match_deal_seed(run, i);
  const SeededDeal dealt = seeded_deal(seed);
  rng = Rng(seed);
  Placing previous{0, 1, 2, 3};
  rng.shuffle(previous);
  return from_leader ? DealState(dealt.hands, Rank(i % kNumRanks), rules, dealt.leader)
                     : DealState(dealt.hands, Rank(i % kNumRanks), rules, previous);
}

// 60 seeded deals of run `run` (standard rules, after a random previous
// placing), `checked` at every seat.
void play_checked_deals(Policy& checked, std::uint64_t run) {
  Policy* const policies[4] = {&checked, &checked, &checked, &checked};
  auto moves = std::make_unique<MoveList>();
  for (std::uint64_t i = 0; i < 60; ++i) {
    Rng rng(0);
    DealState deal = seeded_run_deal(run, i, Ruleset{}, false, rng);
    play_out(deal, policies, rng, *moves);
  }
}

// The planning player's decisions without the list (rule.h) are the ones
// it makes from the list, in every style, leading and following.
void compare_without_list(const char* name) {
  auto inner = make_policy(name), twin = make_policy(name);
  WithoutListChecked checked(*inner, *twin);
  play_checked_deals(checked, 9);
  CHECK(checked.decided > 1000);
}

// Asking without the list first changes no choice made from the list.
void compare_asked_twice(const char* name) {
  auto reference = make_policy(name), asked_twice = make_policy(name), left_asking = make_policy(name);
  AskedTwiceChecked checked(*reference, *asked_twice, *left_asking);
  play_checked_deals(checked, 11);
  CHECK(checked.asked_with_list > 300);
}

void play_deals(const char* name, const Ruleset& rules) {
  auto inner = make_policy(name);
  CHECK(inner != nullptr);
  Checked checked(*inner);
  Policy* const policies[4] = {&checked, &checked, &checked, &checked};
  auto moves = std::make_unique<MoveList>();
  for (std::uint64_t i = 0; i < 150; ++i) {
    Rng rng(0);
    DealState deal = seeded_run_deal(5, i, rules, i % 3 == 0, rng);
    const PlayoutStats stats = play_out(deal, policies, rng, *moves);
    CHECK(deal.is_over());
    CHECK(stats.plays >= 4 && stats.bombs <= stats.plays);
    // Every card is either played or still held.
    CardSet all = deal.played();
    for (int s = 0; s < 4; ++s) all = all + deal.hand(s);
    CHECK(all == CardSet::full_deck());
    const Placing placing = deal.placing();
    unsigned seen = 0;
    for (int p : placing) seen |= 1u << p;
    CHECK(seen == 0xF);
    CHECK(deal.hand(deal.finished(0)).empty());
  }
  CHECK(checked.decisions > 0);
}

}  // namespace

void test_playout() {
  Ruleset three_out;
  three_out.deal_end = DealEnd::kThreeOut;
  three_out.tribute_payers = TributePayers::kLastOnly;
  for (const char* name : {"random", "rule_v1", "rule"}) {
    play_deals(name, Ruleset{});
    play_deals(name, three_out);
  }
  for (const char* name : {"rule", "rule_bomber", "rule_patient", "rule_v2"}) {
    compare_without_list(name);
    compare_asked_twice(name);
  }
}

}  // namespace guandan::testing
