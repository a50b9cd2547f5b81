// A tiny check macro for the C++ tests: no framework, no download.
//
// CHECK(condition) records a failure with its place and goes on, so that one
// run reports every broken invariant; CHECK_THROWS(statement, Exception)
// checks that the statement throws that exception type.
#pragma once

#include <cstdio>

namespace guandan::testing {

inline int& failures() {
  static int count = 0;
  return count;
}

inline void fail(const char* file, int line, const char* what) {
  if (++failures() <= 50) std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
}

// The test groups (one file each), run in turn by main.cpp.
void test_movegen();
void test_playout();
void test_simulate();
void test_fuzz();
void test_planner();
void test_gdy();
void test_gdy_learning();
void test_inference();
void test_tempo();
void test_endgame();
void test_action_cards();

}  // namespace guandan::testing

#define CHECK(condition)                                                             \
  do {                                                                               \
    if (!(condition)) ::guandan::testing::fail(__FILE__, __LINE__, #condition);       \
  } while (0)

#define CHECK_THROWS(statement, Exception)                                           \
  do {                                                                               \
    bool thrown_ = false;                                                            \
    try {                                                                            \
      statement;                                                                     \
    } catch (const Exception&) {                                                     \
      thrown_ = true;                                                                \
    }                                                                                \
    if (!thrown_) ::guandan::testing::fail(__FILE__, __LINE__, #statement " throws " #Exception); \
  } while (0)
