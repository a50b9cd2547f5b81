// Policies and the search bot, called from Python with what one seat may know.
#include <pybind11/stl.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/bots/registry.h"
#include "guandan/bots/search.h"
#include "guandan/bots/search_v1.h"
#include "guandan/bots/move_values.h"
#include "held_view.h"
#include "interruptible.h"
#include "move_object.h"
#include "registry.h"

namespace guandan::python {
namespace {

HeldView make_view(int seat, int level, const Ruleset& rules, const CardSet& hand, std::array<int, 4> counts,
                     const CardSet& played, const std::vector<CardSet>& shown, const py::handle& last_play,
                     int last_player, int passed_mask, const std::vector<int>& out,
                     const py::handle& first_out_last_play) {
  if (seat < 0 || seat > 3) throw py::value_error("seat must be 0..3");
  if (shown.size() != 4 || out.size() > 4) throw py::value_error("shown has one entry per seat; out at most 4 seats");
  PlayerView view;
  view.seat = seat;
  view.level = level_from_index(level);
  view.rules = rules;
  view.hand = hand;
  view.counts = counts;
  view.played = played;
  for (int s = 0; s < 4; ++s) view.shown[s] = shown[s];
  view.leading = last_play.is_none();
  if (!view.leading) view.last_play = move_argument(last_play, "last_play");
  view.last_player = last_player;
  view.out_count = int(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) view.out[i] = out[i];
  if (!first_out_last_play.is_none())
    view.first_out_last_play = move_argument(first_out_last_play, "first_out_last_play");
  if (passed_mask < 0 || passed_mask > 15) throw py::value_error("passed_mask must be 0..15");
  view.passed_mask = std::uint8_t(passed_mask);
  sum_of_cards(played, hand, "in the hand and the cards played");  // names a card held three times
  check_view(view);  // std::invalid_argument: ValueError naming what is wrong
  return HeldView::copy_of(view);  // no record: the fields alone
}

std::vector<Move> move_vector(const py::iterable& moves) {
  std::vector<Move> out;
  for (py::handle m : moves) out.push_back(move_argument(m, "candidate"));
  return out;
}

const PolicyEntry& policy_entry(const std::string& name) { return registry_entry(policy_registry(), name); }

void check_rollouts(int rollouts) {
  if (rollouts < kMinRollouts || rollouts > kMaxRollouts) throw py::value_error("rollouts must be 1..1,000,000");
}

void check_think_ms(int think_ms) {
  if (think_ms != 0 && (think_ms < kMinThinkMs || think_ms > kMaxThinkMs))
    throw py::value_error("think_ms must be 1..60,000 (or 0 for no time budget)");
}

void check_search_threads(int threads) {
  if (threads < 1 || threads > kMaxSearchThreads) throw py::value_error("threads must be 1..64");
}

// The options a policy is made with: its spec's values, then the search
// budget given apart (each checked: ValueError naming the first out of
// range) for each option the policy declares and its spec does not set.
PolicyOptions checked_options(const PolicySpec& spec, int rollouts, int think_ms, int threads,
                              std::optional<int> max_candidates, double keep_margin) {
  check_rollouts(rollouts);
  check_think_ms(think_ms);
  check_search_threads(threads);
  if (max_candidates && (*max_candidates < 0 || *max_candidates > 1000))
    throw py::value_error("max_candidates must be 0 (all) to 1,000, or None for the policy's default");
  if (!(keep_margin >= 0.0 && keep_margin <= 6.0)) throw py::value_error("keep_margin must be 0..6 (levels)");
  PolicyOptions options{spec.values, nullptr};
  auto put = [&](std::string_view name, double value) {
    if (find_option(spec.entry->options, name) != nullptr && !spec.values.get(name))
      options.values.set(spec.entry->name, spec.entry->options, name, value);
  };
  put("rollouts", rollouts);
  put("think_ms", think_ms);
  put("threads", threads);
  if (max_candidates) put("max_candidates", *max_candidates);
  put("keep_margin", keep_margin);
  return options;
}

PolicySpec spec_argument(const std::string& text) {
  try {
    return parse_policy_spec(text);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

// A policy made once and asked for every decision of one seat.
class CorePlayer {
 public:
  CorePlayer(const PolicyEntry& entry, PolicyOptions options) : entry_(entry) {
    options.stop = stop_.get();
    policy_ = entry.make(options);
  }

  int play(const HeldView& held, const py::iterable& moves, bool can_pass, std::uint64_t seed) {
    const PlayerView view = held.view();
    const std::vector<Move> candidates = move_vector(moves);
    check_decision(view, candidates.data(), int(candidates.size()), can_pass);
    Rng rng(seed);
    int choice = -1;
    auto choose = [&] {
      const std::lock_guard<std::mutex> one_at_a_time(busy_);
      choice = policy_->choose_play(view, candidates.data(), int(candidates.size()), can_pass, rng);
    };
    stop_->store(false);
    if (entry_.expensive) {
      run_interruptible(choose, *stop_);  // Ctrl-C stops a long decision
    } else {
      py::gil_scoped_release release;  // microseconds: not worth a thread
      choose();
    }
    return choice;
  }

  PyCard card(const HeldView& held, const std::vector<PyCard>& options, std::uint64_t seed) {
    const PlayerView view = held.view();
    CardSet set;
    for (const PyCard& c : options) set = set | CardSet::of_kind(c.kind);
    if (set.empty()) throw py::value_error("no card to choose");
    if (!view.hand.contains(set)) throw py::value_error("the options must be cards the seat holds");
    Rng rng(seed);
    const std::lock_guard<std::mutex> one_at_a_time(busy_);
    return PyCard{policy_->choose_card(view, set, rng)};
  }

 private:
  const PolicyEntry& entry_;
  // On the heap: the policy keeps its address.
  std::unique_ptr<std::atomic<bool>> stop_ = std::make_unique<std::atomic<bool>>(false);
  std::unique_ptr<Policy> policy_;
  std::mutex busy_;
};

}  // namespace

void init_search(py::module_& m) {
  py::class_<HeldView>(m, "PlayerView", "What one seat may know (player_view.h), with the deal's public record so far.")
      .def(py::init(&make_view), py::arg("seat"), py::arg("level"), py::arg("rules"), py::arg("hand"),
           py::arg("counts"), py::arg("played"), py::arg("shown"), py::arg("last_play"), py::arg("last_player"),
           py::arg("passed_mask"), py::arg("out"), py::arg("first_out_last_play"))
      // Pickled as the bytes of its fields (a plain value), with the
      // layout's size in front, and the bytes of its record: what earlier
      // plays and passes showed travels with it. Unpickled by a build of the
      // same layout only, the record checked (bots index by its seats).
      .def(py::pickle(
          [](const HeldView& held) {
            const std::string fields(reinterpret_cast<const char*>(&held.fields), sizeof(PlayerView));
            const char* record = held.record ? reinterpret_cast<const char*>(held.record->data()) : "";
            return py::make_tuple(py::make_tuple(sizeof(PlayerView), sizeof(PublicAction)), py::bytes(fields),
                                  py::bytes(record, held.length * sizeof(PublicAction)));
          },
          [](const py::tuple& state) {
            const py::object layout = py::make_tuple(sizeof(PlayerView), sizeof(PublicAction));
            if (state.size() != 3 || !layout.equal(state[0]))
              throw py::value_error("a PlayerView pickled by another build of the core");
            const std::string fields = state[1].cast<std::string>();
            const std::string record = state[2].cast<std::string>();
            if (fields.size() != sizeof(PlayerView) || record.size() % sizeof(PublicAction) != 0)
              throw py::value_error("a PlayerView pickle of the wrong size");
            // Any seat's view (not only the seat to act's): a policy checks
            // the view it decides from (check_decision), so it is not
            // checked here; its record is.
            PlayerView view;
            std::memcpy(static_cast<void*>(&view), fields.data(), sizeof(PlayerView));
            std::vector<PublicAction> actions(record.size() / sizeof(PublicAction));
            if (!actions.empty()) std::memcpy(static_cast<void*>(actions.data()), record.data(), record.size());
            view.record = actions;
            try {
              check_record(view);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(std::string("a damaged PlayerView pickle: ") + e.what());
            }
            return HeldView::copy_of(view);
          }))
      // Read one field at a time: an observation built on a view converts
      // only what its bot reads.
      .def_property_readonly("seat", [](const HeldView& h) { return h.fields.seat; })
      .def_property_readonly("level", [](const HeldView& h) { return int(h.fields.level); })
      .def_property_readonly("rules", [](const HeldView& h) { return h.fields.rules; })
      .def_property_readonly("hand", [](const HeldView& h) { return h.fields.hand; })
      .def_property_readonly("counts", [](const HeldView& h) {
            const PlayerView& v = h.fields;
            return py::make_tuple(v.counts[0], v.counts[1], v.counts[2], v.counts[3]);
          })
      .def_property_readonly("played", [](const HeldView& h) { return h.fields.played; })
      .def_property_readonly("shown", [](const HeldView& h) {
            const PlayerView& v = h.fields;
            return py::make_tuple(v.shown[0], v.shown[1], v.shown[2], v.shown[3]);
          })
      .def_property_readonly("last_play", [](const HeldView& h) -> py::object {
            const PlayerView& v = h.fields;
            if (v.leading) return py::none();
            return py::reinterpret_steal<py::object>(new_move_object(v.last_play, v.level));
          })
      .def_property_readonly("last_player", [](const HeldView& h) -> py::object {
            const PlayerView& v = h.fields;
            if (v.leading || v.last_player < 0) return py::none();
            return py::int_(v.last_player);
          })
      .def_property_readonly("passed", [](const HeldView& h) {
            py::list seats;
            for (int s = 0; s < 4; ++s)
              if (h.fields.passed_mask >> s & 1) seats.append(s);
            return py::tuple(seats);
          })
      .def_property_readonly("finishing_order", [](const HeldView& h) {
            py::list seats;
            for (int i = 0; i < h.fields.out_count; ++i) seats.append(h.fields.out[std::size_t(i)]);
            return py::tuple(seats);
          })
      .def_property_readonly("first_out_last_play", [](const HeldView& h) -> py::object {
            const PlayerView& v = h.fields;
            if (v.out_count == 0) return py::none();
            return py::reinterpret_steal<py::object>(new_move_object(v.first_out_last_play, v.level));
          })
      .def_property_readonly("record_length", [](const HeldView& h) { return h.length; },
                             "How many public actions of the deal the view's record holds (0: none kept).");

  py::class_<CorePlayer>(m, "CorePlayer",
                         "One seat's player by a core policy, kept between decisions so that a policy's memory (the "
                         "planning policy's plans) carries over exactly as in the core's own playouts. One call at a "
                         "time.")
      .def(py::init([](const std::string& name, int rollouts, int think_ms, int threads,
                       std::optional<int> max_candidates, double keep_margin) {
             const PolicySpec spec = spec_argument(name);
             return std::make_unique<CorePlayer>(
                 *spec.entry, checked_options(spec, rollouts, think_ms, threads, max_candidates, keep_margin));
           }),
           py::arg("policy"), py::arg("rollouts") = 4000, py::arg("think_ms") = 0, py::arg("threads") = 1,
           py::arg("max_candidates") = py::none(), py::arg("keep_margin") = kDefaultKeepMargin)
      .def("play", &CorePlayer::play, py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("seed"),
           "The index of the move to play, or -1 to pass; passing only when following.")
      .def("card", &CorePlayer::card, py::arg("view"), py::arg("options"), py::arg("seed"),
           "The tribute or return card among the options.");

  // The search policy's defaults (policy.h), so Python's defaults are the core's.
  m.attr("DEFAULT_MAX_CANDIDATES") = kDefaultMaxCandidates;  // search_v2's
  m.attr("SEARCH_MAX_CANDIDATES") = kSearchMaxCandidates;     // search's (v3)
  m.attr("DEFAULT_KEEP_MARGIN") = kDefaultKeepMargin;
  m.attr("MAX_THINK_MS") = kMaxThinkMs;  // the longest time budget per decision

  m.def("policy_play", [](const std::string& name, const HeldView& held, const py::iterable& moves, bool can_pass,
                          std::uint64_t seed, int rollouts, int think_ms, int threads,
                          std::optional<int> max_candidates, double keep_margin) {
        const PolicySpec spec = spec_argument(name);
        CorePlayer player(*spec.entry, checked_options(spec, rollouts, think_ms, threads, max_candidates, keep_margin));
        return player.play(held, moves, can_pass, seed);
      }, py::arg("policy"), py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("seed"),
      py::arg("rollouts") = 4000, py::arg("think_ms") = 0, py::arg("threads") = 1,
      py::arg("max_candidates") = py::none(), py::arg("keep_margin") = kDefaultKeepMargin,
      "The index of the move a core policy plays, or -1 to pass. rollouts: 1..1,000,000 (search policies); "
      "think_ms: 1..60,000 or 0 for none, threads: 1..64, max_candidates: 0 (all) or more, None for the "
      "policy's default, keep_margin: 0..6 "
      "(search); "
      "passing only when following; Ctrl-C stops an expensive policy's decision.");

  m.def("policy_card", [](const std::string& name, const HeldView& held, const std::vector<PyCard>& options,
                          std::uint64_t seed) {
        CorePlayer player(policy_entry(name), PolicyOptions{});
        return player.card(held, options, seed);
      }, py::arg("policy"), py::arg("view"), py::arg("options"), py::arg("seed"));

  m.def("search_v1_move", [](const HeldView& held, const py::iterable& moves, bool can_pass, int rollouts,
                          bool rule_rollouts, std::uint64_t seed) {
        const PlayerView view = held.view();
        check_rollouts(rollouts);
        const std::vector<Move> candidates = move_vector(moves);
        check_decision(view, candidates.data(), int(candidates.size()), can_pass);
        std::atomic<bool> stop{false};
        SearchResult result;
        Rng rng(seed);
        run_interruptible([&] { result = search_v1(view, candidates, can_pass, SearchV1Config{rollouts, rule_rollouts, &stop}, rng); },
                          stop);
        return py::make_tuple(result.choice, result.rollouts, result.best_value);
      }, py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("rollouts"), py::arg("rule_rollouts"),
      py::arg("seed"),
      "Determinized Monte Carlo search (bots/search_v1.h): (choice index or -1 to pass, playouts run, mean score). "
      "rollouts: 1..1,000,000; passing only when following; Ctrl-C stops it within a second.");

  m.def("search_v2_move", [](const HeldView& held, const py::iterable& moves, bool can_pass, int rollouts,
                             int think_ms, int threads, std::uint64_t seed, int max_candidates,
                             double keep_margin) {
        const PlayerView view = held.view();
        const PolicyOptions options =
            checked_options(spec_argument("search_v2"), rollouts, think_ms, threads, max_candidates, keep_margin);
        const std::vector<Move> candidates = move_vector(moves);
        check_decision(view, candidates.data(), int(candidates.size()), can_pass);
        std::atomic<bool> stop{false};
        // search_v2's options with the planning player's default style in
        // the playouts (SearchConfig's defaults), as this call always had.
        SearchConfig config = search_config(options, kSearchV2Options);
        config.stop = &stop;
        SearchResult result;
        Rng rng(seed);
        run_interruptible([&] { result = search_v2(view, candidates, can_pass, config, rng); }, stop);
        return py::make_tuple(result.choice, result.rollouts, result.best_value);
      }, py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("rollouts"), py::arg("think_ms"),
      py::arg("threads"), py::arg("seed"), py::arg("max_candidates") = 0, py::arg("keep_margin") = kDefaultKeepMargin,
      "Search v2 (bots/search.h): (choice index or -1 to pass, playouts run, mean score of the choice). Stops at the "
      "first of rollouts (1..1,000,000) and think_ms (1..60,000 ms, 0 for none); threads 1..64 for this decision; "
      "the same seed and thread count give the same result without a time budget; max_candidates > 0 searches only "
      "that many candidates, by the planning policy's preference (search_v2: DEFAULT_MAX_CANDIDATES); the "
      "planning policy's own choice stands unless another beats it by more than keep_margin levels (0..6). Ctrl-C "
      "stops it within a second.");

  m.def("move_values", [](const HeldView& held, const py::iterable& moves, bool can_pass, int rollouts,
                          int think_ms, std::uint64_t seed) {
        const PlayerView view = held.view();
        check_rollouts(rollouts);
        check_think_ms(think_ms);
        const std::vector<Move> candidates = move_vector(moves);
        std::atomic<bool> stop{false};
        std::vector<MoveValue> values;
        Rng rng(seed);
        run_interruptible([&] { values = move_values(view, candidates, can_pass, MoveValuesConfig{rollouts, think_ms, &stop}, rng); },
                          stop);
        py::list out;
        for (const MoveValue& v : values) out.append(py::make_tuple(v.mean, v.win_rate, v.playouts));
        return out;
      }, py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("rollouts"), py::arg("think_ms"),
      py::arg("seed"),
      "The value of every option (move_values.h): one (mean score, share of playouts won, playouts) per move, "
      "then one for passing when can_pass; every option played out in the same sampled worlds. Stops at the "
      "first of rollouts (1..1,000,000, all options together) and think_ms (1..60,000 ms, 0 for none); "
      "Ctrl-C stops it within a second.");

  m.def("sample_world", [](const HeldView& held, std::uint64_t seed) {
        const PlayerView view = held.view();
        Rng rng(seed);
        const std::array<CardSet, 4> hands = sample_world(view, rng);
        return std::vector<CardSet>(hands.begin(), hands.end());
      }, py::arg("view"), py::arg("seed"),
      "The four hands of one world the search samples for this view: the viewer's own hand, and the unseen cards "
      "dealt to the others consistently with the counts and the cards each is known to hold.");
}

}  // namespace guandan::python
