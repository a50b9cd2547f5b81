// guandan._core: the compiled core behind the pure-Python package `guandan`.
#include "bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "Compiled Guandan core (private; use the `guandan` package).";
  guandan::python::init_cards(m);
  guandan::python::init_moves(m);
  guandan::python::init_batch(m);
  guandan::python::init_deal(m);
  guandan::python::init_simulate(m);
  guandan::python::init_search(m);
  guandan::python::init_python_bots(m);
  guandan::python::init_search_tools(m);
  guandan::python::init_gdy(m);
  guandan::python::init_learning(m);
  guandan::python::init_gdy_learning(m);
}
