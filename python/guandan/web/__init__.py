"""Play in a browser: ``guandan serve`` (``docs/web.md``).

The app needs the ``[web]`` extra (Starlette, uvicorn); importing this
package alone does not, so the engine stays usable without it."""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """The Starlette app (see :func:`guandan.web.app.create_app`)."""
    from .app import create_app as build

    return build(*args, **kwargs)
