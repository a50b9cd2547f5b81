// Rows of a batch run spread over threads: the threading of every game's
// simulation (simulate.h, gdy/simulate.h).
//
// Row i's work must depend only on i (each game seeds a row from the run's
// seed and its index), so results are identical whatever the number of
// threads or the chunking. Threads take blocks of rows as they free up.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace guandan {

inline constexpr int kMaxThreads = 256;

// Shared with the thread that started a run: `stop` asks the workers to
// stop after the row under way (and cuts long decisions short); `done`
// counts the rows finished so far, for progress.
struct RunControl {
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> done{0};
};

// Runs body(row, worker) for rows [0, count) on `threads` threads, each with
// its own worker = make_worker(&stop), taking `block` rows at a time. The
// first exception is rethrown after all threads stop. Returns false when
// stopped through `control` (the rows are then incomplete).
template <class MakeWorker, class Body>
bool run_rows(std::uint64_t count, int threads, std::uint64_t block, RunControl* control, MakeWorker make_worker,
              Body body) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument("threads must be 1.." + std::to_string(kMaxThreads));
  if (block < 1) block = 1;
  RunControl local;
  RunControl& run = control ? *control : local;
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    try {
      auto worker = make_worker(&run.stop);
      for (std::uint64_t start; !run.stop.load(std::memory_order_relaxed) && (start = next.fetch_add(block)) < count;) {
        const std::uint64_t stop = count - start > block ? start + block : count;
        for (std::uint64_t row = start; row < stop && !run.stop.load(std::memory_order_relaxed); ++row)
          body(row, worker);
        run.done.fetch_add(stop - start, std::memory_order_relaxed);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      run.stop.store(true);
    }
  };
  const bool stopped_before = run.stop.load();
  if (threads == 1 || count <= block) {
    work();
  } else {
    const std::uint64_t useful = (count + block - 1) / block;
    const int n = useful < std::uint64_t(threads) ? int(useful) : threads;
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(n));
    try {
      for (int t = 0; t < n; ++t) pool.emplace_back(work);
    } catch (...) {
      // No more threads to be had: stop the ones started before failing
      // (a joinable thread must not be destroyed).
      run.stop.store(true);
      for (auto& th : pool) th.join();
      throw;
    }
    for (auto& th : pool) th.join();
  }
  if (error) std::rethrow_exception(error);
  return !stopped_before && !run.stop.load();
}

}  // namespace guandan
