"""The file to upload to Botzone: a zip whose root holds ``__main__.py``
(Botzone's form of a Python bot of several files) and the ``guandan``
package, its compiled core included.

The compiled core is built for one Python version and platform: the zip
runs only where ``python3`` is that version (``__main__.py`` checks it and
says so in its answer's ``debug`` field otherwise). Python cannot load a
compiled module from inside a zip, so when the zip is run as it is,
``__main__.py`` first unpacks the package to a folder of the temporary
directory (once per zip).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path
from typing import List

from ..gd.players import bot_object

PACKAGE = Path(__file__).resolve().parent.parent
#: Parts of the package a bot program never imports.
LEFT_OUT = ("web", "learning", "__pycache__")

MAIN = '''"""Botzone GuanDan bot: {spec}, made by guandan {version} (``guandan botzone --pack``)."""
import hashlib
import json
import os
import sys
import tempfile
import zipfile

BOT = {spec!r}
KEEP_RUNNING = {keep_running!r}
PYTHON = {python!r}
HERE = os.path.dirname(os.path.abspath(__file__))


def package_folder():
    if os.path.isdir(os.path.join(HERE, "guandan")):
        return HERE  # the upload was unpacked
    # Run as a zip: a compiled module cannot load from inside one, so the
    # package is unpacked once, to a folder named by the zip's contents.
    with open(HERE, "rb") as archive:
        digest = hashlib.sha256(archive.read()).hexdigest()[:16]
    target = os.path.join(tempfile.gettempdir(), "guandan-botzone-" + digest)
    if not os.path.isdir(target):
        partial = target + ".%d" % os.getpid()
        with zipfile.ZipFile(HERE) as archive:
            archive.extractall(partial)
        try:
            os.rename(partial, target)
        except OSError:
            pass  # another process unpacked it first
    return target


if tuple(sys.version_info[:2]) != tuple(PYTHON):
    print(json.dumps({{"response": [], "debug": "this bot needs Python %d.%d (its compiled core), not %s"
                      % (PYTHON[0], PYTHON[1], sys.version.split()[0])}}))
    sys.exit(0)
sys.path.insert(0, package_folder())
from guandan.botzone.bot import run  # noqa: E402
from guandan.gd.players import bot_object  # noqa: E402

sys.exit(run(bot_object(BOT), sys.stdin, sys.stdout, KEEP_RUNNING))
'''


def package_files() -> List[Path]:
    """The package's files a bot program needs, the compiled core included."""
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] in LEFT_OUT or "__pycache__" in relative.parts or not path.is_file():
            continue
        if path.suffix in (".py", ".so", ".pyd") or path.name == "py.typed":
            files.append(path)
    return files


def pack(spec: str, out: str, keep_running: bool = False) -> List[str]:
    """Write the zip of bot ``spec`` to ``out``; the names it holds."""
    from ..version import __version__

    bot_object(spec)  # a mistyped spec fails here, not on Botzone
    if not any(p.suffix in (".so", ".pyd") for p in package_files()):
        raise ValueError("the compiled core (guandan/_core) is missing: build it first")
    main = MAIN.format(spec=spec, version=__version__, keep_running=keep_running,
                       python=(sys.version_info[0], sys.version_info[1]))
    names = ["__main__.py"]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("__main__.py", main)
        for path in package_files():
            name = "guandan/" + path.relative_to(PACKAGE).as_posix()
            archive.write(path.resolve(), name)  # the compiled core may be a link to the build
            names.append(name)
    return names
