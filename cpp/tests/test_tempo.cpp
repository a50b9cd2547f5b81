// The tempo policy (bots/tempo.h): whole seeded deals end with every card
// accounted for, the same seed plays the same way twice, and hand-built
// positions show its rules one at a time.
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <vector>

#include "check.h"
#include "guandan/bots/tempo.h"
#include "guandan/deck.h"
#include "guandan/move_list.h"
#include "guandan/movegen.h"
#include "guandan/bots/playout.h"
#include "guandan/tools/simulate.h"
#include "guandan/tribute.h"

namespace guandan::testing {
namespace {

CardSet cards_of(std::initializer_list<const char*> names) {
  CardSet c;
  for (const char* name : names) c = c + CardSet::of_kind(*parse_card(name));
  return c;
}

// Whole deals, most with a tribute from a random previous placing: policies
// by seat, every card played or still held, a complete placing.
void play_deals(Policy* const policies[4], std::uint64_t seed, int deals) {
  auto moves = std::make_unique<MoveList>();
  for (int i = 0; i < deals; ++i) {
    const std::uint64_t deal_seed = match_deal_seed(seed, std::uint64_t(i));
    const SeededDeal dealt = seeded_deal(deal_seed);
    Rng rng(deal_seed);
    Placing previous{0, 1, 2, 3};
    rng.shuffle(previous);
    const Rank level = Rank(i % kNumRanks);
    DealState deal = i % 4 == 0 ? DealState(dealt.hands, level, Ruleset{}, dealt.leader)
                                : DealState(dealt.hands, level, Ruleset{}, previous);
    try {
      play_out(deal, policies, rng, *moves);
    } catch (const std::exception&) {
      const bool threw = true;  // an out-of-range choice, a pass when leading
      CHECK(!threw);
      continue;
    }
    CHECK(deal.is_over());
    CardSet all = deal.played();
    for (int s = 0; s < 4; ++s) all = all + deal.hand(s);
    CHECK(all == CardSet::full_deck());
    unsigned seen = 0;
    for (int p : deal.placing()) seen |= 1u << p;
    CHECK(seen == 0xF);
  }
}

void whole_deals() {
  TempoPolicy tempo;
  Policy* const all_tempo[4] = {&tempo, &tempo, &tempo, &tempo};
  play_deals(all_tempo, 11, 200);
  for (const char* other_name : {"rule", "rule_v1"}) {
    auto other = make_policy(other_name);
    TempoPolicy mine;
    Policy* const a[4] = {&mine, other.get(), &mine, other.get()};
    Policy* const b[4] = {other.get(), &mine, other.get(), &mine};
    play_deals(a, 12, 50);
    play_deals(b, 12, 50);
  }
}

struct DealTable {
  explicit DealTable(std::size_t n)
      : placing(n * 4), partner(n), team(n), gained(n), tribute(n), plays(n), passes(n), bombs(n), seeds(n) {}
  DealColumns columns() {
    return {placing.data(), partner.data(), team.data(),  gained.data(), tribute.data(),
            plays.data(),   passes.data(),  bombs.data(), seeds.data()};
  }
  bool operator==(const DealTable&) const = default;
  std::vector<std::int8_t> placing, partner, team, gained, tribute;
  std::vector<std::int16_t> plays, passes, bombs;
  std::vector<std::uint64_t> seeds;
};

void determinism() {
  // Twice the same seeded run, tempo alone and against rule.
  for (const char* other : {"tempo", "rule"}) {
    SimulationSetup setup;
    setup.seed = 77;
    setup.policies = {find_policy("tempo"), find_policy(other), find_policy("tempo"), find_policy(other)};
    CHECK(setup.policies[0] != nullptr);
    DealTable first(120), second(120);
    CHECK(simulate_deals(setup, 0, 120, first.columns(), 1));
    CHECK(simulate_deals(setup, 0, 120, second.columns(), 1));
    CHECK(first == second);
  }
  // One object playing deal after deal plays as fresh objects do: what it
  // remembers per seat is reset when a deal starts.
  auto moves = std::make_unique<MoveList>();
  TempoPolicy reused;
  for (std::uint64_t i = 0; i < 40; ++i) {
    const std::uint64_t seed = match_deal_seed(3, i);
    const SeededDeal dealt = seeded_deal(seed);
    std::array<int, 4> order{};
    for (int pass = 0; pass < 2; ++pass) {
      TempoPolicy fresh;
      Policy* p = pass == 0 ? static_cast<Policy*>(&reused) : &fresh;
      Policy* const policies[4] = {p, p, p, p};
      DealState deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
      Rng rng(seed);
      play_out(deal, policies, rng, *moves);
      const Placing placing = deal.placing();
      if (pass == 0) {
        for (int k = 0; k < 4; ++k) order[k] = placing[k];
      } else {
        for (int k = 0; k < 4; ++k) CHECK(order[k] == placing[k]);
      }
    }
  }
}

// The policy's choice at the seat to act in `deal`.
struct Decision {
  std::vector<Move> moves;
  int choice = -2;
  Move chosen() const { return choice >= 0 ? moves[std::size_t(choice)] : Move{}; }
};

Decision decide(TempoPolicy& policy, const DealState& deal, std::uint64_t seed = 1) {
  Decision d;
  VectorSink sink{d.moves};
  generate_moves(deal.hand(deal.turn()), deal.level(), deal.rules().move_rules(), deal.last_play(), sink);
  Rng rng(seed);
  d.choice = policy.choose_play(deal.view(deal.turn()), d.moves.data(), int(d.moves.size()), !deal.leading(), rng);
  CHECK(d.choice >= -1 && d.choice < int(d.moves.size()));
  return d;
}

void finishes_in_one_move() {
  TempoPolicy policy;
  // Leading 4 5 6 7 8 (level 2): the straight plays the whole hand. (Its
  // split keeps the straight, and would lead it anyway as it starts below
  // 10; but leading any single, the 4 first, would be the rule without it
  // if the split did not take the straight: the going-out check comes
  // first whatever the split.)
  {
    const std::array<CardSet, 4> hands{cards_of({"4s", "5d", "6c", "7s", "8d"}), cards_of({"Ks", "Kd", "Qc"}),
                                       cards_of({"9s", "9c"}), cards_of({"Tc", "Jc", "Js"})};
    const DealState deal(hands, kTwo, Ruleset{}, 0);
    const Decision d = decide(policy, deal);
    CHECK(d.choice >= 0 && d.chosen().size() == 5 && d.chosen().kind() == Kind::kStraight);
  }
  // Following its partner's low pair of fours with its last two cards, a
  // pair of aces: it goes out. (Without them being its last cards it would
  // pass: aces are control, not spent on a partner's play.)
  {
    const std::array<CardSet, 4> hands{cards_of({"As", "Ad"}), cards_of({"Ks", "Kd", "Qc", "Qd", "Js", "Jd", "Tc", "Td"}),
                                       cards_of({"4s", "4d", "5c", "6c", "7c", "8h", "9h", "Th", "Jh"}),
                                       cards_of({"3c", "3d", "5s", "5d", "6s", "6d", "7s", "7d"})};
    DealState deal(hands, kTwo, Ruleset{}, 2);
    deal.apply_play(Move::make(cards_of({"4s", "4d"}), Kind::kPair, Rank(2)));
    deal.apply_pass();  // seat 3
    const Decision d = decide(policy, deal);
    CHECK(d.choice >= 0 && d.chosen().cards() == cards_of({"As", "Ad"}));
    // The same play with a third card in hand: it passes.
    std::array<CardSet, 4> more = hands;
    more[0] = more[0] + cards_of({"3s"});
    DealState other(more, kTwo, Ruleset{}, 2);
    other.apply_play(Move::make(cards_of({"4s", "4d"}), Kind::kPair, Rank(2)));
    other.apply_pass();
    CHECK(decide(policy, other).choice == -1);
  }
}

void dumps_lowest_loose_single() {
  TempoPolicy policy;
  const std::array<CardSet, 4> others{CardSet{}, cards_of({"Ks", "Qc", "Qd", "Js", "Jd"}),
                                      cards_of({"9s", "9c", "Tc", "Td", "As"}), cards_of({"Tc", "Jc", "Ac", "Ad", "3c"})};
  // 4 9 K K (level 2): the loose singles are 4 and 9; 4 is the lowest and
  // below 9.
  {
    std::array<CardSet, 4> hands = others;
    hands[0] = cards_of({"4s", "9d", "Ks", "Kd"});
    const Decision d = decide(policy, DealState(hands, kTwo, Ruleset{}, 0));
    CHECK(d.choice >= 0 && d.chosen().cards() == cards_of({"4s"}));
  }
  // 3 4 5 6 7 8 K K: the split takes the straight 3-7 (five loose singles
  // absorbed, nothing broken: +5; 4-8 scores +5 too, and the lower window
  // wins ties), so the loose singles are the 8 alone: it leads the 8, not
  // the 3.
  {
    std::array<CardSet, 4> hands = others;
    hands[0] = cards_of({"3s", "4d", "5c", "6h", "7s", "8d", "Ks", "Kd"});
    const Decision d = decide(policy, DealState(hands, kTwo, Ruleset{}, 0));
    CHECK(d.choice >= 0 && d.chosen().cards() == cards_of({"8d"}));
  }
}

void no_single_into_one_card() {
  TempoPolicy policy;
  // 4 9 9 (level 2). The next opponent (seat 1) holds one card: a single
  // could let it go out, so the pair of nines leads instead of the 4.
  std::array<CardSet, 4> hands{cards_of({"4s", "9d", "9c"}), cards_of({"Ac"}), cards_of({"5s", "5d", "6c"}),
                               cards_of({"Tc", "Jc", "Js"})};
  {
    const Decision d = decide(policy, DealState(hands, kTwo, Ruleset{}, 0));
    CHECK(d.choice >= 0 && d.chosen().kind() == Kind::kPair);
  }
  // With five cards there, the 4 leads as usual.
  hands[1] = cards_of({"Ac", "Ad", "Kc", "Kd", "Qc"});
  {
    const Decision d = decide(policy, DealState(hands, kTwo, Ruleset{}, 0));
    CHECK(d.choice >= 0 && d.chosen().cards() == cards_of({"4s"}));
  }
  // A pair into two cards: with 4 4 9 and the next opponent on two cards,
  // the 9 leads (the pair waits).
  hands[0] = cards_of({"4s", "4d", "9d"});
  hands[1] = cards_of({"Ac", "Ad"});
  {
    const Decision d = decide(policy, DealState(hands, kTwo, Ruleset{}, 0));
    CHECK(d.choice >= 0 && d.chosen().cards() == cards_of({"9d"}));
  }
}

void never_bombs_partner_outside_danger() {
  // Seat 0 holds 7 7 7 7 and a 3 (level 2); its partner (seat 2) leads a 9,
  // seat 3 passes. Nothing but the bomb beats the 9, no opponent is close
  // to going out (12 and 11 cards): it passes, whatever the coin flips.
  const CardSet mine = cards_of({"7s", "7d", "7c", "7h", "3s"});
  const CardSet opp1 = cards_of({"Ks", "Kd", "Qc", "Qd", "Js", "Jd", "Tc", "Td", "4c", "4d", "5c", "5d"});
  const CardSet partner = cards_of({"9s", "Ac", "Ad", "As", "Kc", "6s", "6d", "8s", "8d"});
  const CardSet opp3 = cards_of({"3c", "3d", "5s", "6c", "8c", "Tc", "Jc", "Qs", "Qh", "Kh", "Ah"});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    TempoPolicy policy;
    DealState deal({mine, opp1, partner, opp3}, kTwo, Ruleset{}, 2);
    deal.apply_play(Move::make(cards_of({"9s"}), Kind::kSingle, Rank(7)));
    deal.apply_pass();  // seat 3
    CHECK(decide(policy, deal, seed).choice == -1);
  }
  // The same 9 from the previous opponent (seat 3) holding three cards
  // after it: danger (at most 5), so the cheapest bomb answers it.
  {
    TempoPolicy policy;
    DealState deal({mine, opp1, partner, cards_of({"9s", "3c", "3d", "5s"})}, kTwo, Ruleset{}, 3);
    deal.apply_play(Move::make(cards_of({"9s"}), Kind::kSingle, Rank(7)));
    const Decision d = decide(policy, deal);
    CHECK(d.choice >= 0 && d.chosen().kind() == Kind::kBomb);
  }
}

void tribute_and_return() {
  TempoPolicy policy;
  Rng rng(1);
  // Tribute at level 5 (5h wild): 5s (level order 13) is the highest card
  // that is not the wild; the ace is lower (12).
  {
    PlayerView view;
    view.seat = 1;
    view.level = Rank(3);  // the five
    view.hand = cards_of({"5h", "5s", "As", "Kd", "3c"});
    CHECK(policy.choose_card(view, view.hand, rng) == *parse_card("5s"));
    // The engine's own tribute options, over seeded hands: the choice is
    // one of them and of the highest value.
    for (std::uint64_t i = 0; i < 50; ++i) {
      const auto hands = seeded_deal(match_deal_seed(9, i)).hands;
      view.hand = hands[i % 4];
      view.level = Rank(i % kNumRanks);
      const CardSet options = tribute_cards(view.hand, view.level, Ruleset{});
      const CardKind k = policy.choose_card(view, options, rng);
      CHECK(options.contains(CardSet::of_kind(k)));
      CHECK(k != wild_kind(view.level));
    }
  }
  // Return at level 2: the receiver (it is known to hold the SJ it got)
  // holds 4 66 888 KK A SJ. Options: its cards of 10 or lower. The 4 is a
  // loose card of 10 or lower: it goes back.
  {
    PlayerView view;
    view.seat = 0;
    view.level = kTwo;
    view.hand = cards_of({"4s", "6s", "6d", "8s", "8d", "8c", "Ks", "Kd", "Ac", "SJ"});
    view.shown[0] = cards_of({"SJ"});
    const CardSet options = return_cards(view.hand, kSmallJoker, kTwo, Ruleset{});
    CHECK(policy.choose_card(view, options, rng) == *parse_card("4s"));
    // Without the 4: one of the lone triple of eights (before the pair).
    view.hand = view.hand - cards_of({"4s"});
    const CardKind k = policy.choose_card(view, return_cards(view.hand, kSmallJoker, kTwo, Ruleset{}), rng);
    CHECK(rank_of(k) == Rank(6));
  }
}

}  // namespace

void test_tempo() {
  whole_deals();
  determinism();
  finishes_in_one_move();
  dumps_lowest_loose_single();
  no_single_into_one_card();
  never_bombs_partner_outside_danger();
  tribute_and_return();
}

}  // namespace guandan::testing
