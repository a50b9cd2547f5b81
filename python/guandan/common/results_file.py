"""Simulation results on disk, with the run that made them.

Two formats, chosen by the file's suffix:

- ``.npz`` (numpy): one array per column, plus the entry ``run``, a string
  holding the run as JSON: ``json.loads(np.load(path)["run"].item())``.
- ``.parquet`` (needs pyarrow: ``pip install 'guandan-engine[parquet]'``):
  one column per result column (a fixed-size list for ``placing`` and
  ``final_levels``), the run as JSON in the schema metadata key ``guandan.run``.

The run records what is needed to reproduce the results: its game (the
name it is registered under, :mod:`guandan.common.games`; files of Guandan
written before games were named have none), the command, what was played
and how many, seed, policies, the game's own settings (Guandan's ruleset,
level, tribute and search playouts; Gan Deng Yan's players and target),
threads and the package version; and what is needed to trace them to the
code and bots that made them (:mod:`guandan.common.provenance`): the git
``commit`` the package was built from (None when unknown) and
``signatures``, one record per distinct bot with its behaviour signature.
:func:`read_results` reads either format back, as the result table the
game's entry names.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Mapping, Tuple

import numpy as np

from .columns import Columns
from .games import DEFAULT_GAME, game_entry
from .provenance import with_provenance

FORMATS = (".npz", ".parquet")
RUN_KEY = "run"
PARQUET_RUN_KEY = b"guandan.run"
PARQUET_EXTRA = "pip install 'guandan-engine[parquet]'"


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ValueError(f"writing .parquet needs pyarrow: {PARQUET_EXTRA}") from None
    return pyarrow


def check_output_path(path: str) -> str:
    """``path`` if results can be written there; ValueError saying why not.

    Checked before a run starts, so that a long run is not lost at the end:
    a known suffix, pyarrow for ``.parquet``, an existing writable folder,
    and no folder or read-only file in the way.
    """
    if not isinstance(path, str):
        raise TypeError(f"the output path must be a str, got {type(path).__name__}")
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot write {path!r}: the name must end in {' or '.join(FORMATS)}")
    if suffix == ".parquet":
        _pyarrow()
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"cannot write {path!r}: the folder {folder!r} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {path!r}: the folder {folder!r} is not writable")
    if os.path.isdir(path):
        raise ValueError(f"cannot write {path!r}: it is a folder")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise ValueError(f"cannot write {path!r}: the file exists and is read-only")
    return path


def write_results(results: Columns, path: str, run: Mapping[str, Any]) -> None:
    """Write the columns of ``results`` (any game's result table) and the
    ``run`` (JSON-ready) to ``path``, the run with its provenance added
    (:func:`~guandan.common.provenance.with_provenance`: version, commit and
    the signatures of its ``policies``)."""
    check_output_path(path)
    text = json.dumps(with_provenance(run), sort_keys=True)
    arrays = results.arrays()
    if RUN_KEY in arrays:  # pragma: no cover - a result column would hide the run
        raise ValueError(f"a result column is called {RUN_KEY!r}")
    if path.lower().endswith(".npz"):
        with open(path, "wb") as file:  # a file object: numpy adds no second suffix
            np.savez_compressed(file, **{**arrays, RUN_KEY: np.array(text)})  # type: ignore[arg-type]
        return
    pa = _pyarrow()
    table = results.to_arrow().replace_schema_metadata({PARQUET_RUN_KEY: text.encode()})
    pa.parquet.write_table(table, path)


def read_results(path: str) -> Tuple[Columns, Dict[str, Any]]:
    """The results and the run stored in a file written by :func:`write_results`."""
    if path.lower().endswith(".npz"):
        with np.load(path) as data:
            arrays = {name: data[name] for name in data.files}
        run = json.loads(arrays.pop(RUN_KEY).item())
    elif path.lower().endswith(".parquet"):
        pa = _pyarrow()
        table = pa.parquet.read_table(path)
        run = json.loads(table.schema.metadata[PARQUET_RUN_KEY])
        arrays = {}
        for name in table.column_names:
            column = table.column(name).combine_chunks()
            if pa.types.is_fixed_size_list(column.type):
                arrays[name] = column.flatten().to_numpy(zero_copy_only=False).reshape(-1, column.type.list_size)
            else:
                arrays[name] = column.to_numpy(zero_copy_only=False)
    else:
        raise ValueError(f"cannot read {path!r}: the name must end in {' or '.join(FORMATS)}")
    # The run names its game (Guandan's files before games were named have
    # none) and what it played; the game's entry gives the table of that.
    entry = game_entry(run.get("game", DEFAULT_GAME))
    table = entry.result_types.get(run.get("what", ""))
    if table is None:
        raise ValueError(f"cannot read {path!r}: {entry.title} has no results of {run.get('what')!r}")
    return table()(**arrays), run
