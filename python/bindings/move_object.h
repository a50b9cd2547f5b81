// guandan.Move as a plain CPython extension type.
//
// Move generation can return hundreds of moves per call, so the Python object
// per move must be as cheap as a tuple: a fixed-size object holding the packed
// 128-bit move and its level, made with PyObject_New. (A pybind11 class costs
// several times more per instance: a heap-allocated holder and an entry in
// pybind11's instance registry.) Everything else is bound with pybind11.
#pragma once

#include <pybind11/pybind11.h>

#include "guandan/card.h"
#include "guandan/move.h"
#include "guandan/movegen.h"

namespace guandan::python {

// Creates the type and adds it to the module as `Move`.
void init_move_type(pybind11::module_& m);

// A new reference to a Move object.
PyObject* new_move_object(Move move, Rank level);
bool is_move_object(PyObject* obj);
Move move_of(PyObject* obj);   // precondition: is_move_object(obj)
Rank level_of(PyObject* obj);  // precondition: is_move_object(obj)

// The Move held by a Python argument; TypeError naming `what` otherwise.
Move move_argument(const pybind11::handle& obj, const char* what);
// The same, checked to be a reading the generator makes at `level` under
// `rules` (is_legal_reading); ValueError naming `what` otherwise. Every
// binding that takes a Move for a given level goes through this.
Move move_argument(const pybind11::handle& obj, const char* what, Rank level, MoveRules rules);

// "9s 5h=9h": the physical cards, each wild followed by what it stands for.
std::string move_text(Move move, Rank level);

}  // namespace guandan::python
