// Cards from text in the tests: "9s 9h Kd" ("T" for ten), one copy each.
#pragma once

#include <string_view>

#include "guandan/card.h"
#include "guandan/cardset.h"

namespace guandan::testing {

inline CardSet cards_of(std::string_view text) {
  CardSet set;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t end = text.find(' ', i) == std::string_view::npos ? text.size() : text.find(' ', i);
    set = set + CardSet::of_kind(*parse_card(text.substr(i, end - i)));
    i = end + 1;
  }
  return set;
}

}  // namespace guandan::testing
