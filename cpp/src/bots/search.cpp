#include "guandan/bots/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <thread>
#include <stdexcept>
#include <string>

#include "guandan/bots/action_cards.h"
#include "guandan/bots/rule.h"
#include "guandan/bots/rule_styles.h"
#include "guandan/bots/endgame.h"
#include "guandan/bots/evidence.h"
#include "guandan/bots/inference.h"
#include "guandan/bots/move_facts.h"
#include "guandan/bots/net.h"
#include "guandan/move_list.h"
#include "guandan/bots/playout.h"
#include "guandan/readings.h"

namespace guandan {

namespace {

using Clock = std::chrono::steady_clock;

// The playouts' statistics per option (a candidate index, or the
// candidates' count for passing).
struct Tally {
  explicit Tally(int options = 0)
      : total(std::size_t(options), 0.0),
        visits(std::size_t(options), 0),
        gain(std::size_t(options), 0.0),
        gain_squares(std::size_t(options), 0.0),
        paired(std::size_t(options), 0) {}

  std::vector<double> total;
  std::vector<int> visits;
  // Per option, over the worlds that played both it and the choice to
  // beat: the sum and sum of squares of (its score − the choice's), and
  // how many such worlds.
  std::vector<double> gain, gain_squares;
  std::vector<int> paired;

  double mean(int c) const {
    return visits[std::size_t(c)] > 0 ? total[std::size_t(c)] / visits[std::size_t(c)] : -1e9;
  }

  void add(const Tally& other) {
    for (std::size_t c = 0; c < total.size(); ++c) {
      total[c] += other.total[c];
      visits[c] += other.visits[c];
      gain[c] += other.gain[c];
      gain_squares[c] += other.gain_squares[c];
      paired[c] += other.paired[c];
    }
  }

  // Option c's mean paired gain over the choice to beat (`preferred`) if it
  // clears keep_margin by keep_sigmas standard errors (over at most
  // keep_worlds paired worlds), else nothing.
  std::optional<double> significant_gain(int c, int preferred, const SearchConfig& config) const {
    const int n = paired[std::size_t(c)];
    if (c == preferred || n < 2) return std::nullopt;
    const double g = gain[std::size_t(c)] / n;
    const double variance = std::max(0.0, (gain_squares[std::size_t(c)] - n * g * g) / (n - 1));
    const int counted = config.keep_worlds > 0 ? std::min(n, config.keep_worlds) : n;
    if (g > config.keep_margin + config.keep_sigmas * std::sqrt(variance / counted)) return g;
    return std::nullopt;
  }
};

// One thread's share of a decision: its own random stream, move list and
// statistics, so that threads share nothing while they run.
struct SearchShare {
  Tally sums;
  int rollouts = 0;
  bool stopped = false;
};

// Whether the search solves this position's worlds exactly (endgame.h)
// rather than playing them out: few enough cards in the four hands.
bool solves_exactly(const PlayerView& view, const SearchConfig& config) {
  int held = 0;
  for (int c : view.counts) held += c;
  return config.endgame_cards > 0 && held <= config.endgame_cards;
}

// The random stream of thread `t` for a decision: disjoint from the others'
// by seeding (SplitMix64 of the decision's seed and the thread index).
Rng thread_rng(std::uint64_t decision_seed, int t) {
  std::uint64_t state = decision_seed ^ (std::uint64_t(t) + 1) * 0x9E3779B97F4A7C15ull;
  return Rng(splitmix64(state));
}

// A finished deal's score as the search weighs it: its levels (deal_score),
// and the win bonus on the winning side. Levels are never 0, so the sign
// says who won; the transform is increasing, so an exact endgame value
// (a minimax over levels) transforms the same way.
double weighed(double levels, double win_bonus) { return levels > 0 ? levels + win_bonus : levels - win_bonus; }

// Plays `worlds` sampled worlds, every active option (a candidate index, or
// candidates.size() for passing) in each, until the stop flag or the
// deadline. Options take turns to go first in a world so that a deadline
// cuts no option short more than another.
void search_share(const PlayerView& view, const std::vector<Move>& candidates, int options,
                  const std::vector<int>& active, int preferred, int worlds, const SearchConfig& config, bool timed,
                  Clock::time_point deadline, Rng rng, SearchShare& share) {
  auto moves = std::make_unique<MoveList>();
  // The planning player in the searcher's team (and, in search v2, every
  // seat): the stronger the playouts, the better their mean tells the
  // candidates apart. One object for its seats (its plans are cached per
  // seat). In search v3 the opponents play in styles drawn per playout.
  RulePolicy plan(config.playout_style);
  // What the other seats' plays and passes showed, read once from the record.
  const Evidence evidence = read_evidence(view);
  RuleStylesPolicy styled(config.opponent_ends_in, config.read_opponent_styles ? &evidence : nullptr);
  std::optional<NetPolicy> net;  // made only when it plays
  if (config.net_playouts != 0) net.emplace();
  Policy* team = config.net_playouts & 1 ? static_cast<Policy*>(&*net) : &plan;
  Policy* opponent = config.net_playouts & 2  ? static_cast<Policy*>(&*net)
                     : config.opponent_styles ? static_cast<Policy*>(&styled)
                                              : &plan;
  Policy* policies[4];
  for (int s = 0; s < 4; ++s) policies[s] = team_of(s) == team_of(view.seat) ? team : opponent;
  share.sums = Tally(options);
  // This world's score of each option, NaN until played.
  std::vector<double> scores(static_cast<std::size_t>(options));
  auto pair_up = [&] {
    const double base = scores[std::size_t(preferred)];
    if (std::isnan(base)) return;
    for (int c : active) {
      const double v = scores[std::size_t(c)];
      if (c == preferred || std::isnan(v)) continue;
      share.sums.gain[std::size_t(c)] += v - base;
      share.sums.gain_squares[std::size_t(c)] += (v - base) * (v - base);
      ++share.sums.paired[std::size_t(c)];
    }
  };
  // Exact endgames: the active options as the solver takes them.
  const bool exact = solves_exactly(view, config);
  std::vector<Move> exact_moves;
  bool exact_pass = false;
  for (int c : active) {
    if (c < int(candidates.size())) exact_moves.push_back(candidates[std::size_t(c)]);
    else exact_pass = true;
  }
  std::vector<double> exact_values;
  const EndgameLimits limits{config.endgame_nodes};
  for (int w = 0; w < worlds && !share.stopped; ++w) {
    const DealState world(config.inference ? sample_world_inferred(view, evidence, rng) : sample_world(view, rng), view);
    const int n = int(active.size());
    std::fill(scores.begin(), scores.end(), std::numeric_limits<double>::quiet_NaN());
    if (exact && solve_endgame_options(world, view.seat, exact_moves, exact_pass, limits, exact_values)) {
      // The options in `active` order: the moves, then passing.
      for (int k = 0, m = 0; k < n; ++k) {
        const int c = active[std::size_t(k)];
        const double v = weighed(c < int(candidates.size()) ? exact_values[std::size_t(m++)] : exact_values.back(),
                                 config.win_bonus);
        share.sums.total[std::size_t(c)] += v;
        ++share.sums.visits[std::size_t(c)];
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
      const double v =
          weighed(play_option_out(world, candidates, c, view, policies, rng, *moves), config.win_bonus);
      share.sums.total[std::size_t(c)] += v;
      ++share.sums.visits[std::size_t(c)];
      ++share.rollouts;
      scores[std::size_t(c)] = v;
    }
    pair_up();
  }
}

// The index of the candidate the planning policy plays, or -1 to pass.
int planning_choice(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                    const PlanStyle& style = PlanStyle{}) {
  RulePolicy plan(style);
  Rng unused(0);  // the planning policy draws no random numbers
  return plan.choose_play(view, candidates.data(), int(candidates.size()), can_pass, unused);
}

void check_search_v2(const SearchConfig& config) {
  if (config.rollouts < kMinRollouts || config.rollouts > kMaxRollouts)
    throw std::invalid_argument("rollouts must be 1..1,000,000");
  if (config.think_ms != 0 && (config.think_ms < kMinThinkMs || config.think_ms > kMaxThinkMs))
    throw std::invalid_argument("think_ms must be 1..60,000 (or 0 for no time budget)");
  if (config.threads < 1 || config.threads > kMaxSearchThreads) throw std::invalid_argument("threads must be 1..64");
  if (config.max_candidates < 0) throw std::invalid_argument("max_candidates must be 0 (all) or more");
  if (config.keep_worlds < 0) throw std::invalid_argument("keep_worlds must be 0 (no cap) or more");
  if (config.confirm_worlds < 0) throw std::invalid_argument("confirm_worlds must be 0 (none) or more");
  if (config.opponent_ends_in < 0 || config.opponent_ends_in == 1)
    throw std::invalid_argument("opponent_ends_in must be 0 (none) or 2 or more");
  if (!(config.win_bonus >= 0.0 && config.win_bonus <= kMaxWinBonus))
    throw std::invalid_argument("win_bonus must be 0..6 levels");
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

// The same cut, the rest ordered by the learned bot's scores, best first
// (ties in the order given).
std::vector<Move> prune_by_net(const PlayerView& view, const std::vector<Move>& candidates, int preferred, int keep) {
  if (keep <= 0 || int(candidates.size()) <= keep) return candidates;
  std::vector<float> scores(candidates.size());
  net_move_scores(view, candidates.data(), int(candidates.size()), scores.data());
  std::vector<int> order(candidates.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if ((a == preferred) != (b == preferred)) return a == preferred;
    return scores[std::size_t(a)] > scores[std::size_t(b)];
  });
  std::vector<Move> kept;
  kept.reserve(std::size_t(keep));
  for (int i = 0; i < keep; ++i) kept.push_back(candidates[std::size_t(order[std::size_t(i)])]);
  return kept;
}

}  // namespace

std::vector<Move> prune_candidates(const PlayerView& view, const std::vector<Move>& candidates, bool can_pass,
                                   int keep, bool net_order) {
  if (keep <= 0 || int(candidates.size()) <= keep) return candidates;
  const int preferred = planning_choice(view, candidates, can_pass);
  return net_order ? prune_by_net(view, candidates, preferred, keep) : prune_around(view, candidates, preferred, keep);
}

SearchResult search_v2(const PlayerView& view, const std::vector<Move>& all_candidates, bool can_pass,
                       const SearchConfig& config, Rng& rng) {
  const Clock::time_point started = Clock::now();
  check_decision(view, all_candidates.data(), int(all_candidates.size()), can_pass);
  check_search_v2(config);
  // The planning policy is asked once. Its choice, or with net_prior the
  // learned bot's, is the option to beat and leads the pruned candidates;
  // with net_prior the planning policy's choice stays among them.
  const int planning_given = planning_choice(view, all_candidates, can_pass, config.playout_style);
  int prior_given = planning_given;
  if (config.net_prior) {
    NetPolicy net;
    Rng unused(0);  // the learned bot draws no random numbers
    prior_given = net.choose_play(view, all_candidates.data(), int(all_candidates.size()), can_pass, unused);
  }
  std::vector<Move> candidates =
      config.net_order ? prune_by_net(view, all_candidates, prior_given, config.max_candidates)
                       : prune_around(view, all_candidates, prior_given, config.max_candidates);
  if (planning_given >= 0 && candidates.size() >= 2 &&
      std::find(candidates.begin(), candidates.end(), all_candidates[std::size_t(planning_given)]) ==
          candidates.end())
    candidates.back() = all_candidates[std::size_t(planning_given)];
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
  // The option to beat (candidates.size(): pass).
  int preferred = int(candidates.size());
  if (prior_given >= 0)
    preferred = int(std::find(candidates.begin(), candidates.end(), all_candidates[std::size_t(prior_given)]) -
                    candidates.begin());
  const bool timed = config.think_ms > 0;
  const std::uint64_t decision_seed = rng.next();
  // Plays `worlds` worlds of the `active` options on the configured
  // threads (stream `stream` of the decision), adding to `sums`.
  auto play = [&](Tally& sums, const std::vector<int>& active, int worlds, const SearchConfig& playing,
                  Clock::time_point deadline, int stream) {
    const int threads = std::min(playing.threads, worlds);
    std::vector<SearchShare> shares(static_cast<std::size_t>(threads));
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    {
      // Thread t plays worlds/threads worlds, the first worlds % threads one
      // more, from its own stream for this round.
      auto run = [&](int t) {
        const int mine = worlds / threads + (t < worlds % threads ? 1 : 0);
        try {
          search_share(view, candidates, options, active, preferred, mine, playing, timed, deadline,
                       thread_rng(decision_seed, stream * kMaxSearchThreads + t), shares[std::size_t(t)]);
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
      sums.add(share.sums);
      result.rollouts += share.rollouts;
    }
    result.stopped = config.stop && config.stop->load(std::memory_order_relaxed);
  };
  Tally sums(options);
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
    const Clock::time_point deadline =
        started + std::chrono::microseconds(std::int64_t(config.think_ms) * 1000 * (round + 1) / rounds);
    play(sums, active, worlds, config, deadline, round);
    if (round + 1 < rounds) {
      std::stable_sort(active.begin(), active.end(), [&](int a, int b) { return sums.mean(a) > sums.mean(b); });
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
      const std::optional<double> g = sums.significant_gain(c, preferred, config);
      if (g && *g > best_gain) {
        best = c;
        best_gain = *g;
      }
    }
    // A second opinion (confirm_worlds): the overrule stands only if the
    // gain is significant again in fresh worlds where the learned bot, not
    // the planning player, finishes the deal for the searcher's team. The
    // two models err differently; a gain that is one model's bias seldom
    // survives the other. Exact endgames need no second model. Its sums
    // are its own: best_value stays the first opinion's mean.
    if (config.confirm_worlds > 0 && best != preferred && !solves_exactly(view, config) && !result.stopped) {
      SearchConfig second = config;
      second.net_playouts |= 1;
      const Clock::time_point deadline = started + std::chrono::milliseconds(config.think_ms);
      Tally second_opinion(options);
      play(second_opinion, {preferred, best}, config.confirm_worlds, second, deadline, rounds);
      // Too few worlds to tell (the clock ran out): the first opinion stands.
      if (second_opinion.paired[std::size_t(best)] >= 2 && !second_opinion.significant_gain(best, preferred, config))
        best = preferred;
    }
  } else {
    best = active[0];
    for (int c : active)
      if (sums.mean(c) > sums.mean(best)) best = c;
    if (sums.visits[std::size_t(preferred)] > 0 && sums.mean(best) - sums.mean(preferred) <= config.keep_margin)
      best = preferred;
  }
  result.choice = best < int(candidates.size()) ? given_index(best) : -1;
  result.best_value = sums.visits[std::size_t(best)] > 0 ? sums.mean(best) : 0.0;
  return result;
}

int SearchPolicy::choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng& rng) {
  if (!config_.planned_cards)
    return choose_grouped(moves, count, [&](const std::vector<Move>& groups) {
      return search_v2(view, groups, can_pass, config_, rng);
    });
  // Each action read as the planner keeps the rest of the hand, but the
  // planning player's own move (asked with every move, as it plays) for its
  // action: it stays the move it would play.
  std::array<int, kGiveBase> chosen;
  planned_actions(moves, count, view.hand, view.level, view.rules.move_rules(), chosen);
  const int planned = planning_choice(view, std::vector<Move>(moves, moves + count), can_pass, config_.playout_style);
  if (planned >= 0) chosen[std::size_t(action_of(moves[planned]))] = planned;
  // One move per action, in the order the actions first appear (as group_moves).
  std::vector<Move> groups;
  std::vector<int> index;
  std::array<bool, kGiveBase> listed{};
  for (int i = 0; i < count; ++i) {
    const std::size_t a = std::size_t(action_of(moves[i]));
    if (listed[a]) continue;
    listed[a] = true;
    index.push_back(chosen[a]);
    groups.push_back(moves[chosen[a]]);
  }
  const SearchResult r = search_v2(view, groups, can_pass, config_, rng);
  return r.choice < 0 ? -1 : index[std::size_t(r.choice)];
}

CardKind SearchPolicy::choose_card(const PlayerView& view, CardSet options, Rng& rng) {
  return cards_.choose_card(view, options, rng);
}

namespace {

// An option's value as set, else its declared default.
double option(const PolicyOptions& options, std::span<const OptionSpec> specs, std::string_view name) {
  const OptionSpec* spec = find_option(specs, name);
  return options.values.get_or(name, spec ? spec->fallback : 0.0);
}

}  // namespace

SearchConfig search_config(const PolicyOptions& options, std::span<const OptionSpec> specs) {
  SearchConfig config;
  config.rollouts = int(option(options, specs, "rollouts"));
  config.think_ms = int(option(options, specs, "think_ms"));
  config.threads = int(option(options, specs, "threads"));
  config.max_candidates = int(option(options, specs, "max_candidates"));
  config.keep_margin = option(options, specs, "keep_margin");
  config.keep_worlds = int(option(options, specs, "keep_worlds"));
  config.stop = options.stop;
  return config;
}

SearchConfig search_v2_config(const PolicyOptions& options) {
  SearchConfig config = search_config(options, kSearchV2Options);
  config.playout_style = kRuleV2Style;
  return config;
}

// Search v3: search v2 reading the table (inference), playing out against a
// mixture of opponent styles (the two ends of the style ranges among them),
// solving endgames exactly, and overruling the planning player only on a
// gain of two standard errors. 16 cards in all four hands solve in about
// 60 µs median, 1.2 ms p90 (bench_endgame).
constexpr int kSearchEndgameCards = 16;
constexpr double kSearchKeepSigmas = 2.0;
// The defaults of kSearchOptions, measured (docs/bots.md §5): one
// opponent-deal in three of its playouts plays the patient style, one in
// three the bomber (a uniform draw from the style ranges almost never makes
// either whole, and the search read `rule_patient` worst of the gauntlet);
// reading each opponent's style from its passes and bombs
// (style_evidence.h) is off (at 1,000 playouts a decision it gained nothing
// measurable); a won deal counts two levels more than it pays (more deals
// and more levels won on the gauntlet's seeds than levels alone).

namespace {

// Search v3's configuration, its options read from `specs` (v3's own, or
// v4's, which add to them).
SearchConfig search_v3_config(const PolicyOptions& options, std::span<const OptionSpec> specs) {
  SearchConfig config = search_config(options, specs);
  config.keep_sigmas = kSearchKeepSigmas;
  config.inference = true;
  config.opponent_styles = true;
  config.endgame_cards = kSearchEndgameCards;
  config.opponent_ends_in = int(option(options, specs, "opponent_ends_in"));
  if (config.opponent_ends_in == 1)
    throw std::invalid_argument("search: option opponent_ends_in must be 0 or 2..1000, got 1");
  config.read_opponent_styles = option(options, specs, "read_styles") != 0;
  config.win_bonus = option(options, specs, "win_bonus");
  config.net_order = option(options, specs, "net_order") != 0;
  config.net_playouts = int(option(options, specs, "net_playouts"));
  return config;
}

}  // namespace

SearchConfig search_v3_config(const PolicyOptions& options) { return search_v3_config(options, kSearchV3Options); }

// Search v4 (docs/bots.md §5, "Search v4"): each grouped move read as the planner keeps
// the rest of the hand, and the learned bot's choice (now level with search
// v3 at 150 playouts) as the one to beat.
SearchConfig search_v4_config(const PolicyOptions& options) {
  SearchConfig config = search_v3_config(options, kSearchOptions);
  config.planned_cards = option(options, kSearchOptions, "planned_cards") != 0;
  config.net_prior = option(options, kSearchOptions, "net_prior") != 0;
  config.confirm_worlds = int(option(options, kSearchOptions, "confirm_worlds"));
  return config;
}

}  // namespace guandan
