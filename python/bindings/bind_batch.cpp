// The batch path: many hands in, numpy arrays out, no Python object per move.
#include <pybind11/numpy.h>

#include <cstring>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/move_list.h"
#include "guandan/readings.h"

namespace guandan::python {
namespace {

// No forcecast: a float or object array would be cast silently (1.5 -> 1).
// The Python façade (batch.py) converts integer arrays and refuses the rest;
// here an array of another dtype is a TypeError.
using U64Array = py::array_t<std::uint64_t, py::array::c_style>;
using LevelArray = py::array_t<std::int64_t, py::array::c_style>;

template <class Array>
Array array_argument(const py::handle& obj, const char* name, const char* dtype) {
  if (!Array::check_(obj))
    throw py::type_error(std::string(name) + " must be a C-contiguous numpy array of " + dtype);
  return py::reinterpret_borrow<Array>(obj);
}

void require_pairs(const U64Array& a, const char* name, py::ssize_t rows) {
  if (a.ndim() != 2 || a.shape(1) != 2 || a.shape(0) != rows)
    throw py::value_error(std::string(name) + " must have shape (" + std::to_string(rows) + ", 2)");
}

}  // namespace

void init_batch(py::module_& m) {
  m.def("legal_moves_batch", [](const py::handle& hands_obj, const py::handle& levels_obj, const py::object& previous,
                                bool wild_with_joker, bool grouped) {
        const U64Array hands = array_argument<U64Array>(hands_obj, "hands", "uint64");
        const LevelArray levels = array_argument<LevelArray>(levels_obj, "levels", "int64");
        if (hands.ndim() != 2 || hands.shape(1) != 2) throw py::value_error("hands must have shape (n, 2)");
        const py::ssize_t n = hands.shape(0);
        if (levels.ndim() != 1 || levels.shape(0) != n) throw py::value_error("levels must have shape (n,)");
        const MoveRules rules = move_rules(wild_with_joker);
        auto h = hands.unchecked<2>();
        auto l = levels.unchecked<1>();
        std::vector<CardSet> hand_sets(n);
        std::vector<Rank> level_ranks(n);
        std::vector<Move> prev_moves(n);
        std::vector<char> has_prev(n, 0);
        for (py::ssize_t i = 0; i < n; ++i) {
          hand_sets[i] = CardSet{h(i, 0), h(i, 1)};
          if (!hand_sets[i].is_canonical()) throw py::value_error("hands[" + std::to_string(i) + "] is not a canonical hand bit pattern");
          if (l(i) < 0 || l(i) >= kNumRanks) throw py::value_error("levels[" + std::to_string(i) + "] must be 0..12");
          level_ranks[i] = Rank(l(i));
        }
        if (!previous.is_none()) {
          const U64Array prev = array_argument<U64Array>(previous, "previous", "uint64");
          require_pairs(prev, "previous", n);
          auto p = prev.unchecked<2>();
          for (py::ssize_t i = 0; i < n; ++i) {
            const Move move{p(i, 0), p(i, 1)};
            if (move.lo == 0 && move.hi == 0) continue;  // a zero row: leading
            if (!is_legal_reading(move, level_ranks[i], rules))
              throw py::value_error("previous[" + std::to_string(i) + "] is not a legal move at levels[" + std::to_string(i) + "]");
            prev_moves[i] = move;
            has_prev[i] = 1;
          }
        }
        // Reused across calls: after the first call of a given size the
        // generation pass touches no fresh memory.
        thread_local std::vector<Move> moves;
        moves.clear();
        std::vector<std::int64_t> offsets(n + 1, 0);
        {
          py::gil_scoped_release release;
          std::vector<Move> one;
          for (py::ssize_t i = 0; i < n; ++i) {
            const Move* prev = has_prev[i] ? &prev_moves[i] : nullptr;
            if (grouped) {
              one.clear();
              VectorSink sink{one};
              generate_moves(hand_sets[i], level_ranks[i], rules, prev, sink);
              const std::vector<Move> groups = group_moves(one);
              moves.insert(moves.end(), groups.begin(), groups.end());
            } else {
              VectorSink sink{moves};
              generate_moves(hand_sets[i], level_ranks[i], rules, prev, sink);
            }
            offsets[i + 1] = std::int64_t(moves.size());
          }
        }
        py::array_t<std::int64_t> offsets_out(n + 1);
        std::memcpy(offsets_out.mutable_data(), offsets.data(), sizeof(std::int64_t) * (n + 1));
        py::array_t<std::uint64_t> moves_out({py::ssize_t(moves.size()), py::ssize_t(2)});
        static_assert(sizeof(Move) == 2 * sizeof(std::uint64_t));
        if (!moves.empty()) std::memcpy(moves_out.mutable_data(), moves.data(), sizeof(Move) * moves.size());
        return py::make_tuple(offsets_out, moves_out);
      }, py::arg("hands"), py::arg("levels"), py::arg("previous"), py::arg("wild_with_joker"), py::arg("grouped"),
      "Moves of many hands: (offsets (n+1,), moves (m, 2) packed as in move.h).");
}

}  // namespace guandan::python
