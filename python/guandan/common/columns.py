"""Result tables: named numpy columns, one row per deal, match or game."""

from __future__ import annotations

from dataclasses import fields
from typing import Dict, Mapping, Sequence

import numpy as np


class Columns:
    """Shared behaviour of result tables: named numpy columns."""

    def arrays(self) -> Dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def __len__(self) -> int:
        """The number of rows (every column has one entry, or one row of entries, per row)."""
        return len(getattr(self, fields(self)[0].name))  # type: ignore[arg-type]

    def save(self, path: str) -> None:
        """Write the arrays to a ``.npz`` file."""
        np.savez_compressed(path, **self.arrays())  # type: ignore[arg-type]

    @classmethod
    def concatenate(cls, parts: Sequence["Columns"]):
        """The rows of ``parts``, in order."""
        columns = fields(cls)  # type: ignore[arg-type]
        return cls(**{f.name: np.concatenate([getattr(p, f.name) for p in parts]) for f in columns})


def allocate_columns(columns: Mapping, n: int) -> Dict[str, np.ndarray]:
    return {name: np.zeros((n, width) if width > 1 else n, dtype=dtype) for name, (dtype, width) in columns.items()}
