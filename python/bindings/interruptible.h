// Long native work that Ctrl-C can stop.
//
// The work runs on its own thread with the GIL released; the calling (main)
// thread waits in short slices, takes the GIL back between them, checks for
// signals (a pending KeyboardInterrupt) and reports progress. On an
// exception it sets the shared stop flag, waits for the work to wind down
// (it polls the flag: within a deal or a playout) and re-raises.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "bindings.h"

namespace guandan::python {

// How often the waiting thread looks up: well under the second Ctrl-C is
// allowed to take, and cheap (20 wake-ups a second).
inline constexpr std::chrono::milliseconds kInterruptPoll{50};

// Runs work() to its end; tick() (called with the GIL held, between waits)
// may report progress or raise. `stop` is the flag work() polls.
template <class Work, class Tick>
void run_interruptible(Work work, std::atomic<bool>& stop, Tick tick) {
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  std::exception_ptr error;
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    finished = true;
    finished_cv.notify_all();
  });
  auto wait_for_worker = [&] {
    py::gil_scoped_release release;
    worker.join();
  };
  try {
    for (;;) {
      bool done;
      {
        py::gil_scoped_release release;
        std::unique_lock<std::mutex> lock(mutex);
        done = finished_cv.wait_for(lock, kInterruptPoll, [&] { return finished; });
      }
      if (done) break;
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      tick();
    }
  } catch (...) {
    stop.store(true);
    wait_for_worker();
    throw;
  }
  wait_for_worker();
  if (error) std::rethrow_exception(error);
}

template <class Work>
void run_interruptible(Work work, std::atomic<bool>& stop) {
  run_interruptible(work, stop, [] {});
}

}  // namespace guandan::python
