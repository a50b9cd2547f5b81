// The ruleset field of the deal text form (ruleset.h), written and read
// from the table of fields alone.
#include <stdexcept>
#include <string>
#include <string_view>

#include "guandan/common/text_split.h"
#include "guandan/ruleset.h"

namespace guandan {
namespace {

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument("rules: " + what); }

// A decimal number 0..max (at most three digits), or -1.
int number(std::string_view text, int max) {
  if (text.empty() || text.size() > 3) return -1;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value <= max ? value : -1;
}

std::string range_of(const RulesetField& f) {
  switch (f.kind) {
    case FieldKind::kLevels: return "three levels 0.." + std::to_string(f.max) + " separated by '.' (1-2, 1-3, 1-4)";
    case FieldKind::kChoice: return std::string(f.choices->at(0)) + " or " + std::string(f.choices->at(1));
    case FieldKind::kFlag: return "0 or 1";
    case FieldKind::kLimit: return "0 (no limit) or 1.." + std::to_string(f.max);
  }
  return "";
}

std::string value_text(const RulesetField& f, const FieldValue& v) {
  switch (f.kind) {
    case FieldKind::kLevels: return std::to_string(v[0]) + "." + std::to_string(v[1]) + "." + std::to_string(v[2]);
    case FieldKind::kChoice: return std::string(f.choices->at(std::size_t(v[0])));
    default: return std::to_string(v[0]);
  }
}

FieldValue parse_value(const RulesetField& f, std::string_view text) {
  FieldValue v{};
  bool ok = true;
  if (f.kind == FieldKind::kLevels) {
    const auto levels = split(text, '.');
    ok = levels.size() == 3;
    for (std::size_t i = 0; i < 3 && ok; ++i) ok = (v[i] = number(levels[i], f.max)) >= 0;
  } else if (f.kind == FieldKind::kChoice) {
    ok = text == f.choices->at(0) || text == f.choices->at(1);
    v[0] = text == f.choices->at(1);
  } else {
    ok = (v[0] = number(text, f.max)) >= 0;
  }
  if (!ok) bad(std::string(f.name) + " must be " + range_of(f) + ", got '" + std::string(text) + "'");
  return v;
}

// The form before names: thirteen integers, the fields in table order.
Ruleset parse_positional(std::string_view text) {
  const auto parts = split(text, ',');
  if (parts.size() != 13)
    bad("has " + std::to_string(parts.size()) + " parts separated by ',', expected 13 (or name=value pairs)");
  Ruleset r;
  std::size_t next = 0;
  for (const RulesetField& f : kRulesetFields) {
    FieldValue v{};
    const int numbers = f.kind == FieldKind::kLevels ? 3 : 1;
    for (int i = 0; i < numbers; ++i) {
      const std::string_view part = parts[next++];
      v[std::size_t(i)] = number(part, f.max);
      if (v[std::size_t(i)] < 0) {
        const bool flag = f.kind == FieldKind::kChoice || f.kind == FieldKind::kFlag;
        bad(std::string(flag ? "a rules flag" : f.name) + " must be 0.." + std::to_string(f.max) + ", got '" +
            std::string(part) + "'");
      }
    }
    f.set(r, v);
  }
  return r;
}

}  // namespace

std::string ruleset_text(const Ruleset& rules) {
  const Ruleset defaults;
  std::string out;
  for (const RulesetField& f : kRulesetFields) {
    const FieldValue v = f.get(rules);
    if (v == f.get(defaults)) continue;
    if (!out.empty()) out += ',';
    out += std::string(f.name) + "=" + value_text(f, v);
  }
  return out.empty() ? "-" : out;
}

Ruleset parse_ruleset_text(std::string_view text) {
  Ruleset r;  // '-': the defaults
  if (text.find('=') == std::string_view::npos) {
    if (text != "-") r = parse_positional(text);
  } else {
    unsigned seen = 0;
    for (const std::string_view pair : split(text, ',')) {
      const std::size_t eq = pair.find('=');
      if (eq == std::string_view::npos) bad(std::string("'").append(pair).append("' is not name=value"));
      const std::string_view name = pair.substr(0, eq);
      std::size_t i = 0;
      while (i < kRulesetFields.size() && kRulesetFields[i].name != name) ++i;
      if (i == kRulesetFields.size()) {
        std::string names;
        for (const RulesetField& f : kRulesetFields) names += (names.empty() ? "" : ", ") + std::string(f.name);
        bad("unknown field '" + std::string(name) + "' (expected one of " + names + ")");
      }
      if (seen >> i & 1) bad(std::string(name) + " is given twice");
      seen |= 1u << i;
      kRulesetFields[i].set(r, parse_value(kRulesetFields[i], pair.substr(eq + 1)));
    }
  }
  if (const char* error = ruleset_error(r)) bad(error);
  return r;
}

}  // namespace guandan
