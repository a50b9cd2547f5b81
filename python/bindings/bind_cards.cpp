// Card, Hand, rank names and seeded deals.
#include <pybind11/stl.h>

#include <sstream>
#include <vector>

#include "bindings.h"
#include "guandan/deck.h"

namespace guandan::python {

CardKind card_from_text(const std::string& token) {
  const auto kind = parse_card(token);
  if (!kind) throw py::value_error("unknown card '" + token + "' (expected e.g. 'Ah', 'Td', '10d', 'SJ', 'BJ')");
  return *kind;
}

namespace {

std::string type_name(const py::handle& obj) { return py::str(py::type::of(obj).attr("__name__")); }

// An int (or anything with __index__, such as numpy integers) as a Python int.
py::int_ index_of(const py::handle& obj, const char* what) {
  if (PyFloat_Check(obj.ptr()) || !PyIndex_Check(obj.ptr()))
    throw py::type_error(std::string(what) + " must be an int, got " + type_name(obj));
  PyObject* value = PyNumber_Index(obj.ptr());
  if (value == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(value);
}

}  // namespace

std::string text_argument(const py::handle& obj, const char* what) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error(std::string(what) + " must be a str, got " + type_name(obj));
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (utf8 == nullptr) {
    PyErr_Clear();
    throw py::value_error(std::string(what) + " is not valid text (it holds a lone surrogate)");
  }
  return std::string(utf8, std::size_t(size));
}

long long int_argument(const py::handle& obj, const char* what, long long lowest, long long highest) {
  const py::int_ value = index_of(obj, what);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow == 0 && v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || v < lowest || v > highest)
    throw py::value_error(std::string(what) + " must be " + std::to_string(lowest) + ".." + std::to_string(highest) +
                          ", got " + std::string(py::str(value)));
  return v;
}

std::uint64_t word_argument(const py::handle& obj, const char* what) {
  const py::int_ value = index_of(obj, what);
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();  // negative or wider than 64 bits
    throw py::value_error(std::string(what) + " must be 0..2**64-1, got " + std::string(py::str(value)));
  }
  return v;
}

CardKind card_argument(const py::handle& obj, const char* what) {
  if (py::isinstance<PyCard>(obj)) return obj.cast<PyCard>().kind;
  if (PyUnicode_Check(obj.ptr())) return card_from_text(text_argument(obj, what));
  throw py::type_error(std::string(what) + " must be a Card or a card string such as 'Ah', got " + type_name(obj));
}

Rank level_from_index(int index) {
  if (index < 0 || index >= kNumRanks) throw py::value_error("level index must be 0..12 (2..A), got " + std::to_string(index));
  return Rank(index);
}

CardSet sum_of_cards(CardSet a, CardSet b, const std::string& where) {
  for (int k = 0; k < kNumKinds; ++k)
    if (a.count(CardKind(k)) + b.count(CardKind(k)) > 2)
      throw py::value_error("card '" + card_name(CardKind(k)) + "' appears more than twice " + where);
  return a + b;
}

namespace {

void add_card(CardSet& hand, CardKind kind, const std::string& token) {
  if (hand.count(kind) >= 2)
    throw py::value_error("third copy of card '" + token + "': the deck has two copies of each card");
  hand = hand + CardSet::of_kind(kind);
}

CardSet hand_from_text(const std::string& text) {
  CardSet hand;
  std::istringstream tokens(text);
  for (std::string token; tokens >> token;) add_card(hand, card_from_text(token), token);
  return hand;
}

std::vector<PyCard> cards_of(CardSet set) {
  std::vector<PyCard> cards;
  cards.reserve(set.size());
  for (int kind = 0; kind < kNumKinds; ++kind)
    for (int i = 0; i < set.count(CardKind(kind)); ++i) cards.push_back({CardKind(kind)});
  return cards;
}

CardSet hand_from_bits(std::uint64_t lo, std::uint64_t hi) {
  const CardSet set{lo, hi};
  if (!set.is_canonical())
    throw py::value_error("not a canonical hand bit pattern (hi must be a subset of lo, bits 0..53)");
  return set;
}

std::string hand_text(CardSet set) {
  std::string out;
  for (const PyCard& c : cards_of(set)) {
    if (!out.empty()) out += ' ';
    out += card_name(c.kind);
  }
  return out;
}

}  // namespace

std::vector<PyCard> kinds_of(CardSet set) {
  std::vector<PyCard> out;
  for (int k = 0; k < kNumKinds; ++k)
    if (set.count(CardKind(k)) > 0) out.push_back({CardKind(k)});
  return out;
}

CardSet hand_from_python(const py::handle& obj) {
  if (py::isinstance<CardSet>(obj)) return obj.cast<CardSet>();
  if (PyUnicode_Check(obj.ptr())) return hand_from_text(text_argument(obj, "cards"));
  if (py::isinstance<PyCard>(obj)) return CardSet::of_kind(obj.cast<PyCard>().kind);
  if (!py::hasattr(obj, "__iter__"))
    throw py::type_error(std::string("expected a Hand, a string of cards or an iterable of cards, got ") +
                         std::string(py::str(py::type::of(obj).attr("__name__"))));
  CardSet hand;
  for (py::handle item : obj) {
    if (py::isinstance<PyCard>(item)) {
      const CardKind kind = item.cast<PyCard>().kind;
      add_card(hand, kind, card_name(kind));
    } else if (PyUnicode_Check(item.ptr())) {
      const std::string token = text_argument(item, "card");
      add_card(hand, card_from_text(token), token);
    } else {
      throw py::type_error(std::string("expected a Card or a card string, got ") +
                           std::string(py::str(py::type::of(item).attr("__name__"))));
    }
  }
  return hand;
}

void init_cards(py::module_& m) {
  py::class_<PyCard>(m, "Card", "One of the 54 card faces: 'Ah', 'Td', 'SJ', 'BJ'.")
      .def(py::init([](const py::handle& text) { return PyCard{card_from_text(text_argument(text, "card"))}; }),
           py::arg("text"))
      .def_static("from_index", [](const py::handle& index) {
            return PyCard{CardKind(int_argument(index, "card index", 0, kNumKinds - 1))};
          }, py::arg("index"))
      .def_property_readonly("index", [](const PyCard& c) { return int(c.kind); },
                             "rank_index * 4 + suit_index (s, h, c, d = 0..3); SJ = 52, BJ = 53")
      .def_property_readonly("rank", [](const PyCard& c) { return rank_name(rank_of(c.kind)); },
                             "'2'..'9', 'T', 'J', 'Q', 'K', 'A', or 'SJ' / 'BJ' for jokers")
      .def_property_readonly("suit", [](const PyCard& c) -> py::object {
            if (is_joker(c.kind)) return py::none();
            return py::str(std::string(1, "shcd"[suit_of(c.kind)]));
          }, "'s', 'h', 'c', 'd', or None for jokers")
      .def_property_readonly("is_joker", [](const PyCard& c) { return is_joker(c.kind); })
      .def("__str__", [](const PyCard& c) { return card_name(c.kind); })
      .def("__repr__", [](const PyCard& c) { return "Card('" + card_name(c.kind) + "')"; })
      .def("__eq__", [](const PyCard& a, const py::object& b) {
            return py::isinstance<PyCard>(b) && b.cast<PyCard>().kind == a.kind;
          })
      .def("__lt__", [](const PyCard& a, const PyCard& b) { return a.kind < b.kind; })
      .def("__hash__", [](const PyCard& c) { return int(c.kind); })
      // The state is the card index; a tampered pickle is refused like from_index.
      .def(py::pickle([](const PyCard& c) -> py::object { return py::int_(int(c.kind)); },
                      [](const py::object& kind) { return PyCard{CardKind(int_argument(kind, "card index", 0, kNumKinds - 1))}; }));

  py::class_<CardSet>(m, "Hand",
                      "A multiset of physical cards (each card at most twice), e.g. Hand('Ah Ah Td').")
      .def(py::init([](const py::object& cards) { return hand_from_python(cards); }),
           py::arg("cards") = py::str(""))
      .def_static("from_bits", [](const py::handle& lo, const py::handle& hi) {
            return hand_from_bits(word_argument(lo, "lo"), word_argument(hi, "hi"));
          }, py::arg("lo"), py::arg("hi"))
      .def_property_readonly("bits", [](const CardSet& s) { return py::make_tuple(s.lo, s.hi); },
                             "(lo, hi): the two 64-bit words (see cardset.h)")
      .def_property_readonly("cards", [](const CardSet& s) { return cards_of(s); })
      .def("count", [](const CardSet& s, const py::handle& card) { return s.count(card_argument(card, "card")); },
           py::arg("card"))
      .def("__len__", &CardSet::size)
      .def("__iter__", [](const CardSet& s) { return py::iter(py::cast(cards_of(s))); })
      .def("__contains__", [](const CardSet& s, const py::object& cards) {
            return s.contains(hand_from_python(cards));
          })
      .def("__add__", [](const CardSet& a, const py::object& b) {
            CardSet sum = a;
            for (const PyCard& c : cards_of(hand_from_python(b))) add_card(sum, c.kind, card_name(c.kind));
            return sum;
          })
      .def("__sub__", [](const CardSet& a, const py::object& b) {
            const CardSet other = hand_from_python(b);
            if (!a.contains(other)) throw py::value_error("cannot remove cards the hand does not hold: " + hand_text(other - CardSet{other.lo & a.lo, other.hi & a.hi}));
            return a - other;
          })
      .def("__eq__", [](const CardSet& a, const py::object& b) {
            return py::isinstance<CardSet>(b) && b.cast<CardSet>() == a;
          })
      .def("__hash__", [](const CardSet& s) { return py::hash(py::make_tuple(s.lo, s.hi)); })
      .def("__bool__", [](const CardSet& s) { return !s.empty(); })
      .def("__str__", &hand_text)
      .def("__repr__", [](const CardSet& s) { return "Hand('" + hand_text(s) + "')"; })
      .def(py::pickle([](const CardSet& s) -> py::object { return py::make_tuple(s.lo, s.hi); },
                      [](const py::object& state) {
                        // A tampered pickle is refused like from_bits.
                        if (!PyTuple_Check(state.ptr()) || PyTuple_GET_SIZE(state.ptr()) != 2)
                          throw py::type_error("Hand state must be a (lo, hi) tuple, got " + type_name(state));
                        const py::tuple t = py::reinterpret_borrow<py::tuple>(state);
                        return hand_from_bits(word_argument(t[0], "lo"), word_argument(t[1], "hi"));
                      }));

  m.def("rank_index", [](const py::handle& obj) {
        const std::string text = text_argument(obj, "rank");
        const auto rank = parse_rank(text);
        if (!rank) throw py::value_error("not a rank '" + text + "' (expected 2..9, T or 10, J, Q, K, A)");
        return int(*rank);
      }, py::arg("text"), "The index 0..12 of a rank '2'..'A' ('T' and '10' accepted).");
  m.def("rank_name", [](const py::handle& index) {
        return rank_name(Rank(int_argument(index, "rank index", 0, kBigJokerRank)));
      }, py::arg("index"));
  m.def("deal", [](const py::handle& seed_obj) {
        Rng rng(word_argument(seed_obj, "seed"));
        const auto hands = deal_hands(shuffled_deck(rng));
        return std::vector<CardSet>(hands.begin(), hands.end());
      }, py::arg("seed"), "The four 27-card hands of the seeded shuffle (rng.h).");
}

}  // namespace guandan::python
