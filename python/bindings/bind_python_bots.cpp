// Bots written in Python, playing inside the core's runs (simulate.h).
//
// A seat played by a Python bot is a Policy that calls a Python "seat
// driver" (guandan/gd/seat_driver.py) with the seat's PlayerView and the
// legal moves; the driver builds the bot's observation and answers with an
// index. The observations read their public history from a per-deal copy
// of the deal's record (DealRecord), shared with the views they hold. The run stays on the
// calling thread with the GIL held: the core's own seats cost no more than
// in any one-thread run, and Ctrl-C is checked between deals.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "columns.h"
#include "simulation_columns.h"
#include "guandan/tools/simulate.h"
#include "held_view.h"
#include "move_object.h"
#include "move_sequence.h"

namespace guandan::python {
namespace {

const char* const kTypeNames[] = {"play", "pass", "tribute", "return"};

// The public record of one deal so far, as the Python seats' observations
// read it: a copy of the deal's own record (recorded_deal.h), brought up to
// date as each Python seat acts, and shared with the views handed to
// Python. A new one per deal, so an observation kept from an earlier deal
// keeps its own history.
struct DealRecord {
  Rank level = kTwo;
  std::shared_ptr<std::vector<PublicAction>> actions = std::make_shared<std::vector<PublicAction>>();

  // The observations' history leaves out a cancelled tribute (the deal's
  // tribute plan says so), which can only be the record's first action.
  std::size_t hidden() const {
    return !actions->empty() && actions->front().type == PublicAction::Type::kCancelledTribute ? 1 : 0;
  }

  // The actions of `view`'s record not copied yet (the record only grows).
  void catch_up(const PlayerView& view) {
    if (view.record.size() > actions->size())
      actions->insert(actions->end(), view.record.begin() + std::ptrdiff_t(actions->size()), view.record.end());
  }
};

py::object move_object(Move move, Rank level) {
  PyObject* obj = new_move_object(move, level);
  if (obj == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(obj);
}

py::object optional_move(bool present, Move move, Rank level) {
  return present ? move_object(move, level) : py::none();
}

// Follows every deal of the run, keeping the record of the deal under way.
class RecordingListener final : public DealListener {
 public:
  RecordingListener(py::object on_deal, py::object progress, std::uint64_t total)
      : on_deal_(std::move(on_deal)), progress_(std::move(progress)), total_(total) {}

  void deal_started(std::uint64_t deal_seed, const RecordedDeal& deal, const MatchState* match) override {
    // Between deals: a pending Ctrl-C stops the run, and progress is told
    // of the deals before this one.
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!progress_.is_none() && match == nullptr) progress_(started_, total_);
    ++started_;
    record_ = std::make_shared<DealRecord>();
    record_->level = deal.level();
    py::object match_state = py::none();
    if (match != nullptr)
      match_state = py::make_tuple(int(match->levels[0]), int(match->levels[1]), match->declarers,
                                   py::make_tuple(match->failed_attempts[0], match->failed_attempts[1]));
    on_deal_(deal_seed, RecordedDeal(deal), match_state, record_);
  }

  // The deal's own record has every action: nothing to note here.
  void playing(int, const Move*) override {}
  void giving(int, CardKind) override {}

  // `view` as a Python seat's view, its record shared with the deal's.
  HeldView held(const PlayerView& view) {
    record_->catch_up(view);
    return HeldView::sharing(view, record_->actions);
  }

 private:
  py::object on_deal_;
  py::object progress_;
  std::uint64_t total_;
  std::uint64_t started_ = 0;
  std::shared_ptr<DealRecord> record_;
};

// A seat played by a Python bot, through its seat driver.
class PythonSeat final : public Policy {
 public:
  PythonSeat(py::object driver, RecordingListener& listener) : driver_(std::move(driver)), listener_(listener) {}

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) override {
    PyObject* sequence = new_move_sequence(moves, std::size_t(count), view.level);
    if (sequence == nullptr) throw py::error_already_set();
    const py::object choice =
        driver_.attr("play")(listener_.held(view), py::reinterpret_steal<py::object>(sequence), can_pass);
    return choice.cast<int>();  // the driver checked it: -1 (pass) or an index
  }

  CardKind choose_card(const PlayerView& view, CardSet options, Rng&) override {
    return driver_.attr("card")(listener_.held(view), kinds_of(options)).cast<PyCard>().kind;
  }

 private:
  py::object driver_;
  RecordingListener& listener_;
};

// The setup with Python seats and the listener in place, run on this thread.
template <class Run>
void run_with_drivers(SimulationSetup setup, const std::vector<py::object>& drivers, const py::object& on_deal,
                      const py::object& progress, std::uint64_t total, Run run) {
  if (drivers.size() != 4) throw py::value_error("one driver (or None) per seat (4)");
  RecordingListener listener(on_deal, progress, total);
  setup.listener = &listener;
  std::vector<std::unique_ptr<PythonSeat>> seats;
  for (int s = 0; s < 4; ++s) {
    if (drivers[std::size_t(s)].is_none()) continue;
    seats.push_back(std::make_unique<PythonSeat>(drivers[std::size_t(s)], listener));
    setup.external[std::size_t(s)] = seats.back().get();
  }
  try {
    run(setup);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace

void init_python_bots(py::module_& m) {
  py::class_<DealRecord, std::shared_ptr<DealRecord>>(
      m, "DealRecord", "The public actions of one deal played in a core run with Python bots, in order.")
      .def("__len__", [](const DealRecord& r) { return r.actions->size() - r.hidden(); })
      .def("entries", [](const DealRecord& r, std::size_t start, std::size_t stop) {
            stop = std::min(stop, r.actions->size() - r.hidden());
            py::list out;
            for (std::size_t i = start; i < stop; ++i) {
              const PublicAction& a = (*r.actions)[i + r.hidden()];
              const bool gives = a.type == PublicAction::Type::kTribute || a.type == PublicAction::Type::kReturn;
              out.append(py::make_tuple(kTypeNames[int(a.type)], int(a.seat),
                                        optional_move(a.type == PublicAction::Type::kPlay, a.move, r.level),
                                        gives ? py::cast(PyCard{a.card}) : py::none(),
                                        gives ? py::cast(int(a.other)) : py::none()));
            }
            return out;
          }, py::arg("start"), py::arg("stop"),
          "Actions [start, stop) as (kind, seat, move, card, to) tuples: kind is play, pass, tribute or return.");

  m.def("simulate_deals_with_bots", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                                       const py::dict& columns, std::uint64_t row, const std::vector<py::object>& drivers,
                                       const py::object& on_deal, const py::object& progress) {
        Columns keep;
        const DealColumns out = deal_columns(columns, row, count, keep);
        run_with_drivers(setup, drivers, on_deal, progress, count,
                         [&](const SimulationSetup& s) { simulate_deals(s, begin, count, out, 1); });
        if (!progress.is_none()) progress(count, count);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("drivers"),
      py::arg("on_deal"), py::arg("progress") = py::none(),
      "Deals [begin, begin + count) into rows [row, row + count), on this thread: drivers[s] (or None for the "
      "setup's policy) plays seat s; on_deal(seed, state, match, record) is called as each deal starts; "
      "progress(done, count) between deals.");

  m.def("simulate_matches_with_bots", [](const SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                                         const py::dict& columns, std::uint64_t row,
                                         const std::vector<py::object>& drivers, const py::object& on_deal) {
        Columns keep;
        const MatchColumns out = match_columns(columns, row, count, keep);
        run_with_drivers(setup, drivers, on_deal, py::none(), count,
                         [&](const SimulationSetup& s) { simulate_matches(s, begin, count, out, 1); });
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("drivers"),
      py::arg("on_deal"),
      "Matches [begin, begin + count) into rows [row, row + count), on this thread, as simulate_deals_with_bots; "
      "on_deal gets the match so far as (level of team 0, level of team 1, declarers, failed attempts).");

  m.def("simulation_start", [](const SimulationSetup& setup, std::uint64_t deal_seed) {
        return simulation_start(setup, deal_seed);
      }, py::arg("setup"), py::arg("deal_seed"),
      "The state a simulated deal starts from, by its seed (the results' seed column).");
}

}  // namespace guandan::python
