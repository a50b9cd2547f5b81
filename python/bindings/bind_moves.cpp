// Legal-move generation, classification and comparison.
#include <deque>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/move_list.h"
#include "guandan/readings.h"
#include "move_object.h"
#include "move_sequence.h"

namespace guandan::python {

MoveRules move_rules(bool wild_with_joker) { return MoveRules{wild_with_joker}; }

namespace {

// Reused across calls so that steady-state generation does not allocate.
std::vector<Move>& scratch() {
  thread_local std::vector<Move> moves;
  moves.clear();
  return moves;
}

// The moves as a lazy MoveSequence: this is the per-call cost of every Python
// caller, one allocation whatever the number of moves.
py::object to_python(const std::vector<Move>& moves, Rank level) {
  PyObject* seq = new_move_sequence(moves.data(), moves.size(), level);
  if (seq == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(seq);
}

PyTypeObject* g_hand_type = nullptr;

// The CardSet of a Hand argument; an exact Hand is read in place (the
// per-decision path), anything else through pybind11's caster.
CardSet hand_argument(PyObject* obj) {
  if (Py_TYPE(obj) == g_hand_type) {
    auto* instance = reinterpret_cast<py::detail::instance*>(obj);
    return *static_cast<const CardSet*>(instance->get_value_and_holder().value_ptr());
  }
  if (!py::isinstance<CardSet>(obj))
    throw py::type_error("hand must be a Hand, got " + std::string(Py_TYPE(obj)->tp_name));
  return py::reinterpret_borrow<py::object>(obj).cast<CardSet>();
}

// A level index 0..12; a small exact int (what the façade passes) is read
// without the general reader's conversions.
Rank level_argument(PyObject* obj) {
  if (PyLong_CheckExact(obj)) {
    const long v = PyLong_AsLong(obj);
    if (v >= 0 && v < kNumRanks) return Rank(v);
    PyErr_Clear();  // an overflow: the general reader reports it
  }
  return Rank(int_argument(obj, "level index", 0, kNumRanks - 1));
}

bool flag_argument(PyObject* obj, const char* what) {
  if (obj == Py_True) return true;
  if (obj == Py_False) return false;
  throw py::type_error(std::string(what) + " must be a bool");
}

// legal_moves(hand, level index, previous or None, wild_with_joker, grouped):
// a raw vectorcall function, as pybind11's argument dispatch costs about as
// much as generating a short follow.
PyObject* legal_moves_fast(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  try {
    if (nargs != 5) throw py::type_error("legal_moves(hand, level, previous, wild_with_joker, grouped) takes 5 arguments");
    const CardSet hand = hand_argument(args[0]);
    const Rank level = level_argument(args[1]);
    const MoveRules rules = move_rules(flag_argument(args[3], "wild_with_joker"));
    const bool grouped = flag_argument(args[4], "grouped");
    Move storage;
    const Move* previous = nullptr;
    if (args[2] != Py_None) {
      storage = move_argument(args[2], "previous", level, rules);
      previous = &storage;
    }
    std::vector<Move>& moves = scratch();
    VectorSink sink{moves};
    generate_moves(hand, level, rules, previous, sink);
    if (grouped) {
      const std::vector<Move> groups = group_moves(moves);
      return new_move_sequence(groups.data(), groups.size(), level);
    }
    return new_move_sequence(moves.data(), moves.size(), level);
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  }
  return nullptr;
}

// guandan.legal_moves(hand, level, previous=None, ruleset="standard") for the
// common call: an exact Hand, a level string and a ruleset name found in the
// tables moves.py passes in. Anything else (other spellings, card strings,
// Ruleset objects, bad input) goes to moves.py's own function, which converts
// or raises.
// (level table, flag table, fallback, flag of the default "standard"), kept
// for the process.
PyObject* g_facade_state = nullptr;

PyObject* legal_moves_facade(PyObject*, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  PyObject* const level_table = PyTuple_GET_ITEM(g_facade_state, 0);
  PyObject* const flag_table = PyTuple_GET_ITEM(g_facade_state, 1);
  PyObject* const fallback = PyTuple_GET_ITEM(g_facade_state, 2);
  static const char* const kNames[4] = {"hand", "level", "previous", "ruleset"};
  PyObject* slots[4] = {nullptr, nullptr, Py_None, nullptr};
  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  bool fast = nargs <= 4;
  for (Py_ssize_t i = 0; fast && i < nargs; ++i) slots[i] = args[i];
  for (Py_ssize_t k = 0; fast && k < nkw; ++k) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    int slot = -1;
    for (int j = 0; j < 4 && slot < 0; ++j)
      if (PyUnicode_CompareWithASCIIString(name, kNames[j]) == 0) slot = j;
    fast = slot >= nargs;  // unknown or given twice: let Python say so
    if (fast) slots[slot] = args[nargs + k];
  }
  if (fast && slots[0] != nullptr && slots[1] != nullptr && Py_TYPE(slots[0]) == g_hand_type &&
      PyUnicode_CheckExact(slots[1]) && (slots[3] == nullptr || PyUnicode_CheckExact(slots[3])) &&
      (slots[2] == Py_None || is_move_object(slots[2]))) {
    PyObject* level = PyDict_GetItemWithError(level_table, slots[1]);
    PyObject* flag = slots[3] == nullptr ? PyTuple_GET_ITEM(g_facade_state, 3)
                                         : PyDict_GetItemWithError(flag_table, slots[3]);
    if (PyErr_Occurred()) return nullptr;
    if (level != nullptr && flag != nullptr) {
      PyObject* core_args[5] = {slots[0], level, slots[2], flag, Py_False};
      return legal_moves_fast(nullptr, core_args, 5);
    }
  }
  return PyObject_Vectorcall(fallback, args, nargsf, kwnames);
}

PyMethodDef g_facade_def = {"legal_moves", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(legal_moves_facade)),
                            METH_FASTCALL | METH_KEYWORDS, nullptr};

PyMethodDef g_legal_moves_def = {"legal_moves", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(legal_moves_fast)),
                                 METH_FASTCALL, "legal_moves(hand, level, previous, wild_with_joker, grouped) -> MoveSequence"};

}  // namespace

void init_moves(py::module_& m) {
  init_move_type(m);
  init_move_sequence_type(m);

  g_hand_type = reinterpret_cast<PyTypeObject*>(py::type::of<CardSet>().ptr());
  PyObject* legal_moves = PyCFunction_NewEx(&g_legal_moves_def, nullptr, m.attr("__name__").ptr());
  if (legal_moves == nullptr) throw py::error_already_set();
  m.add_object("legal_moves", py::reinterpret_steal<py::object>(legal_moves));

  // The public guandan.legal_moves: made by moves.py with its tables and its
  // Python function for every other call, whose docstring it keeps.
  m.def("legal_moves_facade", [m](const py::dict& level_table, const py::dict& flag_table, const py::function& fallback,
                                 const py::str& doc) {
        static std::deque<std::string> docs;  // a PyMethodDef's doc must outlive it
        g_facade_def.ml_doc = docs.emplace_back(std::string(doc)).c_str();
        Py_XDECREF(g_facade_state);
        if (!flag_table.contains("standard")) throw py::value_error("the flag table must name the default ruleset 'standard'");
        g_facade_state = py::make_tuple(level_table, flag_table, fallback, flag_table["standard"]).release().ptr();
        // The module as `self`, so the function reads as a plain built-in.
        PyObject* f = PyCFunction_NewEx(&g_facade_def, m.ptr(), py::str("guandan.moves").ptr());
        if (f == nullptr) throw py::error_already_set();
        return py::reinterpret_steal<py::object>(f);
      }, py::arg("level_table"), py::arg("flag_table"), py::arg("fallback"), py::arg("doc"));

  m.def("classify", [](const CardSet& cards, const py::handle& level, bool wild_with_joker) {
        const Rank l = Rank(int_argument(level, "level index", 0, kNumRanks - 1));
        return to_python(classify(cards, l, move_rules(wild_with_joker)), l);
      }, py::arg("cards"), py::arg("level"), py::arg("wild_with_joker"));

  // Both moves must be readings at `level` (under the most permissive rules:
  // comparison does not depend on the ruleset).
  m.def("beats", [](const py::handle& a, const py::handle& b, const py::handle& level) {
        const Rank l = Rank(int_argument(level, "level index", 0, kNumRanks - 1));
        return beats(move_argument(a, "a", l, MoveRules{true}), move_argument(b, "b", l, MoveRules{true}), l);
      }, py::arg("a"), py::arg("b"), py::arg("level"));
}

}  // namespace guandan::python
