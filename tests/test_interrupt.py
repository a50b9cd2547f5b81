"""Ctrl-C stops long native work (a big simulate chunk, one search decision)
within a second, with KeyboardInterrupt (python/bindings/interruptible.h)."""

import signal
import sys
import time

import pytest

import sigint_child

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")

FIRST_MOVE = ("class FirstMove:\n"
              "    def choose_move(self, observation, moves, can_pass): return moves[0] if moves else None\n"
              "    def choose_card(self, observation, options): return options[0]\n")

LONG_WORK = {
    # One chunk of 10**8 rule deals: hours of work in one native call.
    "simulate": "guandan.simulate(10**8, policy='rule', threads=2, chunk=10**8)",
    # One chunk of 10**8 Gan Deng Yan deals (minutes of work).
    "gdy_simulate": "guandan.gdy.simulate(10**8, players=6, policy='rule', threads=2, chunk=10**8)",
    # One search policy deal with a million playouts per decision.
    "simulate_search": "guandan.simulate(4, policy='search', search_rollouts=10**6, threads=1)",
    # Ten million deals with a Python bot at two seats, in this process
    # (the core checks for Ctrl-C between deals) and on two worker processes
    # (which stop with the run).
    "python_bot": FIRST_MOVE + "guandan.simulate(10**7, policy=[FirstMove(), 'rule', FirstMove(), 'rule'])",
    "python_bot_workers": FIRST_MOVE + "guandan.simulate(10**7, policy=[FirstMove(), 'rule', FirstMove(), 'rule'], "
                                       "threads=2)",
    "gdy_python_bot": FIRST_MOVE + "guandan.gdy.simulate(10**7, players=4, policy=[FirstMove(), 'rule'] * 2)",
    # One search decision of a million playouts.
    "search_bot": ("deal = guandan.Deal(seed=1); "
                   "SearchV1Bot(rollouts=10**6).choose_move(deal.observation(deal.turn), deal.legal_moves(), False)"),
    # One search v2 decision of a minute on three threads.
    "search_v2_threads": ("deal = guandan.Deal(seed=1); "
                          "SearchBot(think_ms=60_000, threads=3)"
                          ".choose_move(deal.observation(deal.turn), deal.legal_moves(), False)"),
}


def interrupt(work: str, delay: float):
    """Starts LONG_WORK[work] in a child, sends it Ctrl-C after ``delay``
    seconds, and returns its stderr and how long it took to stop."""
    code = "import guandan, guandan.gdy\nfrom guandan.gd.bots import SearchBot, SearchV1Bot\nprint('started', flush=True)\n" + LONG_WORK[work]
    child = sigint_child.start([sys.executable, "-c", code])
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(delay)
        assert child.poll() is None, "the work ended before it could be interrupted"
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=10)
        return err, time.perf_counter() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("work", sorted(LONG_WORK))
def test_ctrl_c_stops_long_native_work(work):
    err, elapsed = interrupt(work, 1.0)  # well into the native call
    assert "KeyboardInterrupt" in err, err
    assert elapsed < 2.0, f"took {elapsed:.2f}s to stop"


def test_ctrl_c_stops_python_bot_workers_at_any_moment():
    # Ctrl-C lands somewhere else in the loop that feeds the workers each
    # time; wherever it lands, the run stops at once and the interpreter
    # exits (a pool that held a lock at that moment used to hang at exit).
    for delay in (0.3, 0.55, 0.8, 1.05, 1.3):
        err, _ = interrupt("python_bot_workers", delay)
        assert "KeyboardInterrupt" in err, (delay, err)
