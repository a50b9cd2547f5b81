#include "guandan/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <thread>
#include <stdexcept>
#include <string>

#include "guandan/endgame.h"
#include "guandan/inference.h"
#include "guandan/move_facts.h"
#include "guandan/move_list.h"
#include "guandan/plan_policy.h"
#include "guandan/playout.h"
#include "guandan/readings.h"
#include "guandan/styled_policy.h"

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

double deal_score(const DealState& deal, int seat, const Ruleset& rules) {
  const double gained = rules.levels_gained(partner_place(deal.finishing_order(), deal.out_count()));
  return team_of(deal.finished(0)) == team_of(seat) ? gained : -gained;
}

double play_option_out(const DealState& world, const std::vector<Move>& candidates, int option,
                       const PlayerView& view, Policy* const policies[4], Rng& rng, MoveList& moves) {
  DealState deal = world;
  if (option < int(candidates.size())) {
    deal.apply_play(candidates[std::size_t(option)]);
  } else {
    deal.apply_pass();
  }
  play_out(deal, policies, rng, moves);
  return deal_score(deal, view.seat, view.rules);
}

SearchResult search(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                    const SearchConfig& config, Rng& rng) {
  check_decision(view, candidates.data(), int(candidates.size()), can_pass);
  if (config.rollouts < kMinRollouts || config.rollouts > kMaxRollouts)
    throw std::invalid_argument("rollouts must be 1..1,000,000");
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
  int sampled = 0;
  for (int w = 0; w < worlds && !result.stopped; ++w) {
    const DealState world(sample_world(view, rng), view);
    for (int c = 0; c < options; ++c) {
      // Polled per playout: a playout takes microseconds, a decision may
      // take minutes.
      if (config.stop && config.stop->load(std::memory_order_relaxed)) {
        result.stopped = true;
        break;
      }
      total[std::size_t(c)] += play_option_out(world, candidates, c, view, policies, rng, *moves);
      ++result.rollouts;
    }
    sampled += !result.stopped;
  }
  int best = 0;
  for (int c = 1; c < options; ++c)
    if (total[std::size_t(c)] > total[std::size_t(best)]) best = c;
  result.choice = best < int(candidates.size()) ? best : -1;
  result.best_value = sampled > 0 ? total[std::size_t(best)] / sampled : 0.0;
  return result;
}

namespace {

// A search over the grouped moves (one per kind, size and rank, the one
// spending wilds last) as a policy's choice: the index of the chosen group's
// move in moves[0, count), or -1 to pass.
template <class Search>
int choose_grouped(const Move* moves, int count, Search search) {
  const std::vector<Move> groups = group_moves(std::vector<Move>(moves, moves + count));
  const SearchResult r = search(groups);
  if (r.choice < 0) return -1;
  for (int i = 0; i < count; ++i)
    if (moves[i] == groups[std::size_t(r.choice)]) return i;
  return 0;
}

}  // namespace

int SearchPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  return choose_grouped(moves, count, [&](const std::vector<Move>& groups) {
    return search(view, groups, can_pass, config_, rng);
  });
}

CardKind SearchPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return cards_.choose_card(view, options, rng);
}

// --- search v2 ---------------------------------------------------------------

namespace {

using Clock = std::chrono::steady_clock;

// One thread's share of a decision: its own random stream, move list and
// statistics, so that threads share nothing while they run.
struct SearchShare {
  std::vector<double> total;
  std::vector<int> visits;
  // Per option, over the worlds that played both it and the planning
  // policy's choice: the sum and sum of squares of (its score − the
  // choice's), and how many such worlds.
  std::vector<double> gain, gain_squares;
  std::vector<int> paired;
  int rollouts = 0;
  bool stopped = false;
};

// The random stream of thread `t` for a decision: disjoint from the others'
// by seeding (SplitMix64 of the decision's seed and the thread index).
Rng thread_rng(std::uint64_t decision_seed, int t) {
  std::uint64_t state = decision_seed ^ (std::uint64_t(t) + 1) * 0x9E3779B97F4A7C15ull;
  return Rng(splitmix64(state));
}

// Plays `worlds` sampled worlds, every active option (a candidate index, or
// candidates.size() for passing) in each, until the stop flag or the
// deadline. Options take turns to go first in a world so that a deadline
// cuts no option short more than another.
void search_share(const PlayerView& view, const std::vector<Move>& candidates, int options,
                  const std::vector<int>& active, int preferred, int worlds, const SearchV2Config& config, bool timed,
                  Clock::time_point deadline, Rng rng, SearchShare& share) {
  auto moves = std::make_unique<MoveList>();
  // The planning player in the searcher's team (and, in search v2, every
  // seat): the stronger the playouts, the better their mean tells the
  // candidates apart. One object for its seats (its plans are cached per
  // seat). In search v3 the opponents play in styles drawn per playout.
  PlanPolicy plan(config.playout_style);
  StyledPlanPolicy styled;
  Policy* opponent = config.opponent_styles ? static_cast<Policy*>(&styled) : &plan;
  Policy* policies[4];
  for (int s = 0; s < 4; ++s) policies[s] = team_of(s) == team_of(view.seat) ? static_cast<Policy*>(&plan) : opponent;
  share.total.assign(std::size_t(options), 0.0);
  share.visits.assign(std::size_t(options), 0);
  share.gain.assign(std::size_t(options), 0.0);
  share.gain_squares.assign(std::size_t(options), 0.0);
  share.paired.assign(std::size_t(options), 0);
  // This world's score of each option, NaN until played.
  std::vector<double> scores(static_cast<std::size_t>(options));
  auto pair_up = [&] {
    const double base = scores[std::size_t(preferred)];
    if (std::isnan(base)) return;
    for (int c : active) {
      const double v = scores[std::size_t(c)];
      if (c == preferred || std::isnan(v)) continue;
      share.gain[std::size_t(c)] += v - base;
      share.gain_squares[std::size_t(c)] += (v - base) * (v - base);
      ++share.paired[std::size_t(c)];
    }
  };
  // Exact endgames: the active options as the solver takes them.
  int held = 0;
  for (int c : view.counts) held += c;
  const bool exact = config.endgame_cards > 0 && held <= config.endgame_cards;
  std::vector<Move> exact_moves;
  bool exact_pass = false;
  for (int c : active) {
    if (c < int(candidates.size())) exact_moves.push_back(candidates[std::size_t(c)]);
    else exact_pass = true;
  }
  std::vector<double> exact_values;
  const EndgameLimits limits{config.endgame_nodes};
  for (int w = 0; w < worlds && !share.stopped; ++w) {
    const DealState world(config.inference ? sample_world_inferred(view, rng) : sample_world(view, rng), view);
    const int n = int(active.size());
    std::fill(scores.begin(), scores.end(), std::numeric_limits<double>::quiet_NaN());
    if (exact && solve_endgame_options(world, view.seat, exact_moves, exact_pass, limits, exact_values)) {
      // The options in `active` order: the moves, then passing.
      for (int k = 0, m = 0; k < n; ++k) {
        const int c = active[std::size_t(k)];
        const double v = c < int(candidates.size()) ? exact_values[std::size_t(m++)] : exact_values.back();
        share.total[std::size_t(c)] += v;
        ++share.visits[std::size_t(c)];
        ++share.rollouts;
        scores[std::size_t(c)] = v;
      }
      pair_up();
      if ((config.stop && config.stop->load(std::memory_order_relaxed)) || (timed && Clock::now() >= deadline))
        share.stopped = true;
      continue;
    }
    for (int k = 0; k < n; ++k) {
      // Polled per playout (microseconds each); reading the clock costs
      // tens of nanoseconds.
      if ((config.stop && config.stop->load(std::memory_order_relaxed)) || (timed && Clock::now() >= deadline)) {
        share.stopped = true;
        break;
      }
      const int c = active[std::size_t((w + k) % n)];
      const double v = play_option_out(world, candidates, c, view, policies, rng, *moves);
      share.total[std::size_t(c)] += v;
      ++share.visits[std::size_t(c)];
      ++share.rollouts;
      scores[std::size_t(c)] = v;
    }
    pair_up();
  }
}

// The index of the candidate the planning policy plays, or -1 to pass.
int planning_choice(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                    const PlanStyle& style = PlanStyle{}) {
  PlanPolicy plan(style);
  Rng unused(0);  // the planning policy draws no random numbers
  return plan.choose_play(view, candidates.data(), int(candidates.size()), can_pass, unused);
}

void check_search_v2(const SearchV2Config& config) {
  if (config.rollouts < kMinRollouts || config.rollouts > kMaxRollouts)
    throw std::invalid_argument("rollouts must be 1..1,000,000");
  if (config.think_ms != 0 && (config.think_ms < kMinThinkMs || config.think_ms > kMaxThinkMs))
    throw std::invalid_argument("think_ms must be 1..60,000 (or 0 for no time budget)");
  if (config.threads < 1 || config.threads > kMaxSearchThreads) throw std::invalid_argument("threads must be 1..64");
  if (config.max_candidates < 0) throw std::invalid_argument("max_candidates must be 0 (all) or more");
}

}  // namespace

namespace {

// prune_candidates with the planning policy's choice already known
// (candidates[preferred], or -1 for passing).
std::vector<Move> prune_around(const PlayerView& view, const std::vector<Move>& candidates, int preferred, int keep) {
  if (keep <= 0 || int(candidates.size()) <= keep) return candidates;
  struct Ranked {
    std::array<int, 5> key;
    Move move;
  };
  std::vector<Ranked> ranked;
  ranked.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Move m = candidates[i];
    ranked.push_back({{int(i) == preferred ? 0 : 1, ranks_split(m, view.hand, view.level), bomb_tier(m),
                       rank_order(m, view.level), -m.size()},
                      m});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) { return a.key < b.key; });
  std::vector<Move> kept;
  kept.reserve(std::size_t(keep));
  for (int i = 0; i < keep; ++i) kept.push_back(ranked[std::size_t(i)].move);
  return kept;
}

}  // namespace

std::vector<Move> prune_candidates(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   int keep) {
  if (keep <= 0 || int(candidates.size()) <= keep) return candidates;
  return prune_around(view, candidates, planning_choice(view, candidates, can_pass), keep);
}

SearchResult search_v2(const PlayerView& view, const std::vector<Move>& all_candidates, bool can_pass,
                       const SearchV2Config& config, Rng& rng) {
  const Clock::time_point started = Clock::now();
  check_decision(view, all_candidates.data(), int(all_candidates.size()), can_pass);
  check_search_v2(config);
  // The planning policy is asked once: its choice leads the pruned
  // candidates and is the option to beat.
  const int planned_given = planning_choice(view, all_candidates, can_pass, config.playout_style);
  const std::vector<Move> candidates = prune_around(view, all_candidates, planned_given, config.max_candidates);
  // An index into the candidates as given, not the pruned ones.
  auto given_index = [&](int c) {
    for (std::size_t i = 0; i < all_candidates.size(); ++i)
      if (all_candidates[i] == candidates[std::size_t(c)]) return int(i);
    return -1;
  };
  SearchResult result;
  const int options = int(candidates.size()) + (can_pass ? 1 : 0);
  if (options <= 1) {
    result.choice = candidates.empty() ? -1 : given_index(0);
    return result;
  }
  // The option the planning policy would play (candidates.size(): pass).
  int preferred = int(candidates.size());
  if (planned_given >= 0)
    preferred = int(std::find(candidates.begin(), candidates.end(), all_candidates[std::size_t(planned_given)]) -
                    candidates.begin());
  const bool timed = config.think_ms > 0;
  const std::uint64_t decision_seed = rng.next();
  std::vector<double> total(std::size_t(options), 0.0);
  std::vector<int> visits(std::size_t(options), 0);
  std::vector<double> gain(std::size_t(options), 0.0), gain_squares(std::size_t(options), 0.0);
  std::vector<int> paired(std::size_t(options), 0);
  auto mean = [&](int c) { return visits[std::size_t(c)] > 0 ? total[std::size_t(c)] / visits[std::size_t(c)] : -1e9; };
  // Sequential halving: ceil(log2(options)) rounds with equal shares of the
  // playouts and of the time; after each, the better half of the options
  // (by mean so far) goes on. The playouts go to the options still in doubt.
  std::vector<int> active(static_cast<std::size_t>(options));
  for (int c = 0; c < options; ++c) active[std::size_t(c)] = c;
  int rounds = 1;
  while ((1 << rounds) < options) ++rounds;
  for (int round = 0; round < rounds && !result.stopped; ++round) {
    const int budget = config.rollouts / rounds;
    const int worlds = std::max(1, budget / int(active.size()));
    const int threads = std::min(config.threads, worlds);
    const Clock::time_point deadline =
        started + std::chrono::microseconds(std::int64_t(config.think_ms) * 1000 * (round + 1) / rounds);
    std::vector<SearchShare> shares(static_cast<std::size_t>(threads));
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    {
      // Thread t plays worlds/threads worlds, the first worlds % threads one
      // more, from its own stream for this round.
      auto run = [&](int t) {
        const int mine = worlds / threads + (t < worlds % threads ? 1 : 0);
        try {
          search_share(view, candidates, options, active, preferred, mine, config, timed, deadline,
                       thread_rng(decision_seed, round * kMaxSearchThreads + t), shares[std::size_t(t)]);
        } catch (...) {
          errors[std::size_t(t)] = std::current_exception();
        }
      };
      std::vector<std::jthread> helpers;
      helpers.reserve(std::size_t(threads - 1));
      for (int t = 1; t < threads; ++t) helpers.emplace_back(run, t);
      run(0);  // the calling thread takes the first share
    }
    for (const std::exception_ptr& error : errors)
      if (error) std::rethrow_exception(error);
    // Summed in thread order: the same seed and thread count give the same sums.
    for (const SearchShare& share : shares) {
      for (int c = 0; c < options; ++c) {
        total[std::size_t(c)] += share.total[std::size_t(c)];
        visits[std::size_t(c)] += share.visits[std::size_t(c)];
        gain[std::size_t(c)] += share.gain[std::size_t(c)];
        gain_squares[std::size_t(c)] += share.gain_squares[std::size_t(c)];
        paired[std::size_t(c)] += share.paired[std::size_t(c)];
      }
      result.rollouts += share.rollouts;
    }
    result.stopped = config.stop && config.stop->load(std::memory_order_relaxed);
    if (round + 1 < rounds) {
      std::stable_sort(active.begin(), active.end(), [&](int a, int b) { return mean(a) > mean(b); });
      const auto kept = std::max<std::size_t>(2, (active.size() + 1) / 2);
      // The planning policy's choice always goes on: it is the one to beat.
      const auto at = std::find(active.begin(), active.end(), preferred);
      if (at != active.end() && std::size_t(at - active.begin()) >= kept) std::iter_swap(active.begin() + kept - 1, at);
      active.resize(kept);
    }
  }
  // The best mean among the options left; the planning policy's choice
  // unless that beats it by more than the margin.
  int best = preferred;
  if (config.keep_sigmas > 0.0) {
    // The option whose paired gain over the planning policy's choice is
    // the largest, among those whose gain clears the margin by keep_sigmas
    // standard errors; else the choice.
    double best_gain = 0.0;
    for (int c : active) {
      const int n = paired[std::size_t(c)];
      if (c == preferred || n < 2) continue;
      const double g = gain[std::size_t(c)] / n;
      const double variance = std::max(0.0, (gain_squares[std::size_t(c)] - n * g * g) / (n - 1));
      if (g > best_gain && g > config.keep_margin + config.keep_sigmas * std::sqrt(variance / n)) {
        best = c;
        best_gain = g;
      }
    }
  } else {
    best = active[0];
    for (int c : active)
      if (mean(c) > mean(best)) best = c;
    if (visits[std::size_t(preferred)] > 0 && mean(best) - mean(preferred) <= config.keep_margin) best = preferred;
  }
  result.choice = best < int(candidates.size()) ? given_index(best) : -1;
  result.best_value = visits[std::size_t(best)] > 0 ? mean(best) : 0.0;
  return result;
}

int SearchV2Policy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  return choose_grouped(moves, count, [&](const std::vector<Move>& groups) {
    return search_v2(view, groups, can_pass, config_, rng);
  });
}

CardKind SearchV2Policy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return cards_.choose_card(view, options, rng);
}

}  // namespace guandan
