"""Terminal text shared by the games' terminal play."""

from __future__ import annotations

from typing import List, Sequence

WIDTH = 78


class QuitGame(Exception):
    """The person asked to stop the match."""


def wrap(items: Sequence[str], head: str = "", indent: int = 0, sep: str = "  ") -> List[str]:
    """Items on lines of at most WIDTH characters, never split."""
    lines, line = [], head
    for item in items:
        if line.strip() and len(line) + len(sep) + len(item) > WIDTH:
            lines.append(line)
            line = " " * indent + item
        else:
            line = line + sep + item if line.strip() else line + item
    lines.append(line)
    return lines
