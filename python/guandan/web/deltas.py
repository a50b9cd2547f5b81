"""Views as deltas: what changed since the last view a connection was sent
(``docs/web.md §4``).

Most actions change a few fields of a seat's view (whose turn it is, one
seat's cards left, one more play in the log), yet the whole view is about
6 KB. A connection that asks for deltas (``/ws/{code}?deltas=1``) gets a
``patch`` instead of a ``view`` whenever the patch is at most half the
view's size: the operations that turn the last view it was sent into the
new one. Each view and patch carries the connection's view ``version``, and
a patch names the ``base`` version it applies to, so a page that missed one
knows (it reconnects and gets a whole view).

An operation is a list ``[op, path, value]``; ``path`` is the list of keys
(for objects) and indexes (for arrays) from the view's top:

- ``["set", path, value]``: the value at ``path`` becomes ``value``;
- ``["del", path]``: the key at the end of ``path`` is removed;
- ``["add", path, values]``: the array at ``path`` is extended by ``values``.

Views are never changed after they are built, so the last one sent can be
kept as it is.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List, Optional, Tuple

Path = List[Any]
Op = List[Any]


def diff(old: Any, new: Any, path: Optional[Path] = None) -> List[Op]:
    """The operations that turn ``old`` into ``new`` (JSON values)."""
    path = [] if path is None else path
    if type(old) is not type(new):
        return [["set", path, new]]
    if isinstance(new, dict):
        ops: List[Op] = []
        for key, value in new.items():
            if key not in old:
                ops.append(["set", path + [key], value])
            elif old[key] != value:
                ops.extend(diff(old[key], value, path + [key]))
        ops.extend(["del", path + [key]] for key in old if key not in new)
        return ops
    if isinstance(new, list):
        if old == new:
            return []
        if len(new) < len(old) or not all(isinstance(v, (dict, list)) for v in new[:len(old)]):
            # shorter, or an array of plain values (a hand of cards): an
            # extension is sent as such, anything else as the whole array
            if len(new) >= len(old) and new[:len(old)] == old:
                return [["add", path, new[len(old):]]]
            return [["set", path, new]]
        ops = []
        for index, (before, after) in enumerate(zip(old, new)):
            if before != after:
                ops.extend(diff(before, after, path + [index]))
        if len(new) > len(old):
            ops.append(["add", path, new[len(old):]])
        return ops
    return [] if old == new else [["set", path, new]]


def apply(view: Any, ops: List[Op]) -> Any:
    """``view`` with ``ops`` applied (a new value; ``view`` is not changed)."""
    result = copy.deepcopy(view)
    for op in ops:
        kind, path = op[0], op[1]
        if kind == "set" and not path:
            result = copy.deepcopy(op[2])
            continue
        parent = result
        for step in path[:-1] if kind != "add" else path:
            parent = parent[step]
        if kind == "set":
            parent[path[-1]] = copy.deepcopy(op[2])
        elif kind == "del":
            del parent[path[-1]]
        elif kind == "add":
            parent.extend(copy.deepcopy(op[2]))
        else:
            raise ValueError(f"unknown delta operation {kind!r}")
    return result


def encode(message: Dict[str, Any]) -> str:
    """``message`` as the JSON text the socket sends (as Starlette's send_json writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def size(message: Dict[str, Any]) -> int:
    """The bytes of ``message`` as the socket sends it."""
    return len(encode(message).encode())


class ViewStream:
    """One connection's views, each as a whole view or a patch on the last."""

    def __init__(self, deltas: bool) -> None:
        self.deltas = deltas
        self.version = 0
        self.last: Optional[Dict[str, Any]] = None

    def message(self, view: Dict[str, Any]) -> Dict[str, Any]:
        """What to send for ``view``: the view itself, or a ``patch`` at most
        half its size when the connection asked for deltas."""
        return self.encoded(view)[0]

    def encoded(self, view: Dict[str, Any]) -> Tuple[Dict[str, Any], str]:
        """:meth:`message` and its JSON text: the sizes are compared on the
        texts, so each message is encoded once, and the text is what is sent."""
        base, self.version = self.version, self.version + 1
        last, self.last = self.last, view
        whole = {**view, "version": self.version}
        whole_text = encode(whole)
        if not self.deltas or last is None:
            return whole, whole_text
        patch = {"type": "patch", "seq": view.get("seq"), "version": self.version, "base": base,
                 "ops": diff(last, view)}
        patch_text = encode(patch)
        if 2 * len(patch_text.encode()) <= len(whole_text.encode()):
            return patch, patch_text
        return whole, whole_text


def replay(messages: List[Dict[str, Any]]) -> List[Tuple[int, Dict[str, Any]]]:
    """The views a list of ``view`` and ``patch`` messages stand for, as
    (version, view) pairs, as a page rebuilds them; ValueError on a patch
    whose base is not the last version."""
    views: List[Tuple[int, Dict[str, Any]]] = []
    current: Optional[Dict[str, Any]] = None
    version = 0
    for message in messages:
        if message.get("type") == "view":
            current = {k: v for k, v in message.items() if k != "version"}
            version = message["version"]
        elif message.get("type") == "patch":
            if current is None or message["base"] != version:
                raise ValueError(f"patch on version {message['base']}, but the last view is {version}")
            current = apply(current, message["ops"])
            version = message["version"]
        else:
            continue
        views.append((version, current))
    return views
