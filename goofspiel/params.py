"""Checking a notebook's first-cell constants: list constants typed as lists, tuples or text.

papermill passes a tuple parameter as its text (``"(5,)"``), so a list constant may arrive as a
list, a tuple or the text of either; ``list_constant`` accepts all three and refuses anything
else with a message naming the constant. ``whole_constant`` checks a whole-number constant.
"""

from __future__ import annotations

from ast import literal_eval
from collections.abc import Callable

from studykit.checks import is_whole


def list_constant(name: str, value, ok: Callable[[object], bool] | None = None,
                  allowed: str = "") -> list:
    """``value`` as a non-empty list; each item must pass ``ok`` (``allowed`` describes it)."""
    if isinstance(value, str):
        try:
            value = literal_eval(value)
        except (ValueError, SyntaxError):
            raise ValueError(f"{name} must be a list or tuple, got {value!r}") from None
    if not isinstance(value, (list, tuple)) or not value:
        raise ValueError(f"{name} must be a non-empty list or tuple, got {value!r}")
    items = [list(v) if isinstance(v, tuple) else v for v in value]
    if ok is not None and not all(ok(v) for v in items):
        raise ValueError(f"{name} must hold {allowed or 'valid values'}, got {value!r}")
    return items


def whole_constant(name: str, value, low: int, high: int | None = None, why: str = "") -> int:
    """``value`` as a whole number in ``[low, high]``, or a ValueError naming the constant and,
    with ``why``, what sets the bound (e.g. the run time, where it grows steeply)."""
    if not is_whole(value) or value < low or (high is not None and value > high):
        span = f"[{low}, {high}]" if high is not None else f">= {low}"
        raise ValueError(f"{name} must be a whole number {span}, got {value!r}"
                         + (f": {why}" if why else ""))
    return int(value)
