// Gan Deng Yan's batched learning environment (gdy/batch_env.h), in the
// submodule _core.gdy: the Python layer (guandan.learning.gdy_batch) passes
// numpy arrays it owns (_core.BatchOutputs, shared with Guandan's); the core
// fills them on its threads, the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "batch_env.h"
#include "bindings.h"
#include "registry.h"
#include "guandan/gdy/batch_env.h"

namespace guandan::python {
namespace {

using gdy::BatchEnv;

const gdy::PolicyEntry& seat_bot(std::size_t seat, const std::string& name) {
  try {
    return registry_entry(gdy::policy_registry(), name);
  } catch (const py::value_error& e) {
    throw py::value_error("seat " + std::to_string(seat) + ": " + e.what());
  }
}

}  // namespace

void init_gdy_learning(py::module_& parent) {
  py::module_ m = parent.attr("gdy");
  m.attr("OBSERVATION_SIZE") = gdy::kObservationSize;
  m.attr("NUM_ACTIONS") = gdy::kNumActions;
  m.attr("ACTION_FEATURES") = gdy::kActionFeatures;
  m.def("action_of", [](const py::object& play) {
        const gdy::Play p = gdy::Play::from_bits(word_argument(play, "play"));
        if (!p.is_pass() && !gdy::is_reading(p)) throw py::value_error("play is not a Gan Deng Yan play");
        return gdy::action_of(p);
      }, py::arg("play"), "The grouped action of a play word (gdy/action_space.h).");

  py::class_<BatchEnv> env_class(m, "BatchEnv",
                                 "N Gan Deng Yan deals stepped together for learning code (gdy/batch_env.h).");
  env_class.def(py::init([](int players, std::uint64_t seed, const std::vector<std::optional<std::string>>& bots, int envs,
                       int threads) {
             gdy::BatchEnvSetup setup;
             setup.players = players;
             setup.seed = seed;
             if (players < gdy::kMinPlayers || players > gdy::kMaxPlayers || int(bots.size()) != players)
               throw py::value_error("bots: one entry per seat (players 2..6)");
             for (std::size_t s = 0; s < bots.size(); ++s)
               if (bots[s]) setup.bots[s] = &seat_bot(s, *bots[s]);
             try {
               return std::make_unique<BatchEnv>(setup, envs, threads);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("players"), py::arg("seed"), py::arg("bots"), py::arg("envs"), py::arg("threads"));
  def_batch_calls(
      env_class,
      [](const BatchEnv& env, BatchArrays& out) {
        return out.pointers(env.size(), gdy::kObservationSize, gdy::kNumActions, env.players());
      },
      gdy::kActionFeatures);
  env_class.def_property_readonly("players", &BatchEnv::players)
      .def("teacher_actions", [](BatchEnv& env, const std::string& name) {
            const gdy::PolicyEntry& teacher = registry_entry(gdy::policy_registry(), name);
            py::array_t<std::int32_t> out(py::ssize_t(env.size()));
            std::int32_t* data = out.mutable_data();
            try {
              py::gil_scoped_release release;
              env.teacher_actions(teacher, data);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
            return out;
          }, py::arg("teacher"), "What the policy `teacher` would do at each env's seat to act, as grouped actions.")
      .def("deal", [](const BatchEnv& env, int i) {
            if (i < 0 || i >= env.size()) throw py::index_error("env out of range");
            if (!env.started()) throw py::value_error("call reset() before deal()");
            return gdy::DealState(env.deal(i));
          }, py::arg("env"), "A copy of env i's deal now (hidden cards included).");
}

}  // namespace guandan::python
