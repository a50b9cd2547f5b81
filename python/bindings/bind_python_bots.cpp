// Bots written in Python, playing inside the core's runs (simulate.h).
//
// A seat played by a Python bot is a Policy that calls a Python "seat
// driver" (guandan/gd/seat_driver.py) with the seat's PlayerView and the
// legal moves; the driver builds the bot's observation and answers with an
// index. Every seat's actions go to a per-deal record (DealRecord), which
// the observations read their public history from. The run stays on the
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
#include "guandan/simulate.h"
#include "move_object.h"
#include "move_sequence.h"

namespace guandan::python {
namespace {

// One public action of a deal.
struct RecordedAction {
  enum Kind : std::int8_t { kPlay, kPass, kTribute, kReturn };
  Kind kind;
  std::int8_t seat;
  std::int8_t to;  // tribute and return: the seat given to
  Move move;       // kPlay
  CardKind card;   // kTribute, kReturn
};

const char* const kKindNames[] = {"play", "pass", "tribute", "return"};

// The public actions of one deal so far, in order. A new record per deal, so
// an observation kept from an earlier deal keeps its own history.
struct DealRecord {
  Rank level = kTwo;
  std::vector<RecordedAction> actions;
};

py::object move_object(Move move, Rank level) {
  PyObject* obj = new_move_object(move, level);
  if (obj == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(obj);
}

py::object optional_move(bool present, Move move, Rank level) {
  return present ? move_object(move, level) : py::none();
}

// Follows every deal of the run: the live state (for the tribute's
// payers and receivers) and the record of the deal under way.
class RecordingListener final : public DealListener {
 public:
  RecordingListener(py::object on_deal, py::object progress, std::uint64_t total)
      : on_deal_(std::move(on_deal)), progress_(std::move(progress)), total_(total) {}

  void deal_started(std::uint64_t deal_seed, const DealState& deal, const MatchState* match) override {
    // Between deals: a pending Ctrl-C stops the run, and progress is told
    // of the deals before this one.
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!progress_.is_none() && match == nullptr) progress_(started_, total_);
    ++started_;
    live_ = &deal;
    record_ = std::make_shared<DealRecord>();
    record_->level = deal.level();
    py::object match_state = py::none();
    if (match != nullptr)
      match_state = py::make_tuple(int(match->levels[0]), int(match->levels[1]), match->declarers,
                                   py::make_tuple(match->failed_attempts[0], match->failed_attempts[1]));
    on_deal_(deal_seed, DealState(deal), match_state, record_);
  }

  void playing(int seat, const Move* move) override {
    RecordedAction action{move ? RecordedAction::kPlay : RecordedAction::kPass, std::int8_t(seat), -1, {}, {}};
    if (move) action.move = *move;
    record_->actions.push_back(action);
  }

  void giving(int seat, CardKind card) override {
    const TributePlan& plan = live_->tribute_plan();
    const bool tribute = live_->phase() == Phase::kTribute;
    const auto& payment = plan.payments[tribute ? live_->payments_done() : live_->returns_done()];
    const int to = tribute ? payment.receiver : payment.payer;
    record_->actions.push_back({tribute ? RecordedAction::kTribute : RecordedAction::kReturn, std::int8_t(seat),
                                std::int8_t(to), {}, card});
  }

 private:
  py::object on_deal_;
  py::object progress_;
  std::uint64_t total_;
  std::uint64_t started_ = 0;
  const DealState* live_ = nullptr;
  std::shared_ptr<DealRecord> record_;
};

// A seat played by a Python bot, through its seat driver.
class PythonSeat final : public Policy {
 public:
  explicit PythonSeat(py::object driver) : driver_(std::move(driver)) {}

  int choose_play(const PlayerView& view, const Move* moves, int count, bool can_pass, Rng&) override {
    PyObject* sequence = new_move_sequence(moves, std::size_t(count), view.level);
    if (sequence == nullptr) throw py::error_already_set();
    const py::object choice =
        driver_.attr("play")(view, py::reinterpret_steal<py::object>(sequence), can_pass);
    return choice.cast<int>();  // the driver checked it: -1 (pass) or an index
  }

  CardKind choose_card(const PlayerView& view, CardSet options, Rng&) override {
    return driver_.attr("card")(view, kinds_of(options)).cast<PyCard>().kind;
  }

 private:
  py::object driver_;
};

// The setup with Python seats and the listener in place, run on this thread.
template <class Run>
void run_with_drivers(SimulationSetup setup, const std::vector<py::object>& drivers, const py::object& on_deal,
                      const py::object& progress, std::uint64_t total, Run run) {
  if (drivers.size() != 4) throw py::value_error("one driver (or None) per seat (4)");
  std::vector<std::unique_ptr<PythonSeat>> seats;
  for (int s = 0; s < 4; ++s) {
    if (drivers[std::size_t(s)].is_none()) continue;
    seats.push_back(std::make_unique<PythonSeat>(drivers[std::size_t(s)]));
    setup.external[std::size_t(s)] = seats.back().get();
  }
  RecordingListener listener(on_deal, progress, total);
  setup.listener = &listener;
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
      .def("__len__", [](const DealRecord& r) { return r.actions.size(); })
      .def("entries", [](const DealRecord& r, std::size_t start, std::size_t stop) {
            stop = std::min(stop, r.actions.size());
            py::list out;
            for (std::size_t i = start; i < stop; ++i) {
              const RecordedAction& a = r.actions[i];
              const bool gives = a.kind == RecordedAction::kTribute || a.kind == RecordedAction::kReturn;
              out.append(py::make_tuple(kKindNames[a.kind], int(a.seat),
                                        optional_move(a.kind == RecordedAction::kPlay, a.move, r.level),
                                        gives ? py::cast(PyCard{a.card}) : py::none(),
                                        gives ? py::cast(int(a.to)) : py::none()));
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
