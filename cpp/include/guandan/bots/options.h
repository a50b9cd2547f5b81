// A bot's options, declared once in the bot's own header.
//
// Each option has a name, a kind (a whole number, a real number or a flag),
// a range, a default and a line of help: the registry lists them
// (registry.h), a bot spec sets them ("search:think_ms=100,keep_margin=0.5"),
// and the bot reads the values it was made with. Generic structures (the
// simulation setup, the bindings, the command line) carry the values,
// never one field per knob: a new option is one line in its bot's table.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace guandan {

enum class OptionKind : std::uint8_t { kInt, kReal, kFlag };

struct OptionSpec {
  std::string_view name;
  OptionKind kind;
  double lowest;
  double highest;
  double fallback;  // the default
  std::string_view help;
};

// The options set for one bot: at most kMaxOptions, each checked against
// the bot's declaration when set. Unset options read as their default.
class OptionValues {
 public:
  static constexpr int kMaxOptions = 16;

  // Sets `name` to `value`; std::invalid_argument naming the option, its
  // kind and range when `bot` declares no such option or the value is out
  // of range (or not whole, for a whole number or a flag).
  void set(std::string_view bot, std::span<const OptionSpec> specs, std::string_view name, double value);
  // The value set for `name`, if any.
  std::optional<double> get(std::string_view name) const;
  double get_or(std::string_view name, double fallback) const { return get(name).value_or(fallback); }
  int count() const { return count_; }
  std::string_view name(int i) const { return names_[std::size_t(i)]; }
  double value(int i) const { return values_[std::size_t(i)]; }
  bool operator==(const OptionValues& other) const;

 private:
  std::array<std::string_view, kMaxOptions> names_{};  // the declaration's own names (static storage)
  std::array<double, kMaxOptions> values_{};
  int count_ = 0;
};

// `text` ("key=value,key=value", or empty) as values of `bot`'s options;
// std::invalid_argument naming the first thing wrong.
OptionValues parse_options(std::string_view bot, std::span<const OptionSpec> specs, std::string_view text);

// "key=value,..." of the values set, in the order they were set ("" for none).
std::string options_text(const OptionValues& values);

// Two tables of options as one (a bot that takes another's and more).
template <std::size_t A, std::size_t B>
constexpr std::array<OptionSpec, A + B> joined_options(const std::array<OptionSpec, A>& first,
                                                       const std::array<OptionSpec, B>& second) {
  std::array<OptionSpec, A + B> all{};
  for (std::size_t i = 0; i < A; ++i) all[i] = first[i];
  for (std::size_t i = 0; i < B; ++i) all[A + i] = second[i];
  return all;
}

// The declaration of `name` in `specs`, or null.
const OptionSpec* find_option(std::span<const OptionSpec> specs, std::string_view name);

}  // namespace guandan
