"""Timings that two runs on one machine agree on: the fastest of several repeats, counted in
the CPU time of this process, so other jobs on the machine slow it little (a wall-clock time
grows with them). Speed claims are tested on these, or on ratios of them."""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

from studykit.checks import whole

MAX_REPEATS = 100


def best_cpu_seconds(fn: Callable[[], object], repeats: int = 3) -> float:
    """The least CPU time (seconds, ``time.process_time``) of ``repeats`` calls of ``fn()``,
    with the garbage collector paused during each call (``timeit.repeat``)."""
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    repeats = whole(repeats, "repeats", 1, MAX_REPEATS)
    return min(timeit.repeat(fn, timer=time.process_time, repeat=repeats, number=1))
