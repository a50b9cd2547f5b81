#include "guandan/search.h"

#include <memory>

#include "guandan/move_list.h"
#include "guandan/playout.h"
#include "guandan/readings.h"

namespace guandan {

std::array<CardSet, 4> sample_world(const PlayerView& view, Rng& rng) {
  CardSet unseen = CardSet::full_deck() - view.hand - view.played;
  std::array<CardSet, 4> hands{};
  std::array<int, 4> targets = view.counts;
  for (int s = 0; s < 4; ++s) {
    if (s == view.seat) {
      hands[s] = view.hand;
      targets[s] = view.hand.size();
    } else {
      hands[s] = view.shown[s];
      unseen = unseen - view.shown[s];
    }
  }
  deal_unseen(hands, unseen, targets, rng);
  return hands;
}

namespace {

// The searcher's score of a finished deal: levels its team gains, or minus
// what the other team gains.
double score(const DealState& deal, int seat, const Ruleset& rules) {
  const double gained = rules.levels_gained(partner_place(deal.finishing_order(), deal.out_count()));
  return team_of(deal.finished(0)) == team_of(seat) ? gained : -gained;
}

}  // namespace

SearchResult search(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                    const SearchConfig& config, Rng& rng) {
  SearchResult result;
  const int options = int(candidates.size()) + (can_pass ? 1 : 0);
  if (options <= 1) {
    result.choice = candidates.empty() ? -1 : 0;
    return result;
  }
  thread_local std::unique_ptr<MoveList> moves = std::make_unique<MoveList>();
  RulePolicy rule;
  RandomPolicy random;
  Policy* policy = config.rule_rollouts ? static_cast<Policy*>(&rule) : &random;
  Policy* const policies[4] = {policy, policy, policy, policy};
  std::vector<double> total(std::size_t(options), 0.0);
  const int worlds = config.rollouts / options > 0 ? config.rollouts / options : 1;
  for (int w = 0; w < worlds; ++w) {
    const DealState world(sample_world(view, rng), view);
    for (int c = 0; c < options; ++c) {
      DealState deal = world;
      if (c < int(candidates.size())) {
        deal.apply_play(candidates[std::size_t(c)]);
      } else {
        deal.apply_pass();
      }
      play_out(deal, policies, rng, *moves);
      total[std::size_t(c)] += score(deal, view.seat, view.rules);
      ++result.rollouts;
    }
  }
  int best = 0;
  for (int c = 1; c < options; ++c)
    if (total[std::size_t(c)] > total[std::size_t(best)]) best = c;
  result.choice = best < int(candidates.size()) ? best : -1;
  result.best_value = total[std::size_t(best)] / worlds;
  return result;
}

int SearchPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  // Candidates: one move per (kind, size, rank), the one spending wilds last.
  const std::vector<Move> all(moves, moves + count);
  const std::vector<Move> groups = group_moves(all);
  const SearchResult r = search(view, groups, can_pass, config_, rng);
  if (r.choice < 0) return -1;
  for (int i = 0; i < count; ++i)
    if (moves[i] == groups[std::size_t(r.choice)]) return i;
  return 0;
}

CardKind SearchPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return cards_.choose_card(view, options, rng);
}

}  // namespace guandan
