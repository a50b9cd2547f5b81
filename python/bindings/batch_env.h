// What both games' batched learning environments share at the Python
// boundary (bind_learning.cpp, bind_gdy_learning.cpp): the numpy arrays
// they write into, held by one Python type, _core.BatchOutputs, that the
// Python layer fills and the core checks; and the calls bound alike.
#pragma once

#include <pybind11/numpy.h>

#include <stdexcept>
#include <string>

#include "bindings.h"
#include "guandan/common/batch_env.h"

namespace guandan::python {

template <class T>
T* rows_of(py::array_t<T, py::array::c_style>& a, py::ssize_t rows, py::ssize_t width, const char* name) {
  const bool shaped = width == 0 ? a.ndim() == 1 && a.shape(0) == rows
                                 : a.ndim() == 2 && a.shape(0) == rows && a.shape(1) == width;
  if (!shaped) throw py::value_error(std::string(name) + " has the wrong shape");
  return a.mutable_data();
}

struct BatchArrays {
  py::array_t<std::int8_t, py::array::c_style> observation, mask, seat;
  py::array_t<float, py::array::c_style> reward;
  py::array_t<std::int8_t, py::array::c_style> done;
  py::array_t<std::uint64_t, py::array::c_style> deal_seed;

  // The core's pointers into n rows of a game's widths; ValueError for an
  // array of the wrong shape.
  BatchOutputs pointers(py::ssize_t n, py::ssize_t observation_size, py::ssize_t actions, py::ssize_t seats) {
    return {rows_of(observation, n, observation_size, "observation"),
            rows_of(mask, n, actions, "mask"),
            rows_of(seat, n, 0, "seat"),
            rows_of(reward, n, seats, "reward"),
            rows_of(done, n, 0, "done"),
            rows_of(deal_seed, n, 0, "deal_seed")};
  }
};

// size, reset, step (ValueError naming a bad action, before any env
// changes), legal_count and action_rows of a batched environment `Env`:
// pointers_of(env, arrays) gives its outputs, `features` is the width of
// an action's feature row.
template <class Env, class PointersOf>
void def_batch_calls(py::class_<Env>& cls, PointersOf pointers_of, py::ssize_t features) {
  cls.def_property_readonly("size", &Env::size)
      .def("reset", [pointers_of](Env& env, BatchArrays out) {
            const BatchOutputs pointers = pointers_of(env, out);
            py::gil_scoped_release release;
            env.reset(pointers);
          }, py::arg("out"))
      .def("step", [pointers_of](Env& env, py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> actions,
                                 BatchArrays out) {
            if (actions.ndim() != 1 || actions.shape(0) != env.size())
              throw py::value_error("actions: one per env (" + std::to_string(env.size()) + ")");
            const BatchOutputs pointers = pointers_of(env, out);
            const std::int32_t* a = actions.data();
            try {
              py::gil_scoped_release release;
              env.step(a, pointers);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
          }, py::arg("actions"), py::arg("out"))
      .def("legal_count", &Env::legal_count)
      .def("action_rows", [features](const Env& env) {
            const std::int64_t n = env.legal_count();
            py::array_t<std::int8_t> rows({py::ssize_t(n), features});
            py::array_t<std::int16_t> actions(py::ssize_t{n});
            env.action_rows(rows.mutable_data(), actions.mutable_data());
            return py::make_tuple(rows, actions);
          }, "One feature row per legal action, env by env, actions ascending; and their action numbers.");
}

}  // namespace guandan::python
