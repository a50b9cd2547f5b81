"""Result tables: named numpy columns, one row per deal, match or game."""

from __future__ import annotations

from dataclasses import fields
from typing import Dict, Mapping, Sequence

import numpy as np


class Columns:
    """Shared behaviour of result tables: named numpy columns."""

    def __init_subclass__(cls, **kwargs) -> None:
        # The @dataclass decorator of a table runs after this and writes its
        # own __repr__ (every row of every column) unless the class already
        # has one: give each table the short one below.
        super().__init_subclass__(**kwargs)
        cls.__repr__ = Columns.__repr__  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """The class, the number of rows and the column names, not the rows."""
        names = ", ".join(f.name for f in fields(self))  # type: ignore[arg-type]
        return f"{type(self).__name__}({len(self):,} rows; columns {names})"

    def arrays(self) -> Dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def __len__(self) -> int:
        """The number of rows (every column has one entry, or one row of entries, per row)."""
        return len(getattr(self, fields(self)[0].name))  # type: ignore[arg-type]

    def to_arrow(self):
        """The table as a ``pyarrow.Table`` (needs pyarrow): one column per
        result column, a fixed-size list for a column of several entries per
        row (``placing``)."""
        try:
            import pyarrow as pa
        except ImportError:
            raise ImportError("to_arrow needs pyarrow: pip install 'guandan-engine[parquet]'") from None
        columns = {}
        for name, array in self.arrays().items():
            if array.ndim == 2:
                columns[name] = pa.FixedSizeListArray.from_arrays(pa.array(array.reshape(-1)), array.shape[1])
            else:
                columns[name] = pa.array(array)
        return pa.table(columns)

    def to_pandas(self):
        """The table as a ``pandas.DataFrame`` (needs pandas): one row per
        row, a column of several entries per row as one column per entry
        (``placing_0`` .. ``placing_3``)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        data: Dict[str, np.ndarray] = {}
        for name, array in self.arrays().items():
            if array.ndim == 2:
                data.update({f"{name}_{i}": array[:, i] for i in range(array.shape[1])})
            else:
                data[name] = array
        return pd.DataFrame(data)

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
