// Policies and the search bot, called from Python with what one seat may know.
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/search.h"
#include "move_object.h"

namespace guandan::python {
namespace {

PlayerView make_view(int seat, int level, const Ruleset& rules, const CardSet& hand, std::array<int, 4> counts,
                     const CardSet& played, const std::vector<CardSet>& shown, const py::handle& last_play,
                     int last_player, int passed_mask, const std::vector<int>& out,
                     const py::handle& first_out_last_play) {
  if (seat < 0 || seat > 3) throw py::value_error("seat must be 0..3");
  if (shown.size() != 4 || out.size() > 4) throw py::value_error("shown has one entry per seat; out at most 4 seats");
  PlayerView view;
  view.seat = seat;
  view.level = level_from_index(level);
  view.rules = rules;
  view.hand = hand;
  view.counts = counts;
  view.played = played;
  for (int s = 0; s < 4; ++s) view.shown[s] = shown[s];
  view.leading = last_play.is_none();
  if (!view.leading) view.last_play = move_argument(last_play, "last_play");
  view.last_player = last_player;
  view.passed_mask = std::uint8_t(passed_mask & 0xF);
  view.out_count = int(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) view.out[i] = out[i];
  if (!first_out_last_play.is_none())
    view.first_out_last_play = move_argument(first_out_last_play, "first_out_last_play");
  // Sampled worlds draw the other hands from the unseen cards: there must be
  // enough of them (more when the deal was not a full 108-card deal).
  const CardSet deck = CardSet::full_deck();
  const CardSet known = sum_of_cards(played, hand, "in the hand and the cards played");
  int needed = 0;
  for (int s = 0; s < 4; ++s) needed += s == seat ? 0 : counts[s];
  if (hand.size() != counts[seat] || (deck - known).size() < needed)
    throw py::value_error("card counts do not match the hand and the cards played");
  return view;
}

std::vector<Move> move_vector(const py::iterable& moves) {
  std::vector<Move> out;
  for (py::handle m : moves) out.push_back(move_argument(m, "candidate"));
  return out;
}

std::unique_ptr<Policy> policy_named(const std::string& name, int rollouts) {
  if (name == "search") return std::make_unique<SearchPolicy>(SearchConfig{rollouts, true});
  auto policy = make_policy(name);
  if (!policy) throw py::value_error("unknown policy '" + name + "' (expected random, rule or search)");
  return policy;
}

}  // namespace

void init_search(py::module_& m) {
  py::class_<PlayerView>(m, "PlayerView", "What one seat may know (player_view.h).")
      .def(py::init(&make_view), py::arg("seat"), py::arg("level"), py::arg("rules"), py::arg("hand"),
           py::arg("counts"), py::arg("played"), py::arg("shown"), py::arg("last_play"), py::arg("last_player"),
           py::arg("passed_mask"), py::arg("out"), py::arg("first_out_last_play"));

  m.def("policy_play", [](const std::string& name, const PlayerView& view, const py::iterable& moves, bool can_pass,
                          std::uint64_t seed, int rollouts) {
        const std::vector<Move> candidates = move_vector(moves);
        if (candidates.empty() && !can_pass) throw py::value_error("no move to choose and passing is not allowed");
        auto policy = policy_named(name, rollouts);
        py::gil_scoped_release release;
        Rng rng(seed);
        return policy->choose_play(view, candidates.data(), int(candidates.size()), can_pass, rng);
      }, py::arg("policy"), py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("seed"),
      py::arg("rollouts") = 4000, "The index of the move a built-in policy plays, or -1 to pass.");

  m.def("policy_card", [](const std::string& name, const PlayerView& view, const std::vector<PyCard>& options,
                          std::uint64_t seed) {
        CardSet set;
        for (const PyCard& c : options) set = set | CardSet::of_kind(c.kind);
        if (set.empty()) throw py::value_error("no card to choose");
        auto policy = policy_named(name, 1);
        Rng rng(seed);
        return PyCard{policy->choose_card(view, set, rng)};
      }, py::arg("policy"), py::arg("view"), py::arg("options"), py::arg("seed"));

  m.def("search_move", [](const PlayerView& view, const py::iterable& moves, bool can_pass, int rollouts,
                          bool rule_rollouts, std::uint64_t seed) {
        if (rollouts < 1) throw py::value_error("rollouts must be positive");
        const std::vector<Move> candidates = move_vector(moves);
        SearchResult result;
        {
          py::gil_scoped_release release;
          Rng rng(seed);
          result = search(view, candidates, can_pass, SearchConfig{rollouts, rule_rollouts}, rng);
        }
        return py::make_tuple(result.choice, result.rollouts, result.best_value);
      }, py::arg("view"), py::arg("moves"), py::arg("can_pass"), py::arg("rollouts"), py::arg("rule_rollouts"),
      py::arg("seed"),
      "Determinized Monte Carlo search (search.h): (choice index or -1 to pass, playouts run, mean score).");
}

}  // namespace guandan::python
