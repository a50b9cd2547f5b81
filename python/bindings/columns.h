// Numpy result columns the core writes into, and the interruptible run that
// fills them: shared by both games' simulation bindings.
#pragma once

#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/common/parallel_rows.h"
#include "interruptible.h"

namespace guandan::python {

using Columns = std::vector<py::array>;

// The rows [row, row + count) of a caller's column: a C-contiguous,
// writeable numpy array of exactly T with `width` entries per row. Anything
// else is refused rather than converted: a converted copy would be freed
// before the core writes into it. The array is kept in `keep` for the call.
template <class T>
T* column(const py::dict& columns, const char* name, std::uint64_t row, std::uint64_t count, std::uint64_t width,
          Columns& keep) {
  if (!columns.contains(name)) throw py::value_error(std::string("column ") + name + " is missing");
  py::object value = columns[name];
  if (!py::isinstance<py::array_t<T, py::array::c_style>>(value))
    throw py::type_error(std::string("column ") + name + " must be a C-contiguous numpy array of " +
                         py::str(py::dtype::of<T>()).cast<std::string>());
  auto array = py::reinterpret_borrow<py::array_t<T, py::array::c_style>>(value);
  if (!array.writeable()) throw py::value_error(std::string("column ") + name + " is read-only");
  const std::uint64_t rows = std::uint64_t(array.size()) / width;
  if (count > rows || row > rows - count)  // no wrap: row + count <= rows
    throw py::value_error(std::string("column ") + name + " has no rows [row, row + count)");
  keep.push_back(array);
  return array.mutable_data() + row * width;
}

inline void check_threads(int threads) {
  if (threads < 1 || threads > kMaxThreads)
    throw py::value_error("threads must be 1.." + std::to_string(kMaxThreads) + ", got " + std::to_string(threads));
}

// Runs a simulation interruptibly; progress(rows done) is called as rows finish.
template <class Simulate>
void run_simulation(Simulate simulate, const py::object& progress) {
  RunControl control;
  std::uint64_t reported = 0;
  auto report = [&] {
    const std::uint64_t done = control.done.load();
    if (progress.is_none() || done == reported) return;
    reported = done;
    progress(done);
  };
  run_interruptible([&] { simulate(&control); }, control.stop, report);
  report();
}

}  // namespace guandan::python
