// Splitting the one-line text forms (deal_text.cpp, ruleset_text.cpp).
#pragma once

#include <string_view>
#include <vector>

namespace guandan {

// The parts of `text` between `sep`s: n separators give n + 1 parts, empty
// ones included.
inline std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(sep, start);
    out.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

}  // namespace guandan
