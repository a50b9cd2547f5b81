// Gan Deng Yan: the submodule _core.gdy (cards and plays as packed words,
// cpp/include/guandan/gdy/*.h). The Python façade is guandan.gdy.
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "columns.h"
#include "registry.h"
#include "guandan/gdy/movegen.h"
#include "guandan/gdy/simulate.h"

namespace guandan::python {
namespace {

using namespace guandan::gdy;

gdy::Cards cards_argument(const py::handle& obj, const char* what) {
  const gdy::Cards cards = gdy::Cards::from_bits(word_argument(obj, what));
  if (!cards.is_valid()) throw py::value_error(std::string(what) + " is not a set of Gan Deng Yan cards");
  return cards;
}

// A play word: the pass (0) or a reading its cards may play as.
Play play_argument(const py::handle& obj, const char* what) {
  const Play play = Play::from_bits(word_argument(obj, what));
  if (!play.is_pass() && !is_reading(play)) throw py::value_error(std::string(what) + " is not a Gan Deng Yan play");
  return play;
}

std::vector<std::uint64_t> words(const std::vector<Play>& plays) {
  std::vector<std::uint64_t> out;
  out.reserve(plays.size());
  for (Play p : plays) out.push_back(p.bits());
  return out;
}

std::vector<std::uint64_t> legal_words(const DealState& deal) {
  std::vector<Play> plays;
  AppendTo<Play> sink{plays};
  deal.legal_plays(sink);
  return words(plays);
}

const gdy::PolicyEntry& policy_entry(const std::string& name) { return registry_entry(gdy::policy_registry(), name); }

int seat_argument(const DealState& deal, const py::handle& obj) {
  return int(int_argument(obj, "seat", 0, deal.players() - 1));
}

std::uint64_t perft(const DealState& deal, int depth) {
  if (depth == 0 || deal.over()) return 1;
  PlayList plays;
  deal.legal_plays(plays);
  if (depth == 1) return plays.size();
  std::uint64_t nodes = 0;
  for (Play p : plays) {
    DealState next = deal;
    next.apply(p);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

// A seat's view from its parts, checked so that a policy (which may deal
// the unseen cards: sampled_world) never reads past the deck.
SeatView checked_seat_view(int seat, int players, std::uint64_t hand, std::uint64_t table, int last_player,
                           int passes, const std::vector<int>& hand_sizes, const std::vector<bool>& played,
                           int stock_left, int bombs, std::uint64_t gone) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw py::value_error("players must be " + std::to_string(kMinPlayers) + ".." + std::to_string(kMaxPlayers));
  if (seat < 0 || seat >= players) throw py::value_error("seat must be 0..players-1");
  if (int(hand_sizes.size()) != players || int(played.size()) != players)
    throw py::value_error("hand_sizes and played have one entry per seat");
  if ((hand & ~Cards::kValidBits) != 0 || (gone & ~Cards::kValidBits) != 0)
    throw py::value_error("hand and gone must be card words");
  SeatView view{};
  view.seat = seat;
  view.players = players;
  view.hand = Cards::from_bits(hand);
  view.table = Play::from_bits(table);
  view.last_player = last_player;
  view.passes = passes;
  int others = 0;
  for (int s = 0; s < players; ++s) {
    if (hand_sizes[std::size_t(s)] < 0) throw py::value_error("hand sizes must be >= 0");
    view.hand_sizes[std::size_t(s)] = hand_sizes[std::size_t(s)];
    view.played[std::size_t(s)] = played[std::size_t(s)];
    if (s != seat) others += hand_sizes[std::size_t(s)];
  }
  if (view.hand.size() != hand_sizes[std::size_t(seat)]) throw py::value_error("the hand must hold hand_sizes[seat] cards");
  if (stock_left < 0 || bombs < 0 || passes < 0) throw py::value_error("stock_left, bombs and passes must be >= 0");
  if (last_player < -1 || last_player >= players) throw py::value_error("last_player must be -1 or a seat");
  const int unseen = kDeckSize - view.hand.size() - Cards::from_bits(gone).size();
  if (unseen != others + stock_left)
    throw py::value_error("the other hands and the stock must hold exactly the cards not seen");
  view.stock_left = stock_left;
  view.bombs = bombs;
  view.gone = Cards::from_bits(gone);
  return view;
}

// A seat played by a Python bot (guandan/gdy/seat_driver.py): the driver
// gets the seat's view as plain values and the legal play words, and
// answers with an index into them.
class PythonSeat final : public gdy::Policy {
 public:
  explicit PythonSeat(py::object driver) : driver_(std::move(driver)) {}
  int choose(const SeatView& view, const Play* plays, int count, Rng&) override {
    py::list words;
    for (int i = 0; i < count; ++i) words.append(py::int_(plays[i].bits()));
    py::list sizes, played;
    for (int s = 0; s < view.players; ++s) {
      sizes.append(view.hand_sizes[std::size_t(s)]);
      played.append(bool(view.played[std::size_t(s)]));
    }
    const py::tuple seat_view = py::make_tuple(view.seat, view.players, view.hand.bits(), view.table.bits(),
                                               view.last_player, view.passes, py::tuple(sizes), py::tuple(played),
                                               view.stock_left, view.bombs, view.gone.bits());
    return driver_.attr("play")(seat_view, words).cast<int>();  // the driver checked it
  }

 private:
  py::object driver_;
};

// Tells Python of each deal as it starts (with a new list for its record)
// and records every play (seat, play word) on that list.
class RecordingListener final : public gdy::DealListener {
 public:
  RecordingListener(py::object on_deal, py::object progress, std::uint64_t total)
      : on_deal_(std::move(on_deal)), progress_(std::move(progress)), total_(total) {}
  void deal_started(std::uint64_t deal_seed, const DealState&) override {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();  // Ctrl-C between deals
    if (!progress_.is_none()) progress_(started_, total_);
    ++started_;
    record_ = py::list();
    on_deal_(deal_seed, record_);
  }
  void playing(int seat, Play play) override { record_.append(py::make_tuple(seat, py::int_(play.bits()))); }

 private:
  py::object on_deal_, progress_;
  std::uint64_t total_, started_ = 0;
  py::list record_;
};

// The rows [row, row + count) of the numpy columns of Gan Deng Yan's deal
// results (gdy/simulate.h), `players` entries a row where a column is by seat.
gdy::DealColumns gdy_deal_columns(const py::dict& columns, std::uint64_t row, std::uint64_t count, int players,
                                  Columns& keep) {
  const std::uint64_t n = std::uint64_t(players);
  return {column<std::int8_t>(columns, "winner", row, count, 1, keep),
          column<std::int8_t>(columns, "starter", row, count, 1, keep),
          column<std::int16_t>(columns, "penalties", row, count, n, keep),
          column<std::int8_t>(columns, "cards_left", row, count, n, keep),
          column<std::int16_t>(columns, "plays", row, count, 1, keep),
          column<std::int16_t>(columns, "passes", row, count, 1, keep),
          column<std::int16_t>(columns, "draws", row, count, 1, keep),
          column<std::int8_t>(columns, "bombs", row, count, 1, keep)};
}

// A core policy choosing for whoever is to act, with its own random stream.
struct Bot {
  std::unique_ptr<gdy::Policy> policy;
  Rng rng;
};

}  // namespace

void init_gdy(py::module_& parent) {
  py::module_ m = parent.def_submodule("gdy", "Gan Deng Yan in the core (private; use guandan.gdy).");
  m.attr("MIN_PLAYERS") = kMinPlayers;
  m.attr("MAX_PLAYERS") = kMaxPlayers;
  m.attr("DEFAULT_TARGET") = GameState::kDefaultTarget;
  m.attr("MAX_TARGET") = GameState::kMaxTarget;

  m.def("legal_plays", [](const py::object& hand, const py::object& table) {
        std::vector<Play> plays;
        AppendTo<Play> sink{plays};
        generate_plays(cards_argument(hand, "hand"), play_argument(table, "table"), sink);
        return words(plays);
      }, py::arg("hand"), py::arg("table") = 0,
      "Every legal play word of a hand word, leading (table 0) or following the table play (pass first).");
  m.def("is_reading", [](const py::object& play) { return is_reading(Play::from_bits(word_argument(play, "play"))); },
        py::arg("play"), "Whether a word is a play its cards may make.");
  m.def("beats", [](const py::object& play, const py::object& table) {
        const Play p = play_argument(play, "play"), t = play_argument(table, "table");
        if (p.is_pass() || t.is_pass()) throw py::value_error("beats compares two plays, not a pass");
        return beats(p, t);
      }, py::arg("play"), py::arg("table"));
  m.def("penalty", [](int cards_left, bool played, int bombs) { return penalty(cards_left, played, bombs); },
        py::arg("cards_left"), py::arg("played"), py::arg("bombs"));
  m.def("policy_names", [] { return registry_names(gdy::policy_registry()); });

  py::class_<DealState>(m, "Deal", "One deal (gdy/deal.h).")
      .def(py::init([](const py::object& players, const py::object& seed, const py::object& starter) {
             const int n = int(int_argument(players, "players", kMinPlayers, kMaxPlayers));
             const int s = starter.is_none() ? -1 : int(int_argument(starter, "starter", 0, n - 1));
             return DealState(n, word_argument(seed, "seed"), s);
           }),
           py::arg("players"), py::arg("seed"), py::arg("starter") = py::none())
      .def_property_readonly("players", &DealState::players)
      .def_property_readonly("seed", &DealState::seed)
      .def_property_readonly("starter", &DealState::starter)
      .def_property_readonly("turn", &DealState::turn)
      .def_property_readonly("table", [](const DealState& d) { return d.table().bits(); })
      .def_property_readonly("leading", &DealState::leading)
      .def_property_readonly("last_player", &DealState::last_player)
      .def_property_readonly("passes", &DealState::passes)
      .def_property_readonly("stock_left", &DealState::stock_left)
      .def_property_readonly("bombs", &DealState::bombs)
      .def_property_readonly("plays", &DealState::plays)
      .def_property_readonly("pass_count", &DealState::pass_count)
      .def_property_readonly("draws", &DealState::draws)
      .def_property_readonly("over", &DealState::over)
      .def_property_readonly("winner", [](const DealState& d) { return d.over() ? py::object(py::int_(d.winner())) : py::none(); })
      .def("hand", [](const DealState& d, const py::object& seat) { return d.hand(seat_argument(d, seat)).bits(); })
      .def("hand_size", [](const DealState& d, const py::object& seat) { return d.hand_size(seat_argument(d, seat)); })
      .def("has_played", [](const DealState& d, const py::object& seat) { return d.has_played(seat_argument(d, seat)); })
      .def("penalty", [](const DealState& d, const py::object& seat) { return d.penalty(seat_argument(d, seat)); })
      .def("stock", [](const DealState& d) {
             std::vector<int> kinds;
             for (int i = 0; i < d.stock_left(); ++i) kinds.push_back(d.stock_card(i));
             return kinds;
           }, "The stock's card kinds in drawing order (hidden from players).")
      .def("legal_plays", &legal_words)
      .def("is_legal", [](const DealState& d, const py::object& play) {
             return d.is_legal(Play::from_bits(word_argument(play, "play")));
           })
      .def("apply", [](DealState& d, const py::object& play) {
             const Play p = Play::from_bits(word_argument(play, "play"));
             if (d.over()) throw py::value_error("the deal is over");
             if (!d.is_legal(p)) throw py::value_error("not a legal play for seat " + std::to_string(d.turn()));
             d.apply(p);
           })
      .def("perft", [](const DealState& d, const py::object& depth) {
             const int n = int(int_argument(depth, "depth", 0, 8));
             py::gil_scoped_release release;
             return perft(d, n);
           }, "Action sequences of `depth` actions (a finished deal is one leaf).")
      .def("__copy__", [](const DealState& d) { return DealState(d); })
      .def("__deepcopy__", [](const DealState& d, const py::dict&) { return DealState(d); });

  py::class_<GameState>(m, "Game", "A game to the target (gdy/deal.h).")
      .def(py::init([](const py::object& players, const py::object& seed, const py::object& target) {
             return GameState(int(int_argument(players, "players", kMinPlayers, kMaxPlayers)), word_argument(seed, "seed"),
                              int(int_argument(target, "target", 1, GameState::kMaxTarget)));
           }),
           py::arg("players"), py::arg("seed"), py::arg("target") = GameState::kDefaultTarget)
      .def_property_readonly("players", &GameState::players)
      .def_property_readonly("target", &GameState::target)
      .def_property_readonly("seed", &GameState::seed)
      .def_property_readonly("deals_played", &GameState::deals_played)
      .def_property_readonly("over", &GameState::over)
      .def_property_readonly("winners", &GameState::winners)
      .def("score", [](const GameState& g, const py::object& seat) {
             return g.score(int(int_argument(seat, "seat", 0, g.players() - 1)));
           })
      .def("next_deal", [](const GameState& g) {
             if (g.over()) throw py::value_error("the game is over");
             return g.next_deal();
           })
      .def("record", [](GameState& g, const DealState& d) {
             if (!d.over()) throw py::value_error("record takes a finished deal");
             if (d.players() != g.players()) throw py::value_error("the deal has another number of players");
             if (g.over()) throw py::value_error("the game is over");
             g.record(d);
           })
      .def("__copy__", [](const GameState& g) { return GameState(g); });

  py::class_<Bot>(m, "Bot", "A core policy choosing plays (gdy/policy.h).")
      .def(py::init([](const std::string& name, const py::object& seed) {
             return Bot{policy_entry(name).make(), Rng(word_argument(seed, "seed"))};
           }),
           py::arg("name"), py::arg("seed") = 0)
      .def("choose", [](Bot& bot, const DealState& deal) {
             if (deal.over()) throw py::value_error("the deal is over");
             PlayList plays;
             deal.legal_plays(plays);
             const int i = bot.policy->choose(SeatView::of(deal), plays.begin(), int(plays.size()), bot.rng);
             return plays[std::size_t(i)].bits();
           }, "The play word this policy chooses for the player to act.")
      .def("choose_view", [](Bot& bot, int seat, int players, std::uint64_t hand, std::uint64_t table,
                             int last_player, int passes, const std::vector<int>& hand_sizes,
                             const std::vector<bool>& played, int stock_left, int bombs, std::uint64_t gone) {
             const SeatView view = checked_seat_view(seat, players, hand, table, last_player, passes, hand_sizes,
                                                     played, stock_left, bombs, gone);
             PlayList plays;
             generate_plays(view.hand, view.table, plays);
             const int i = bot.policy->choose(view, plays.begin(), int(plays.size()), bot.rng);
             return plays[std::size_t(i)].bits();
           }, py::arg("seat"), py::arg("players"), py::arg("hand"), py::arg("table"), py::arg("last_player"),
           py::arg("passes"), py::arg("hand_sizes"), py::arg("played"), py::arg("stock_left"), py::arg("bombs"),
           py::arg("gone"),
           "The play word this policy chooses from one seat's view alone (words: Cards and Play bits); "
           "ValueError when the view is impossible.");

  py::class_<gdy::SimulationSetup>(m, "SimulationSetup")
      .def(py::init([](int players, std::uint64_t seed, const std::vector<std::string>& policies, int target) {
             gdy::SimulationSetup s;
             s.players = players;
             s.seed = seed;
             if (int(policies.size()) != players) throw py::value_error("one policy per seat");
             for (int i = 0; i < players; ++i) s.policies[std::size_t(i)] = &policy_entry(policies[std::size_t(i)]);
             s.target = target;
             gdy::check_setup(s);  // std::invalid_argument: ValueError
             return s;
           }),
           py::arg("players"), py::arg("seed"), py::arg("policies"), py::arg("target"))
      .def_readonly("players", &gdy::SimulationSetup::players);

  m.def("simulate_deals", [](const gdy::SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                             const py::dict& columns, std::uint64_t row, int threads, const py::object& progress) {
        check_threads(threads);
        Columns keep;
        const gdy::DealColumns out = gdy_deal_columns(columns, row, count, setup.players, keep);
        run_simulation([&](RunControl* control) { gdy::simulate_deals(setup, begin, count, out, threads, control); },
                       progress);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"),
      py::arg("progress") = py::none());

  m.def("simulate_deals_with_bots", [](const gdy::SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                                       const py::dict& columns, std::uint64_t row,
                                       const std::vector<py::object>& drivers, const py::object& on_deal,
                                       const py::object& progress) {
        if (int(drivers.size()) != setup.players) throw py::value_error("one driver (or None) per seat");
        Columns keep;
        const gdy::DealColumns out = gdy_deal_columns(columns, row, count, setup.players, keep);
        gdy::SimulationSetup with_bots = setup;
        std::vector<std::unique_ptr<PythonSeat>> seats;
        for (int s = 0; s < setup.players; ++s) {
          if (drivers[std::size_t(s)].is_none()) continue;
          seats.push_back(std::make_unique<PythonSeat>(drivers[std::size_t(s)]));
          with_bots.external[std::size_t(s)] = seats.back().get();
        }
        RecordingListener listener(on_deal, progress, count);
        with_bots.listener = &listener;
        try {
          gdy::simulate_deals(with_bots, begin, count, out, 1);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
        if (!progress.is_none()) progress(count, count);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("drivers"),
      py::arg("on_deal"), py::arg("progress") = py::none(),
      "Deals [begin, begin + count) on this thread: drivers[s] (or None for the setup's policy) plays seat s; "
      "on_deal(seed, record) as each deal starts, record a list the plays (seat, play word) are appended to.");

  m.def("simulate_games", [](const gdy::SimulationSetup& setup, std::uint64_t begin, std::uint64_t count,
                             const py::dict& columns, std::uint64_t row, int threads, const py::object& progress) {
        check_threads(threads);
        Columns keep;
        const std::uint64_t n = std::uint64_t(setup.players);
        const gdy::GameColumns out{column<std::uint8_t>(columns, "winners", row, count, 1, keep),
                                   column<std::int16_t>(columns, "deals", row, count, 1, keep),
                                   column<std::int16_t>(columns, "scores", row, count, n, keep),
                                   column<std::int32_t>(columns, "plays", row, count, 1, keep),
                                   column<std::int32_t>(columns, "bombs", row, count, 1, keep)};
        run_simulation([&](RunControl* control) { gdy::simulate_games(setup, begin, count, out, threads, control); },
                       progress);
      }, py::arg("setup"), py::arg("begin"), py::arg("count"), py::arg("columns"), py::arg("row"), py::arg("threads"),
      py::arg("progress") = py::none());
}

}  // namespace guandan::python
