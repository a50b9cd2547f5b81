"""The package type-checks: mypy over python/guandan (with the core's stubs)."""

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (it comes with the test extra)")

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "guandan"


def test_package_type_checks():
    stdout, stderr, status = api.run([str(PACKAGE), "--ignore-missing-imports", "--no-error-summary"])
    assert status == 0, stdout + stderr
