// The search's building blocks, for searches written in Python
// (guandan/gd/search_tools.py wraps them): worlds consistent with a seat's
// view, uniform or weighted by what the other seats' plays and passes
// showed (inference.h), the deal of a world, a position played out by the
// core's policies (playout.h), and the exact endgame solver (endgame.h).
#include <pybind11/stl.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/bots/registry.h"
#include "guandan/bots/endgame.h"
#include "guandan/bots/evidence.h"
#include "guandan/bots/inference.h"
#include "guandan/move_list.h"
#include "guandan/bots/playout.h"
#include "guandan/recorded_deal.h"
#include "guandan/view_check.h"
#include "held_view.h"
#include "move_object.h"
#include "registry.h"

namespace guandan::python {
namespace {

std::array<CardSet, 4> four_world_hands(const std::vector<CardSet>& hands) {
  if (hands.size() != 4) throw py::value_error("a world has one hand per seat (4), got " + std::to_string(hands.size()));
  return {hands[0], hands[1], hands[2], hands[3]};
}

template <class F>
auto as_value_error(F&& f) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

py::object endgame_move(const EndgameResult& r, Rank level) {
  if (r.best_is_pass || r.best.size() == 0) return py::none();
  return py::reinterpret_steal<py::object>(new_move_object(r.best, level));
}

EndgameLimits limits_of(std::int64_t max_nodes) {
  if (max_nodes < 1 || max_nodes > 1'000'000'000)
    throw py::value_error("max_nodes must be 1..1,000,000,000, got " + std::to_string(max_nodes));
  EndgameLimits limits;
  limits.max_nodes = max_nodes;
  return limits;
}

}  // namespace

void init_search_tools(py::module_& m) {
  m.def("sample_world_weighted", [](const HeldView& held, std::uint64_t seed) {
        const PlayerView view = held.view();
        Rng rng(seed);
        const std::array<CardSet, 4> hands = sample_world_inferred(view, read_evidence(view), rng);
        return std::vector<CardSet>(hands.begin(), hands.end());
      }, py::arg("view"), py::arg("seed"),
      "One world drawn in proportion to how likely it makes the other seats' passes and plays so far "
      "(inference.h: the best of several uniform worlds by weighted resampling).");

  m.def("world_likelihood", [](const HeldView& held, const std::vector<CardSet>& hands) {
        const PlayerView view = held.view();
        const std::array<CardSet, 4> world = four_world_hands(hands);
        return evidence_likelihood(view, read_evidence(view), world, kDefaultInference);
      }, py::arg("view"), py::arg("hands"),
      "The likelihood of the other seats' passes and plays so far in the world `hands`, up to a constant factor.");

  m.def("world_state", [](const HeldView& held, const std::vector<CardSet>& hands) {
        const PlayerView view = held.view();
        const std::array<CardSet, 4> world = four_world_hands(hands);
        if (world[std::size_t(view.seat)] != view.hand)
          throw py::value_error("the world must give the viewer its own hand");
        // A position without its past: the record starts here.
        return as_value_error([&] { return RecordedDeal(DealState(world, view)); });
      }, py::arg("view"), py::arg("hands"),
      "The deal at the public position of `view` with these four hands (a determinization).");

  m.def("play_position_out", [](const RecordedDeal& start, const std::vector<std::string>& policies, std::uint64_t seed,
                                int search_rollouts) {
        if (policies.size() != 4) throw py::value_error("one policy per seat (4)");
        if (search_rollouts < kMinRollouts || search_rollouts > kMaxRollouts)
          throw py::value_error("search_rollouts must be 1..1,000,000");
        std::array<std::unique_ptr<Policy>, 4> owned;
        Policy* seats[4];
        for (int s = 0; s < 4; ++s) {
          const PolicyEntry& entry = registry_entry(policy_registry(), policies[std::size_t(s)]);
          PolicyOptions options;
          if (find_option(entry.options, "rollouts") != nullptr)
            options.values.set(entry.name, entry.options, "rollouts", search_rollouts);
          owned[std::size_t(s)] = entry.make(options);
          seats[s] = owned[std::size_t(s)].get();
        }
        RecordedDeal deal = start;  // its record grows with the playout, for the policies to read
        auto moves = std::make_unique<MoveList>();
        Rng rng(seed);
        {
          py::gil_scoped_release release;
          play_out(deal, seats, rng, *moves);
        }
        return deal;
      }, py::arg("state"), py::arg("policies"), py::arg("seed"), py::arg("search_rollouts") = 4000,
      "The position played to its end by the core's policies (one name per seat), as a new state.");

  m.def("solve_endgame", [](const RecordedDeal& deal, int seat, std::int64_t max_nodes) {
        const EndgameLimits limits = limits_of(max_nodes);
        EndgameResult r;
        {
          py::gil_scoped_release release;
          r = as_value_error([&] { return solve_endgame(deal, seat, limits); });
        }
        return py::make_tuple(r.solved, r.value, r.nodes, endgame_move(r, deal.level()), r.best_is_pass);
      }, py::arg("state"), py::arg("seat"), py::arg("max_nodes") = kDefaultEndgameNodes,
      "The exact value of the position for `seat`'s team: (solved, value, nodes, best move or None, best is "
      "a pass); solved is False when max_nodes ran out.");

  m.def("solve_endgame_options", [](const RecordedDeal& deal, const py::iterable& moves, bool include_pass,
                                    std::int64_t max_nodes) -> py::object {
        const EndgameLimits limits = limits_of(max_nodes);
        std::vector<Move> candidates;
        for (py::handle move : moves) candidates.push_back(move_argument(move, "move"));
        std::vector<double> values;
        bool solved;
        {
          py::gil_scoped_release release;
          solved = as_value_error(
              [&] { return solve_endgame_options(deal, deal.turn(), candidates, include_pass, limits, values); });
        }
        if (!solved) return py::none();
        return py::cast(values);
      }, py::arg("state"), py::arg("moves"), py::arg("include_pass"), py::arg("max_nodes") = kDefaultEndgameNodes,
      "The exact value of each option of the seat to act, for its team (moves, then passing when include_pass); "
      "None when max_nodes ran out.");
}

}  // namespace guandan::python
