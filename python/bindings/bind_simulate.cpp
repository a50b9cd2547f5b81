// Batch simulation: the GIL is released while the core plays.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/simulate.h"

namespace guandan::python {
namespace {

PolicyKind policy_kind(const std::string& name) {
  if (name == "random") return PolicyKind::kRandom;
  if (name == "rule") return PolicyKind::kRule;
  if (name == "search") return PolicyKind::kSearch;
  throw py::value_error("unknown policy '" + name + "' (expected random, rule or search)");
}

template <class T>
T* column(py::dict& columns, const char* name, std::size_t rows, std::size_t width = 1) {
  auto array = columns[name].cast<py::array_t<T, py::array::c_style>>();
  if (std::size_t(array.size()) < rows * width) throw py::value_error(std::string("column ") + name + " is too small");
  return array.mutable_data();
}

}  // namespace

void init_simulate(py::module_& m) {
  py::class_<SimulationSetup>(m, "SimulationSetup", "What to simulate (simulate.h).")
      .def(py::init([](const Ruleset& rules, std::uint64_t seed, const std::vector<std::string>& policies, int level,
                       bool tribute, const std::vector<std::optional<CardSet>>& fixed, std::vector<int> sizes,
                       int leader, int search_rollouts) {
             SimulationSetup s;
             s.rules = rules;
             s.seed = seed;
             if (policies.size() != 4) throw py::value_error("one policy per seat (4)");
             for (int i = 0; i < 4; ++i) s.policies[i] = policy_kind(policies[i]);
             s.level = level_from_index(level);
             s.tribute = tribute;
             if (fixed.size() != 4 || sizes.size() != 4) throw py::value_error("fixed and sizes have one entry per seat");
             CardSet all;
             int total = 0;
             for (int i = 0; i < 4; ++i) {
               s.has_fixed[i] = fixed[i].has_value();
               if (fixed[i]) {
                 all = sum_of_cards(all, *fixed[i], "among the fixed hands");
                 s.fixed[i] = *fixed[i];
                 total += fixed[i]->size();
               } else {
                 if (sizes[i] < 0 || sizes[i] > 27) throw py::value_error("hand sizes must be 0..27");
                 s.sizes[i] = sizes[i];
                 total += sizes[i];
               }
             }
             if (total > kNumPhysicalCards) throw py::value_error("more cards than the deck holds");
             if (leader < -1 || leader > 3) throw py::value_error("leader must be None or a seat 0..3");
             s.leader = leader;
             if (search_rollouts < 1) throw py::value_error("search_rollouts must be positive");
             s.search_rollouts = search_rollouts;
             return s;
           }),
           py::arg("rules"), py::arg("seed"), py::arg("policies"), py::arg("level"), py::arg("tribute"),
           py::arg("fixed"), py::arg("sizes"), py::arg("leader"), py::arg("search_rollouts") = 4000);

  m.def("simulate_deals", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count, py::dict columns,
                             std::uint64_t row, int threads) {
        // Columns are full-size arrays; this call fills rows [row, row + count).
        const std::size_t end = row + count;
        const DealColumns out{column<std::int8_t>(columns, "placing", end, 4) + row * 4,
                              column<std::int8_t>(columns, "partner_place", end) + row,
                              column<std::int8_t>(columns, "winning_team", end) + row,
                              column<std::int8_t>(columns, "levels_gained", end) + row,
                              column<std::int8_t>(columns, "tribute", end) + row,
                              column<std::int16_t>(columns, "plays", end) + row,
                              column<std::int16_t>(columns, "passes", end) + row,
                              column<std::int16_t>(columns, "bombs", end) + row};
        py::gil_scoped_release release;
        simulate_deals(setup, begin, count, out, threads);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"));

  m.def("simulate_matches", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                               py::dict columns, std::uint64_t row, int threads) {
        const std::size_t end = row + count;
        const MatchColumns out{column<std::int8_t>(columns, "winner", end) + row,
                               column<std::int16_t>(columns, "deals", end) + row,
                               column<std::int8_t>(columns, "final_levels", end, 2) + row * 2,
                               column<std::int32_t>(columns, "plays", end) + row,
                               column<std::int32_t>(columns, "bombs", end) + row,
                               column<std::int16_t>(columns, "double_wins", end) + row};
        py::gil_scoped_release release;
        simulate_matches(setup, begin, count, out, threads);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"));
}

}  // namespace guandan::python
