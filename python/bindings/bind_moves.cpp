// Move, legal-move generation, classification and comparison.
#include <pybind11/stl.h>

#include <vector>

#include "bindings.h"
#include "guandan/move_list.h"
#include "guandan/readings.h"

namespace guandan::python {

MoveRules move_rules(bool wild_with_joker) { return MoveRules{wild_with_joker}; }

namespace {

std::vector<PyCard> physical_cards(Move m) {
  std::vector<PyCard> out;
  const CardSet cards = m.cards();
  for (int kind = 0; kind < kNumKinds; ++kind)
    for (int i = 0; i < cards.count(CardKind(kind)); ++i) out.push_back({CardKind(kind)});
  return out;
}

std::vector<PyCard> declared(const PyMove& m) {
  const DeclaredCards d = declared_cards(m.move, m.level);
  std::vector<PyCard> out;
  for (int i = 0; i < d.size; ++i) out.push_back({d.cards[i]});
  return out;
}

// "9s 5h=9h": physical cards, each wild followed by what it stands for.
std::string move_text(const PyMove& m) {
  const CardKind wild = wild_kind(m.level);
  const CardSet cards = m.move.cards();
  const int wilds = cards.count(wild);
  const CardSet naturals = cards - CardSet::of_kind(wild, wilds);
  std::string out;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int i = 0; i < naturals.count(CardKind(kind)); ++i) {
      if (!out.empty()) out += ' ';
      out += card_name(CardKind(kind));
    }
  }
  // Declared cards of the wilds: those of `declared` that are not naturals.
  const DeclaredCards d = declared_cards(m.move, m.level);
  CardSet remaining = naturals;
  for (int i = 0; i < d.size; ++i) {
    const CardSet one = CardSet::of_kind(d.cards[i]);
    if (remaining.contains(one)) {
      remaining = remaining - one;
    } else {
      if (!out.empty()) out += ' ';
      out += card_name(wild) + "=" + card_name(d.cards[i]);
    }
  }
  return out;
}

// Reused across calls so that steady-state generation does not allocate.
std::vector<Move>& scratch() {
  thread_local std::vector<Move> moves;
  moves.clear();
  return moves;
}

const Move* checked_previous(const py::object& previous, Rank level, MoveRules rules, Move& storage) {
  if (previous.is_none()) return nullptr;
  if (!py::isinstance<PyMove>(previous))
    throw py::type_error("previous must be a Move (e.g. from classify()) or None");
  storage = previous.cast<PyMove>().move;
  if (!is_legal_reading(storage, level, rules))
    throw py::value_error("previous play is not a legal combination at this level: " +
                          move_text(PyMove{storage, level}));
  return &storage;
}

py::list to_python(const std::vector<Move>& moves, Rank level) {
  py::list out(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = py::cast(PyMove{moves[i], level});
  return out;
}

}  // namespace

void init_moves(py::module_& m) {
  py::class_<PyMove>(m, "Move", "A legal combination: kind, rank, the physical cards and what each wild stands for.")
      .def_property_readonly("kind", [](const PyMove& p) { return kind_name(p.move.kind()); },
                             "single, pair, triple, full_house, straight, tube, plate, bomb, straight_flush or joker_bomb")
      .def_property_readonly("rank", [](const PyMove& p) { return rank_name(p.move.rank()); },
                             "'2'..'A', 'SJ', 'BJ'; sequences: the top card's natural rank")
      .def_property_readonly("size", [](const PyMove& p) { return p.move.size(); })
      .def_property_readonly("cards", [](const PyMove& p) { return physical_cards(p.move); },
                             "The physical cards, wilds as the level heart they are, sorted.")
      .def_property_readonly("declared", &declared, "The cards as declared: each wild replaced by what it stands for.")
      .def_property_readonly("wilds", [](const PyMove& p) { return p.move.cards().count(wild_kind(p.level)); })
      .def_property_readonly("level", [](const PyMove& p) { return rank_name(p.level); })
      .def_property_readonly("is_bomb", [](const PyMove& p) { return bomb_tier(p.move) != 0; })
      .def_property_readonly("bits", [](const PyMove& p) { return py::make_tuple(p.move.lo, p.move.hi); },
                             "(lo, hi): the packed 128-bit move (move.h)")
      .def_static("from_bits", [](std::uint64_t lo, std::uint64_t hi, int level, bool wild_with_joker) {
            const Move move{lo, hi};
            const Rank l = level_from_index(level);
            if (!move.cards().is_canonical() || !is_legal_reading(move, l, move_rules(wild_with_joker)))
              throw py::value_error("bits do not encode a legal move at this level");
            return PyMove{move, l};
          }, py::arg("lo"), py::arg("hi"), py::arg("level"), py::arg("wild_with_joker") = true)
      .def("__eq__", [](const PyMove& a, const py::object& b) {
            if (!py::isinstance<PyMove>(b)) return false;
            const PyMove o = b.cast<PyMove>();
            return o.move == a.move && o.level == a.level;
          })
      .def("__hash__", [](const PyMove& p) { return py::hash(py::make_tuple(p.move.lo, p.move.hi, int(p.level))); })
      .def("__str__", &move_text)
      .def("__repr__", [](const PyMove& p) {
            return std::string("<Move ") + kind_name(p.move.kind()) + " " + rank_name(p.move.rank()) + ": " + move_text(p) + ">";
          })
      .def(py::pickle([](const PyMove& p) { return py::make_tuple(p.move.lo, p.move.hi, int(p.level)); },
                      [](const py::tuple& t) {
                        return PyMove{Move{t[0].cast<std::uint64_t>(), t[1].cast<std::uint64_t>()}, Rank(t[2].cast<int>())};
                      }));

  m.def("legal_moves", [](const CardSet& hand, int level, const py::object& previous, bool wild_with_joker, bool grouped) {
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

  m.def("beats", [](const PyMove& a, const PyMove& b, int level) { return beats(a.move, b.move, level_from_index(level)); },
        py::arg("a"), py::arg("b"), py::arg("level"));
}

}  // namespace guandan::python
