"""What an object a bot is handed leads to: for the tests that a bot sees
only what its seat may know (tests/test_gdy_bots.py, tests/test_bot_seat_view.py)."""

import gc
import types

# Classes, modules and functions lead to the whole program (a class's
# methods reach their module's globals), not to what the object holds.
_NOT_ENTERED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def reachable(root):
    """Every object reachable from ``root`` through what it holds:
    attributes, slots and the items of containers, recursively."""
    found = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in found:
            continue
        found[id(obj)] = obj
        if not isinstance(obj, _NOT_ENTERED):
            stack.extend(gc.get_referents(obj))
            # Untracked objects (a dataclass holding only plain values, say)
            # report no referents; their attributes are read directly.
            stack.extend(getattr(obj, "__dict__", {}).values())
            stack.extend(getattr(obj, name) for name in _slots(obj) if hasattr(obj, name))
    return list(found.values())


def _slots(obj):
    names = []
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")]
    return names


def of_type(root, kinds):
    """The objects reachable from ``root`` that are instances of ``kinds``."""
    return [obj for obj in reachable(root) if isinstance(obj, kinds)]
