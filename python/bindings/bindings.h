// Shared declarations of the pybind11 binding files: one file per concept,
// each with an init_<concept>(module) called from module.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "guandan/card.h"
#include "guandan/cardset.h"
#include "guandan/move.h"
#include "guandan/movegen.h"

namespace guandan::python {

namespace py = pybind11;

// A card as Python sees it: one of the 54 kinds.
struct PyCard {
  CardKind kind;
};

// Boundary validation, raising ValueError that names the bad token.
CardKind card_from_text(const std::string& token);
// Python arguments checked by hand rather than by pybind11's casters, whose
// failures surface as RuntimeError or OverflowError: TypeError for the wrong
// type, ValueError (naming `what` and the range) for a value out of range or
// text that is not valid Unicode (a lone surrogate).
std::string text_argument(const py::handle& obj, const char* what);
long long int_argument(const py::handle& obj, const char* what, long long lowest, long long highest);
std::uint64_t word_argument(const py::handle& obj, const char* what);  // 0 .. 2**64 - 1
// A card: a Card or a card string.
CardKind card_argument(const py::handle& obj, const char* what);
Rank level_from_index(int index);
CardSet hand_from_python(const py::handle& obj);  // Hand, str or iterable of Card/str
// The kinds `set` holds, one Card each (tribute and return options).
std::vector<PyCard> kinds_of(CardSet set);
// a + b, or ValueError naming the first card that would be there three
// times: "card 'As' appears more than twice <where>".
CardSet sum_of_cards(CardSet a, CardSet b, const std::string& where);
MoveRules move_rules(bool wild_with_joker);

void init_cards(py::module_& m);
void init_moves(py::module_& m);  // also creates the Move type (move_object.h)
void init_batch(py::module_& m);
void init_deal(py::module_& m);
void init_simulate(py::module_& m);
void init_search(py::module_& m);
void init_python_bots(py::module_& m);  // Python bots inside the core's runs
void init_search_tools(py::module_& m);  // the search's building blocks
void init_gdy(py::module_& m);  // the submodule _core.gdy
void init_learning(py::module_& m);  // the batched learning environment
void init_gdy_learning(py::module_& m);  // Gan Deng Yan's, in _core.gdy (after init_gdy)

}  // namespace guandan::python
