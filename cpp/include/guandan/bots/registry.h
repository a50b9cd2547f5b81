// The policy registry: every Guandan bot by name. Adding a bot is one file
// (bots/NAME.h and .cpp, the class named after it) and one entry of the
// table in registry.cpp. Simulations, the Python bots and the command line
// read the names from here.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "guandan/bots/policy.h"

namespace guandan {

struct PolicyEntry {
  std::string_view name;
  std::string_view summary;
  // Seconds rather than microseconds per decision: worth running on its own
  // thread so that Ctrl-C can interrupt it, and worth scheduling deal by deal.
  bool expensive;
  // Throws std::invalid_argument for option values it cannot play with.
  std::unique_ptr<Policy> (*make)(const PolicyOptions& options);
  // The options it takes (bots/options.h), declared in the bot's header.
  std::span<const OptionSpec> options = {};
};

// A bot as a spec names it: "NAME" or "NAME:KEY=VALUE,...".
struct PolicySpec {
  const PolicyEntry* entry = nullptr;
  OptionValues values;
};

std::span<const PolicyEntry> policy_registry();
// The entry named `name`, or null.
const PolicyEntry* find_policy(std::string_view name);
// A new policy by name; null for an unknown name.
std::unique_ptr<Policy> make_policy(std::string_view name, const PolicyOptions& options = {});
// The policy and option values `text` names; std::invalid_argument naming
// an unknown policy or option, or a value out of range (the policy is made
// once to check that it can play with them).
PolicySpec parse_policy_spec(std::string_view text);
// `spec` as text: "NAME" or "NAME:KEY=VALUE,...".
std::string policy_spec_text(const PolicySpec& spec);

}  // namespace guandan
