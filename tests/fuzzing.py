"""Shared pieces of the fuzz suite (tests/test_fuzz_*.py): bounded, derandomized hypothesis
settings, strategies for wrong values, and ``refused``, which asserts that a call is refused by
our own validation: a TypeError or ValueError raised from the repository's code (not from deep
inside numpy or the standard library), naming the argument, in under a second."""

from __future__ import annotations

import math
import time
from pathlib import Path

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
    ``names``, within SECONDS. Returns the error."""
    start = time.perf_counter()
    with pytest.raises((TypeError, ValueError)) as info:
        call()
    took = time.perf_counter() - start
    message = str(info.value)
    assert took < SECONDS, f"refused only after {took:.2f} s: {message}"
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
