// A core registry (a table of entries with a `name`) at the Python boundary:
// its names, and an entry by name or a ValueError listing them.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "bindings.h"
#include "guandan/common/registry.h"

namespace guandan::python {

template <class Entry>
std::vector<std::string> registry_names(std::span<const Entry> registry) {
  std::vector<std::string> names;
  for (const Entry& entry : registry) names.emplace_back(entry.name);
  return names;
}

template <class Entry>
const Entry& registry_entry(std::span<const Entry> registry, const std::string& name) {
  if (const Entry* entry = find_entry(registry, name)) return *entry;
  std::string names;
  for (const Entry& entry : registry) {
    if (!names.empty()) names += ", ";
    names += entry.name;
  }
  throw py::value_error("unknown policy '" + name + "' (expected one of " + names + ")");
}

}  // namespace guandan::python
