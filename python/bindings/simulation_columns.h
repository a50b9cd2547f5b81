// The numpy columns of Guandan's simulation results (simulate.h's
// DealColumns and MatchColumns), rows [row, row + count) of a caller's
// arrays: shared by the core's runs and the runs with Python bots.
#pragma once

#include "columns.h"
#include "guandan/tools/simulate.h"

namespace guandan::python {

inline DealColumns deal_columns(const py::dict& columns, std::uint64_t row, std::uint64_t count, Columns& keep) {
  return {column<std::int8_t>(columns, "placing", row, count, 4, keep),
          column<std::int8_t>(columns, "partner_place", row, count, 1, keep),
          column<std::int8_t>(columns, "winning_team", row, count, 1, keep),
          column<std::int8_t>(columns, "levels_gained", row, count, 1, keep),
          column<std::int8_t>(columns, "tribute", row, count, 1, keep),
          column<std::int16_t>(columns, "plays", row, count, 1, keep),
          column<std::int16_t>(columns, "passes", row, count, 1, keep),
          column<std::int16_t>(columns, "bombs", row, count, 1, keep),
          column<std::uint64_t>(columns, "seed", row, count, 1, keep)};
}

inline MatchColumns match_columns(const py::dict& columns, std::uint64_t row, std::uint64_t count, Columns& keep) {
  return {column<std::int8_t>(columns, "winner", row, count, 1, keep),
          column<std::int16_t>(columns, "deals", row, count, 1, keep),
          column<std::int8_t>(columns, "final_levels", row, count, 2, keep),
          column<std::int32_t>(columns, "plays", row, count, 1, keep),
          column<std::int32_t>(columns, "bombs", row, count, 1, keep),
          column<std::int16_t>(columns, "double_wins", row, count, 1, keep),
          column<std::uint64_t>(columns, "seed", row, count, 1, keep)};
}

}  // namespace guandan::python
