// guandan.MoveSequence: the moves of one generation call, held as the packed
// C++ array and turned into Move objects only when read.
//
// A 27-card lead has about 800 moves and a bot usually looks at a few, so
// building every Move object up front cost more than generating them. The
// sequence behaves as a read-only list: len, indexing (negative too), slicing
// (a list), iteration, `in`, index/count, == with a list, repr and bool.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>

#include "guandan/card.h"
#include "guandan/move.h"

namespace guandan::python {

// Creates the type and adds it to the module as `MoveSequence`.
void init_move_sequence_type(pybind11::module_& m);

// A new reference to a sequence of copies of moves[0, count), each read at
// `level`; null with a Python exception set on failure.
PyObject* new_move_sequence(const Move* moves, std::size_t count, Rank level);

}  // namespace guandan::python
