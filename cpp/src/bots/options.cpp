#include "guandan/bots/options.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace guandan {
namespace {

std::string number_text(double value) {
  if (value == std::floor(value) && std::fabs(value) < 1e15) return std::to_string(static_cast<long long>(value));
  std::string text = std::to_string(value);
  while (!text.empty() && text.back() == '0') text.pop_back();
  return text;
}

std::string range_text(const OptionSpec& spec) {
  if (spec.kind == OptionKind::kFlag) return "0 or 1";
  return number_text(spec.lowest) + ".." + number_text(spec.highest);
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string known_options(std::string_view bot, std::span<const OptionSpec> specs) {
  if (specs.empty()) return std::string(bot) + " takes no options";
  std::string names;
  for (const OptionSpec& spec : specs) names += (names.empty() ? "" : ", ") + std::string(spec.name);
  return "it takes " + names;
}

double parse_value(std::string_view bot, const OptionSpec& spec, std::string_view text) {
  const std::string where = std::string(bot) + ": option " + std::string(spec.name);
  if (spec.kind == OptionKind::kFlag) {
    if (text == "1" || text == "true" || text == "on" || text == "yes") return 1;
    if (text == "0" || text == "false" || text == "off" || text == "no") return 0;
    throw std::invalid_argument(where + " is a flag: true or false, got '" + std::string(text) + "'");
  }
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty())
    throw std::invalid_argument(where + " must be a number " + range_text(spec) + ", got '" + std::string(text) + "'");
  return value;
}

}  // namespace

const OptionSpec* find_option(std::span<const OptionSpec> specs, std::string_view name) {
  for (const OptionSpec& spec : specs)
    if (spec.name == name) return &spec;
  return nullptr;
}

void OptionValues::set(std::string_view bot, std::span<const OptionSpec> specs, std::string_view name, double value) {
  const OptionSpec* spec = find_option(specs, name);
  if (spec == nullptr)
    throw std::invalid_argument(std::string(bot) + " has no option '" + std::string(name) + "' (" +
                                known_options(bot, specs) + ")");
  const bool whole = spec->kind != OptionKind::kReal;
  if (!std::isfinite(value) || value < spec->lowest || value > spec->highest || (whole && value != std::floor(value)))
    throw std::invalid_argument(std::string(bot) + ": option " + std::string(name) + " must be " +
                                (whole ? "a whole number " : "") + range_text(*spec) + ", got " + number_text(value));
  for (int i = 0; i < count_; ++i) {
    if (names_[std::size_t(i)] == spec->name) {
      values_[std::size_t(i)] = value;
      return;
    }
  }
  if (count_ == kMaxOptions) throw std::invalid_argument(std::string(bot) + ": too many options");
  names_[std::size_t(count_)] = spec->name;  // the declaration's string: it outlives the values
  values_[std::size_t(count_)] = value;
  ++count_;
}

std::optional<double> OptionValues::get(std::string_view name) const {
  for (int i = 0; i < count_; ++i)
    if (names_[std::size_t(i)] == name) return values_[std::size_t(i)];
  return std::nullopt;
}

bool OptionValues::operator==(const OptionValues& other) const {
  if (count_ != other.count_) return false;
  for (int i = 0; i < count_; ++i) {
    const std::optional<double> mine = other.get(names_[std::size_t(i)]);
    if (!mine || *mine != values_[std::size_t(i)]) return false;
  }
  return true;
}

OptionValues parse_options(std::string_view bot, std::span<const OptionSpec> specs, std::string_view text) {
  OptionValues values;
  text = trimmed(text);
  if (text.empty()) return values;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view item = trimmed(text.substr(0, comma));
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos || trimmed(item.substr(0, equals)).empty() ||
        trimmed(item.substr(equals + 1)).empty())
      throw std::invalid_argument(std::string(bot) + ": option '" + std::string(item) +
                                  "' needs the form KEY=VALUE (" + known_options(bot, specs) + ")");
    const std::string_view name = trimmed(item.substr(0, equals));
    if (values.get(name))
      throw std::invalid_argument(std::string(bot) + ": option " + std::string(name) + " given twice");
    const OptionSpec* spec = find_option(specs, name);
    if (spec == nullptr)
      throw std::invalid_argument(std::string(bot) + " has no option '" + std::string(name) + "' (" +
                                  known_options(bot, specs) + ")");
    values.set(bot, specs, name, parse_value(bot, *spec, trimmed(item.substr(equals + 1))));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return values;
}

std::string options_text(const OptionValues& values) {
  std::string text;
  for (int i = 0; i < values.count(); ++i)
    text += (i ? "," : "") + std::string(values.name(i)) + "=" + number_text(values.value(i));
  return text;
}

}  // namespace guandan
