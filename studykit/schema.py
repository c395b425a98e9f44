"""What a cached entry must look like: a ``Field`` per key, checked before an entry is used.

    schema = {"wins": Field("int", 0), "share": Field("float", 0, 1),
              "curve": Field("list", items=Field("float", 0)), "note": Field("str", nullable=True)}
    problem({"wins": 3, ...}, Field("dict", items=schema))   # None, or why it is not valid

Kinds: ``int`` (a JSON integer, never a bool), ``float`` (a finite number, ints accepted),
``bool``, ``str``, ``list`` (``items``: the Field of every item), ``dict`` (``items``: a schema,
exactly its keys). ``low`` and ``high`` bound numbers; ``nullable`` also accepts None.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any

import numpy as np

from studykit.checks import shown

KINDS = ("int", "float", "bool", "str", "list", "dict")
TYPE_NAMES = {int: "int", float: "float", bool: "bool", str: "str", list: "list", dict: "dict"}


@dataclass(frozen=True)
class Field:
    """One value of an entry: its kind (a name in KINDS, or the type itself), bounds for
    numbers, the Field of a list's items or the schema of a dict, and whether None is allowed."""

    kind: Any
    low: float | None = None
    high: float | None = None
    items: Any = None
    nullable: bool = False

    def __post_init__(self):
        kind = TYPE_NAMES.get(self.kind, self.kind) if isinstance(self.kind, type) else self.kind
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {self.kind!r}")
        object.__setattr__(self, "kind", kind)
        for bound in ("low", "high"):
            value = getattr(self, bound)
            if value is None:
                continue
            if kind not in ("int", "float"):
                raise ValueError(f"{bound} bounds numbers only, not a {kind} field")
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) \
                    or not math.isfinite(value):
                raise ValueError(f"{bound} must be a finite number or None (unbounded), "
                                 f"got {value!r}")
            object.__setattr__(self, bound, int(value) if isinstance(value, numbers.Integral)
                               else float(value))
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"low must be <= high, got {self.low} > {self.high}")
        if kind == "list" and not isinstance(self.items, Field):
            raise ValueError("a list field needs items=Field(...) for its items")
        if kind == "dict" and not (isinstance(self.items, dict) and all(
                isinstance(k, str) and isinstance(f, Field) for k, f in self.items.items())):
            raise ValueError("a dict field needs items={key: Field(...)}")
        if kind not in ("list", "dict") and self.items is not None:
            raise ValueError(f"items belongs to list and dict fields, not a {kind} field")
        if not isinstance(self.nullable, bool):
            raise TypeError(f"nullable must be a bool, got {self.nullable!r}")


def problem(value, field: Field, where: str = "the value") -> str | None:
    """Why ``value`` does not fit ``field`` (naming where), or None when it does."""
    if value is None:
        return None if field.nullable else f"{where} is null"
    kind = field.kind
    if kind == "bool":
        return None if isinstance(value, bool) else f"{where} is {value!r}, not a bool"
    if kind in ("int", "float"):
        allowed = (int,) if kind == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, allowed):
            return f"{where} is {value!r}, not {'an int' if kind == 'int' else 'a number'}"
        if isinstance(value, float) and not math.isfinite(value):
            return f"{where} is {value!r}, not finite"   # ints are exact: 10**400 compares
        if kind == "float" and isinstance(value, int) and abs(value) >= 2**1024:
            return f"{where} is {shown(value)}, beyond float range"
        if field.low is not None and value < field.low:
            return f"{where} is {shown(value)}, below {field.low}"
        if field.high is not None and value > field.high:
            return f"{where} is {shown(value)}, above {field.high}"
        return None
    if kind == "str":
        return None if isinstance(value, str) else f"{where} is {value!r}, not a text"
    if kind == "list":
        if not isinstance(value, list):
            return f"{where} is {type(value).__name__}, not a list"
        for i, item in enumerate(value):
            why = problem(item, field.items, f"{where}[{i}]")
            if why:
                return why
        return None
    if not isinstance(value, dict):
        return f"{where} is {type(value).__name__}, not a JSON object"
    missing, extra = sorted(set(field.items) - set(value)), sorted(set(value) - set(field.items))
    if missing or extra:
        return (f"{where} has " + ", ".join(part for part in (
            f"missing keys {missing}" if missing else "",
            f"extra keys {extra}" if extra else "") if part))
    for key, sub in field.items.items():
        why = problem(value[key], sub, f"{where}[{key!r}]")
        if why:
            return why
    return None
