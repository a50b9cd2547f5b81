"""End-to-end tests: the real server and the page in headless Chromium.

The server runs as ``guandan serve`` in a subprocess on a free port with a
temporary SQLite file and short bot pauses; Playwright for Python drives the
Chromium of the system package (``/usr/bin/chromium``; ``.ci/run`` installs it
with apt-get). Nothing is downloaded at test time. The tests are skipped, with
the reason, only when Playwright or Chromium is missing, and never in CI.

Screenshots go to the folder named by ``GUANDAN_SCREENSHOTS`` (default: a
pytest temporary folder).

Run them with ``pytest tests/e2e``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator, Sequence

import pytest

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def _chromium() -> str | None:
    for path in CHROMIUM_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - CI installs it
    sync_playwright = None

CHROMIUM = _chromium()

if sync_playwright is None:
    SKIP_REASON = "Playwright for Python is not installed (pip install playwright)"
elif CHROMIUM is None:
    SKIP_REASON = "Chromium is not installed (apt-get install chromium)"
else:
    SKIP_REASON = None


def pytest_configure(config):
    """In CI (``CI`` set, as ``.ci/run`` does) a missing browser is an error:
    the browser tests must run there, not skip."""
    if SKIP_REASON is not None and os.environ.get("CI"):
        raise pytest.UsageError(f"CI runs the browser tests, but: {SKIP_REASON}")


def pytest_collection_modifyitems(config, items):
    """Skip the browser tests, saying why, when Chromium is missing (each
    browser test module skips itself when Playwright is)."""
    if SKIP_REASON is None:
        return
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here and item.path.name.startswith("test_browser_"):
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


#: The ``guandan`` command, as a program for ``python -c``.
SERVE = "import sys; from guandan.cli import main; sys.exit(main(sys.argv[1:]))"

#: Bots wait this long before each play: enough for the page to draw, short
#: enough for a whole deal in seconds.
BOT_DELAY = "0.02"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(url: str, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"guandan serve exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"guandan serve did not answer at {url} within {timeout} s")


@contextlib.contextmanager
def serving(folder: Path, program: str = SERVE, extra: Sequence[str] = (), env=None) -> Iterator[str]:
    """The base URL of ``guandan serve`` run by ``program`` (Python code) on a
    free port, its database and log in ``folder``, stopped at the end."""
    port = _free_port()
    command = [sys.executable, "-c", program, "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", str(folder / "tables.sqlite"), "--bot-delay", BOT_DELAY, *extra]
    log = open(folder / "server.log", "wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url + "/", process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    """The base URL of a fresh ``guandan serve`` on a free port (or of the
    server already running at ``GUANDAN_E2E_URL``, to watch it while debugging)."""
    if os.environ.get("GUANDAN_E2E_URL"):
        yield os.environ["GUANDAN_E2E_URL"].rstrip("/")
        return
    with serving(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    folder = os.environ.get("GUANDAN_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def new_page(browser, server):
    """Open a fresh browser context (its own cookies: one person) at the lobby."""
    contexts = []

    def open_page(viewport=None, lang="en"):
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, locale="en-US")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        # the language is the browser's choice until the player switches
        page.add_init_script(f"localStorage.getItem('guandan.lang') || localStorage.setItem('guandan.lang', '{lang}')")
        page.goto(server + "/")
        # the lobby wires its controls after reading the games and the session
        page.wait_for_selector("html[data-lobby=ready]", state="attached")
        return page

    yield open_page
    for context in contexts:
        context.close()
