// The batched learning environment (tools/batch_env.h): the Python layer
// (guandan.learning.batch) passes numpy arrays it owns; the core fills them
// on its threads, the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/bots/net.h"
#include "guandan/tools/batch_env.h"

namespace guandan::python {
namespace {

using learning::BatchEnv;
using learning::BatchOutputs;

template <class T>
T* rows_of(py::array_t<T, py::array::c_style>& a, py::ssize_t rows, py::ssize_t width, const char* name) {
  const bool shaped = width == 0 ? a.ndim() == 1 && a.shape(0) == rows
                                 : a.ndim() == 2 && a.shape(0) == rows && a.shape(1) == width;
  if (!shaped) throw py::value_error(std::string(name) + " has the wrong shape");
  return a.mutable_data();
}

struct Outputs {
  py::array_t<std::int8_t, py::array::c_style> observation, mask, seat;
  py::array_t<float, py::array::c_style> reward;
  py::array_t<std::int8_t, py::array::c_style> done;
  py::array_t<std::uint64_t, py::array::c_style> deal_seed;

  BatchOutputs pointers(py::ssize_t n) {
    return {rows_of(observation, n, learning::kObservationSize, "observation"),
            rows_of(mask, n, kNumActions, "mask"),
            rows_of(seat, n, 0, "seat"),
            rows_of(reward, n, 4, "reward"),
            rows_of(done, n, 0, "done"),
            rows_of(deal_seed, n, 0, "deal_seed")};
  }
};

}  // namespace

void init_learning(py::module_& m) {
  m.attr("OBSERVATION_SIZE") = learning::kObservationSize;
  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("ACTION_FEATURES") = kActionFeatures;
  m.attr("NET_VIEW_FEATURES") = kNetViewFeatures;
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

  py::class_<BatchEnv>(m, "BatchEnv", "N deals stepped together for learning code (tools/batch_env.h).")
      .def(py::init([](const Ruleset& rules, std::uint64_t seed, const std::vector<std::optional<std::string>>& bots,
                       int level, bool tribute, int envs, int threads) {
             learning::BatchEnvSetup setup;
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
           py::arg("threads"))
      .def_property_readonly("size", &BatchEnv::size)
      .def("reset", [](BatchEnv& env, Outputs out) {
            const BatchOutputs pointers = out.pointers(env.size());
            py::gil_scoped_release release;
            env.reset(pointers);
          }, py::arg("out"))
      .def("step", [](BatchEnv& env, py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> actions,
                      Outputs out) {
            if (actions.ndim() != 1 || actions.shape(0) != env.size())
              throw py::value_error("actions: one per env (" + std::to_string(env.size()) + ")");
            const BatchOutputs pointers = out.pointers(env.size());
            const std::int32_t* a = actions.data();
            try {
              py::gil_scoped_release release;
              env.step(a, pointers);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
          }, py::arg("actions"), py::arg("out"))
      .def("legal_count", &BatchEnv::legal_count)
      .def("action_rows", [](const BatchEnv& env) {
            const std::int64_t n = env.legal_count();
            py::array_t<std::int8_t> rows({py::ssize_t(n), py::ssize_t(kActionFeatures)});
            py::array_t<std::int16_t> actions(py::ssize_t{n});
            env.action_rows(rows.mutable_data(), actions.mutable_data());
            return py::make_tuple(rows, actions);
          }, "One feature row per legal action, env by env, actions ascending; and their action numbers.")
      .def("view_features", [](const BatchEnv& env) {
            py::array_t<std::int8_t> out({py::ssize_t(env.size()), py::ssize_t(kNetViewFeatures)});
            env.view_features(out.mutable_data());
            return out;
          }, "The seat to act's view features (bots/net_features.h), one row per env.")
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

  py::class_<Outputs>(m, "BatchOutputs")
      .def(py::init<>())
      .def_readwrite("observation", &Outputs::observation)
      .def_readwrite("mask", &Outputs::mask)
      .def_readwrite("seat", &Outputs::seat)
      .def_readwrite("reward", &Outputs::reward)
      .def_readwrite("done", &Outputs::done)
      .def_readwrite("deal_seed", &Outputs::deal_seed);
}

}  // namespace guandan::python
