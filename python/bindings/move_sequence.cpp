#include "move_sequence.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "move_object.h"

namespace guandan::python {
namespace {

namespace py = pybind11;

// A variable-size object: the moves live inline after the header, so a
// sequence is one allocation however many moves it holds.
struct MoveSequenceObject {
  PyObject_VAR_HEAD
  Rank level;
  std::uint32_t capacity;  // moves the block has room for (>= the size)
  Move moves[1];
};

constexpr std::size_t block_bytes(std::size_t capacity) {
  return offsetof(MoveSequenceObject, moves) + sizeof(Move) * capacity;
}

// Freed sequences are kept for reuse, as Move objects are: a bot asks for
// moves every decision and drops them right after, so most calls skip the
// allocator. A few blocks of at most kMaxKeptMoves each (at most 512 KB).
constexpr std::size_t kKept = 8;
constexpr std::uint32_t kMaxKeptMoves = 4096;
MoveSequenceObject* g_kept[kKept];  // guarded by the GIL
std::size_t g_kept_count = 0;

// Capacities are powers of two from 64 moves, so a kept block fits the next
// call of a similar size.
std::uint32_t capacity_for(std::size_t count) {
  std::uint32_t capacity = 64;
  while (capacity < count) capacity *= 2;
  return capacity;
}

void dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  MoveSequenceObject* s = reinterpret_cast<MoveSequenceObject*>(self);
  if (s->capacity <= kMaxKeptMoves && g_kept_count < kKept) {
    g_kept[g_kept_count++] = s;
  } else {
    PyObject_Free(self);
  }
  Py_DECREF(type);
}

PyTypeObject* g_type = nullptr;

MoveSequenceObject* self_of(PyObject* obj) { return reinterpret_cast<MoveSequenceObject*>(obj); }

bool is_sequence_object(PyObject* obj) { return Py_TYPE(obj) == g_type; }

bool same_move(PyObject* a, Move move, Rank level) {
  return is_move_object(a) && move_of(a) == move && level_of(a) == level;
}

Py_ssize_t seq_length(PyObject* self) { return Py_SIZE(self); }

// Index already in range.
PyObject* item(PyObject* self, Py_ssize_t i) {
  return new_move_object(self_of(self)->moves[i], self_of(self)->level);
}

PyObject* seq_item(PyObject* self, Py_ssize_t i) {
  if (i < 0 || i >= Py_SIZE(self)) {
    PyErr_SetString(PyExc_IndexError, "MoveSequence index out of range");
    return nullptr;
  }
  return item(self, i);
}

PyObject* to_list(PyObject* self, Py_ssize_t start, Py_ssize_t step, Py_ssize_t count) {
  PyObject* list = PyList_New(count);
  if (list == nullptr) return nullptr;
  for (Py_ssize_t k = 0; k < count; ++k) {
    PyObject* move = item(self, start + k * step);
    if (move == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, k, move);
  }
  return list;
}

// seq[i] (negative counts from the end) and seq[a:b:c] (a list).
PyObject* subscript(PyObject* self, PyObject* key) {
  if (PySlice_Check(key)) {
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(key, &start, &stop, &step) < 0) return nullptr;
    const Py_ssize_t count = PySlice_AdjustIndices(Py_SIZE(self), &start, &stop, step);
    return to_list(self, start, step, count);
  }
  if (!PyIndex_Check(key)) {
    PyErr_Format(PyExc_TypeError, "MoveSequence indices must be integers or slices, not %.200s",
                 Py_TYPE(key)->tp_name);
    return nullptr;
  }
  Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
  if (i == -1 && PyErr_Occurred()) return nullptr;
  if (i < 0) i += Py_SIZE(self);
  return seq_item(self, i);
}

int seq_contains(PyObject* self, PyObject* value) {
  const MoveSequenceObject* s = self_of(self);
  if (!is_move_object(value) || level_of(value) != s->level) return 0;
  const Move move = move_of(value);
  for (Py_ssize_t i = 0; i < Py_SIZE(self); ++i)
    if (s->moves[i] == move) return 1;
  return 0;
}

// Element i of a list or of another sequence equals move i of `self`.
int equal_to(PyObject* self, PyObject* other) {
  const MoveSequenceObject* s = self_of(self);
  const Py_ssize_t n = Py_SIZE(self);
  if (is_sequence_object(other)) {
    const MoveSequenceObject* o = self_of(other);
    if (Py_SIZE(other) != n || (n > 0 && o->level != s->level)) return 0;
    return n == 0 || std::memcmp(s->moves, o->moves, sizeof(Move) * std::size_t(n)) == 0;
  }
  if (PyList_GET_SIZE(other) != n) return 0;
  for (Py_ssize_t i = 0; i < n; ++i)
    if (!same_move(PyList_GET_ITEM(other, i), s->moves[i], s->level)) return 0;
  return 1;
}

PyObject* richcompare(PyObject* self, PyObject* other, int op) {
  if ((op != Py_EQ && op != Py_NE) || !(is_sequence_object(other) || PyList_Check(other)))
    Py_RETURN_NOTIMPLEMENTED;
  const bool equal = equal_to(self, other) != 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

PyObject* as_list(PyObject* self) { return to_list(self, 0, 1, Py_SIZE(self)); }

PyObject* repr(PyObject* self) {
  PyObject* list = as_list(self);
  if (list == nullptr) return nullptr;
  PyObject* out = PyObject_Repr(list);
  Py_DECREF(list);
  return out;
}

// seq + list / seq + seq: a new list, as for lists.
PyObject* concat(PyObject* self, PyObject* other) {
  if (!PyList_Check(other) && !is_sequence_object(other)) {
    PyErr_Format(PyExc_TypeError, "can only concatenate a list or MoveSequence to a MoveSequence, not %.200s",
                 Py_TYPE(other)->tp_name);
    return nullptr;
  }
  PyObject* list = as_list(self);
  if (list == nullptr) return nullptr;
  PyObject* rest = PySequence_List(other);
  if (rest == nullptr || PyList_SetSlice(list, Py_SIZE(self), Py_SIZE(self), rest) < 0) {
    Py_XDECREF(rest);
    Py_DECREF(list);
    return nullptr;
  }
  Py_DECREF(rest);
  return list;
}

// index(move[, start[, stop]]) as for lists.
PyObject* index_method(PyObject* self, PyObject* args) {
  PyObject* value = nullptr;
  Py_ssize_t start = 0, stop = PY_SSIZE_T_MAX;
  if (!PyArg_ParseTuple(args, "O|nn:index", &value, &start, &stop)) return nullptr;
  const MoveSequenceObject* s = self_of(self);
  const Py_ssize_t n = Py_SIZE(self);
  PySlice_AdjustIndices(n, &start, &stop, 1);
  if (is_move_object(value) && level_of(value) == s->level) {
    const Move move = move_of(value);
    for (Py_ssize_t i = start; i < stop; ++i)
      if (s->moves[i] == move) return PyLong_FromSsize_t(i);
  }
  PyErr_SetString(PyExc_ValueError, "move is not in the sequence");
  return nullptr;
}

PyObject* count_method(PyObject* self, PyObject* value) {
  // Generated moves are distinct, so a move is there once or not at all.
  return PyLong_FromLong(seq_contains(self, value));
}

// Pickles (and copies) as the list it stands for.
PyObject* reduce_method(PyObject* self, PyObject*) {
  PyObject* list = as_list(self);
  if (list == nullptr) return nullptr;
  return Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(&PyList_Type), list);
}

PyObject* new_refused(PyTypeObject*, PyObject*, PyObject*) {
  PyErr_SetString(PyExc_TypeError, "MoveSequence objects come from legal_moves(), grouped_moves() or classify()");
  return nullptr;
}

PyMethodDef g_methods[] = {
    {"index", index_method, METH_VARARGS, "index(move[, start[, stop]]): the position of a move; ValueError if absent."},
    {"count", count_method, METH_O, "count(move): 1 if the move is in the sequence, else 0."},
    {"__reduce__", reduce_method, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot g_slots[] = {
    {Py_tp_new, reinterpret_cast<void*>(new_refused)},
    {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
    {Py_tp_repr, reinterpret_cast<void*>(repr)},
    {Py_tp_hash, reinterpret_cast<void*>(PyObject_HashNotImplemented)},
    {Py_tp_richcompare, reinterpret_cast<void*>(richcompare)},
    {Py_tp_methods, g_methods},
    {Py_sq_length, reinterpret_cast<void*>(seq_length)},
    {Py_sq_item, reinterpret_cast<void*>(seq_item)},
    {Py_sq_contains, reinterpret_cast<void*>(seq_contains)},
    {Py_sq_concat, reinterpret_cast<void*>(concat)},
    {Py_mp_length, reinterpret_cast<void*>(seq_length)},
    {Py_mp_subscript, reinterpret_cast<void*>(subscript)},
    {Py_tp_doc, const_cast<char*>("The moves of one generation call, read-only and list-like; each Move is "
                                  "built when it is read.")},
    {0, nullptr},
};

#ifdef Py_TPFLAGS_SEQUENCE  // Python 3.10+: match statements treat it as a sequence
constexpr unsigned long kFlags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE;
#else
constexpr unsigned long kFlags = Py_TPFLAGS_DEFAULT;
#endif
PyType_Spec g_spec = {"guandan.MoveSequence", int(offsetof(MoveSequenceObject, moves)), int(sizeof(Move)),
                      kFlags, g_slots};

}  // namespace

PyObject* new_move_sequence(const Move* moves, std::size_t count, Rank level) {
  if (count > std::size_t(PY_SSIZE_T_MAX) / sizeof(Move) - 64 || count > UINT32_MAX / 2) return PyErr_NoMemory();
  MoveSequenceObject* obj = nullptr;
  // A kept block that fits without wasting much (not 64 KB for an empty follow).
  const std::uint32_t wanted = capacity_for(count);
  for (std::size_t i = g_kept_count; i-- > 0;) {
    if (g_kept[i]->capacity >= count && g_kept[i]->capacity <= 4 * wanted) {
      obj = g_kept[i];
      g_kept[i] = g_kept[--g_kept_count];
      break;
    }
  }
  if (obj == nullptr) {
    const std::uint32_t capacity = count <= kMaxKeptMoves ? wanted : std::uint32_t(count);
    obj = static_cast<MoveSequenceObject*>(PyObject_Malloc(block_bytes(capacity)));
    if (obj == nullptr) return PyErr_NoMemory();
    obj->capacity = capacity;
  }
  PyObject_InitVar(reinterpret_cast<PyVarObject*>(obj), g_type, Py_ssize_t(count));
  obj->level = level;
  if (count > 0) std::memcpy(obj->moves, moves, sizeof(Move) * count);
  return reinterpret_cast<PyObject*>(obj);
}

void init_move_sequence_type(py::module_& m) {
  PyObject* type = PyType_FromSpec(&g_spec);
  if (type == nullptr) throw py::error_already_set();
  g_type = reinterpret_cast<PyTypeObject*>(type);
  // The module keeps the type alive for the life of the process.
  m.add_object("MoveSequence", py::reinterpret_steal<py::object>(type));
  Py_INCREF(type);
}

}  // namespace guandan::python
