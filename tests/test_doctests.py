"""The examples in the docstrings of every module of the package run as tests.

Modules are discovered, not listed, so a new module's examples run too.
"""

import doctest
import importlib
import io
import pkgutil
import re
from contextlib import redirect_stdout

import pytest

import guandan

MODULES = sorted(["guandan"] + [info.name for info in pkgutil.walk_packages(guandan.__path__, "guandan.")])


def test_every_module_is_collected():
    # The modules whose examples were once left out, and the package itself.
    for name in ("guandan", "guandan.learning.actions", "guandan.gd.bots", "guandan.learning.env", "guandan.learning.openspiel", "guandan.gd.simulate"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        # Only an optional dependency (an extra that is not installed) may be missing.
        if error.name is None or error.name.split(".")[0] in ("guandan", "_core"):
            raise
        pytest.skip(f"{name} needs {error.name}, not installed")
    source = getattr(module, "__file__", "") or ""
    # An example is a line that starts with ">>> " (not the text ">>>" inside a string).
    has_examples = source.endswith(".py") and re.search(r"^\s*>>> ", open(source, encoding="utf-8").read(), re.M)
    report = io.StringIO()
    with redirect_stdout(report):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    if has_examples:
        assert result.attempted > 0, f"{name} has examples that doctest did not find"
    assert result.failed == 0, report.getvalue()
