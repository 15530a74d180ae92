"""`evolve`: a frozen dataclass with some fields changed, fast enough for a verifier's hot path.

`dataclasses.replace` builds the new object through `__init__` after looking up every field
(about 50 us for the PostCard state): a third of a record's verification went there. The
rules engines' states are plain frozen dataclasses without `__post_init__` or slots, so a copy
of the instance dictionary with the changes laid over it is the same object, field for field.
Unknown field names are still refused, as `replace` refuses them.

The copy is a new plain dictionary given to the instance as its `__dict__`, not an update of
the one `new.__dict__` would make: that one shares its keys with the class (a "split" table),
and CPython 3.11 does not specialise attribute reads on an instance holding a split table, so
every later `state.phase` took the slow, generic look-up (PostCard verify: 8% of the
instructions a record took went away with this).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar, cast

T = TypeVar("T")


_NAMES: dict[type, frozenset[str]] = {}
_set = object.__setattr__


def _names(cls: type) -> frozenset[str]:
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"evolve() copies plain frozen dataclasses; {cls.__name__} is not one")
    names = _NAMES[cls] = frozenset(f.name for f in fields(cls))
    return names


def build(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the plain frozen dataclass `cls` holding `values`, which name every
    field: equal to `cls(**values)` at a third of the cost (a frozen class's `__init__` sets
    each field through `object.__setattr__`). For objects made by the thousand, such as the
    lines of a record; `values` becomes the instance's dictionary (the caller's own)."""
    names = _NAMES.get(cls) or _names(cls)
    if len(values) != len(names) or not names.issuperset(values):
        raise TypeError(f"{cls.__name__} needs exactly its fields: missing "
                        f"{', '.join(sorted(names - set(values))) or 'none'}, unknown "
                        f"{', '.join(sorted(set(values) - names)) or 'none'}")
    new = object.__new__(cls)
    _set(new, "__dict__", values)
    return new


def evolve(obj: T, **changes: Any) -> T:
    """`obj` with `changes` applied: equal to `dataclasses.replace(obj, **changes)`."""
    cls = obj.__class__
    names = _NAMES.get(cls) or _names(cls)
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
    new = object.__new__(cls)
    _set(new, "__dict__", {**obj.__dict__, **changes})
    return new


def fast_init(cls: type[T]) -> type[T]:
    """Give the plain frozen dataclass `cls` an `__init__` that sets its fields in one step.

    A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, one
    call a field: a four-field object cost four times a plain one's to make (about 5 us
    against 1.3 on the shared machine). The verifier makes several a record line (the row,
    the reading after it, the kernel's step), and findings by the hundred on a bad record.
    This `__init__` takes the same arguments (names, order, defaults) and hands the instance
    a new dictionary of them, as `build` does; equality, hashing, `repr`, `replace` and
    pickling are the dataclass's own, and the object stays frozen. Classes with
    `__post_init__`, slots, default factories or fields outside `__init__` are refused."""
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:   # a Generic base's
        raise TypeError(f"fast_init: {cls.__name__} is no plain dataclass")  # () is no slots
    spec = fields(cast(type, cls))
    params: list[str] = []
    defaults: dict[str, Any] = {}
    for f in spec:
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"fast_init: {cls.__name__}.{f.name} is not a plain field")
        if f.default is MISSING:
            params.append(f.name)
        else:
            defaults[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
    body = ", ".join(f"{f.name!r}: {f.name}" for f in spec)
    source = (f"def __init__(self, {', '.join(params)}):\n"
              f"    _set(self, '__dict__', {{{body}}})\n")
    scope: dict[str, Any] = {"_set": _set, **defaults}
    exec(source, scope)             # as the dataclasses module makes the __init__ it replaces
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init                             # type: ignore[method-assign]
    return cls


# A NamedTuple made from all its fields, in order, by one C call: `new_tuple(Cls, (a, b))`
# equals `Cls(a, b)`. A NamedTuple's own constructor is a Python function that C runs in a
# frame of its own (about 1,000 instructions on CPython 3.11); a game loop making several a
# play (engine/cardbowl/bots.py) saves that frame. No defaults are filled in: every field
# must be given.
new_tuple = tuple.__new__
