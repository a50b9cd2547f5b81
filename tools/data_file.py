"""Writing a frozen data file of tests/data: the shared end of the make_*.py tools."""

import time
from pathlib import Path
from typing import Callable, Iterable


def write_data_file(output: Path, header: str, make_lines: Callable[[], Iterable[str]], root: Path) -> None:
    """Writes ``header`` and the lines ``make_lines()`` gives to ``output``, and says how long it took."""
    start = time.perf_counter()
    lines = list(make_lines())
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(header + "\n".join(lines) + "\n")
    elapsed = time.perf_counter() - start
    print(f"wrote {len(lines)} lines to {output.relative_to(root)} in {elapsed:.1f} s")
