#include "guandan/card.h"

#include <cctype>

namespace guandan {
namespace {

constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "shcd";

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<Rank> parse_rank(std::string_view text) {
  const std::string t = upper(text);
  if (t == "10") return kTen;
  if (t.size() != 1) return std::nullopt;
  const auto pos = kRankChars.find(t[0]);
  if (pos == std::string_view::npos) return std::nullopt;
  return Rank(pos);
}

std::optional<CardKind> parse_card(std::string_view text) {
  const std::string t = upper(text);
  if (t == "SJ") return kSmallJoker;
  if (t == "BJ") return kBigJoker;
  if (t.size() < 2) return std::nullopt;
  const auto rank = parse_rank(std::string_view(t).substr(0, t.size() - 1));
  if (!rank) return std::nullopt;
  const char suit = char(std::tolower(static_cast<unsigned char>(t.back())));
  const auto pos = kSuitChars.find(suit);
  if (pos == std::string_view::npos) return std::nullopt;
  return make_kind(*rank, Suit(pos));
}

std::string rank_name(Rank rank) {
  if (rank == kSmallJokerRank) return "SJ";
  if (rank == kBigJokerRank) return "BJ";
  if (rank < kNumRanks) return std::string(1, kRankChars[rank]);
  return "?";
}

std::string card_name(CardKind kind) {
  if (is_joker(kind)) return rank_name(rank_of(kind));
  return std::string{kRankChars[rank_of(kind)], kSuitChars[suit_of(kind)]};
}

}  // namespace guandan
