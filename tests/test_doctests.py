"""The examples in the package's docstrings run as tests."""

import doctest
import importlib

import pytest

MODULES = ["guandan", "guandan.cards", "guandan.moves", "guandan.ruleset", "guandan.batch", "guandan.deal", "guandan.match", "guandan.log"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
