"""A bot program as Botzone runs it: a command whose stdin gets the input
and whose stdout gives the answer, within a time limit per turn.

The first turn of a process gets the whole envelope (every request so far
and the program's earlier answers). A program that prints the keep-running
line after its answer stays running and gets each later request alone; one
that exits is started again for the next turn, with the whole envelope, as
Botzone does.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence

from .protocol import KEEP_RUNNING

_EOF = None
STDERR_TAIL = 2000  # characters of a program's stderr kept, to show why it failed


@dataclass
class Turn:
    """One turn of a program: its answer (None when there was none), the
    seconds it took, and what went wrong (None when it answered in time)."""

    answer: Any
    seconds: float
    error: Optional[str] = None
    debug: str = ""


class Program:
    """One seat's bot program over one game."""

    def __init__(self, command: Sequence[str], time_limit: float) -> None:
        self.command = list(command)
        self.time_limit = time_limit
        self.requests: List[Any] = []
        self.responses: List[Any] = []
        self.stderr = ""
        self._process: Optional[subprocess.Popen] = None
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()

    def _start(self) -> subprocess.Popen:
        process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, bufsize=1)
        self._lines = queue.Queue()
        lines = self._lines

        def read_stdout() -> None:
            for line in process.stdout:  # type: ignore[union-attr]
                lines.put(line)
            lines.put(_EOF)

        def read_stderr() -> None:
            for line in process.stderr:  # type: ignore[union-attr]
                self.stderr = (self.stderr + line)[-STDERR_TAIL:]

        threading.Thread(target=read_stdout, daemon=True).start()
        threading.Thread(target=read_stderr, daemon=True).start()
        return process

    def ask(self, request: Any) -> Turn:
        """Send ``request``; the program's answer."""
        self.requests.append(request)
        start = time.perf_counter()
        try:
            if self._process is None:
                self._process = self._start()
                payload = {"requests": self.requests, "responses": self.responses}
            else:
                payload = request
            self._process.stdin.write(json.dumps(payload) + "\n")  # type: ignore[union-attr]
            self._process.stdin.flush()  # type: ignore[union-attr]
        except OSError as error:  # it exited before reading: its answer is missing
            self.close()
            turn = Turn(None, time.perf_counter() - start, f"NO_ANSWER: the program exited ({error})")
            self.responses.append(None)
            return turn
        turn = self._read(start)
        self.responses.append(turn.answer)
        return turn

    def _read(self, start: float) -> Turn:
        first: Optional[str] = None
        while True:
            left = self.time_limit - (time.perf_counter() - start)
            try:
                line = self._lines.get(timeout=max(left, 0.0)) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                self.close()
                return Turn(None, time.perf_counter() - start, f"TIME_LIMIT: no answer in {self.time_limit:g} s")
            if line is _EOF:
                self._wait_exit()
                break
            if line.strip() == KEEP_RUNNING:
                break
            if first is None and line.strip():
                first = line
        seconds = time.perf_counter() - start
        if first is None:
            return Turn(None, seconds, "NO_ANSWER: the program printed nothing")
        try:
            output = json.loads(first)
            return Turn(output["response"], seconds, debug=str(output.get("debug", ""))[:200])
        except (ValueError, TypeError, KeyError):
            return Turn(None, seconds, f"INVALID_FORMAT: not a JSON object with a response: {first.strip()[:80]!r}")

    def _wait_exit(self) -> None:
        if self._process is not None:
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass  # close() stops it
        self.close()

    def close(self) -> None:
        """Stop the program's process, if it still runs."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
