// The policy registry: every Guandan bot by name. Adding a bot is one file
// (bots/NAME.h and .cpp, the class named after it) and one entry of the
// table in registry.cpp. Simulations, the Python bots and the command line
// read the names from here.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "guandan/policy.h"

namespace guandan {

struct PolicyEntry {
  std::string_view name;
  std::string_view summary;
  // Seconds rather than microseconds per decision: worth running on its own
  // thread so that Ctrl-C can interrupt it, and worth scheduling deal by deal.
  bool expensive;
  std::unique_ptr<Policy> (*make)(const PolicyOptions& options);
};

std::span<const PolicyEntry> policy_registry();
// The entry named `name`, or null.
const PolicyEntry* find_policy(std::string_view name);
// A new policy by name; null for an unknown name.
std::unique_ptr<Policy> make_policy(std::string_view name, const PolicyOptions& options = {});

}  // namespace guandan
