"""Shared pieces of the fuzz suite (tests/test_fuzz_*.py): bounded, derandomized hypothesis
settings, strategies for wrong values, and ``refused``, which asserts that a call is refused by
our own validation: a TypeError or ValueError raised from the repository's code (not from deep
inside numpy or the standard library), naming the argument, in under a second."""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
OURS = tuple(str(ROOT / p) for p in ("studykit", "setgame", "tracking", "goofspiel", "mix",
                                            "catmouse"))
SECONDS = 1.0

# bounded and deterministic: the same examples on every run, so CI cannot flake
FUZZ = settings(max_examples=60, deadline=2000, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def refused(call, *names: str):
    """Run ``call()``; it must raise TypeError or ValueError from our code, naming one of
    ``names``, within SECONDS of CPU time (the process's, so a loaded machine does not count;
    a first call that imports modules is measured again once they are imported). Returns the
    error."""
    took = math.inf
    for _ in range(2):
        start = time.process_time()
        with pytest.raises((TypeError, ValueError)) as info:
            call()
        took = time.process_time() - start
        if took < SECONDS:
            break
    message = str(info.value)
    assert took < SECONDS, f"refused only after {took:.2f} s of CPU time: {message}"
    assert not names or any(n in message for n in names), \
        f"the message does not name {names}: {message}"
    frame = info.tb
    while frame.tb_next is not None:
        frame = frame.tb_next
    where = frame.tb_frame.f_code.co_filename
    assert where.startswith(OURS), f"raised from {where}, not from our validation: {message}"
    return info.value


# ---- wrong values ----------------------------------------------------------------------------
not_a_number = st.one_of(st.none(), st.text(max_size=4), st.lists(st.integers(), max_size=2),
                         st.just(object()), st.just(1j))
bad_float = st.sampled_from([math.nan, math.inf, -math.inf])


def not_whole() -> st.SearchStrategy:
    """Values that are not whole numbers: floats (even 3.0), bools, text, None, lists."""
    return st.one_of(st.floats(allow_nan=True), st.booleans(), not_a_number)


def whole_outside(low: int | None, high: int | None) -> st.SearchStrategy:
    """Whole numbers outside [low, high] (huge ones included)."""
    parts = []
    if low is not None:
        parts.append(st.integers(max_value=low - 1))
    if high is not None:
        parts.append(st.integers(min_value=high + 1))
    return st.one_of(*parts)


def bad_whole(low: int | None, high: int | None) -> st.SearchStrategy:
    return st.one_of(not_whole(), whole_outside(low, high))


def bad_real(low: float | None = None, high: float | None = None) -> st.SearchStrategy:
    """Not numbers, NaN and infinities, and finite numbers outside [low, high]."""
    parts = [not_a_number, st.booleans(), bad_float]
    if low is not None:
        parts.append(st.floats(max_value=low, exclude_max=True, allow_nan=False,
                               allow_infinity=False))
    if high is not None:
        parts.append(st.floats(min_value=high, exclude_min=True, allow_nan=False,
                               allow_infinity=False))
    return st.one_of(*parts)


def bad_name(known) -> st.SearchStrategy:
    """Anything but one of the known names (other text, numbers, None, lists)."""
    return st.one_of(st.text(max_size=12), st.integers(), st.none(), st.lists(st.text(), max_size=2)
                     ).filter(lambda v: not (isinstance(v, str) and v in known))


not_a_flag = st.one_of(st.integers(), st.text(max_size=3), st.none(), st.just("no"))


# ---- classes added for issue 30: numpy scalars, bools where a count belongs, text booleans,
# NaN in every guise, huge sizes (generic: every package's fuzz tests may use them) -----------
NUMPY_INTEGER_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
                       np.uint64)


def numpy_integers(min_value: int = -100, max_value: int = 100) -> st.SearchStrategy:
    """numpy integer scalars (every width, signed and unsigned) from min_value to max_value:
    where a Python int is accepted, these must be too."""
    def fits(pair):
        kind, value = pair
        info = np.iinfo(kind)
        return info.min <= value <= info.max

    return (st.tuples(st.sampled_from(NUMPY_INTEGER_TYPES),
                      st.integers(min_value=min_value, max_value=max_value))
            .filter(fits).map(lambda pair: pair[0](pair[1])))


def whole_numbers(min_value: int = -100, max_value: int = 100) -> st.SearchStrategy:
    """Python ints and numpy integer scalars alike."""
    return st.one_of(st.integers(min_value=min_value, max_value=max_value),
                     numpy_integers(min_value, max_value))


numpy_floats = st.one_of(st.floats(width=32, allow_nan=True).map(np.float32),
                         st.floats(allow_nan=True).map(np.float64))
# True/False where a count or a size belongs: never a whole number
bools = st.sampled_from([True, False, np.bool_(True), np.bool_(False)])
# text that reads like a truth value: never a bool
string_booleans = st.sampled_from(["no", "yes", "true", "false", "True", "False", "0", "1",
                                   "off", "on", "", "n", "y"])
# NaN and infinities as Python and numpy floats
nan_like = st.sampled_from([math.nan, -math.nan, math.inf, -math.inf, np.float64("nan"),
                            np.float32("nan"), np.float64("inf"), np.float32("-inf")])
# sizes no study can run: must be refused at once, never started
huge_whole = st.sampled_from([10**6, 10**7, 10**9, 10**12, 2**31, 2**63 - 1, 2**63, 10**18,
                              10**100, np.int64(10**12), np.uint64(2**63)])


# ---- the same value in other integer dtypes --------------------------------------------------
INT_DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              np.intp)


def in_dtypes(value: int) -> list:
    """``value`` as a numpy scalar of every integer dtype that holds it (uint8 for 3, not for
    -1): a call must give each the answer the Python int gives."""
    out = []
    for dtype in INT_DTYPES:
        info = np.iinfo(dtype)
        if info.min <= value <= info.max:
            out.append(dtype(value))
    return out


def array_in_dtypes(values) -> list[np.ndarray]:
    """An integer array as every integer dtype that holds all its values."""
    arr = np.asarray(values)
    out = []
    for dtype in INT_DTYPES:
        info = np.iinfo(dtype)
        if not arr.size or (info.min <= arr.min() and arr.max() <= info.max):
            out.append(arr.astype(dtype))
    return out
