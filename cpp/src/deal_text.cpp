// The one-line text form of a deal position, like a chess FEN.
//
// Eleven fields separated by single spaces, in this order:
//
//   hands     four hands, seat 0 first, separated by '/'
//   level     the level rank: 2..9, T, J, Q, K, A
//   rules     the fields that differ from the standard rules, as
//             name=value pairs separated by ',' ('-' when none does), e.g.
//             advance=4.2.1,deal_end=three_out (ruleset.h, ruleset_text;
//             the older form of thirteen integers is read too)
//   phase     tribute, return, play or over
//   turn      the seat to act, or '-' when over
//   trick     '-' when the seat to act leads (or no play is on), else
//             last_player ':' passed ':' move, where passed lists the seats
//             that passed since that play in ascending order ('-' if none)
//   out       the seats out, in the order they went out ('-' if none)
//   first-out the move the first player out went out with ('-' if none)
//   tribute   '-' for a deal without tribute, else
//             previous ':' plan ':' paid ':' returned, where previous is the
//             previous deal's four places (e.g. 2031), plan is 'x' when the
//             tribute was cancelled or the payments as payer-receiver digit
//             pairs separated by ',' (first place's first), paid and returned
//             the cards given so far, in order ('-' if none)
//   played    every card played so far
//   shown     the cards each seat is known to hold (given face up in the
//             tribute), four sets separated by '/'
//
// Cards are written as concatenated canonical names ("Ah", "Td", "SJ", "BJ";
// any case and order are read), '-' for none; to_text writes them in card
// order with both copies repeated. A move is kind ',' rank ',' cards, e.g.
// "pair,9,9s9d" or "straight,5,Ah2s3s4c5d": the generator's reading of those
// cards with that kind and rank (wild declarations are canonical, move.h).
//
// Examples (standard rules, level 2). Seat 0 led 5s5h, seat 1 beat it with
// 6s6h, seat 2 passed, seat 3 to act:
//   9d/Kd/7c7d/8sQd 2 - play 3 1:2:pair,6,6s6h - - - 5s5h6s6h -/-/-/-
// A double tribute after a 1-2 of seats 0 and 2: seat 1 has paid Ks to seat
// 0 (shown in its hand), seat 3 pays next:
//   3dKsAs/4c/Qs/Js 2 - tribute 3 - - - 0213:10,32:Ks:- - Ks/-/-/-
//
// from_text rejects malformed text and impossible positions (a third copy of
// a card, a turn on a seat that is out, a trick or tribute progress that no
// play leads to, ...) with std::invalid_argument.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "guandan/common/text_split.h"
#include "guandan/deal.h"
#include "guandan/readings.h"

namespace guandan {
namespace {

constexpr const char* kPhaseNames[] = {"tribute", "return", "play", "over"};

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument("deal text: " + what); }

std::vector<std::string_view> split_exact(std::string_view text, char sep, std::size_t count, const char* what) {
  std::vector<std::string_view> parts = split(text, sep);
  if (parts.size() != count)
    bad(std::string(what) + " has " + std::to_string(parts.size()) + " parts separated by '" + sep + "', expected " +
        std::to_string(count));
  return parts;
}

// --- writing -----------------------------------------------------------------

void write_cards(std::string& out, CardSet cards) {
  if (cards.empty()) {
    out += '-';
    return;
  }
  for (int k = 0; k < kNumKinds; ++k)
    for (int i = 0; i < cards.count(CardKind(k)); ++i) out += card_name(CardKind(k));
}

void write_move(std::string& out, Move move) {
  out += kind_name(move.kind());
  out += ',';
  out += rank_name(move.rank());
  out += ',';
  write_cards(out, move.cards());
}

void write_seats(std::string& out, const int* seats, int count) {
  if (count == 0) out += '-';
  for (int i = 0; i < count; ++i) out += char('0' + seats[i]);
}

void write_four(std::string& out, const std::array<CardSet, 4>& sets) {
  for (int s = 0; s < 4; ++s) {
    if (s > 0) out += '/';
    write_cards(out, sets[s]);
  }
}

}  // namespace

namespace {

// --- reading -----------------------------------------------------------------

CardSet parse_cards(std::string_view text, const char* what) {
  if (text == "-") return {};
  if (text.empty() || text.size() % 2 != 0) bad(std::string(what) + ": '" + std::string(text) + "' is not a card list");
  CardSet cards;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const auto kind = parse_card(text.substr(i, 2));
    if (!kind) bad(std::string(what) + ": '" + std::string(text.substr(i, 2)) + "' is not a card");
    const CardSet one = CardSet::of_kind(*kind);
    if (cards.count(*kind) == 2) bad(std::string(what) + " holds a third copy of " + card_name(*kind));
    cards = cards + one;
  }
  return cards;
}

std::array<CardSet, 4> parse_four(std::string_view text, const char* what) {
  const auto parts = split_exact(text, '/', 4, what);
  std::array<CardSet, 4> out{};
  for (int s = 0; s < 4; ++s) out[s] = parse_cards(parts[s], what);
  return out;
}

int parse_seat(std::string_view text, const char* what) {
  if (text.size() != 1 || text[0] < '0' || text[0] > '3') bad(std::string(what) + " must be a seat 0..3, got '" + std::string(text) + "'");
  return text[0] - '0';
}

// Distinct seats written as digits; returns their count.
int parse_seats(std::string_view text, int* seats, const char* what) {
  if (text == "-") return 0;
  if (text.empty() || text.size() > 4) bad(std::string(what) + ": '" + std::string(text) + "' is not a list of seats");
  unsigned seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int s = parse_seat(text.substr(i, 1), what);
    if (seen >> s & 1) bad(std::string(what) + " lists seat " + std::to_string(s) + " twice");
    seen |= 1u << s;
    seats[i] = s;
  }
  return int(text.size());
}

Ruleset parse_rules(std::string_view text) {
  try {
    return parse_ruleset_text(text);
  } catch (const std::invalid_argument& e) {
    bad(e.what());
  }
}

Rank parse_level(std::string_view text) {
  const auto rank = text.size() == 1 ? parse_rank(text) : std::nullopt;
  if (!rank) bad("level must be one of 2..9, T, J, Q, K, A, got '" + std::string(text) + "'");
  return *rank;
}

Move parse_move(std::string_view text, Rank level, const Ruleset& rules, const char* what) {
  const auto f = split_exact(text, ',', 3, what);
  int kind = 0;
  while (kind < kNumMoveKinds && f[0] != kind_name(Kind(kind))) ++kind;
  if (kind == kNumMoveKinds) bad(std::string(what) + ": '" + std::string(f[0]) + "' is not a move kind");
  Rank rank = 0;
  if (f[1] == "SJ") {
    rank = kSmallJokerRank;
  } else if (f[1] == "BJ") {
    rank = kBigJokerRank;
  } else {
    const auto natural = f[1].size() == 1 ? parse_rank(f[1]) : std::nullopt;
    if (!natural) bad(std::string(what) + ": '" + std::string(f[1]) + "' is not a rank");
    rank = *natural;
  }
  const CardSet cards = parse_cards(f[2], what);
  if (cards.empty()) bad(std::string(what) + " has no cards");
  for (const Move& m : classify(cards, level, rules.move_rules()))
    if (m.kind() == Kind(kind) && m.rank() == rank) return m;
  bad(std::string(what) + ": '" + std::string(text) + "' is not a legal reading of those cards");
}

}  // namespace

std::string DealState::to_text() const {
  std::string out;
  out.reserve(256);
  write_four(out, hands_);
  out += ' ';
  out += rank_name(level_);
  out += ' ';
  out += ruleset_text(rules_);
  out += ' ';
  out += kPhaseNames[int(phase_)];
  out += ' ';
  if (turn_ < 0) out += '-'; else out += char('0' + turn_);
  out += ' ';
  if (!has_last_play_) {
    out += '-';
  } else {
    out += char('0' + last_player_);
    out += ':';
    int passed[4], n = 0;
    for (int s = 0; s < 4; ++s)
      if (passed_mask_ >> s & 1) passed[n++] = s;
    write_seats(out, passed, n);
    out += ':';
    write_move(out, last_play_);
  }
  out += ' ';
  write_seats(out, order_.data(), out_count_);
  out += ' ';
  if (out_count_ == 0) out += '-'; else write_move(out, first_out_last_play_);
  out += ' ';
  if (previous_[0] < 0) {
    out += '-';
  } else {
    write_seats(out, previous_.data(), 4);
    out += ':';
    if (plan_.cancelled) out += 'x';
    if (!plan_.cancelled && plan_.count == 0) out += '-';
    for (int i = 0; i < plan_.count; ++i) {
      if (i > 0) out += ',';
      out += char('0' + plan_.payments[i].payer);
      out += char('0' + plan_.payments[i].receiver);
    }
    out += ':';
    if (payments_done_ == 0) out += '-';
    for (int i = 0; i < payments_done_; ++i) out += card_name(paid_[i]);
    out += ':';
    if (returns_done_ == 0) out += '-';
    for (int i = 0; i < returns_done_; ++i) out += card_name(returned_[i]);
  }
  out += ' ';
  write_cards(out, played_);
  out += ' ';
  write_four(out, shown_);
  return out;
}

DealState DealState::from_text(std::string_view text) {
  const auto f = split_exact(text, ' ', 11, "a deal position");
  DealState d;
  // Level and rules first: reading a move depends on them.
  d.level_ = parse_level(f[1]);
  d.rules_ = parse_rules(f[2]);
  d.hands_ = parse_four(f[0], "hands");

  int phase = 0;
  while (phase < 4 && f[3] != kPhaseNames[phase]) ++phase;
  if (phase == 4) bad("phase must be tribute, return, play or over, got '" + std::string(f[3]) + "'");
  d.phase_ = Phase(phase);
  d.turn_ = f[4] == "-" ? -1 : parse_seat(f[4], "turn");

  // Who is out.
  d.out_count_ = parse_seats(f[6], d.order_.data(), "out");
  for (int i = 0; i < d.out_count_; ++i) d.out_mask_ |= std::uint8_t(1u << d.order_[i]);
  if (f[7] == "-") {
    if (d.out_count_ > 0) bad("a seat is out but first-out has no move");
  } else {
    if (d.out_count_ == 0) bad("first-out has a move but no seat is out");
    d.first_out_last_play_ = parse_move(f[7], d.level_, d.rules_, "first-out");
  }

  // The trick.
  if (f[5] != "-") {
    const auto t = split_exact(f[5], ':', 3, "trick");
    d.has_last_play_ = true;
    d.last_player_ = parse_seat(t[0], "trick last player");
    int passed[4];
    const int n = parse_seats(t[1], passed, "trick passed");
    for (int i = 0; i < n; ++i) {
      if (i > 0 && passed[i] < passed[i - 1]) bad("trick passed seats must be in ascending order");
      d.passed_mask_ |= std::uint8_t(1u << passed[i]);
    }
    d.last_play_ = parse_move(t[2], d.level_, d.rules_, "trick move");
  }

  // Tribute.
  if (f[8] != "-") {
    const auto t = split_exact(f[8], ':', 4, "tribute");
    if (parse_seats(t[0], d.previous_.data(), "tribute previous places") != 4)
      bad("tribute previous places must list all four seats");
    if (t[1] == "x") {
      d.plan_.cancelled = true;
    } else if (t[1] != "-") {
      const auto pays = split(t[1], ',');
      if (pays.size() > 2) bad("a tribute has at most two payments");
      for (const auto& p : pays) {
        if (p.size() != 2) bad("a tribute payment is two seat digits, payer then receiver, got '" + std::string(p) + "'");
        d.plan_.payments[d.plan_.count++] = {parse_seat(p.substr(0, 1), "tribute payer"),
                                             parse_seat(p.substr(1, 1), "tribute receiver")};
      }
    }
    auto given = [&](std::string_view cards, std::array<CardKind, 2>& into, const char* what) {
      if (cards == "-") return 0;
      if (cards.size() > 4 || cards.size() % 2 != 0) bad(std::string(what) + ": '" + std::string(cards) + "' is not one or two cards");
      int n = 0;
      for (std::size_t i = 0; i < cards.size(); i += 2) {
        const auto kind = parse_card(cards.substr(i, 2));
        if (!kind) bad(std::string(what) + ": '" + std::string(cards.substr(i, 2)) + "' is not a card");
        into[n++] = *kind;
      }
      return n;
    };
    d.payments_done_ = given(t[2], d.paid_, "tribute paid");
    d.returns_done_ = given(t[3], d.returned_, "tribute returned");
  }

  d.played_ = parse_cards(f[9], "played");
  d.shown_ = parse_four(f[10], "shown");
  d.check_possible();
  return d;
}

// Every rule a position reached by play obeys; throws on the first broken one.
void DealState::check_possible() const {
  // Cards: at most two copies of each kind between the hands and the table.
  CardSet all = played_;
  for (int s = 0; s < 4; ++s) {
    for (int k = 0; k < kNumKinds; ++k)
      if (all.count(CardKind(k)) + hands_[s].count(CardKind(k)) > 2)
        bad("the hands and played cards hold a third copy of " + card_name(CardKind(k)));
    all = all + hands_[s];
    if (!hands_[s].contains(shown_[s])) bad("seat " + std::to_string(s) + " is shown holding cards not in its hand");
  }

  // Who is out.
  for (int i = 0; i < out_count_; ++i)
    if (!hands_[order_[i]].empty()) bad("seat " + std::to_string(order_[i]) + " is out but holds cards");
  if (out_count_ > 0 && !played_.contains(first_out_last_play_.cards()))
    bad("the first-out move's cards are not among the played cards");
  if (out_count_ > 0) {
    const int last = order_[out_count_ - 1];
    if (deal_ends(out_mask_ & ~(1u << last), out_count_ - 1, rules_))
      bad("the deal had already ended before seat " + std::to_string(last) + " went out");
  }
  const bool ended = deal_ends(out_mask_, out_count_, rules_);
  if (ended != (phase_ == Phase::kOver))
    bad(ended ? "the seats out end the deal but the phase is not over" : "the phase is over but the seats out do not end the deal");

  if (phase_ == Phase::kOver) {
    if (turn_ != -1) bad("a deal that is over has no seat to act");
    if (has_last_play_) bad("a deal that is over has no trick");
  } else {
    if (turn_ < 0) bad("a deal that is not over has a seat to act");
    if (is_out(turn_)) bad("the seat to act, " + std::to_string(turn_) + ", is out");
    if (hands_[turn_].empty()) bad("the seat to act, " + std::to_string(turn_) + ", holds no cards");
    // In the tribute a payer may hold nothing until the return comes back.
    if (phase_ == Phase::kPlay)
      for (int s = 0; s < 4; ++s)
        if (!is_out(s) && hands_[s].empty()) bad("seat " + std::to_string(s) + " holds no cards but is not out");
  }

  // The trick: the seats still in between the last player and the seat to
  // act are exactly those that passed.
  if (has_last_play_) {
    if (phase_ != Phase::kPlay) bad("a trick is on outside the play phase");
    if (!played_.contains(last_play_.cards())) bad("the trick's move is not among the played cards");
    if (last_player_ == turn_) bad("the last player of a trick cannot be the seat to act");
    if (is_out(last_player_) && order_[out_count_ - 1] != last_player_)
      bad("the trick's last player went out before this trick");
    std::uint8_t between = 0;
    for (int s = (last_player_ + 1) % 4; s != turn_; s = (s + 1) % 4)
      if (!is_out(s)) between |= std::uint8_t(1u << s);
    if (between != passed_mask_) bad("the seats that passed must be those still in between the last player and the seat to act");
  }

  // Tribute and its progress.
  const bool tribute_phase = phase_ == Phase::kTribute || phase_ == Phase::kReturn;
  if (previous_[0] < 0) {
    if (tribute_phase) bad("a tribute phase without a tribute");
    return;
  }
  const int first = previous_[0];
  if (plan_.cancelled) {
    if (plan_.count != 0) bad("a cancelled tribute has no payments");
  } else if (plan_.count == 0) {
    bad("a tribute is either cancelled or has payments");
  } else if (plan_.count == 1) {
    if (plan_.payments[0].payer != previous_[3] || plan_.payments[0].receiver != first)
      bad("a single tribute is paid by last place to first place");
  } else {
    const Payment a = plan_.payments[0], b = plan_.payments[1];
    if (previous_[1] != partner_of(first) || a.receiver != first || b.receiver != partner_of(first) ||
        team_of(a.payer) == team_of(first) || team_of(b.payer) == team_of(first) || a.payer == b.payer)
      bad("a double tribute is paid by the two losers of a 1-2, to first place first");
  }
  const int count = plan_.count;
  if (payments_done_ > count || returns_done_ > payments_done_) bad("more tribute cards given than planned");
  if (phase_ == Phase::kTribute) {
    if (returns_done_ != 0 || payments_done_ == count || turn_ != plan_.payments[payments_done_].payer)
      bad("in the tribute phase the next payer is to act and nothing is returned yet");
  } else if (phase_ == Phase::kReturn) {
    if (payments_done_ != count || returns_done_ == count || turn_ != plan_.payments[returns_done_].receiver)
      bad("in the return phase every tribute is paid and the next receiver is to act");
  } else if (payments_done_ != count || returns_done_ != count) {
    bad("play starts only after every tribute is paid and returned");
  }
  if (tribute_phase && (out_count_ > 0 || !played_.empty())) bad("no card is played before the tribute ends");
}

bool DealState::operator==(const DealState& o) const {
  auto same_given = [](const std::array<CardKind, 2>& a, const std::array<CardKind, 2>& b, int n) {
    return std::equal(a.begin(), a.begin() + n, b.begin());
  };
  bool same_plan = plan_.cancelled == o.plan_.cancelled && plan_.count == o.plan_.count;
  for (int i = 0; same_plan && i < plan_.count; ++i)
    same_plan = plan_.payments[i].payer == o.plan_.payments[i].payer &&
                plan_.payments[i].receiver == o.plan_.payments[i].receiver;
  return hands_ == o.hands_ && level_ == o.level_ && ruleset_text(rules_) == ruleset_text(o.rules_) &&
         phase_ == o.phase_ && turn_ == o.turn_ && has_last_play_ == o.has_last_play_ &&
         last_play_ == o.last_play_ && last_player_ == o.last_player_ && passed_mask_ == o.passed_mask_ &&
         played_ == o.played_ && shown_ == o.shown_ && out_mask_ == o.out_mask_ && out_count_ == o.out_count_ &&
         order_ == o.order_ && first_out_last_play_ == o.first_out_last_play_ && previous_ == o.previous_ &&
         same_plan && payments_done_ == o.payments_done_ && returns_done_ == o.returns_done_ &&
         same_given(paid_, o.paid_, payments_done_) && same_given(returned_, o.returned_, returns_done_);
}

}  // namespace guandan
