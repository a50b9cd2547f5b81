// The batched learning environment (tools/batch_env.h): the Python layer
// (guandan.learning.batch) passes numpy arrays it owns; the core fills them
// on its threads, the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "batch_env.h"
#include "bindings.h"
#include "guandan/bots/net.h"
#include "guandan/tools/batch_env.h"

namespace guandan::python {

using learning::BatchEnv;

void init_learning(py::module_& m) {
  m.attr("OBSERVATION_SIZE") = learning::kObservationSize;
  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("ACTION_FEATURES") = kActionFeatures;
  m.attr("NET_VIEW_FEATURES") = kNetViewFeatures;
  m.attr("NET_HIDDEN_FEATURES") = kNetHiddenFeatures;
  m.attr("NET_PLAN_FEATURES") = kNetPlanFeatures;
  m.attr("NET_HIDDEN") = py::make_tuple(kNetHidden1, kNetHidden2);
  m.def("net_scores", [](py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> view,
                         py::array_t<std::int8_t, py::array::c_style | py::array::forcecast> actions) {
        if (view.ndim() != 1 || view.shape(0) != kNetViewFeatures)
          throw py::value_error("view: " + std::to_string(kNetViewFeatures) + " features");
        constexpr int kWidth = kActionFeatures + kNetPlanFeatures;
        if (actions.ndim() != 2 || actions.shape(1) != kWidth)
          throw py::value_error("actions: rows of " + std::to_string(kWidth) + " features (action, then plan)");
        NetViewLayer layer;
        net_view_layer(view.data(), layer);
        py::array_t<float> out(actions.shape(0));
        for (py::ssize_t i = 0; i < actions.shape(0); ++i)
          out.mutable_data()[i] = net_action_score(layer, actions.data() + i * kWidth);
        return out;
      }, py::arg("view"), py::arg("actions"), "The learned bot's score of each action row after a view (bots/net.h).");

  py::class_<BatchEnv> env_class(m, "BatchEnv", "N deals stepped together for learning code (tools/batch_env.h).");
  env_class.def(py::init([](const Ruleset& rules, std::uint64_t seed, const std::vector<std::optional<std::string>>& bots,
                       int level, bool tribute, int envs, int threads, bool planned_cards) {
             learning::BatchEnvSetup setup;
             setup.cards = planned_cards ? ActionCards::kPlanned : ActionCards::kFirst;
             setup.rules = rules;
             setup.seed = seed;
             setup.level = level_from_index(level);
             setup.tribute = tribute;
             if (bots.size() != 4) throw py::value_error("bots: one entry per seat (4)");
             for (std::size_t s = 0; s < 4; ++s) {
               if (!bots[s]) continue;
               try {
                 const PolicySpec spec = parse_policy_spec(*bots[s]);
                 setup.bots[s] = spec.entry;
                 setup.options[s] = spec.values;
               } catch (const std::invalid_argument& e) {
                 throw py::value_error("seat " + std::to_string(s) + ": " + e.what());
               }
             }
             try {
               return std::make_unique<BatchEnv>(setup, envs, threads);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("rules"), py::arg("seed"), py::arg("bots"), py::arg("level"), py::arg("tribute"), py::arg("envs"),
           py::arg("threads"), py::arg("planned_cards") = false);
  def_batch_calls(
      env_class,
      [](const BatchEnv& env, BatchArrays& out) {
        return out.pointers(env.size(), learning::kObservationSize, kNumActions, 4);
      },
      kActionFeatures);
  env_class.def("view_features", [](const BatchEnv& env) {
            py::array_t<std::int8_t> out({py::ssize_t(env.size()), py::ssize_t(kNetViewFeatures)});
            env.view_features(out.mutable_data());
            return out;
          }, "The seat to act's view features (bots/net_features.h), one row per env.")
      .def("hidden_features", [](const BatchEnv& env) {
            py::array_t<std::int8_t> out({py::ssize_t(env.size()), py::ssize_t(kNetHiddenFeatures)});
            env.hidden_features(out.mutable_data());
            return out;
          }, "What the seat to act cannot see (bots/net_features.h), one row per env: for training only.")
      .def("plan_rows", [](const BatchEnv& env) {
            py::array_t<std::int8_t> out({py::ssize_t(env.legal_count()), py::ssize_t(kNetPlanFeatures)});
            env.plan_rows(out.mutable_data());
            return out;
          }, "The planner's features of each legal action (bots/net_features.h), rows as action_rows.")
      .def("teacher_actions", [](BatchEnv& env, const std::string& spec_text) {
            PolicySpec spec;
            try {
              spec = parse_policy_spec(spec_text);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
            py::array_t<std::int32_t> out(py::ssize_t(env.size()));
            std::int32_t* data = out.mutable_data();
            {
              py::gil_scoped_release release;
              env.teacher_actions(*spec.entry, spec.values, data);
            }
            return out;
          }, py::arg("teacher"), "What the policy `teacher` would do at each env's seat to act, as grouped actions.")
      .def("deal_text", [](const BatchEnv& env, int i) {
            if (i < 0 || i >= env.size()) throw py::index_error("env out of range");
            return env.deal(i).to_text();
          }, py::arg("env"));

  py::class_<BatchArrays>(m, "BatchOutputs", "The arrays a batched environment of either game writes into.")
      .def(py::init<>())
      .def_readwrite("observation", &BatchArrays::observation)
      .def_readwrite("mask", &BatchArrays::mask)
      .def_readwrite("seat", &BatchArrays::seat)
      .def_readwrite("reward", &BatchArrays::reward)
      .def_readwrite("done", &BatchArrays::done)
      .def_readwrite("deal_seed", &BatchArrays::deal_seed);
}

}  // namespace guandan::python
