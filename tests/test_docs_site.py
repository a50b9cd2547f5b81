"""The documentation site builds from docs/ with no warning (docs/conf.py):
a broken link between pages, a heading out of order, a docstring autodoc
cannot read, a page left out of the table of contents, all fail here. Its
code examples run in tests/test_readme.py."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

try:
    from sphinx.cmd.build import build_main
except ImportError:  # pragma: no cover - the docs extra is not installed
    build_main = None


# Sphinx's notices about its own future API, not about the site.
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::PendingDeprecationWarning")
def test_the_site_builds_without_a_warning(tmp_path):
    if build_main is None:
        if os.environ.get("CI"):
            pytest.fail("Sphinx is missing: pip install '.[docs]'")
        pytest.skip("the site needs the docs extra: pip install '.[docs]'")
    warnings = tmp_path / "warnings.txt"
    status = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(DOCS), str(tmp_path / "html")])
    assert status == 0, warnings.read_text()
    html = tmp_path / "html"
    # Every page of docs/ is on the site, and the API reference has the
    # functions and classes it documents.
    for page in DOCS.rglob("*.md"):
        assert (html / page.relative_to(DOCS).with_suffix(".html")).exists(), page
    reference = (html / "api" / "gd.html").read_text(encoding="utf-8")
    assert len(re.findall(r'class="sig sig-object py"', reference)) > 100
    assert 'id="guandan.gd.simulate.simulate"' in reference and 'id="guandan.gd.bots.search_tools.sample_world"' in reference


def test_every_readme_link_into_docs_names_a_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#\s]+)", readme)
    assert len(links) >= 10
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, missing
