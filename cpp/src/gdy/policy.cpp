#include "guandan/gdy/policy.h"

#include <algorithm>

namespace guandan::gdy {

SeatView SeatView::of(const DealState& deal) {
  SeatView v{};
  v.seat = deal.turn();
  v.players = deal.players();
  v.hand = deal.hand(v.seat);
  v.table = deal.table();
  v.last_player = deal.last_player();
  for (int s = 0; s < deal.players(); ++s) v.hand_sizes[s] = deal.hand_size(s);
  v.stock_left = deal.stock_left();
  v.bombs = deal.bombs();
  return v;
}

int SeatView::fewest_other_cards() const {
  int fewest = kDeckSize;
  for (int s = 0; s < players; ++s)
    if (s != seat) fewest = std::min(fewest, hand_sizes[s]);
  return fewest;
}

int RandomPolicy::choose(const SeatView&, const Play* /*plays*/, int count, Rng& rng) {
  return int(rng.bounded(std::uint64_t(count)));
}

namespace {

// What a play spends: strong cards (bombs, jokers, 2s) and broken sets.
struct Spend {
  bool bomb;
  int jokers;
  int twos;
  int broken_sets;  // ranks of three or more of a kind it takes some but not all of
  int lowest_rank;
};

Spend spend_of(Cards hand, Play play) {
  const Cards cards = play.cards();
  Spend s{play.is_bomb(), cards.jokers(), cards.count(kTwo), 0, kTwo + 1};
  for (int r = 0; r < kNumRanks; ++r) {
    const int used = cards.count(Rank(r));
    if (!used) continue;
    s.lowest_rank = std::min(s.lowest_rank, r);
    if (hand.count(Rank(r)) >= 3 && used < hand.count(Rank(r))) ++s.broken_sets;
  }
  if (s.lowest_rank > kTwo) s.lowest_rank = kTwo;  // jokers only
  return s;
}

bool spends_strength(const Spend& s) { return s.bomb || s.jokers > 0 || s.twos > 0; }

// Lower is better: the play's cost in strength, less a little per card shed.
int cost(const Spend& s, Play play) {
  return (s.bomb ? 200 : 0) + 40 * s.jokers + 30 * s.twos + 60 * s.broken_sets + 2 * s.lowest_rank - 5 * play.size();
}

}  // namespace

int RulePolicy::choose(const SeatView& view, const Play* plays, int count, Rng& /*rng*/) {
  const int held = view.hand.size();
  // Out in one play.
  for (int i = 0; i < count; ++i)
    if (!plays[i].is_pass() && plays[i].size() == held) return i;

  const bool danger = view.fewest_other_cards() <= kDangerCards;
  const bool leading = view.table.is_pass();
  int best = -1;
  int best_cost = 0;
  for (int i = 0; i < count; ++i) {
    const Play p = plays[i];
    if (p.is_pass()) continue;
    const Spend s = spend_of(view.hand, p);
    int c = cost(s, p);
    if (!leading && spends_strength(s) && !danger && held - p.size() > 2) continue;  // keep it for later
    // Against a player about to go out, a low single lets them out.
    if (danger && p.kind() == kSingle && view.fewest_other_cards() == 1) c += 8 * (kTwo - p.rank());
    if (best < 0 || c < best_cost) best = i, best_cost = c;
  }
  if (best >= 0) return best;
  return 0;  // nothing worth playing: pass (plays[0] when following)
}

namespace {

template <class P>
std::unique_ptr<Policy> make() {
  return std::make_unique<P>();
}

constexpr PolicyEntry kRegistry[] = {
    {"random", "uniform over the legal plays and the pass", &make<RandomPolicy>},
    {"rule", "sheds cheaply, keeps 2s, jokers and bombs for when someone is close to going out", &make<RulePolicy>},
};

}  // namespace

std::span<const PolicyEntry> policy_registry() { return kRegistry; }

const PolicyEntry* find_policy(std::string_view name) {
  for (const PolicyEntry& e : kRegistry)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace guandan::gdy
