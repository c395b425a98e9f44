"""The checks behind claim rows: a row's text fields, a test's outcome, the values an exact claim
compares (a text as printed or a finite real number) and how two of them compare; and a row's
``Alternative``, its verdict under another reading of a choice of ours."""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from studykit.checks import flag, real, shown
from studykit.formats import formatted, number_format

PRINTED = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?")


def claim_text(value, name: str, *, empty: bool = True) -> str:
    """A text field of a claim row (``empty=False``: one with something in it)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a text, got {shown(value)} ({type(value).__name__})")
    if not empty and not value.strip():
        raise ValueError(f"{name} must be a non-empty text, got {value!r}")
    return str(value)


def optional_text(value, name: str) -> str | None:
    """None, or a text field (``reference_text``)."""
    return None if value is None else claim_text(value, name)


def optional_format(fmt, name: str = "fmt") -> str | None:
    """None, or a checked ``str.format`` pattern for one number."""
    return None if fmt is None else number_format(fmt, name)


def exact_value(value, name: str) -> str | int | float:
    """A value an exact claim compares: a text as printed, a whole number (kept exact) or a
    finite real number (numpy's too). NaN, infinities, bools, None and containers are refused:
    no value could be equal to them at any precision, or they are no printed value."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a text or a number, got the truth value {value!r}; "
                        "a yes/no outcome is a check_claim")
    if isinstance(value, numbers.Integral):
        real(value, name)                       # beyond float range: our ValueError
        return int(value)
    if isinstance(value, numbers.Real):
        return real(value, name)
    raise TypeError(f"{name} must be a text as printed or a real number, got {shown(value)} "
                    f"({type(value).__name__})")


def printed_number(text: str) -> int | float | None:
    """The number a text prints (``"54,760"``, ``"26.546"``, ``"\u22121.5"``), or None when it is
    no plain number (``"never"``, ``"6 and 3"``, ``"43%"``)."""
    clean = text.strip().replace("\u2212", "-")
    if len(clean) > 4000 or not PRINTED.fullmatch(clean):
        return None
    digits = clean.replace(",", "")
    if not any(c in digits for c in ".eE"):
        return int(digits)
    number = float(digits)
    return number if math.isfinite(number) else None             # "1e400": no float


def as_numbers(reference, ours) -> tuple | None:
    """The two values of an exact claim as numbers, when both are numbers or texts printing
    one; None when either is a text of something else (then they compare as texts, or differ).
    A share printed as text against a number (``"43%"`` and 0.43) is refused: whether it means
    43 or 0.43 cannot be told."""
    values = []
    for value, name, other in ((reference, "reference", ours), (ours, "ours", reference)):
        if not isinstance(value, str):
            values.append(value)
            continue
        number = printed_number(value)
        share = value.strip().endswith("%") and printed_number(value.strip()[:-1]) is not None
        if share and not isinstance(other, str):
            raise ValueError(f"{name} {value!r} is a percentage as text and the other value a "
                             "number; give both as numbers (0.43) or both as texts")
        values.append(number)
    return None if any(v is None for v in values) else tuple(values)


def same_number(a: int | float, b: int | float, tolerance: float) -> bool:
    """``|a - b| <= tolerance``, computed exactly (a 400-digit count against a float too)."""
    return abs(Fraction(a) - Fraction(b)) <= Fraction(tolerance)


def verdict(value, name: str) -> bool:
    """A test's outcome: True or False (numpy's bool too); "no", 1 or None are refused, since
    a text or a number would count as true without being tested."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, the outcome of the stated test, got "
                        f"{shown(value)} ({type(value).__name__}); compare explicitly, e.g. "
                        f"ours < reference")
    return flag(value, name)


def text(value, fmt: str | None = None) -> str:
    """A value as shown in the report: numbers through ``fmt`` when given."""
    if fmt is not None and isinstance(value, numbers.Number):
        return formatted(fmt, value)
    return str(value)


@dataclass(frozen=True)
class Alternative:
    """A row's verdict under another reasonable reading of a choice of ours.

    Args:
        choice: the choice, named (``"counting rule"``, ``"definition of a chess"``).
        reading: the other reading (``"the blog's printed loop: the final set-free table left
            out"``).
        ours: what we measured under it.
        status: its verdict (checked by the row it belongs to, as that row's would be).
        test: how that verdict was decided.
        reason: why it differs.
        chosen: our reading, the row's own (shown beside the other), or empty.
        reference: the reference under the other reading, when it changes (empty: the row's).
    """

    choice: str
    reading: str
    ours: str
    status: str
    test: str = ""
    reason: str = ""
    chosen: str = ""
    reference: str = ""

    def __post_init__(self):
        for name in ("choice", "reading", "ours", "status", "test", "reason", "chosen",
                     "reference"):
            claim_text(getattr(self, name), name, empty=name not in ("choice", "reading",
                                                                      "status"))
