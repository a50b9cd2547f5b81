// Batch simulation: the core plays on its own threads, the GIL released;
// Ctrl-C stops it (interruptible.h).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/tools/simulate.h"
#include "columns.h"
#include "simulation_columns.h"
#include "registry.h"

namespace guandan::python {
namespace {

}  // namespace

void init_simulate(py::module_& m) {
  // The ranges the core checks, for the Python layer to check first.
  m.attr("MAX_THREADS") = kMaxThreads;
  m.attr("MAX_ROLLOUTS") = kMaxRollouts;
  m.def("policy_names", [] { return registry_names(policy_registry()); }, "The names of the core's policies (the policy registry, bots/registry.h), in registry order.");

  py::class_<SimulationSetup>(m, "SimulationSetup", "What to simulate (simulate.h).")
      .def(py::init([](const Ruleset& rules, std::uint64_t seed, const std::vector<std::string>& policies, int level,
                       bool tribute, const std::vector<std::optional<CardSet>>& fixed, std::vector<int> sizes,
                       int leader, int search_rollouts) {
             SimulationSetup s;
             s.rules = rules;
             s.seed = seed;
             if (policies.size() != 4) throw py::value_error("one policy per seat (4)");
             if (search_rollouts < kMinRollouts || search_rollouts > kMaxRollouts)
               throw py::value_error("search_rollouts must be 1..1,000,000");
             for (int i = 0; i < 4; ++i) {
               // A spec: the policy and its options; a search's playouts
               // default to search_rollouts.
               PolicySpec spec;
               try {
                 spec = parse_policy_spec(policies[std::size_t(i)]);
               } catch (const std::invalid_argument& e) {
                 throw py::value_error(e.what());
               }
               if (find_option(spec.entry->options, "rollouts") != nullptr && !spec.values.get("rollouts"))
                 spec.values.set(spec.entry->name, spec.entry->options, "rollouts", search_rollouts);
               s.policies[std::size_t(i)] = spec.entry;
               s.options[std::size_t(i)] = spec.values;
             }
             s.level = level_from_index(level);
             s.tribute = tribute;
             if (fixed.size() != 4 || sizes.size() != 4) throw py::value_error("fixed and sizes have one entry per seat");
             for (int i = 0; i < 4; ++i) {
               s.has_fixed[i] = fixed[i].has_value();
               if (fixed[i]) s.fixed[i] = *fixed[i];
               s.sizes[i] = sizes[i];
             }
             s.leader = leader;
             check_setup(s);  // std::invalid_argument: ValueError
             return s;
           }),
           py::arg("rules"), py::arg("seed"), py::arg("policies"), py::arg("level"), py::arg("tribute"),
           py::arg("fixed"), py::arg("sizes"), py::arg("leader"), py::arg("search_rollouts") = 4000);

  m.def("policy_options", [](const std::string& name) {
        py::list out;
        for (const OptionSpec& o : registry_entry(policy_registry(), name).options) {
          const char* kind = o.kind == OptionKind::kInt ? "int" : o.kind == OptionKind::kReal ? "real" : "flag";
          out.append(py::make_tuple(std::string(o.name), kind, o.lowest, o.highest, o.fallback, std::string(o.help)));
        }
        return out;
      }, py::arg("policy"),
      "The options a core policy declares (bots/options.h): (name, kind, lowest, highest, default, help) each, "
      "kind 'int', 'real' or 'flag'.");

  m.def("policy_spec", [](const std::string& text) {
        try {
          return policy_spec_text(parse_policy_spec(text));
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
      }, py::arg("text"),
      "A core policy spec ('NAME' or 'NAME:KEY=VALUE,...') checked against the policy's declared options, in its "
      "normal form; ValueError naming what is wrong.");

  m.def("simulate_deals", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                             const py::dict& columns, std::uint64_t row, int threads, const py::object& progress) {
        check_threads(threads);
        // Columns are full-size arrays; this call fills rows [row, row + count).
        Columns keep;
        const DealColumns out = deal_columns(columns, row, count, keep);
        run_simulation([&](RunControl* control) { simulate_deals(setup, begin, count, out, threads, control); },
                       progress);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"),
      py::arg("progress") = py::none(),
      "Deals [begin, begin + count) into rows [row, row + count) of the numpy columns; Ctrl-C stops it.");

  m.def("simulate_matches", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                               const py::dict& columns, std::uint64_t row, int threads, const py::object& progress) {
        check_threads(threads);
        Columns keep;
        const MatchColumns out = match_columns(columns, row, count, keep);
        run_simulation([&](RunControl* control) { simulate_matches(setup, begin, count, out, threads, control); },
                       progress);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"),
      py::arg("progress") = py::none(),
      "Matches [begin, begin + count) into rows [row, row + count) of the numpy columns; Ctrl-C stops it.");
}

}  // namespace guandan::python
