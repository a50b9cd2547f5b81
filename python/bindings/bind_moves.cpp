// Legal-move generation, classification and comparison.
#include <vector>

#include "bindings.h"
#include "guandan/move_list.h"
#include "guandan/readings.h"
#include "move_object.h"

namespace guandan::python {

MoveRules move_rules(bool wild_with_joker) { return MoveRules{wild_with_joker}; }

namespace {

// Reused across calls so that steady-state generation does not allocate.
std::vector<Move>& scratch() {
  thread_local std::vector<Move> moves;
  moves.clear();
  return moves;
}

// Every Move object is a legal reading at its own level under the
// wild-with-joker rules (the type has no other constructor than the engine and
// the validating from_bits), so at that level only the app restriction can
// still rule it out; at another level it is classified afresh.
bool legal_at(const py::handle& obj, Move move, Rank level, MoveRules rules) {
  if (level_of(obj.ptr()) != level) return is_legal_reading(move, level, rules);
  return rules.allows(move.cards(), level);
}

const Move* checked_previous(const py::handle& previous, Rank level, MoveRules rules, Move& storage) {
  if (previous.is_none()) return nullptr;
  storage = move_argument(previous, "previous");
  if (!legal_at(previous, storage, level, rules))
    throw py::value_error("previous play is not a legal combination at level " + rank_name(level) + ": " +
                          move_text(storage, level));
  return &storage;
}

// A list of Move objects built with the C API: this is the per-move cost of
// every Python caller.
py::list to_python(const std::vector<Move>& moves, Rank level) {
  PyObject* list = PyList_New(Py_ssize_t(moves.size()));
  if (list == nullptr) throw py::error_already_set();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PyObject* obj = new_move_object(moves[i], level);
    if (obj == nullptr) {
      Py_DECREF(list);
      throw py::error_already_set();
    }
    PyList_SET_ITEM(list, Py_ssize_t(i), obj);
  }
  return py::reinterpret_steal<py::list>(list);
}

}  // namespace

void init_moves(py::module_& m) {
  init_move_type(m);

  m.def("legal_moves", [](const CardSet& hand, int level, const py::handle& previous, bool wild_with_joker,
                          bool grouped) {
        const Rank l = level_from_index(level);
        const MoveRules rules = move_rules(wild_with_joker);
        Move storage;
        const Move* prev = checked_previous(previous, l, rules, storage);
        std::vector<Move>& moves = scratch();
        VectorSink sink{moves};
        generate_moves(hand, l, rules, prev, sink);
        return to_python(grouped ? group_moves(moves) : moves, l);
      }, py::arg("hand"), py::arg("level"), py::arg("previous"), py::arg("wild_with_joker"), py::arg("grouped"));

  m.def("classify", [](const CardSet& cards, int level, bool wild_with_joker) {
        const Rank l = level_from_index(level);
        return to_python(classify(cards, l, move_rules(wild_with_joker)), l);
      }, py::arg("cards"), py::arg("level"), py::arg("wild_with_joker"));

  m.def("beats", [](const py::handle& a, const py::handle& b, int level) {
        return beats(move_argument(a, "a"), move_argument(b, "b"), level_from_index(level));
      }, py::arg("a"), py::arg("b"), py::arg("level"));
}

}  // namespace guandan::python
