"""Start a child process that Ctrl-C reaches as it would from a terminal.

A test run started as a background job (``command &`` in a shell without
job control) inherits SIGINT ignored, and so would every child it starts:
Python then never raises KeyboardInterrupt and the Ctrl-C tests would hang.
The child gets SIGINT back at its default before it runs.
"""

import signal
import subprocess
from typing import List


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: List[str]) -> "subprocess.Popen[str]":
    """``Popen`` of ``args`` with text pipes for stdout and stderr."""
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
