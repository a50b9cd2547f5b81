// Legal-move generation, classification and comparison.
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

}  // namespace

void init_moves(py::module_& m) {
  init_move_type(m);
  init_move_sequence_type(m);

  m.def("legal_moves", [](const CardSet& hand, int level, const py::handle& previous, bool wild_with_joker,
                          bool grouped) {
        const Rank l = level_from_index(level);
        const MoveRules rules = move_rules(wild_with_joker);
        Move storage;
        const Move* prev = nullptr;
        if (!previous.is_none()) {
          storage = move_argument(previous, "previous", l, rules);
          prev = &storage;
        }
        std::vector<Move>& moves = scratch();
        VectorSink sink{moves};
        generate_moves(hand, l, rules, prev, sink);
        return to_python(grouped ? group_moves(moves) : moves, l);
      }, py::arg("hand"), py::arg("level"), py::arg("previous"), py::arg("wild_with_joker"), py::arg("grouped"));

  m.def("classify", [](const CardSet& cards, int level, bool wild_with_joker) {
        const Rank l = level_from_index(level);
        return to_python(classify(cards, l, move_rules(wild_with_joker)), l);
      }, py::arg("cards"), py::arg("level"), py::arg("wild_with_joker"));

  // Both moves must be readings at `level` (under the most permissive rules:
  // comparison does not depend on the ruleset).
  m.def("beats", [](const py::handle& a, const py::handle& b, int level) {
        const Rank l = level_from_index(level);
        return beats(move_argument(a, "a", l, MoveRules{true}), move_argument(b, "b", l, MoveRules{true}), l);
      }, py::arg("a"), py::arg("b"), py::arg("level"));
}

}  // namespace guandan::python
