#include "guandan/bots/evidence.h"

#include <algorithm>

#include "guandan/bots/move_facts.h"
#include "guandan/tribute.h"

namespace guandan {

void Evidence::note_pass(int seat, int owner, Move play, Rank level, int owner_cards) {
  if (!informative(seat, owner, play)) return;
  mark(seat, play.kind(), rank_order(play, level) + 1, 16);
  // An owner with no cards left went out with the play: then the planning
  // player's thresholds, which count the owner's cards, say nothing.
  if (owner_cards <= 0) return;
  const auto s = std::size_t(seat);
  pass_owner_min[s] = std::min(pass_owner_min[s], std::int8_t(owner_cards));
  if (is_high(play, level)) pass_high_owner_min[s] = std::min(pass_high_owner_min[s], std::int8_t(owner_cards));
}

void Evidence::note_answer(int seat, int owner, Move play, Move answer, Rank level, int owner_cards,
                           int kept_cards) {
  if (!informative(seat, owner, play)) return;
  const bool bomb = bomb_tier(answer) > 0;
  mark(seat, play.kind(), rank_order(play, level) + 1, bomb ? 16 : rank_order(answer, level));
  if (bomb && owner_cards > 0 && kept_cards > kBombToFinishCards && is_high(play, level)) {
    const auto s = std::size_t(seat);
    bomb_high_owner_max[s] = std::max(bomb_high_owner_max[s], std::int8_t(owner_cards));
  }
}

void Evidence::note_tribute(int payer, CardKind paid, Rank level, const Ruleset& rules) {
  // A kind rules the payment out when a hand of just the paid card and that
  // kind would not pay the paid card: the rule itself decides, whatever the
  // ruleset's wild and joker provisions.
  const CardSet one = CardSet::of_kind(paid);
  CardSet barred;
  for (int k = 0; k < kNumKinds; ++k) {
    const CardSet hand = one + CardSet::of_kind(CardKind(k));
    if (!tribute_cards(hand, level, rules).contains(one)) barred = barred + CardSet::of_kind(CardKind(k), 2);
  }
  // Both copies of every kind on both sides: `|` is their union.
  held_none[std::size_t(payer)] = held_none[std::size_t(payer)] | barred;
}

void Evidence::note_cancelled_tribute(unsigned payer_seats, const Ruleset& rules) {
  const CardSet cancelling = tribute_cancel_cards(rules);
  for (int s = 0; s < 4; ++s)
    if (!((payer_seats >> s) & 1u)) held_none[std::size_t(s)] = held_none[std::size_t(s)] | cancelling;
}

Evidence read_evidence(const PlayerView& view) {
  Evidence evidence;
  // Each seat's cards before the record's first action: what it holds now,
  // plus what it played and gave since, less what it was given.
  std::array<int, 4> cards = view.counts;
  for (const PublicAction& a : view.record) {
    if (a.type == PublicAction::Type::kPlay) cards[std::size_t(a.seat)] += a.move.cards().size();
    if (a.type == PublicAction::Type::kTribute || a.type == PublicAction::Type::kReturn) {
      ++cards[std::size_t(a.seat)];
      --cards[std::size_t(a.other)];
    }
  }
  // Then forward, as the deal went: a pass or an answer is over the trick's
  // last play, the record's latest.
  Move last_play{};
  for (const PublicAction& a : view.record) {
    const auto seat = std::size_t(a.seat);
    switch (a.type) {
      case PublicAction::Type::kPlay: {
        const int kept = cards[seat] - a.move.cards().size();
        if (a.other >= 0)
          evidence.note_answer(a.seat, a.other, last_play, a.move, view.level, cards[std::size_t(a.other)], kept);
        cards[seat] = kept;
        last_play = a.move;
        break;
      }
      case PublicAction::Type::kPass:
        evidence.note_pass(a.seat, a.other, last_play, view.level, a.other >= 0 ? cards[std::size_t(a.other)] : 0);
        break;
      case PublicAction::Type::kTribute:
        evidence.note_tribute(a.seat, a.card, view.level, view.rules);
        [[fallthrough]];
      case PublicAction::Type::kReturn:
        --cards[seat];
        ++cards[std::size_t(a.other)];
        break;
      case PublicAction::Type::kCancelledTribute:
        evidence.note_cancelled_tribute(unsigned(a.other), view.rules);
        break;
    }
  }
  return evidence;
}

}  // namespace guandan
