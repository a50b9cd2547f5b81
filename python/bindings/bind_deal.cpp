// Rules (the C++ Ruleset), DealState, tribute functions and the match
// transition. The Python package wraps these in Deal, Match and friends.
#include <pybind11/stl.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "move_sequence.h"
#include "guandan/deal.h"
#include "guandan/deck.h"
#include "guandan/match.h"
#include "guandan/move_list.h"
#include "guandan/readings.h"
#include "guandan/recorded_deal.h"
#include "held_view.h"
#include "guandan/tribute.h"
#include "move_object.h"

namespace guandan::python {
namespace {

std::array<CardSet, 4> four_hands(const std::vector<CardSet>& hands) {
  if (hands.size() != 4) throw py::value_error("a deal needs exactly 4 hands");
  std::array<CardSet, 4> out{};
  CardSet all;
  for (int i = 0; i < 4; ++i) {
    if (!hands[i].is_canonical()) throw py::value_error("hand " + std::to_string(i) + " is not canonical");
    all = sum_of_cards(all, hands[i], "across the four hands");
    out[i] = hands[i];
  }
  return out;
}

int seat_argument(int seat) {
  if (seat < 0 || seat > 3) throw py::value_error("seat must be 0..3, got " + std::to_string(seat));
  return seat;
}

Placing placing_argument(const std::vector<int>& order) {
  if (order.size() != 4) throw py::value_error("a previous finishing order lists all 4 seats, first to last");
  Placing p{};
  unsigned seen = 0;
  for (int i = 0; i < 4; ++i) {
    p[i] = seat_argument(order[i]);
    seen |= 1u << p[i];
  }
  if (seen != 0xF) throw py::value_error("a previous finishing order lists each seat 0..3 once");
  return p;
}

// Ruleset fields (ruleset.h ranges): exact types (bools are not ints here), so that a wrong type or a
// value out of range is a TypeError or ValueError naming the field, never a
// silent conversion or an overflow.
std::string type_name(const py::handle& value) { return Py_TYPE(value.ptr())->tp_name; }

int exact_int_field(const py::handle& value, const std::string& field, int lo, int hi) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
    throw py::type_error(field + " must be an int, got " + type_name(value));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0 || v < lo || v > hi)
    throw py::value_error(field + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + "; got " +
                          std::string(py::repr(value)));
  return int(v);
}

// One field's value from Python, checked by the field's kind and range in
// the core's table (ruleset.h kRulesetFields): the only check of a ruleset's
// fields (guandan.Ruleset leaves them to this one).
FieldValue field_argument(const RulesetField& f, const py::handle& value) {
  const std::string name(f.name);
  switch (f.kind) {
    case FieldKind::kLevels: {
      if (!py::isinstance<py::tuple>(value) && !py::isinstance<py::list>(value))
        throw py::type_error(name + " must be three ints (1-2, 1-3, 1-4); got " + std::string(py::repr(value)));
      const py::sequence items = py::reinterpret_borrow<py::sequence>(value);
      if (items.size() != 3)
        throw py::value_error(name + " must be three levels 0.." + std::to_string(f.max) +
                              " (1-2, 1-3, 1-4); got " + std::string(py::repr(value)));
      FieldValue out{};
      for (std::size_t i = 0; i < 3; ++i) {
        if (!PyLong_Check(items[i].ptr()) || PyBool_Check(items[i].ptr()))
          throw py::type_error(name + " must be three ints (1-2, 1-3, 1-4); got " + std::string(py::repr(value)));
        out[i] = exact_int_field(items[i], name, 0, f.max);
      }
      return out;
    }
    case FieldKind::kChoice: {
      const ChoiceNames& names = *f.choices;
      const std::string allowed = std::string(names[0]) + ", " + std::string(names[1]);
      if (!py::isinstance<py::str>(value))
        throw py::type_error(name + " must be a str (one of " + allowed + "), got " + type_name(value));
      const std::string text = value.cast<std::string>();
      for (std::size_t i = 0; i < names.size(); ++i)
        if (text == names[i]) return FieldValue{int(i), 0, 0};
      throw py::value_error(name + " must be one of " + allowed + "; got " + std::string(py::repr(value)));
    }
    case FieldKind::kFlag:
      if (!PyBool_Check(value.ptr())) throw py::type_error(name + " must be a bool; got " + std::string(py::repr(value)));
      return FieldValue{value.ptr() == Py_True ? 1 : 0, 0, 0};
    case FieldKind::kLimit:
      if (value.is_none()) return FieldValue{0, 0, 0};
      if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
        throw py::type_error(name + " must be None or an int, got " + type_name(value));
      return FieldValue{exact_int_field(value, name, 1, f.max), 0, 0};
  }
  return FieldValue{};
}

// A Ruleset from one keyword argument per field of the table, each required.
Ruleset rules_from_keywords(const py::kwargs& fields) {
  std::string known;
  for (const RulesetField& f : kRulesetFields) known += (known.empty() ? "" : ", ") + std::string(f.name);
  for (const auto& item : fields) {
    const std::string name = py::str(item.first);
    bool found = false;
    for (const RulesetField& f : kRulesetFields) found = found || f.name == name;
    if (!found) throw py::type_error("unknown ruleset field " + name + " (the fields: " + known + ")");
  }
  Ruleset rules;
  for (const RulesetField& f : kRulesetFields) {
    const std::string name(f.name);
    if (!fields.contains(name)) throw py::type_error("the ruleset field " + name + " is missing (the fields: " + known + ")");
    f.set(rules, field_argument(f, fields[name.c_str()]));
  }
  if (const char* error = ruleset_error(rules)) throw py::value_error(error);
  return rules;
}

py::object move_or_none(const Move* m, Rank level) {
  if (m == nullptr) return py::none();
  return py::reinterpret_steal<py::object>(new_move_object(*m, level));
}

template <class F>
auto translating(F&& f) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace

void init_deal(py::module_& m) {
  py::class_<Ruleset> rules_class(m, "Rules",
                                  "The C++ ruleset (ruleset.h); built from guandan.Ruleset, with the same field "
                                  "names.");
  rules_class
      .def(py::init(&rules_from_keywords), "One keyword argument per field of the table (FIELDS), each required.")
      .def_property_readonly_static("CHOICES", [](const py::object&) {
            // The allowed strings of each two-way field, as the Python Ruleset checks them.
            py::dict out;
            for (const RulesetField& f : kRulesetFields)
              if (f.kind == FieldKind::kChoice)
                out[py::str(std::string(f.name))] =
                    py::make_tuple(std::string(f.choices->at(0)), std::string(f.choices->at(1)));
            return out;
          })
      .def_property_readonly_static("FIELDS", [](const py::object&) {
            // The core's table of fields (ruleset.h kRulesetFields), in order.
            static const char* const kKinds[] = {"levels", "choice", "flag", "limit"};
            py::list out;
            for (const RulesetField& f : kRulesetFields) {
              py::dict row;
              row["name"] = std::string(f.name);
              row["kind"] = kKinds[int(f.kind)];
              row["max"] = f.max;
              row["choices"] = f.choices ? py::object(py::make_tuple(std::string(f.choices->at(0)),
                                                                     std::string(f.choices->at(1))))
                                         : py::object(py::none());
              row["meaning"] = std::string(f.meaning);
              out.append(row);
            }
            return py::tuple(out);
          })
      .def_readonly_static("MAX_ADVANCE", &kMaxAdvance)
      .def_readonly_static("MAX_FAILED_ATTEMPTS_LIMIT", &kMaxFailedAttemptsLimit);
  // One read-only attribute per field of the table, as guandan.Ruleset
  // holds it: advance a tuple, a choice its name, a flag a bool, a limit an
  // int or None (no limit).
  for (const RulesetField& f : kRulesetFields) {
    rules_class.def_property_readonly(std::string(f.name).c_str(), [&f](const Ruleset& r) -> py::object {
      const FieldValue v = f.get(r);
      switch (f.kind) {
        case FieldKind::kLevels: return py::make_tuple(v[0], v[1], v[2]);
        case FieldKind::kChoice: return py::str(std::string(f.choices->at(std::size_t(v[0]))));
        case FieldKind::kFlag: return py::bool_(v[0] != 0);
        case FieldKind::kLimit: return v[0] == 0 ? py::object(py::none()) : py::object(py::int_(v[0]));
      }
      return py::none();
    });
  }

  m.def("ruleset_text", &ruleset_text, py::arg("rules"), "The ruleset field of the deal text form.");
  m.def("seeded_deal", [](std::uint64_t seed) {
        const SeededDeal d = seeded_deal(seed);
        return py::make_tuple(std::vector<CardSet>(d.hands.begin(), d.hands.end()), d.cut_position,
                              PyCard{d.face_up}, d.leader);
      }, py::arg("seed"), "(hands, cut_position, face_up_card, leader) of a seeded deal (rng.h).");
  m.def("match_deal_seed", &match_deal_seed, py::arg("match_seed"), py::arg("deal_index"));

  m.def("tribute_plan", [](const std::vector<int>& previous, const std::vector<CardSet>& hands, int level,
                           const Ruleset& rules) {
        const TributePlan plan = plan_tribute(placing_argument(previous), four_hands(hands), level_from_index(level), rules);
        std::vector<std::pair<int, int>> payments;
        for (int i = 0; i < plan.count; ++i) payments.emplace_back(plan.payments[i].payer, plan.payments[i].receiver);
        return py::make_tuple(plan.cancelled, payments);
      }, py::arg("previous"), py::arg("hands"), py::arg("level"), py::arg("rules"));
  m.def("tribute_cards", [](const CardSet& hand, int level, const Ruleset& rules) {
        return kinds_of(tribute_cards(hand, level_from_index(level), rules));
      }, py::arg("hand"), py::arg("level"), py::arg("rules"));
  m.def("return_cards", [](const CardSet& hand, const PyCard& received, int level, const Ruleset& rules) {
        return kinds_of(return_cards(hand, received.kind, level_from_index(level), rules));
      }, py::arg("hand"), py::arg("received"), py::arg("level"), py::arg("rules"));

  m.def("tribute_leader", [](bool cancelled, const std::vector<std::pair<int, int>>& payments, int first_place,
                             const Ruleset& rules) {
        if (payments.size() > 2) throw py::value_error("a tribute has at most two payments");
        TributePlan plan;
        plan.cancelled = cancelled;
        plan.count = int(payments.size());
        for (std::size_t i = 0; i < payments.size(); ++i)
          plan.payments[i] = {seat_argument(payments[i].first), seat_argument(payments[i].second)};
        Placing previous{seat_argument(first_place), -1, -1, -1};
        return tribute_leader(plan, previous, rules);
      }, py::arg("cancelled"), py::arg("payments"), py::arg("first_place"), py::arg("rules"));

  m.def("next_match_state", [](std::array<int, 2> levels, int declarers, std::array<py::object, 2> attempts, int winner,
                               const std::vector<int>& finishing_order, const py::handle& last_play,
                               const Ruleset& rules) {
        MatchState state;
        state.levels = {level_from_index(levels[0]), level_from_index(levels[1])};
        if (declarers < -1 || declarers > 1) throw py::value_error("declarers must be None, 0 or 1");
        state.declarers = declarers;
        for (int team = 0; team < 2; ++team)
          state.failed_attempts[team] = exact_int_field(attempts[team], "failed_attempts", 0, kMaxFailedAttempts);
        state.winner = winner;
        if (finishing_order.empty() || finishing_order.size() > 4)
          throw py::value_error("a finishing order lists 1 to 4 seats, first out first");
        unsigned seen = 0;
        for (int s : finishing_order) {
          seat_argument(s);
          if (seen >> s & 1) throw py::value_error("a finishing order lists each seat at most once");
          seen |= 1u << s;
        }
        const Move play = last_play.is_none() ? Move{} : move_argument(last_play, "first_out_last_play");
        const MatchState next = translating([&] {
          return next_match_state(state, finishing_order.data(), int(finishing_order.size()), play, rules);
        });
        return py::make_tuple(std::array<int, 2>{next.levels[0], next.levels[1]}, next.declarers,
                              next.failed_attempts, next.winner);
      }, py::arg("levels"), py::arg("declarers"), py::arg("failed_attempts"), py::arg("winner"),
      py::arg("finishing_order"), py::arg("last_play"), py::arg("rules"));

  py::class_<RecordedDeal>(m, "DealState",
                            "The C++ state of one deal and its public record (recorded_deal.h); wrapped by guandan.Deal.")
      .def(py::init([](const std::vector<CardSet>& hands, int level, const Ruleset& rules, int leader) {
             const auto four = four_hands(hands);
             return translating([&] { return RecordedDeal(four, level_from_index(level), rules, seat_argument(leader)); });
           }), py::arg("hands"), py::arg("level"), py::arg("rules"), py::arg("leader"))
      .def(py::init([](const std::vector<CardSet>& hands, int level, const Ruleset& rules,
                       const std::vector<int>& previous) {
             const auto four = four_hands(hands);
             return translating([&] { return RecordedDeal(four, level_from_index(level), rules, placing_argument(previous)); });
           }), py::arg("hands"), py::arg("level"), py::arg("rules"), py::arg("previous"))
      .def("copy", [](const RecordedDeal& d) { return RecordedDeal(d); })
      .def("to_text", &DealState::to_text, "The one-line text form of the position (deal_text.cpp).")
      .def_static("from_text", [](const std::string& text) { return translating([&] { return RecordedDeal(DealState::from_text(text)); }); },
                  py::arg("text"), "The position of a text form; ValueError when malformed or impossible.")
      // The same position (the record aside, as DealState's ==).
      .def("__eq__", [](const RecordedDeal& a, const py::object& b) {
            return py::isinstance<RecordedDeal>(b) &&
                   static_cast<const DealState&>(a) == static_cast<const DealState&>(b.cast<const RecordedDeal&>());
          })
      .def("view", [](const RecordedDeal& d, int seat) { return HeldView::copy_of(d.view(seat_argument(seat))); },
           py::arg("seat"), "What `seat` may know now (PlayerView, with the record so far), as the core's policies read it.")
      .def_property_readonly("rules", &DealState::rules, "The deal's ruleset.")
      .def_property_readonly("played", &DealState::played)
      .def_property_readonly("previous_order", [](const RecordedDeal& d) -> py::object {
            const Placing& p = d.previous_placing();
            if (p[0] < 0) return py::none();
            return py::cast(std::vector<int>(p.begin(), p.end()));
          }, "The previous deal's places the tribute was planned from; None without tribute.")
      .def_property_readonly("shown", [](const RecordedDeal& d) {
            const PlayerView v = d.view(0);
            return std::vector<CardSet>(v.shown.begin(), v.shown.end());
          }, "The cards each seat is known to hold (given face up in the tribute).")
      .def_property_readonly("passed", [](const RecordedDeal& d) {
            const PlayerView v = d.view(0);
            std::vector<int> out;
            for (int s = 0; s < 4; ++s)
              if (v.passed_mask >> s & 1) out.push_back(s);
            return out;
          }, "The seats that passed since the last play.")
      .def_property_readonly("phase", [](const RecordedDeal& d) { return int(d.phase()); })
      .def_property_readonly("turn", &DealState::turn)
      .def_property_readonly("level", [](const RecordedDeal& d) { return int(d.level()); })
      .def_property_readonly("hands", [](const RecordedDeal& d) {
            return std::vector<CardSet>(d.hands().begin(), d.hands().end());
          })
      .def_property_readonly("last_play", [](const RecordedDeal& d) { return move_or_none(d.last_play(), d.level()); })
      .def_property_readonly("last_player", &DealState::last_player)
      .def("legal_moves", [](const RecordedDeal& d, bool grouped) {
            std::vector<Move> moves;
            if (d.phase() == Phase::kPlay) {
              VectorSink sink{moves};
              generate_moves(d.hand(d.turn()), d.level(), d.rules().move_rules(), d.last_play(), sink);
            }
            const std::vector<Move>& out = grouped ? group_moves(moves) : moves;
            PyObject* seq = new_move_sequence(out.data(), out.size(), d.level());
            if (seq == nullptr) throw py::error_already_set();
            return py::reinterpret_steal<py::object>(seq);
          }, py::arg("grouped") = false,
          "The seat to act's legal plays; grouped: one per (kind, size, rank) (readings.h).")
      .def("is_legal", [](const RecordedDeal& d, const py::handle& move) {
            return d.is_legal(move_argument(move, "move"));
          })
      .def("play", [](RecordedDeal& d, const py::handle& move) {
            const Move mv = move_argument(move, "move");
            translating([&] { d.play(mv); return 0; });
          })
      .def("pass_turn", [](RecordedDeal& d) { translating([&] { d.pass(); return 0; }); })
      .def("give_options", [](const RecordedDeal& d) { return kinds_of(d.give_options()); })
      .def("give", [](RecordedDeal& d, const PyCard& card) { translating([&] { d.give(card.kind); return 0; }); })
      .def_property_readonly("tribute_cancelled", [](const RecordedDeal& d) { return d.tribute_plan().cancelled; })
      .def_property_readonly("payments", [](const RecordedDeal& d) {
            std::vector<std::pair<int, int>> out;
            const TributePlan& plan = d.tribute_plan();
            for (int i = 0; i < plan.count; ++i) out.emplace_back(plan.payments[i].payer, plan.payments[i].receiver);
            return out;
          })
      .def_property_readonly("paid", [](const RecordedDeal& d) {
            std::vector<PyCard> out;
            for (int i = 0; i < d.payments_done(); ++i) out.push_back({d.paid_card(i)});
            return out;
          })
      .def_property_readonly("returned", [](const RecordedDeal& d) {
            std::vector<PyCard> out;
            for (int i = 0; i < d.returns_done(); ++i) out.push_back({d.returned_card(i)});
            return out;
          })
      .def_property_readonly("finishing_order", [](const RecordedDeal& d) {
            std::vector<int> out;
            for (int i = 0; i < d.out_count(); ++i) out.push_back(d.finished(i));
            return out;
          })
      .def_property_readonly("placing", [](const RecordedDeal& d) {
            const Placing p = d.placing();
            return std::vector<int>(p.begin(), p.end());
          })
      .def_property_readonly("partner_place", [](const RecordedDeal& d) {
            return d.is_over() ? partner_place(d.finishing_order(), d.out_count()) : 0;
          }, "1, 2 or 3 once over (1-2, 1-3, 1-4); 0 before")
      .def_property_readonly("first_out_last_play", [](const RecordedDeal& d) {
            return move_or_none(d.first_out_last_play(), d.level());
          })
      .def_property_readonly("is_over", &DealState::is_over);
}

}  // namespace guandan::python
