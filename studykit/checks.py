"""Argument checks for the studies' public entry points, shared by every package.

Each check takes a value and the argument's name, returns the value in a plain form (an
``int``, a ``float``, a tuple, an array) and otherwise raises an error that names the argument,
shows the value and says what is allowed: ``TypeError`` for a value of the wrong kind (text
where a number belongs, a float where a count belongs), ``ValueError`` for a value of the right
kind that is not allowed (a negative count, NaN, an unknown name, a run too big for this
machine). They run once, at the boundary, never inside a hot loop.

    steps = whole(steps, "steps", 0, MAX_STEPS)
    beta = real(beta, "beta", low=0)                  # finite, >= 0: NaN and inf refused
    motion = choice(motion, "motion", ("uniform", "explorer"))
    memory(8 * steps * cells, "the beliefs")          # refuses beyond the machine, says how to override

The same functions check a notebook's first-cell constants, value first, then the constant's
name, then what is allowed (the one way every notebook does it):

    ROWS = whole(ROWS, "ROWS", 2, 20)                 # an integer in 2..20
    BETA = real(BETA, "BETA", low=0)                  # a finite real number >= 0
    RULE = choice(RULE, "RULE", ("eat", "carry"))     # one of a few names
    ANIMATE = flag(ANIMATE, "ANIMATE")                # True or False
    SEED = seed(SEED, "SEED")                         # a whole number >= 0
    DEPTHS = sequence(DEPTHS, "DEPTHS", lambda v, n: whole(v, n, 1, 6), distinct=True)
"""

from __future__ import annotations

import math
import numbers
from ast import literal_eval
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from studykit.limits import MEMORY_VARIABLE, at_most, memory, memory_limit  # noqa: F401 - part of this API


def shown(value, width: int = 80) -> str:
    """``repr(value)`` cut to ``width`` characters, for error messages."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width else text[:width - 5] + " ...>"


def _kind(value) -> str:
    return type(value).__name__


def _span(low, high, above=None, below=None) -> str:
    parts = []
    if above is not None:
        parts.append(f"> {above:g}" if isinstance(above, float) else f"> {above}")
    elif low is not None:
        parts.append(f">= {low:,}" if isinstance(low, int) else f">= {low:g}")
    if below is not None:
        parts.append(f"< {below:g}" if isinstance(below, float) else f"< {below}")
    elif high is not None:
        parts.append(f"<= {high:,}" if isinstance(high, int) else f"<= {high:g}")
    if low is not None and high is not None and above is None and below is None:
        return (f"from {low:,} to {high:,}" if isinstance(low, int) and isinstance(high, int)
                else f"in [{low:g}, {high:g}]")
    return " and ".join(parts)


def is_whole(value) -> bool:
    """True for an integer (Python or numpy), False for bools, floats and everything else."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def whole(value, name: str, low: int | None = None, high: int | None = None, *,
          why: str = "") -> int:
    """An integer (not a bool or float) in ``low..high`` as a Python int; ``why``: the error's end."""
    reason = f": {why}" if why else ""
    if not is_whole(value):
        span = _span(low, high)
        raise TypeError(f"{name} must be a whole number{' ' + span if span else ''}, "
                        f"got {shown(value)} ({_kind(value)}){reason}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be a whole number {_span(low, high)}, "
                         f"got {_digits(value)}{reason}")
    return value


def _digits(value: int) -> str:
    """``value`` with thousands separators, or its size when it is too long to print."""
    if abs(value) < 10**60:
        return f"{value:,}"
    return f"a number of {value.bit_length() * 0.30103:.0f} digits"


def real(value, name: str, low: float | None = None, high: float | None = None, *,
         above: float | None = None, below: float | None = None) -> float:
    """A finite real number (NaN and infinities refused) with ``low <= value <= high`` and
    ``above < value < below`` (each bound optional); returned as a float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {shown(value)} ({_kind(value)})")
    span = _span(low, high, above, below)
    try:
        number = float(value)
    except OverflowError:                      # 10**400: beyond float range
        raise ValueError(f"{name} must be a finite number{' ' + span if span else ''}, got a "
                         f"number beyond float range: {shown(value)}") from None
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number{' ' + span if span else ''}, "
                         f"got {shown(value)}")
    if ((low is not None and number < low) or (high is not None and number > high)
            or (above is not None and number <= above) or (below is not None and number >= below)):
        raise ValueError(f"{name} must be a number {span}, got {shown(value)}")
    return number


def flag(value, name: str) -> bool:
    """True or False (numpy's bool included); returned as a Python bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {shown(value)} ({_kind(value)})")
    return bool(value)


def choice(value, name: str, choices: Iterable):
    """One of ``choices``, compared with == (text only matches text, a bool only a bool), so an
    unhashable or array value is refused cleanly; returns the matching choice."""
    options = tuple(choices)
    for option in options:
        if isinstance(value, str) != isinstance(option, str) or (
                isinstance(value, (bool, np.bool_)) != isinstance(option, (bool, np.bool_))):
            continue
        try:
            same = value == option
        except Exception:  # noqa: BLE001, S112 - an odd __eq__ is simply not a match
            continue
        if isinstance(same, (bool, np.bool_)) and same:
            return option
    raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}; got {shown(value)}")


def seed(value, name: str = "seed") -> int:
    """A whole-number seed >= 0; None is refused (it would make every run different)."""
    if value is None:
        raise TypeError(f"{name} must be a whole number >= 0, got None (None would draw a fresh "
                        "random seed, so no two runs would agree)")
    return whole(value, name, 0)


def items(value, name: str, *, min_len: int = 0, max_len: int | None = None) -> tuple:
    """A list, tuple, range or 1-D array (not text, not a mapping or set) as a tuple of
    ``min_len`` to ``max_len`` items."""
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional, got an array of shape {value.shape}")
        value = value.tolist()
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a list or tuple, got {shown(value)} ({_kind(value)})")
    out = tuple(value)
    if len(out) < min_len or (max_len is not None and len(out) > max_len):
        span = _span(min_len, max_len)
        raise ValueError(f"{name} must hold {span} items, got {len(out):,}: {shown(value)}")
    return out


def sequence(value, name: str, item: Callable | None = None, *, min_len: int = 1,
             max_len: int | None = None, distinct: bool = False) -> tuple:
    """A list constant of a notebook: a list, tuple or 1-D array, or the text of a list or tuple
    (papermill passes a tuple as its text, ``"(5, 6)"``), with ``min_len`` to ``max_len`` items,
    each cleaned by ``item(value, name)`` (e.g. ``lambda v, n: whole(v, n, 1, 6)``); returned as a
    tuple. ``distinct=True`` refuses an item given twice."""
    if isinstance(value, str) and value.lstrip()[:1] in ("(", "["):
        try:
            parsed = literal_eval(value) if len(value) <= 100_000 else None
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            parsed = None
        if not isinstance(parsed, (list, tuple)):
            raise ValueError(f"{name} must be a list or tuple, got the text {shown(value)}")
        value = parsed
    out = items(value, name, min_len=min_len, max_len=max_len)
    if item is not None:
        out = tuple(item(v, f"{name}[{i}]") for i, v in enumerate(out))
    if distinct:
        try:
            repeated = len(set(out)) != len(out)
        except TypeError:                                  # unhashable items: compare pairwise
            repeated = any(a == b for i, a in enumerate(out) for b in out[:i])
        if repeated:
            raise ValueError(f"{name} must not list an item twice, got {shown(value)}")
    return out


def cell(value, name: str) -> tuple[int, int]:
    """A grid cell: a pair of whole numbers, as a tuple."""
    pair = items(value, name)
    if len(pair) != 2 or not all(is_whole(v) for v in pair):
        raise ValueError(f"{name} must be a cell (x, y) of two whole numbers, got {shown(value)}")
    return int(pair[0]), int(pair[1])


def holds_bool(value, limit: int = 1_000_000) -> bool:
    """Whether a list or tuple (nested) holds a bool (numpy would read it as 0 or 1); the first
    ``limit`` items are looked at."""
    todo, seen = [value], 0
    while todo and seen < limit:
        item = todo.pop()
        seen += 1
        if isinstance(item, (bool, np.bool_)):
            return True
        if isinstance(item, (list, tuple)):
            todo.extend(item)
    return False


def array(value, name: str, *, ndim: int | Sequence[int] | None = None, kind: str = "real",
          low: float | None = None, high: float | None = None) -> np.ndarray:
    """A numeric array of the given ``kind`` ("bool", "integer" or "real": finite numbers,
    integers included, bools not), dimension(s) ``ndim`` and values in ``low..high``. Integers are never
    converted from floats (a float card or index would be silently truncated)."""
    if kind not in ("bool", "integer", "real"):
        raise ValueError(f"kind must be 'bool', 'integer' or 'real', got {kind!r}")
    if kind != "bool" and holds_bool(value):
        raise TypeError(f"{name} must hold numbers, not True/False, got {shown(value)}")
    try:
        arr = np.asarray(value)
    except OverflowError:                     # numpy arrays beyond float range among floats
        raise ValueError(f"{name} must hold numbers within float range (about 1.8e308), got "
                         f"{shown(value)}") from None
    except (ValueError, TypeError) as error:  # ragged lists, objects numpy cannot take
        raise ValueError(f"{name} must be a rectangular array of numbers, got {shown(value)} "
                         f"({error})") from None
    if arr.dtype.kind == "f" and not isinstance(value, np.ndarray) and arr.size:
        arr = _integers_kept(value, arr)  # [np.uint64(1), 2] reads as floats: keep the integers
    if arr.dtype == object and arr.size:  # Python numbers numpy left as objects
        flat = list(arr.flat)
        if all(is_whole(v) for v in flat):
            try:
                arr = arr.astype(np.int64)
            except OverflowError:  # integers beyond int64 (exact counts) stay Python ints
                pass
        elif kind == "real" and all(isinstance(v, numbers.Real) for v in flat):
            try:
                arr = arr.astype(float)
            except OverflowError:     # a whole number beyond float range among the floats
                raise ValueError(f"{name} must hold numbers within float range (about 1.8e308), "
                                 f"got {shown(value)}") from None
    if ndim is not None:
        dims = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if arr.ndim not in dims:
            want = " or ".join(map(str, dims))
            raise ValueError(f"{name} must be a {want}-dimensional array, got shape {arr.shape}")
    if not arr.size:
        return arr
    dtype_ok = {"bool": lambda d: d == np.bool_,
                "integer": lambda d: np.issubdtype(d, np.integer),
                "real": lambda d: np.issubdtype(d, np.integer) or np.issubdtype(d, np.floating)
                }[kind]
    big_ints = arr.dtype == object and kind in ("integer", "real") and all(
        is_whole(v) for v in arr.flat)
    if not (dtype_ok(arr.dtype) or big_ints):
        words = {"bool": "True/False values", "integer": "whole numbers",
                 "real": "numbers"}[kind]
        raise TypeError(f"{name} must hold {words}, got dtype {arr.dtype}: {shown(value)}")
    if kind == "real" and np.issubdtype(arr.dtype, np.floating) and not np.isfinite(arr).all():
        raise ValueError(f"{name} must hold finite numbers (no NaN or infinity), got {shown(value)}")
    if (low is not None and arr.min() < low) or (high is not None and arr.max() > high):
        raise ValueError(f"{name} must hold values {_span(low, high)}, got values from "
                         f"{arr.min()} to {arr.max()}")
    return _widened(arr)


def _integers_kept(value, arr: np.ndarray) -> np.ndarray:
    """A list of whole numbers that numpy read as floats (numpy and Python integers mixed) as
    int64, or as Python ints when beyond int64; any other list as numpy read it."""
    try:
        objects = np.asarray(value, dtype=object)
    except (ValueError, TypeError):
        return arr
    if objects.shape != arr.shape or not all(is_whole(v) for v in objects.flat):
        return arr
    whole_values = np.empty(arr.shape, dtype=object)
    whole_values.flat[:] = [int(v) for v in objects.flat]
    try:
        return whole_values.astype(np.int64)
    except OverflowError:
        return whole_values


def _widened(arr: np.ndarray) -> np.ndarray:
    """An array of a small or unsigned integer dtype as int64 (so arithmetic on it cannot wrap:
    ``np.uint8(1) - 2`` is 255), when its values fit; any other array unchanged."""
    if arr.dtype.kind in "iu" and arr.dtype != np.int64 and arr.size:
        if arr.dtype != np.uint64 or arr.max() <= np.iinfo(np.int64).max:
            return arr.astype(np.int64)
    return arr


def generator(value, name: str = "rng") -> np.random.Generator:
    """A ``numpy.random.Generator`` (e.g. ``np.random.default_rng(0)``)."""
    if not isinstance(value, np.random.Generator):
        raise TypeError(f"{name} must be a numpy Generator such as np.random.default_rng(0), "
                        f"got {shown(value)} ({_kind(value)})")
    return value
