"""The documentation site: Sphinx reading the Markdown pages of docs/ with
MyST (the pages read the same on the repository's web view), the furo
theme, and the API reference from the package's docstrings (autodoc; the
compiled core's signatures come with its docstrings, typed as in
python/guandan/_core.pyi).

    pip install '.[docs]' && sphinx-build -W docs build/docs

Offline: nothing is fetched (no intersphinx), so it builds anywhere the
package is installed.
"""

from guandan import __version__

project = "guandan-engine"
author = "guandan-engine"
copyright = "guandan-engine contributors"
version = release = __version__

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Markdown as the repository's web view reads it: heading anchors for
# links to sections, and tables, code and links as they are.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

html_theme = "furo"
html_title = f"guandan-engine {release}"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
