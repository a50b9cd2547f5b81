"""The package version, read from the installed package's metadata (pyproject.toml is the one place it is written)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("guandan-engine")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
