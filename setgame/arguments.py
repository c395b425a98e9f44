"""Set's arguments converted once, at the boundary: whole numbers, real numbers and integer arrays.

Each function returns the converted value (a Python ``int`` or ``float``, an ``int64`` array)
and the caller computes with that value only, so ``np.uint8``, ``np.int8`` or ``np.uint64``
give the same answers as Python ints. Errors are ``TypeError`` (wrong kind) or ``ValueError``
(right kind, value not allowed), raised here and naming the argument. Beyond
``studykit.checks`` (which these wrap) they also take a 0-d integer array as a number, refuse
numbers beyond float range with our ValueError (not Python's OverflowError), and read a list
that mixes numpy and Python integers as integers (numpy alone reads ``[np.uint64(3), -1]`` as
floats).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from studykit.checks import at_most, holds_bool, is_whole, shown, whole

MAX_ITEMS = 10**8          # integer array items converted by ``integers`` (0.8 GB as int64)


def scalar(value):
    """A 0-d numpy array as its one number (numpy's own scalar); anything else unchanged."""
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iufb":
        return value[()]
    return value


def count(value, name: str, low: int | None = None, high: int | None = None, *,
          why: str = "") -> int:
    """A whole number (Python or numpy integer, or a 0-d integer array; never a bool or float)
    in ``low..high``, as a Python int."""
    return whole(scalar(value), name, low, high, why=why)


def capped_count(value, name: str, low: int, limit: int, why: str) -> int:
    """``count`` from ``low``, refused beyond ``limit`` (the work it would start) with ``why``."""
    value = count(value, name, low)
    if value > limit:
        raise ValueError(f"{name}={shown(value, 40)} is more than the limit {limit:,}: {why}")
    return value


def number(value, name: str, low: float | None = None, high: float | None = None) -> float:
    """A finite real number (numpy floats and integers too, not bools) in [low, high], as a float;
    an integer beyond float range is our ValueError."""
    value = scalar(value)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {shown(value)} ({type(value).__name__})")
    try:
        result = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be a finite number, got one of {len(str(value))} "
                         f"digits") from None
    span = (f" in [{low:g}, {high:g}]" if low is not None and high is not None
            else f" >= {low:g}" if low is not None else f" <= {high:g}" if high is not None
            else "")
    if not math.isfinite(result) or (low is not None and result < low) or (
            high is not None and result > high):
        raise ValueError(f"{name} must be a finite number{span}, got {shown(value)}")
    return result


def _flat_integers(value, name: str) -> np.ndarray:
    """A nested list of Python and numpy integers as an object array of Python ints (its shape
    kept), refusing anything that is not a whole number."""
    try:
        objects = np.array(value, dtype=object)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be a rectangular array of whole numbers, got "
                         f"{shown(value)}") from None
    if isinstance(value, np.ndarray) and value.dtype.kind == "f" or not all(
            is_whole(v) for v in objects.flat):
        bad = next((v for v in objects.flat if not is_whole(v)), None)
        raise TypeError(f"{name} must hold whole numbers, got {shown(bad)} "
                        f"({type(bad).__name__}) in {shown(value)}")
    return np.array([int(v) for v in objects.flat], dtype=object).reshape(objects.shape)


def integers(value, name: str, *, ndim: int | tuple[int, ...] | None = None,
             low: int | None = None, high: int | None = None) -> np.ndarray:
    """An array of whole numbers (any integer dtype, a list or tuple of Python or numpy ints;
    never bools or floats, not even 2.0) of dimension(s) ``ndim`` with values in ``low..high``,
    as int64 (the bounds are checked on the exact values first, so nothing wraps)."""
    if isinstance(value, (str, bytes, dict, set)) or value is None:
        raise TypeError(f"{name} must be an array of whole numbers, got {shown(value)} "
                        f"({type(value).__name__})")
    if holds_bool(value) or (isinstance(value, np.ndarray) and value.dtype == bool):
        raise TypeError(f"{name} must hold whole numbers, not True/False, got {shown(value)}")
    if isinstance(value, np.ndarray) and value.dtype.kind in "iu":
        arr = value
    else:
        try:
            arr = np.asarray(value)
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is None or arr.dtype.kind not in "iub":
            arr = _flat_integers(value, name)
    dims = None if ndim is None else (ndim,) if isinstance(ndim, int) else tuple(ndim)
    if dims is not None and arr.ndim not in dims:
        want = " or ".join(map(str, dims))
        raise ValueError(f"{name} must be a {want}-dimensional array, got shape {arr.shape}")
    at_most(arr.size, f"the number of items of {name}", MAX_ITEMS, "beyond this machine")
    if arr.size:
        smallest, largest = arr.min(), arr.max()
        if (low is not None and smallest < low) or (high is not None and largest > high):
            span = (f"from {low} to {high}" if low is not None and high is not None
                    else f">= {low}" if low is not None else f"<= {high}")
            raise ValueError(f"{name} must hold whole numbers {span}, got values from "
                             f"{shown(smallest, 30)} to {shown(largest, 30)}")
    if arr.dtype == object:
        if arr.size and (min(arr.flat) < -2**63 or max(arr.flat) >= 2**63):
            raise ValueError(f"{name} must hold whole numbers of at most 63 bits, got "
                             f"{shown(value)}")
        return arr.astype(np.int64)
    if arr.dtype == np.uint64 and arr.size and arr.max() >= 2**63:
        raise ValueError(f"{name} must hold whole numbers of at most 63 bits, got "
                         f"{shown(value)}")
    return arr.astype(np.int64, copy=False)
