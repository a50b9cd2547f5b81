"""The package version.

Written here and in pyproject.toml (a test checks that they agree), so a
source checkout reports the version of its code even when the installed
package metadata is older. Every change of a bot's play or of a rule bumps
it (CHANGELOG.md says what changed in each version).
"""

__version__ = "0.2.0"
