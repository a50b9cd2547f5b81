#include "guandan/gdy/policy.h"

#include <algorithm>

#include "guandan/common/registry.h"
#include "guandan/gdy/playout.h"

namespace guandan::gdy {

SeatView SeatView::of(const DealState& deal) {
  SeatView v{};
  v.seat = deal.turn();
  v.players = deal.players();
  v.hand = deal.hand(v.seat);
  v.table = deal.table();
  v.last_player = deal.last_player();
  v.passes = deal.passes();
  for (int s = 0; s < deal.players(); ++s) {
    v.hand_sizes[s] = deal.hand_size(s);
    v.played[s] = deal.has_played(s);
  }
  v.stock_left = deal.stock_left();
  v.bombs = deal.bombs();
  v.gone = deal.gone();
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

DealState sampled_world(const SeatView& view, Rng& rng) {
  // The cards the seat cannot see: the deck less its hand and what was played.
  const Cards unseen = Cards::full_deck() - view.hand - view.gone;
  std::array<std::uint8_t, kDeckSize> pool{};
  int n = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const int copies = kind == kJokerRank ? unseen.jokers() : unseen.count(Rank(kind));
    for (int c = 0; c < copies; ++c) pool[n++] = std::uint8_t(kind);
  }
  rng.shuffle(pool.data(), std::size_t(n));
  Position p;
  p.players = view.players;
  int next = 0;
  for (int s = 0; s < view.players; ++s) {
    if (s == view.seat) {
      p.hands[s] = view.hand;
      continue;
    }
    for (int c = 0; c < view.hand_sizes[s]; ++c) p.hands[s] = p.hands[s] + Cards::of_kind(pool[next++]);
  }
  p.stock_left = n - next;
  for (int i = 0; i < p.stock_left; ++i) p.stock[i] = pool[next + i];
  p.turn = view.seat;
  p.table = view.table;
  p.last_player = view.last_player;
  p.passes = view.passes;
  p.played = view.played;
  p.bombs = view.bombs;
  p.gone = view.gone;
  return DealState(p);
}

int SearchPolicy::choose(const SeatView& view, const Play* plays, int count, Rng& rng) {
  RulePolicy rule;
  const int rule_choice = rule.choose(view, plays, count, rng);
  if (count == 1) return 0;
  // The plays tried: the rule player's choice, then the others in list order.
  std::array<int, kMaxCandidates> tried{};
  int n = 0;
  tried[n++] = rule_choice;
  for (int i = 0; i < count && n < kMaxCandidates; ++i)
    if (i != rule_choice) tried[n++] = i;
  std::array<long, kMaxCandidates> penalty{};
  std::array<Policy*, kMaxPlayers> everyone{};
  everyone.fill(&rule);
  PlayList scratch;
  for (int w = 0; w < worlds_; ++w) {
    const DealState world = sampled_world(view, rng);
    const std::uint64_t world_seed = rng.next();
    for (int c = 0; c < n; ++c) {
      DealState deal = world;
      deal.apply(plays[tried[c]]);
      Rng playout_rng(world_seed);
      play_out(deal, everyone.data(), playout_rng, scratch);
      penalty[c] += deal.penalty(view.seat);
    }
  }
  int best = 0;  // ties keep the earlier: the rule player's choice first
  for (int c = 1; c < n; ++c)
    if (penalty[c] < penalty[best]) best = c;
  return tried[best];
}

namespace {

template <class P>
std::unique_ptr<Policy> make() {
  return std::make_unique<P>();
}

constexpr PolicyEntry kRegistry[] = {
    {"random", "uniform over the legal plays and the pass", &make<RandomPolicy>},
    {"rule", "sheds cheaply, keeps 2s, jokers and bombs for when someone is close to going out", &make<RulePolicy>},
    {"search", "tries its plays in sampled worlds played out by the rule player", &make<SearchPolicy>, true},
};

}  // namespace

std::span<const PolicyEntry> policy_registry() { return kRegistry; }

const PolicyEntry* find_policy(std::string_view name) { return find_entry(policy_registry(), name); }

}  // namespace guandan::gdy
