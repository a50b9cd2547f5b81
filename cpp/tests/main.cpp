// The C++ tests: movegen invariants, playouts to the end, simulate
// determinism and checks, and a short fuzz of the public entry points.
// Meant to be run under ASan and UBSan (see .ci/run):
//
//   cmake -S . -B build/tests -DGUANDAN_TESTS=ON -DGUANDAN_PYTHON=OFF
//   cmake --build build/tests --target guandan_tests && build/tests/guandan_tests
#include <cstdio>

#include "check.h"

int main() {
  using namespace guandan::testing;
  const struct {
    const char* name;
    void (*run)();
  } groups[] = {{"movegen", test_movegen}, {"playout", test_playout}, {"simulate", test_simulate}, {"fuzz", test_fuzz}, {"planner", test_planner}, {"gdy", test_gdy}, {"gdy_learn", test_gdy_learning}, {"inference", test_inference}, {"tempo", test_tempo}, {"endgame", test_endgame}, {"cards", test_action_cards}};
  for (const auto& group : groups) {
    const int before = failures();
    group.run();
    std::printf("%-9s %s\n", group.name, failures() == before ? "ok" : "FAILED");
  }
  if (failures() > 0) {
    std::printf("%d checks failed\n", failures());
    return 1;
  }
  return 0;
}
