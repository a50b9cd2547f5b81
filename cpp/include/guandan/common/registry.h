// Looking up a registry: a table of entries with a `name` (both games'
// policy registries, policy.h and gdy/policy.h).
#pragma once

#include <span>
#include <string_view>

namespace guandan {

// The entry called `name`, or null.
template <class Entry>
const Entry* find_entry(std::span<const Entry> registry, std::string_view name) {
  for (const Entry& entry : registry)
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace guandan
