// Inference and opponent styles: what passes and plays record (evidence.h),
// free units, the weighted sampler (inference.h), the planning player's
// styles (plan_style.h, bots/rule_styles.h) and search v3 deciding with them.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "cards_text.h"
#include "check.h"
#include "guandan/bots/net.h"
#include "guandan/bots/rule_styles.h"
#include "guandan/bots/search.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/bots/inference.h"
#include "guandan/bots/move_facts.h"
#include "guandan/movegen.h"
#include "guandan/bots/playout.h"
#include "guandan/readings.h"
#include "guandan/recorded_deal.h"
#include "guandan/tribute.h"
#include "guandan/bots/style_evidence.h"

namespace guandan::testing {
namespace {

Move single_move(std::string_view card) {
  const CardKind k = *parse_card(card);
  return Move::make(CardSet::of_kind(k), Kind::kSingle, rank_of(k));
}

void test_evidence_record() {
  // Seat 0 leads a single 6; seat 1 (an opponent of 0) passes: a free
  // single is unlikely for seat 1 at every order above 6's (orders 5..15,
  // 6 being order 4 at level 2). Seat 2 (0's partner) passes: no evidence
  // (it passed over its partner). Seat 3 answers with a single J (order 9):
  // orders 5..8 (7 to 10) marked for seat 3, not J itself or above.
  const std::array<CardSet, 4> hands{cards_of("6s 3c 4d"), cards_of("Ks 5c"), cards_of("8c 8d"), cards_of("Js 9c 2d")};
  RecordedDeal deal(hands, kTwo, Ruleset{}, 0);
  deal.play(single_move("6s"));
  deal.pass();
  deal.pass();
  deal.play(single_move("Js"));
  const Evidence e = read_evidence(deal.view(0));
  CHECK(e.unlikely[1][std::size_t(Kind::kSingle)] == std::uint16_t(0xFFE0));  // bits 5..15
  CHECK(e.unlikely[2][std::size_t(Kind::kSingle)] == 0);
  CHECK(e.unlikely[3][std::size_t(Kind::kSingle)] == std::uint16_t(0x01E0));  // bits 5..8
  CHECK(e.unlikely[0][std::size_t(Kind::kSingle)] == 0);
  CHECK(e.empty_for(0) && e.empty_for(2) && !e.empty_for(1));
  // Every seat's view reads the same record, and it is history: the
  // position alone (its text form) carries none.
  CHECK(read_evidence(deal.view(2)) == e);
  CHECK(read_evidence(DealState(deal).view(2)) == Evidence{});
  CHECK(DealState::from_text(deal.to_text()) == deal);
  // A pass over a bomb shows nothing.
  Evidence none;
  none.note_pass(1, 0, Move::make(cards_of("5s 5h 5c 5d"), Kind::kBomb, 3), kTwo, 10);
  CHECK(none.empty_for(1) && none == Evidence{});
  // A bomb answering a single is like a pass: no free single above it.
  Evidence bomb;
  bomb.note_answer(1, 0, single_move("6s"), Move::make(cards_of("5s 5h 5c 5d"), Kind::kBomb, 3), kTwo, 10, 20);
  CHECK(bomb.unlikely[1][0] == std::uint16_t(0xFFE0));
  // For the styles: the fewest cards the owner held when seat 1 passed (2
  // after seat 0's 6); the 6 is no high play, and seat 3 answered.
  CHECK(e.pass_owner_min[1] == 2 && e.pass_high_owner_min[1] == kNoPassSeen);
  CHECK(e.pass_owner_min[2] == kNoPassSeen && e.pass_owner_min[3] == kNoPassSeen);
  // A bomb over a low play says nothing of the styles; over a high one
  // (a single of the level rank) with cards to spare it records the owner's
  // cards; with six cards or fewer left it may be a bomb to go out.
  CHECK(bomb.bomb_high_owner_max[1] == kNoBombSeen);
  const Move bomb5 = Move::make(cards_of("5s 5h 5c 5d"), Kind::kBomb, 3);
  bomb.note_answer(1, 0, single_move("2c"), bomb5, kTwo, 14, 7);
  CHECK(bomb.bomb_high_owner_max[1] == 14);
  bomb.note_answer(1, 0, single_move("2d"), bomb5, kTwo, 20, 6);
  CHECK(bomb.bomb_high_owner_max[1] == 14);
  // A pass over an owner who went out with the play: nothing of the styles.
  Evidence out;
  out.note_pass(1, 0, single_move("2c"), kTwo, 0);
  CHECK(out.pass_owner_min[1] == kNoPassSeen && out.unlikely[1][0] != 0);
  out.note_pass(1, 0, single_move("2c"), kTwo, 11);
  out.note_pass(1, 0, single_move("3c"), kTwo, 9);
  CHECK(out.pass_owner_min[1] == 9 && out.pass_high_owner_min[1] == 11);
}

void test_move_facts_for_styles() {
  // High plays: a single of the level rank or above (an ace is below it), a
  // pair of aces, a triple of queens, a straight to the ace.
  CHECK(is_high(single_move("2c"), kTwo) && !is_high(single_move("As"), kTwo));
  CHECK(is_high(single_move("SJ"), kTwo) && is_high(single_move("As"), Rank(5)) == false);
  CHECK(is_high(Move::make(cards_of("As Ac"), Kind::kPair, kAce), kTwo));
  CHECK(!is_high(Move::make(cards_of("Ks Kc"), Kind::kPair, Rank(kAce - 1)), kTwo));
  CHECK(is_high(Move::make(cards_of("Ts Jc Qd Ks Ah"), Kind::kStraight, kAce), kTwo));
  // Bombs: four of a kind, with a wild (2h at level 2), a straight flush,
  // the four jokers; not three of a kind, not three with a wild at another
  // level (2h is then no wild).
  CHECK(holds_bomb(cards_of("5s 5h 5c 5d 9c"), kTwo, MoveRules{}));
  CHECK(holds_bomb(cards_of("5s 5c 5d 2h"), kTwo, MoveRules{}));
  CHECK(!holds_bomb(cards_of("5s 5c 5d 2h"), Rank(7), MoveRules{}));
  CHECK(!holds_bomb(cards_of("5s 5c 5d 9c 9d"), kTwo, MoveRules{}));
  CHECK(holds_bomb(cards_of("3s 4s 5s 6s 7s"), kTwo, MoveRules{}));
  CHECK(holds_bomb(cards_of("SJ SJ BJ BJ"), kTwo, MoveRules{}));
  CHECK(!holds_bomb(CardSet{}, kTwo, MoveRules{}));
}

// Seat 1, an opponent of seat 0, let seat 0's high single (the level
// rank) go while seat 0 held `owner_cards`, holding a bomb (5555) when
// `bomb`; the deal at seat 1's next decision (its view points at the
// deal's record, so the deal is kept).
RecordedDeal after_a_pass(int owner_cards, bool bomb) {
  // The 2c, the 3c it leads next, and owner_cards - 1 more.
  const std::string_view pool = "2c 3c 3d 4c 4d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qc Qd Kc Kd";
  const CardSet owner = cards_of(pool.substr(0, std::size_t(owner_cards + 1) * 3 - 1));
  const std::array<CardSet, 4> hands{owner, bomb ? cards_of("5s 5h 5c 5d Js") : cards_of("5s 5h 5c 6s Js"),
                                     cards_of("9s 9h"), cards_of("Ts Th")};
  RecordedDeal deal(hands, kTwo, Ruleset{}, 0);
  deal.play(single_move("2c"));
  deal.pass();  // seat 1: the evidence
  deal.pass();
  deal.pass();
  deal.play(single_move("3c"));  // seat 0 leads again
  return deal;
}

void test_style_evidence() {
  // Passing over a high play from an owner with 12 cards while holding a
  // bomb rules out every style that bombs such plays from 12 cards (tempo
  // 12 or more): the bomber and the default player, not the patient one.
  const RecordedDeal passed_deal = after_a_pass(12, true);
  const PlayerView passed = passed_deal.view(1);
  const Evidence e = read_evidence(passed);
  CHECK(e.pass_high_owner_min[1] == 12 && e.pass_owner_min[1] == 12);
  CHECK(style_evidence_for(e, 1) && !style_evidence_for(e, 2) && !style_evidence_for(e, 0));
  CHECK(style_likelihood(kPatientStyle, e, 1, true) == 1.0);
  CHECK(style_likelihood(kBomberStyle, e, 1, true) == kStyleRuledOut);
  CHECK(style_likelihood(PlanStyle{}, e, 1, true) == kStyleRuledOut);
  // Without a bomb the pass says nothing of the thresholds.
  CHECK(style_likelihood(kBomberStyle, e, 1, false) == 1.0);
  // An owner close to going out (danger) rules out bombers even after a low play.
  Evidence danger;
  danger.note_pass(1, 0, single_move("3c"), kTwo, 6);
  CHECK(style_likelihood(kBomberStyle, danger, 1, true) == kStyleRuledOut);
  CHECK(style_likelihood(kPatientStyle, danger, 1, true) == 1.0);
  // A bomb over a high play from an owner with 18 cards, keeping 10:
  // unlikely for the patient player, not for the bomber.
  Evidence bombed;
  bombed.note_answer(1, 0, single_move("2c"), Move::make(cards_of("5s 5h 5c 5d"), Kind::kBomb, 3), kTwo, 18, 10);
  CHECK(style_likelihood(kPatientStyle, bombed, 1, false) == kStyleUnlikely);
  CHECK(style_likelihood(kBomberStyle, bombed, 1, false) == 1.0);

  // The styles drawn for seat 1 at that view: reading the evidence, mostly
  // ones it does not rule out (tempo_cards below 12); without reading, as
  // often as the mixture makes them (the patient third and 4 in 15 of the
  // drawn third: about 42%).
  auto consistent_share = [](const PlayerView& view, bool read) {
    auto moves = std::make_unique<MoveList>();
    generate_moves(view.hand, view.level, view.rules.move_rules(), &view.last_play, *moves);
    int consistent = 0;
    for (std::uint64_t i = 0; i < 400; ++i) {
      const Evidence evidence = read_evidence(view);
      RuleStylesPolicy styles(3, read ? &evidence : nullptr);
      Rng rng(i);
      styles.choose_play(view, moves->begin(), int(moves->size()), true, rng);
      consistent += styles.style(1).tempo_cards < 12;
    }
    return consistent / 400.0;
  };
  const double read = consistent_share(passed, true), unread = consistent_share(passed, false);
  CHECK(read > 0.8);
  CHECK(unread > 0.3 && unread < 0.55);
  // Holding no bomb, the pass rules nothing out: the same draws as without reading.
  const RecordedDeal no_bomb_deal = after_a_pass(12, false);
  const PlayerView no_bomb = no_bomb_deal.view(1);
  CHECK(consistent_share(no_bomb, true) == consistent_share(no_bomb, false));
}

void test_free_units() {
  const auto above = [](int order) { return std::uint16_t(0xFFFFu << (order + 1)); };
  // At level 2: a loose 9 (order 7) is a free single above a 6 (order 4);
  // a pair of 9s is not a free single but a free pair.
  CHECK(has_free_unit(cards_of("9s 3c 3d"), kTwo, Kind::kSingle, above(4)));
  CHECK(!has_free_unit(cards_of("9s 9c 3d"), kTwo, Kind::kSingle, above(4)));
  CHECK(has_free_unit(cards_of("9s 9c 3d"), kTwo, Kind::kPair, above(4)));
  // Control is not free: an ace, the level rank, a joker, a wild.
  CHECK(!has_free_unit(cards_of("As 3c 3d"), kTwo, Kind::kSingle, above(4)));
  CHECK(!has_free_unit(cards_of("7s 3c 3d"), Rank(5), Kind::kSingle, above(4)));  // 7 is the level
  CHECK(!has_free_unit(cards_of("SJ 3c 3d"), kTwo, Kind::kSingle, above(4)));
  CHECK(!has_free_unit(cards_of("2h 3c 3d"), kTwo, Kind::kSingle, above(0)));  // 2h is the wild at level 2
  // Only the marked orders count: the loose 9 is outside 5..6 (7s, 8s).
  CHECK(!has_free_unit(cards_of("9s 3c 3d"), kTwo, Kind::kSingle, std::uint16_t(0x0060)));
  // A full house needs a loose triple above and any pair; a straight loose
  // singles in a row topped above; a tube three pairs in a row.
  CHECK(has_free_unit(cards_of("Ts Tc Td 3c 3d"), kTwo, Kind::kFullHouse, above(4)));
  CHECK(!has_free_unit(cards_of("Ts Tc Td 3c"), kTwo, Kind::kFullHouse, above(4)));
  CHECK(has_free_unit(cards_of("5s 6c 7d 8s 9h"), kTwo, Kind::kStraight, above(6)));     // tops at 9 (rank 7)
  CHECK(!has_free_unit(cards_of("5s 6c 7d 8s 9h 9d"), kTwo, Kind::kStraight, above(6)));  // the 9 is a pair
  CHECK(has_free_unit(cards_of("5s 5c 6d 6s 7h 7d"), kTwo, Kind::kTube, above(4)));
  CHECK(!has_free_unit(cards_of("5s 5c 6d 6s 7h 7d"), kTwo, Kind::kTube, above(5)));
  CHECK(!has_free_unit(cards_of("9s"), kTwo, Kind::kSingle, 0));
}

void test_weighted_sampler() {
  // Seat 1 passed over a single 3 (order 1) of seat 0, so worlds where seat
  // 1 holds a loose single 4..K weigh pass_if_free[single] as much.
  const std::array<CardSet, 4> hands{cards_of("3s 3c 9d 9s Td"), cards_of("4s"),
                                     cards_of("4c 4d Qs Qc Qd"), cards_of("5s 5c 7d 7s 7h")};
  RecordedDeal deal(hands, kTwo, Ruleset{}, 0);
  deal.play(single_move("3s"));
  deal.pass();  // seat 1
  const PlayerView view = deal.view(2);
  const Evidence evidence = read_evidence(view);
  CHECK(has_evidence(view, evidence));
  std::array<CardSet, 4> world = hands;
  CHECK(evidence_likelihood(view, evidence, world, kDefaultInference) == kDefaultInference.pass_if_free[0]);
  world[1] = cards_of("Kc");  // a loose K
  CHECK(evidence_likelihood(view, evidence, world, kDefaultInference) == kDefaultInference.pass_if_free[0]);
  world[1] = cards_of("As");  // a (kept) ace: nothing free
  CHECK(evidence_likelihood(view, evidence, world, kDefaultInference) == 1.0);
  // Every weighted world is a world (counts, the viewer's hand, the unseen
  // cards), the same seed gives the same world, and seat 1 holds a free
  // single in fewer of them than with the uniform sampler.
  Rng a(7), b(7), uniform(7);
  int free_weighted = 0, free_uniform = 0;
  const CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  for (int i = 0; i < 2000; ++i) {
    const auto w = sample_world_inferred(view, evidence, a);
    CHECK(w == sample_world_inferred(view, evidence, b));
    CHECK(w[2] == view.hand);
    CardSet others;
    for (int s = 0; s < 4; ++s) {
      CHECK(w[std::size_t(s)].size() == view.counts[std::size_t(s)]);
      if (s != 2) others = others + w[std::size_t(s)];
    }
    CHECK(unseen.contains(others));
    const std::uint16_t orders = evidence.unlikely[1][0];
    free_weighted += has_free_unit(w[1], kTwo, Kind::kSingle, orders);
    free_uniform += has_free_unit(sample_world(view, uniform)[1], kTwo, Kind::kSingle, orders);
  }
  // With 1 card from about 95 unseen, seat 1 holds a loose 4..K in a share
  // p of the uniform worlds; the posterior share is p e / (p e + 1 - p), e
  // = pass_if_free[single] (resampling from finitely many tries lands a
  // little nearer the prior).
  const double p = free_uniform / 2000.0, e = kDefaultInference.pass_if_free[0];
  const double posterior = p * e / (p * e + 1 - p), got = free_weighted / 2000.0;
  CHECK(p > 0.5);
  CHECK(got < p - 0.2 && got > posterior - 0.05 && got < posterior + 0.12);
}

// A deal of `seed` with a tribute from `previous`, the tribute and the
// returns given (each the first card the rule allows), at the first play.
RecordedDeal after_tribute(std::uint64_t seed, const Placing& previous, Rank level, const Ruleset& rules) {
  RecordedDeal deal(seeded_deal(seed).hands, level, rules, previous);
  while (deal.phase() != Phase::kPlay) {
    const CardSet options = deal.give_options();
    for (int k = 0; k < kNumKinds; ++k)
      if (options.count(CardKind(k)) > 0) {
        deal.give(CardKind(k));
        break;
      }
  }
  return deal;
}

// Draws `draws` worlds for `view` with the sampler that keeps to the
// tribute's record and as many with the uniform one: the first never deals
// a seat a card it is said to hold none of (beyond what it was shown to
// receive). Returns how many seats the uniform worlds dealt one.
int barred_breaks(const PlayerView& view, std::uint64_t seed, int draws) {
  int broke = 0;
  Rng kept(seed), uniform(seed);
  const Evidence evidence = read_evidence(view);
  for (int i = 0; i < draws; ++i) {
    const auto world = sample_world(view, kept, &evidence);
    const auto loose = sample_world(view, uniform);
    for (int s = 0; s < 4; ++s) {
      CHECK(world[std::size_t(s)].size() == view.counts[std::size_t(s)]);
      if (s == view.seat) continue;
      const CardSet none = evidence.held_none[std::size_t(s)];
      const CardSet shown = view.shown[std::size_t(s)];
      CHECK(common(world[std::size_t(s)] - common(world[std::size_t(s)], shown), none).empty());
      broke += !common(loose[std::size_t(s)] - common(loose[std::size_t(s)], shown), none).empty();
    }
  }
  return broke;
}

void test_tribute_evidence() {
  // A payer gives its highest card but a wild: it holds nothing above it.
  const std::array<CardSet, 4> hands{cards_of("SJ 3c"), cards_of("As 2s 2h 4c"), cards_of("BJ 5c"),
                                     cards_of("Kd 6c")};
  // Seat 1 came last and pays seat 0 (first): its ace, not the wild 2h;
  // seat 3 came second, seat 2 third, so seat 1 pays alone.
  RecordedDeal deal(hands, kTwo, Ruleset{}, Placing{0, 3, 2, 1});
  CHECK(deal.phase() == Phase::kTribute && deal.turn() == 1);
  CHECK(deal.give_options() == cards_of("2s"));  // the level rank is above the ace
  deal.give(*parse_card("2s"));
  const CardSet none = read_evidence(deal.view(0)).held_none[1];
  // Above a natural level card: the jokers alone.
  CHECK(none == cards_of("SJ SJ BJ BJ"));
  CHECK(read_evidence(deal.view(0)).held_none[0].empty() && read_evidence(deal.view(0)).held_none[2].empty());
  // A small joker rules out the big one; an ace the level cards but the
  // wild, and both jokers.
  Evidence e;
  e.note_tribute(2, kSmallJoker, kTwo, Ruleset{});
  CHECK(e.held_none[2] == cards_of("BJ BJ"));
  e.note_tribute(3, *parse_card("Ad"), kTwo, Ruleset{});
  CHECK(e.held_none[3] == cards_of("SJ SJ BJ BJ 2s 2s 2c 2c 2d 2d"));
  // docs/rules.md §7.7: an ace at level 5 rules out the jokers and the
  // natural 5s, not the wild 5h.
  Evidence five;
  five.note_tribute(0, *parse_card("As"), Rank(3), Ruleset{});
  CHECK(five.held_none[0] == cards_of("SJ SJ BJ BJ 5s 5s 5c 5c 5d 5d"));
  // Where a wild may be paid, a natural ace rules the wild out too.
  Ruleset wilds;
  wilds.tribute_wild_allowed = true;
  Evidence w;
  w.note_tribute(1, *parse_card("Ad"), kTwo, wilds);
  CHECK(w.held_none[1] == cards_of("SJ SJ BJ BJ 2s 2s 2c 2c 2d 2d 2h 2h"));

  // Over many seeded deals, levels and placings, under both wild rules: a
  // payer's hand after the tribute holds nothing it is said to hold none of
  // but what it was shown to receive, and the sampler that keeps to the
  // record never deals it one, where the uniform sampler does.
  int barred_seen = 0, uniform_broke = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Rng draw(seed * 31);
    Placing previous{0, 1, 2, 3};
    draw.shuffle(previous);
    const Rank level = Rank(kTwo + int(draw.bounded(13)));
    const Ruleset rules = seed % 2 ? Ruleset{} : wilds;
    const RecordedDeal d = after_tribute(seed, previous, level, rules);
    for (int s = 0; s < 4; ++s) {
      const CardSet none = read_evidence(d.view(0)).held_none[std::size_t(s)];
      if (none.empty()) continue;
      ++barred_seen;
      const CardSet own = d.hand(s) - common(d.hand(s), d.view(s).shown[std::size_t(s)]);
      CHECK(common(own, none).empty());
    }
    uniform_broke += barred_breaks(d.view(d.turn()), seed, 20);
  }
  CHECK(barred_seen > 200);
  CHECK(uniform_broke > 100);
}

void test_cancelled_tribute_evidence() {
  // docs/rules.md §7.5: seat 1 came last and holds both big jokers, so it
  // pays nothing; then no other seat holds a big joker all deal.
  const std::array<CardSet, 4> hands{cards_of("SJ 3c"), cards_of("BJ BJ 4c"), cards_of("SJ 5c"), cards_of("Kd 6c")};
  RecordedDeal single(hands, kTwo, Ruleset{}, Placing{0, 3, 2, 1});
  CHECK(single.tribute_plan().cancelled && single.phase() == Phase::kPlay);
  CHECK(read_evidence(single.view(0)).held_none[1].empty());
  for (int s : {0, 2, 3}) CHECK(read_evidence(single.view(0)).held_none[std::size_t(s)] == cards_of("BJ BJ"));
  // After a 1-2 of seats 0 and 2, the losers 1 and 3 hold one each: the
  // winners hold none.
  const std::array<CardSet, 4> split{cards_of("SJ 3c"), cards_of("BJ 4c"), cards_of("SJ 5c"), cards_of("BJ 6c")};
  RecordedDeal both(split, kTwo, Ruleset{}, Placing{0, 2, 1, 3});
  CHECK(both.tribute_plan().cancelled);
  CHECK(read_evidence(both.view(0)).held_none[1].empty() && read_evidence(both.view(0)).held_none[3].empty());
  CHECK(read_evidence(both.view(0)).held_none[0] == cards_of("BJ BJ") && read_evidence(both.view(0)).held_none[2] == cards_of("BJ BJ"));
  // Where all four jokers cancel, they are all barred to the others.
  Ruleset four;
  four.tribute_cancel = TributeCancel::kAllFourJokers;
  const std::array<CardSet, 4> jokers{cards_of("3c"), cards_of("4c"), cards_of("5c"), cards_of("SJ SJ BJ BJ 6c")};
  RecordedDeal all(jokers, kTwo, four, Placing{0, 1, 2, 3});
  CHECK(all.tribute_plan().cancelled);
  for (int s : {0, 1, 2}) CHECK(read_evidence(all.view(0)).held_none[std::size_t(s)] == cards_of("SJ SJ BJ BJ"));
  // Under that rule, both big jokers alone do not cancel, and show nothing.
  RecordedDeal paid(hands, kTwo, four, Placing{0, 3, 2, 1});
  CHECK(!paid.tribute_plan().cancelled && paid.phase() == Phase::kTribute);
  for (int s = 0; s < 4; ++s) CHECK(read_evidence(paid.view(0)).held_none[std::size_t(s)].empty());

  // Over seeded deals, placings and both cancel rules: in every cancelled
  // deal no seat holds a card it is said to hold none of, the sampler that
  // keeps to the record never deals it one, and the uniform sampler does.
  int cancelled = 0, uniform_broke = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    Rng draw(seed * 17);
    Placing previous{0, 1, 2, 3};
    draw.shuffle(previous);
    const Ruleset rules = seed % 2 ? Ruleset{} : four;
    const RecordedDeal d(seeded_deal(seed).hands, kTwo, rules, previous);
    if (!d.tribute_plan().cancelled) continue;
    ++cancelled;
    for (int s = 0; s < 4; ++s) CHECK(common(d.hand(s), read_evidence(d.view(0)).held_none[std::size_t(s)]).empty());
    uniform_broke += barred_breaks(d.view(int(draw.bounded(4))), seed, 10);
  }
  CHECK(cancelled > 60);
  CHECK(uniform_broke > 100);
}

void test_barred_deal() {
  // Seats 1..3 take 10 cards each of 30, seat 1 barred from both big
  // jokers: it never gets one, and seats 2 and 3 (equal room) share them.
  const CardSet deck = CardSet::full_deck();
  CardSet unseen = cards_of("BJ BJ");
  for (int k = 0; k < kNumKinds && unseen.size() < 30; ++k)
    if (CardKind(k) != kBigJoker) unseen = unseen + common(deck, CardSet::of_kind(CardKind(k)));
  CHECK(unseen.size() == 30);
  const std::array<int, 4> targets{0, 10, 10, 10};
  std::array<CardSet, 4> barred{};
  barred[1] = cards_of("BJ BJ");
  Rng rng(5);
  int to_seat2 = 0;
  for (int i = 0; i < 4000; ++i) {
    std::array<CardSet, 4> hands{};
    CHECK(deal_unseen_barred(hands, unseen, targets, barred, rng));
    CHECK(hands[1].count(kBigJoker) == 0);
    CHECK(hands[0].empty() && hands[1].size() == 10 && hands[2].size() == 10 && hands[3].size() == 10);
    CHECK(hands[1] + hands[2] + hands[3] == unseen);
    to_seat2 += hands[2].count(kBigJoker);
  }
  CHECK(to_seat2 > 3600 && to_seat2 < 4400);  // half of 8,000
  // Barred from seats 2 and 3 as well: no seat may take them.
  barred[2] = barred[3] = barred[1];
  std::array<CardSet, 4> hands{};
  hands[2] = cards_of("3s");
  CHECK(!deal_unseen_barred(hands, unseen, targets, barred, rng));
  CHECK(hands[2] == cards_of("3s") && hands[1].empty());
}

void test_styles() {
  // Every draw within the documented ranges, and every end reached.
  Rng rng(3);
  int lowest_danger = 99, highest_tempo = 0, lowest_first = 0, over_partner = 0;
  for (int i = 0; i < 2000; ++i) {
    const PlanStyle s = draw_plan_style(rng);
    CHECK(s.danger_cards >= 4 && s.danger_cards <= 8);
    CHECK(s.bomb_to_finish_turns >= 1 && s.bomb_to_finish_turns <= 3);
    CHECK(s.tempo_cards >= 8 && s.tempo_cards <= 22);
    CHECK(s.spend_control_cards >= 5 && s.spend_control_cards <= 16);
    lowest_danger = std::min(lowest_danger, s.danger_cards);
    highest_tempo = std::max(highest_tempo, s.tempo_cards);
    lowest_first += s.lead_lowest_first;
    over_partner += s.top_partner_low;
  }
  CHECK(lowest_danger == 4 && highest_tempo == 22);
  CHECK(lowest_first > 850 && lowest_first < 1150);  // one in two
  CHECK(over_partner > 380 && over_partner < 620);   // one in four
  // The default style is the rule player's.
  const PlanStyle d;
  CHECK(d.danger_cards == 6 && d.tempo_cards == 15 && d.bomb_to_finish_turns == 2 && d.spend_control_cards == 10);

  // A table of styled players: whole deals end with every card accounted
  // for, the same seeds give the same deals, and a seat's style stays for a
  // deal and changes between deals.
  auto moves = std::make_unique<MoveList>();
  RuleStylesPolicy styled;
  Policy* const policies[4] = {&styled, &styled, &styled, &styled};
  std::vector<int> first_run;
  int changed = 0;
  for (int run = 0; run < 2; ++run) {
    for (std::uint64_t i = 0; i < 60; ++i) {
      const std::uint64_t seed = match_deal_seed(17, i);
      const SeededDeal dealt = seeded_deal(seed);
      RecordedDeal deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
      Rng choices(seed);
      const PlanStyle before = styled.style(0);
      play_out(deal, policies, choices, *moves);
      const PlanStyle after = styled.style(0);
      changed += before.tempo_cards != after.tempo_cards || before.danger_cards != after.danger_cards;
      CardSet all = deal.played();
      for (int s = 0; s < 4; ++s) all = all + deal.hand(s);
      CHECK(all == CardSet::full_deck());
      if (run == 0) first_run.push_back(deal.finished(0) * 16 + deal.finished(1) * 4 + deal.out_count());
      else CHECK(first_run[std::size_t(i)] == deal.finished(0) * 16 + deal.finished(1) * 4 + deal.out_count());
    }
  }
  CHECK(changed > 80);  // of 120 deals, almost every one draws anew

  // With ends_in 3, a seat plays the patient style in about one deal in
  // three and the bomber in one in three (a uniform draw almost never makes
  // either whole).
  RuleStylesPolicy ends(3);
  Policy* const ends_table[4] = {&ends, &ends, &ends, &ends};
  int patient = 0, bomber = 0;
  for (std::uint64_t i = 0; i < 90; ++i) {
    const SeededDeal dealt = seeded_deal(match_deal_seed(19, i));
    RecordedDeal deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
    Rng choices(i);
    play_out(deal, ends_table, choices, *moves);
    const PlanStyle& s = ends.style(0);
    patient += s.danger_cards == 4 && s.bomb_to_finish_turns == 1 && s.tempo_cards == 8 && s.spend_control_cards == 5 &&
               s.lead_lowest_first && s.spare_candidates == 20;
    bomber += s.danger_cards == 8 && s.bomb_to_finish_turns == 3 && s.tempo_cards == 22 && s.spend_control_cards == 16 &&
              !s.lead_lowest_first && s.spare_candidates == 20;
  }
  CHECK(patient > 15 && patient < 45);
  CHECK(bomber > 15 && bomber < 45);
}

// The seeded deal after `plays` actions of the planning player, with the
// legal moves of the seat to act in `moves`.
DealState planned_position(std::uint64_t seed, int plays, MoveList& moves) {
  const SeededDeal dealt = seeded_deal(seed);
  RecordedDeal deal(dealt.hands, kTwo, Ruleset{}, dealt.leader);
  RulePolicy plan;
  Rng rng(1);
  for (int i = 0; i < plays; ++i) {
    moves.clear();
    generate_moves(deal.hand(deal.turn()), kTwo, MoveRules{}, deal.last_play(), moves);
    const int c = plan.choose_play(deal.view(deal.turn()), moves.begin(), int(moves.size()), !deal.leading(), rng);
    if (c < 0) deal.apply_pass();
    else deal.apply_play(moves[std::size_t(c)]);
  }
  moves.clear();
  generate_moves(deal.hand(deal.turn()), kTwo, MoveRules{}, deal.last_play(), moves);
  return deal;
}

// A decision of the seat to act after `plays` actions of the planning
// player: its grouped legal moves and what the planning player would play
// (its `Rng` seeded by `rng_seed`).
struct PlannedDecision {
  DealState deal;
  std::vector<Move> groups;
  bool can_pass;
  int planned;
};

PlannedDecision planned_decision(std::uint64_t seed, int plays, std::uint64_t rng_seed) {
  auto moves = std::make_unique<MoveList>();
  DealState deal = planned_position(seed, plays, *moves);
  std::vector<Move> groups = group_moves(std::vector<Move>(moves->begin(), moves->end()));
  RulePolicy plan;
  Rng rng(rng_seed);
  const bool can_pass = !deal.leading();
  const int planned = plan.choose_play(deal.view(deal.turn()), groups.data(), int(groups.size()), can_pass, rng);
  return {deal, std::move(groups), can_pass, planned};
}

void test_net_order() {
  // With net_order the cut keeps the planning choice, then the moves the
  // learned bot scores best, best first.
  auto moves = std::make_unique<MoveList>();
  DealState deal = planned_position(match_deal_seed(23, 1), 0, *moves);  // the opening lead
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves->begin(), moves->end()));
  const PlayerView view = deal.view(deal.turn());
  const bool can_pass = !deal.leading();
  constexpr int kKeep = 6;
  CHECK(int(groups.size()) > 2 * kKeep);
  const std::vector<Move> by_net = prune_candidates(view, groups, can_pass, kKeep, true);
  const std::vector<Move> by_breaks = prune_candidates(view, groups, can_pass, kKeep, false);
  CHECK(int(by_net.size()) == kKeep && by_net[0] == by_breaks[0] && by_net != by_breaks);
  std::vector<float> scores(groups.size());
  net_move_scores(view, groups.data(), int(groups.size()), scores.data());
  auto score_of = [&](Move m) { return scores[std::size_t(std::find(groups.begin(), groups.end(), m) - groups.begin())]; };
  for (int i = 2; i < kKeep; ++i) CHECK(score_of(by_net[std::size_t(i - 1)]) >= score_of(by_net[std::size_t(i)]));
  float best_left_out = -std::numeric_limits<float>::infinity();
  for (Move m : groups)
    if (std::find(by_net.begin(), by_net.end(), m) == by_net.end()) best_left_out = std::max(best_left_out, score_of(m));
  CHECK(score_of(by_net.back()) >= best_left_out);
}

void test_net_playouts() {
  // The learned bot can play seats in the playouts: the same seed gives the
  // same search, and the playouts' values move with who plays them.
  auto moves = std::make_unique<MoveList>();
  DealState deal = planned_position(match_deal_seed(23, 0), 12, *moves);
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves->begin(), moves->end()));
  const PlayerView view = deal.view(deal.turn());
  PolicyOptions options;
  options.values.set("search", kSearchOptions, "rollouts", 120);
  std::array<double, 4> values{};
  for (int seats = 0; seats < 4; ++seats) {
    options.values.set("search", kSearchOptions, "net_playouts", seats);
    const SearchConfig config = search_v3_config(options);
    CHECK(config.net_playouts == seats);
    Rng r1(5), r2(5);
    const SearchResult a = search_v2(view, groups, !deal.leading(), config, r1);
    const SearchResult b = search_v2(view, groups, !deal.leading(), config, r2);
    CHECK(a.choice == b.choice && a.best_value == b.best_value && a.rollouts > 0);
    values[std::size_t(seats)] = a.best_value;
  }
  CHECK(values[1] != values[0] && values[2] != values[0] && values[3] != values[1] && values[3] != values[2]);
  CHECK_THROWS(options.values.set("search", kSearchOptions, "net_playouts", 4), std::invalid_argument);
}

void test_search_v3() {
  // Search v3 (inference and opponent styles) decides legally and, without
  // a time budget, the same for the same seed; it reads only the view.
  auto moves = std::make_unique<MoveList>();
  DealState deal = planned_position(match_deal_seed(23, 0), 12, *moves);  // passes recorded
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves->begin(), moves->end()));
  SearchConfig config;
  config.rollouts = 300;
  config.max_candidates = kDefaultMaxCandidates;
  config.inference = true;
  config.opponent_styles = true;
  Rng r1(5), r2(5);
  const PlayerView view = deal.view(deal.turn());
  const SearchResult a = search_v2(view, groups, !deal.leading(), config, r1);
  const SearchResult b = search_v2(view, groups, !deal.leading(), config, r2);
  CHECK(a.choice == b.choice && a.rollouts == b.rollouts && a.best_value == b.best_value);
  CHECK(a.choice >= -1 && a.choice < int(groups.size()));
  CHECK(a.choice >= 0 || !deal.leading());
  CHECK(a.rollouts > 0 && a.rollouts <= 300 + int(groups.size()) + 1);
  // Hidden cards elsewhere change nothing: swap two other seats' cards of
  // equal counts around and the view, hence the choice, stays.
  std::array<CardSet, 4> hands = deal.hands();
  const int me = deal.turn();
  const int x = (me + 1) % 4, y = (me + 3) % 4;
  if (hands[std::size_t(x)].size() == hands[std::size_t(y)].size()) {
    std::swap(hands[std::size_t(x)], hands[std::size_t(y)]);
    const DealState other(hands, view);
    Rng r3(5);
    CHECK(search_v2(other.view(me), groups, !deal.leading(), config, r3).choice == a.choice);
  }
  // Reading the opponents' styles from their passes (evidence is recorded
  // by now) decides legally too, and the same for the same seed.
  SearchConfig reading = config;
  reading.opponent_ends_in = 3;
  reading.read_opponent_styles = true;
  Rng r4(5), r5(5);
  const SearchResult c = search_v2(view, groups, !deal.leading(), reading, r4);
  const SearchResult d = search_v2(view, groups, !deal.leading(), reading, r5);
  CHECK(c.choice == d.choice && c.rollouts == d.rollouts && c.best_value == d.best_value);
  CHECK(c.choice >= -1 && c.choice < int(groups.size()) && (c.choice >= 0 || !deal.leading()));
  CHECK(c.rollouts > 0);
}

// The grouped moves of a lead from `hand` at level two.
std::vector<Move> lead_groups(CardSet hand) {
  std::vector<Move> all;
  VectorSink sink{all};
  generate_moves(hand, kTwo, MoveRules{}, nullptr, sink);
  return group_moves(all);
}

void test_search_v3_endgame() {
  // Few cards left: every world is solved exactly (endgame.h), one value per
  // option and world; the choice is legal and the same for the same seed.
  // Seat 0 leads 3 cards against 2, 2 and 1: its partner (seat 2) holds a
  // pair of aces it can go out with.
  const std::array<CardSet, 4> hands{cards_of("3s 4c 9d"), cards_of("5s 6c"), cards_of("As Ac"), cards_of("Kd")};
  const RecordedDeal deal(hands, kTwo, Ruleset{}, 0);
  const std::vector<Move> groups = lead_groups(hands[0]);
  SearchConfig config;
  config.rollouts = 400;
  config.inference = true;
  config.opponent_styles = true;
  config.endgame_cards = 16;
  Rng r1(9), r2(9);
  const SearchResult a = search_v2(deal.view(0), groups, false, config, r1);
  const SearchResult b = search_v2(deal.view(0), groups, false, config, r2);
  CHECK(a.choice == b.choice && a.best_value == b.best_value && a.rollouts == b.rollouts);
  CHECK(a.choice >= 0 && a.choice < int(groups.size()));
  CHECK(a.best_value >= -3.0 && a.best_value <= 3.0);
  CHECK(a.rollouts > 0 && a.rollouts <= 400 + int(groups.size()));
}

void test_win_bonus() {
  // A won deal scores its levels plus the bonus. Seat 0 leads a pair it can
  // go out with: its team surely wins, so with the endgames solved exactly
  // over the same sampled worlds the choice stays and its value rises by
  // exactly the bonus.
  const std::array<CardSet, 4> hands{cards_of("3s 3c"), cards_of("5s 6c"), cards_of("9s Ac"), cards_of("Kd 7h")};
  const RecordedDeal deal(hands, kTwo, Ruleset{}, 0);
  const std::vector<Move> groups = lead_groups(hands[0]);
  SearchConfig config;
  config.rollouts = 200;
  config.endgame_cards = 16;
  Rng r1(4), r2(4);
  const SearchResult levels = search_v2(deal.view(0), groups, false, config, r1);
  config.win_bonus = 2.0;
  const SearchResult bonus = search_v2(deal.view(0), groups, false, config, r2);
  CHECK(groups[std::size_t(levels.choice)].size() == 2);  // out at once
  CHECK(bonus.choice == levels.choice && bonus.rollouts == levels.rollouts);
  CHECK(levels.best_value >= 1.0 && levels.best_value <= 3.0);
  CHECK(std::abs(bonus.best_value - (levels.best_value + 2.0)) < 1e-9);
  // Out of range: refused.
  for (double wrong : {-0.5, 6.5, std::numeric_limits<double>::quiet_NaN()}) {
    SearchConfig bad;
    bad.win_bonus = wrong;
    Rng r(1);
    CHECK_THROWS(search_v2(deal.view(0), groups, false, bad, r), std::invalid_argument);
  }
}

void test_keep_sigmas() {
  // keep_sigmas only changes the final pick among the same playouts: the
  // planning player's choice stands unless another option's paired gain is
  // that many standard errors clear of the margin. So, for the same seed, a
  // stricter test overrules the planning player in a subset of the
  // positions a laxer one does, and a huge one never does.
  int overruled_lax = 0, overruled_strict = 0;
  for (std::uint64_t d = 0; d < 16; ++d) {
    const PlannedDecision decision = planned_decision(match_deal_seed(31, d), int(4 + 3 * (d % 6)), d);
    const auto& [deal, groups, can_pass, planned] = decision;
    const PlayerView view = deal.view(deal.turn());
    SearchConfig config;
    config.rollouts = 200;
    config.max_candidates = kDefaultMaxCandidates;
    auto choice = [&](double sigmas) {
      config.keep_sigmas = sigmas;
      Rng r(100 + d);
      return search_v2(view, groups, can_pass, config, r).choice;
    };
    const int lax = choice(0.01), strict = choice(2.0), never = choice(1e6);
    CHECK(never == planned);
    if (strict != planned) CHECK(lax != planned);
    overruled_lax += lax != planned;
    overruled_strict += strict != planned;
  }
  CHECK(overruled_strict <= overruled_lax);
  CHECK(overruled_lax > 0);  // the test can tell the two apart
}

void test_keep_worlds() {
  // keep_worlds caps the paired worlds the overrule test's standard error
  // counts. 300 playouts never pair more than 150 worlds, so a cap of 150
  // changes nothing there; with many playouts the capped test is stricter,
  // so it overrules the planning player only where the uncapped one does.
  int overruled_free = 0, overruled_capped = 0;
  for (std::uint64_t d = 0; d < 12; ++d) {
    const PlannedDecision decision = planned_decision(match_deal_seed(37, d), int(3 + 4 * (d % 5)), d);
    const auto& [deal, groups, can_pass, planned] = decision;
    const PlayerView view = deal.view(deal.turn());
    SearchConfig config;
    config.max_candidates = kSearchMaxCandidates;
    config.keep_sigmas = 2.0;
    auto choice = [&](int rollouts, int worlds) {
      config.rollouts = rollouts;
      config.keep_worlds = worlds;
      Rng r(200 + d);
      return search_v2(view, groups, can_pass, config, r);
    };
    const SearchResult small_free = choice(300, 0), small_capped = choice(300, 150);
    CHECK(small_free.choice == small_capped.choice && small_free.rollouts == small_capped.rollouts);
    const int big_free = choice(3000, 0).choice, big_capped = choice(3000, 150).choice;
    if (big_capped != planned) CHECK(big_free != planned);
    overruled_free += big_free != planned;
    overruled_capped += big_capped != planned;
  }
  CHECK(overruled_capped <= overruled_free);
  SearchConfig bad;
  bad.keep_worlds = -1;
  auto moves = std::make_unique<MoveList>();
  const DealState deal = planned_position(match_deal_seed(37, 0), 3, *moves);
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves->begin(), moves->end()));
  Rng r(1);
  CHECK_THROWS(search_v2(deal.view(deal.turn()), groups, !deal.leading(), bad, r), std::invalid_argument);
}

void test_confirm_worlds() {
  // confirm_worlds plays a move that overrules the choice to beat again in
  // fresh worlds with the learned bot finishing the deal, and keeps the
  // overrule only if the test passes there too. So, for the same seed, the
  // confirming search plays the plain search's choice or the choice to
  // beat; it spends playouts only where the plain search overruled; and
  // over these positions it both keeps and undoes some overrules.
  int overruled = 0, confirmed = 0, exact_overruled = 0;
  for (std::uint64_t d = 0; d < 16; ++d) {
    const PlannedDecision decision = planned_decision(match_deal_seed(41, d), int(2 + 3 * (d % 6)), d);
    const auto& [deal, groups, can_pass, planned] = decision;
    const PlayerView view = deal.view(deal.turn());
    SearchConfig config;
    config.rollouts = 600;
    config.max_candidates = kSearchMaxCandidates;
    config.keep_sigmas = 1.0;
    auto search = [&](int worlds) {
      config.confirm_worlds = worlds;
      Rng r(300 + d);
      return search_v2(view, groups, can_pass, config, r);
    };
    const SearchResult plain = search(0), confirming = search(300);
    // Where the exact endgame threshold covers the position, no second
    // opinion: the solver's values need no model (every other position:
    // each world tries the solver first, which takes time).
    if (d % 2 == 0) {
      config.endgame_cards = 108;
      const SearchResult exact = search(0), exact_confirming = search(300);
      config.endgame_cards = 0;
      CHECK(exact_confirming.choice == exact.choice && exact_confirming.rollouts == exact.rollouts);
      exact_overruled += exact.choice != planned;
    }
    if (plain.choice == planned) {
      CHECK(confirming.choice == planned && confirming.rollouts == plain.rollouts);
      continue;
    }
    ++overruled;
    CHECK(confirming.rollouts == plain.rollouts + 2 * 300);
    CHECK(confirming.choice == plain.choice || confirming.choice == planned);
    confirmed += confirming.choice == plain.choice;
  }
  CHECK(overruled > confirmed && confirmed > 0 && exact_overruled > 0);
  PolicyOptions options;
  options.values.set("search", kSearchOptions, "confirm_worlds", 50);
  CHECK(search_v4_config(options).confirm_worlds == 50 && search_v4_config(PolicyOptions{}).confirm_worlds == 0);
  CHECK_THROWS(options.values.set("search_v3", kSearchV3Options, "confirm_worlds", 50), std::invalid_argument);
  SearchConfig bad;
  bad.confirm_worlds = -1;
  const PlannedDecision decision = planned_decision(match_deal_seed(41, 0), 2, 0);
  Rng r(1);
  CHECK_THROWS(search_v2(decision.deal.view(decision.deal.turn()), decision.groups, decision.can_pass, bad, r),
               std::invalid_argument);
}

// The reference for read_evidence: the record noted action by action as the
// deal goes, from the live position (how the deal state itself once kept
// it). Over seeded deals with tribute, random plays and passes, at every
// decision, every seat's view reads the same evidence from the record.
void test_record_replays_the_evidence() {
  auto moves = std::make_unique<MoveList>();
  int answers = 0, passes = 0, tributes = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    Rng draw(seed * 7);
    Placing previous{0, 1, 2, 3};
    draw.shuffle(previous);
    const Ruleset rules = seed % 3 ? Ruleset{} : [] { Ruleset r; r.tribute_cancel = TributeCancel::kAllFourJokers; return r; }();
    RecordedDeal deal(seeded_deal(seed).hands, Rank(kTwo + int(seed % 13)), rules, previous);
    Evidence reference;
    if (deal.tribute_plan().cancelled) reference.note_cancelled_tribute(tribute_payer_seats(previous, rules), rules);
    while (!deal.is_over()) {
      CHECK(read_evidence(deal.view(deal.turn())) == reference);
      CHECK(read_evidence(deal.view((deal.turn() + 1) % 4)) == reference);
      if (deal.phase() != Phase::kPlay) {
        const CardSet options = deal.give_options();
        CardKind card = 0;
        for (int k = kNumKinds - 1; k >= 0; --k)
          if (options.count(CardKind(k)) > 0 && (card == 0 || draw.bounded(2) == 0)) card = CardKind(k);
        if (deal.phase() == Phase::kTribute) {
          reference.note_tribute(deal.tribute_plan().payments[std::size_t(deal.payments_done())].payer, card,
                                 deal.level(), rules);
          ++tributes;
        }
        deal.give(card);
        continue;
      }
      moves->clear();
      generate_moves(deal.hand(deal.turn()), deal.level(), rules.move_rules(), deal.last_play(), *moves);
      const int seat = deal.turn();
      const int owner = deal.last_player();
      const int owner_cards = owner >= 0 ? deal.hand(owner).size() : 0;
      if (!deal.leading() && (moves->size() == 0 || draw.bounded(3) == 0)) {
        reference.note_pass(seat, owner, *deal.last_play(), deal.level(), owner_cards);
        deal.apply_pass();
        ++passes;
        continue;
      }
      const Move m = (*moves)[std::size_t(draw.bounded(moves->size()))];
      if (!deal.leading()) {
        reference.note_answer(seat, owner, *deal.last_play(), m, deal.level(), owner_cards,
                              deal.hand(seat).size() - m.cards().size());
        ++answers;
      }
      deal.apply_play(m);
    }
    CHECK(read_evidence(deal.view(0)) == reference);
  }
  CHECK(answers > 1000 && passes > 1000 && tributes > 50);
}

}  // namespace

void test_inference() {
  test_win_bonus();
  test_keep_sigmas();
  test_keep_worlds();
  test_confirm_worlds();
  test_evidence_record();
  test_record_replays_the_evidence();
  test_move_facts_for_styles();
  test_style_evidence();
  test_free_units();
  test_weighted_sampler();
  test_tribute_evidence();
  test_cancelled_tribute_evidence();
  test_barred_deal();
  test_styles();
  test_search_v3();
  test_search_v3_endgame();
  test_net_order();
  test_net_playouts();
}

}  // namespace guandan::testing
