#include "move_object.h"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/readings.h"

namespace guandan::python {
namespace {

namespace py = pybind11;

struct MoveObject {
  PyObject_HEAD
  Move move;
  Rank level;
};

PyTypeObject* g_move_type = nullptr;

MoveObject* self_of(PyObject* obj) { return reinterpret_cast<MoveObject*>(obj); }

PyObject* new_ref(PyObject* obj) {
  Py_INCREF(obj);
  return obj;
}

// Cached Python strings for the properties asked for in hot loops.
PyObject* g_kind_names[kNumMoveKinds];
PyObject* g_rank_names[kBigJokerRank + 1];

PyObject* cards_list(const std::vector<CardKind>& kinds) {
  py::list out;
  for (CardKind k : kinds) out.append(py::cast(PyCard{k}));
  return out.release().ptr();
}

std::vector<CardKind> physical(Move m) {
  std::vector<CardKind> out;
  const CardSet cards = m.cards();
  for (int kind = 0; kind < kNumKinds; ++kind)
    for (int i = 0; i < cards.count(CardKind(kind)); ++i) out.push_back(CardKind(kind));
  return out;
}

// Getters. Each returns a new reference, or null with an exception set.
PyObject* get_kind(PyObject* self, void*) { return new_ref(g_kind_names[int(self_of(self)->move.kind())]); }
PyObject* get_rank(PyObject* self, void*) { return new_ref(g_rank_names[self_of(self)->move.rank()]); }
PyObject* get_size(PyObject* self, void*) { return PyLong_FromLong(self_of(self)->move.size()); }
PyObject* get_level(PyObject* self, void*) { return new_ref(g_rank_names[self_of(self)->level]); }
PyObject* get_wilds(PyObject* self, void*) {
  const MoveObject* m = self_of(self);
  return PyLong_FromLong(m->move.cards().count(wild_kind(m->level)));
}
PyObject* get_is_bomb(PyObject* self, void*) { return PyBool_FromLong(bomb_tier(self_of(self)->move) != 0); }
PyObject* get_strength(PyObject* self, void*) {
  const MoveObject* m = self_of(self);
  return Py_BuildValue("(ii)", bomb_tier(m->move), rank_order(m->move, m->level));
}
PyObject* get_bits(PyObject* self, void*) {
  const Move m = self_of(self)->move;
  return Py_BuildValue("(KK)", static_cast<unsigned long long>(m.lo), static_cast<unsigned long long>(m.hi));
}
PyObject* get_cards(PyObject* self, void*) {
  try {
    return cards_list(physical(self_of(self)->move));
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  }
}
PyObject* get_declared(PyObject* self, void*) {
  try {
    const DeclaredCards d = declared_cards(self_of(self)->move, self_of(self)->level);
    return cards_list(std::vector<CardKind>(d.cards.begin(), d.cards.begin() + d.size));
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  }
}

PyGetSetDef g_getset[] = {
    {"kind", get_kind, nullptr,
     "single, pair, triple, full_house, straight, tube, plate, bomb, straight_flush or joker_bomb", nullptr},
    {"rank", get_rank, nullptr,
     "'2'..'A', 'SJ', 'BJ'; full house: the triple's rank; sequences: the top card's natural rank", nullptr},
    {"size", get_size, nullptr, "number of cards", nullptr},
    {"cards", get_cards, nullptr, "the physical cards (a wild is the level heart it is), sorted", nullptr},
    {"declared", get_declared, nullptr, "the cards as declared: each wild replaced by what it stands for", nullptr},
    {"wilds", get_wilds, nullptr, "number of wild cards used", nullptr},
    {"level", get_level, nullptr, "the level the move was read at", nullptr},
    {"is_bomb", get_is_bomb, nullptr, "whether the move is a bomb", nullptr},
    {"bits", get_bits, nullptr, "(lo, hi): the packed 128-bit move (move.h)", nullptr},
    {"strength", get_strength, nullptr,
     "(bomb tier, rank order): tier 0 for non-bombs, 1..9 up the bomb ladder; the rank in the order the move "
     "compares by (level order, or natural order for sequences). Only moves of one kind and size, or bombs, "
     "compare by it.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyObject* move_repr(PyObject* self) {
  const MoveObject* m = self_of(self);
  const std::string text = std::string("<Move ") + kind_name(m->move.kind()) + " " + rank_name(m->move.rank()) +
                           ": " + move_text(m->move, m->level) + ">";
  return PyUnicode_FromString(text.c_str());
}
PyObject* move_str(PyObject* self) {
  return PyUnicode_FromString(move_text(self_of(self)->move, self_of(self)->level).c_str());
}

Py_hash_t move_hash(PyObject* self) {
  const MoveObject* m = self_of(self);
  std::uint64_t h = m->move.lo * 0x9E3779B97F4A7C15ull ^ (m->move.hi + m->level) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  const auto out = static_cast<Py_hash_t>(h >> 1);
  return out == -1 ? -2 : out;
}

PyObject* move_richcompare(PyObject* a, PyObject* b, int op) {
  if ((op != Py_EQ && op != Py_NE) || !is_move_object(b)) Py_RETURN_NOTIMPLEMENTED;
  const bool equal = self_of(a)->move == self_of(b)->move && self_of(a)->level == self_of(b)->level;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

// The constructor of every Move from outside (and of unpickled ones, see
// move_reduce): the words must be exactly a reading the generator makes.
PyObject* move_from_bits(PyObject*, PyObject* args, PyObject* kwargs) {
  static const char* keywords[] = {"lo", "hi", "level", "wild_with_joker", nullptr};
  PyObject *lo_obj = nullptr, *hi_obj = nullptr, *level_obj = nullptr;
  int wild_with_joker = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|p", const_cast<char**>(keywords), &lo_obj, &hi_obj,
                                   &level_obj, &wild_with_joker))
    return nullptr;
  try {
    const Move move{word_argument(lo_obj, "lo"), word_argument(hi_obj, "hi")};
    const Rank level = Rank(int_argument(level_obj, "level index", 0, kNumRanks - 1));
    if (!is_legal_reading(move, level, MoveRules{wild_with_joker != 0}))
      throw py::value_error("bits do not encode a legal move at this level");
    return new_move_object(move, level);
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  }
  return nullptr;
}

PyObject* move_reduce(PyObject* self, PyObject*) {
  const MoveObject* m = self_of(self);
  PyObject* from_bits = PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(self)), "from_bits");
  if (!from_bits) return nullptr;
  return Py_BuildValue("(N(KKi))", from_bits, static_cast<unsigned long long>(m->move.lo),
                       static_cast<unsigned long long>(m->move.hi), int(m->level));
}

PyMethodDef g_methods[] = {
    {"from_bits", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(move_from_bits)),
     METH_VARARGS | METH_KEYWORDS | METH_STATIC,
     "from_bits(lo, hi, level, wild_with_joker=True): the Move of packed bits, validated as a legal reading at "
     "level index 0..12."},
    {"__reduce__", move_reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// Moves are only made by the engine, so every Move object is a legal reading
// at its level (bind_moves.cpp relies on this).
PyObject* move_new(PyTypeObject*, PyObject*, PyObject*) {
  PyErr_SetString(PyExc_TypeError, "Move objects come from legal_moves(), classify() or Move.from_bits()");
  return nullptr;
}

// Freed Move objects are kept for reuse, as CPython does for floats: a bot
// asks for moves every decision and drops them right after, so most new Moves
// skip the allocator. Bounded, so the memory kept is at most ~1.3 MB.
constexpr std::size_t kFreeListCapacity = 32768;
std::vector<PyObject*> g_free_list;  // guarded by the GIL, like every Move object

void move_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  if (g_free_list.size() < kFreeListCapacity) {
    g_free_list.push_back(self);
  } else {
    type->tp_free(self);
  }
  Py_DECREF(type);
}

PyType_Slot g_slots[] = {
    {Py_tp_new, reinterpret_cast<void*>(move_new)},
    {Py_tp_dealloc, reinterpret_cast<void*>(move_dealloc)},
    {Py_tp_repr, reinterpret_cast<void*>(move_repr)},
    {Py_tp_str, reinterpret_cast<void*>(move_str)},
    {Py_tp_hash, reinterpret_cast<void*>(move_hash)},
    {Py_tp_richcompare, reinterpret_cast<void*>(move_richcompare)},
    {Py_tp_getset, g_getset},
    {Py_tp_methods, g_methods},
    {Py_tp_doc, const_cast<char*>("A legal combination: kind, rank, the physical cards and what each wild stands "
                                  "for. Made by the engine (legal_moves, classify) or Move.from_bits.")},
    {0, nullptr},
};

PyType_Spec g_spec = {"guandan.Move", sizeof(MoveObject), 0, Py_TPFLAGS_DEFAULT, g_slots};

}  // namespace

std::string move_text(Move move, Rank level) {
  const CardKind wild = wild_kind(level);
  const CardSet cards = move.cards();
  const CardSet naturals = cards - CardSet::of_kind(wild, cards.count(wild));
  std::string out;
  auto append = [&out](const std::string& token) {
    if (!out.empty()) out += ' ';
    out += token;
  };
  for (CardKind k : physical(Move::make(naturals, Kind::kSingle, 0))) append(card_name(k));
  // The wilds' declared cards are those of `declared` that are not naturals.
  const DeclaredCards d = declared_cards(move, level);
  CardSet remaining = naturals;
  for (int i = 0; i < d.size; ++i) {
    const CardSet one = CardSet::of_kind(d.cards[i]);
    if (remaining.contains(one)) {
      remaining = remaining - one;
    } else {
      append(card_name(wild) + "=" + card_name(d.cards[i]));
    }
  }
  return out;
}

PyObject* new_move_object(Move move, Rank level) {
  MoveObject* obj;
  if (!g_free_list.empty()) {
    obj = reinterpret_cast<MoveObject*>(PyObject_Init(g_free_list.back(), g_move_type));
    g_free_list.pop_back();
  } else {
    obj = PyObject_New(MoveObject, g_move_type);
    if (obj == nullptr) return nullptr;
  }
  obj->move = move;
  obj->level = level;
  return reinterpret_cast<PyObject*>(obj);
}

bool is_move_object(PyObject* obj) { return Py_TYPE(obj) == g_move_type; }
Move move_of(PyObject* obj) { return self_of(obj)->move; }
Rank level_of(PyObject* obj) { return self_of(obj)->level; }

Move move_argument(const py::handle& obj, const char* what) {
  if (!is_move_object(obj.ptr()))
    throw py::type_error(std::string(what) + " must be a Move (e.g. from legal_moves() or classify()), got " +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  return move_of(obj.ptr());
}

Move move_argument(const py::handle& obj, const char* what, Rank level, MoveRules rules) {
  const Move move = move_argument(obj, what);
  // A Move object is a generated reading at its own level under the
  // wild-with-joker rules (from_bits is its only outside constructor), so
  // only another level or the stricter app rules need the full check.
  const bool legal = (level_of(obj.ptr()) == level && rules.wild_with_joker) || is_legal_reading(move, level, rules);
  if (!legal)
    throw py::value_error(std::string(what) + " is not a legal combination at level " + rank_name(level) + ": " +
                          move_text(move, level_of(obj.ptr())));
  return move;
}

void init_move_type(py::module_& m) {
  for (int k = 0; k < kNumMoveKinds; ++k) g_kind_names[k] = PyUnicode_InternFromString(kind_name(Kind(k)));
  for (int r = 0; r <= kBigJokerRank; ++r) g_rank_names[r] = PyUnicode_InternFromString(rank_name(Rank(r)).c_str());
  PyObject* type = PyType_FromSpec(&g_spec);
  if (type == nullptr) throw py::error_already_set();
  g_move_type = reinterpret_cast<PyTypeObject*>(type);
  g_free_list.reserve(kFreeListCapacity);
  // The module keeps the type alive for the life of the process.
  m.add_object("Move", py::reinterpret_steal<py::object>(type));
  Py_INCREF(type);
}

}  // namespace guandan::python
