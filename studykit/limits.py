"""Limits on the work one call may start: a size cap (``at_most``) and a memory cap (``memory``).

``studykit.checks`` re-exports these, so callers keep writing ``from studykit.checks import
memory``. The memory cap is ``GAMEAI_MAX_MEMORY_GB`` when set, else half of this machine's memory.
"""

from __future__ import annotations

import math
import os

MEMORY_VARIABLE = "GAMEAI_MAX_MEMORY_GB"


def at_most(value: int, name: str, limit: int, why: str) -> int:
    """Refuse a size beyond ``limit`` (the work it would start is beyond this machine)."""
    if value > limit:
        raise ValueError(f"{name}={value:,} is more than the limit {limit:,}: {why}")
    return value


def memory_limit() -> float:
    """Bytes one call may allocate: ``GAMEAI_MAX_MEMORY_GB`` when set, else half of this
    machine's physical memory (or 8 GB when it cannot be read)."""
    text = os.environ.get(MEMORY_VARIABLE, "").strip()
    if text:
        try:
            limit = float(text)
        except ValueError:
            limit = float("nan")
        if not (math.isfinite(limit) and limit > 0):
            raise ValueError(f"{MEMORY_VARIABLE} must be a positive number of gigabytes, got {text!r}")
        return limit * 1e9
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2
    except (ValueError, OSError, AttributeError):
        return 8e9


def memory(nbytes: float, what: str) -> None:
    """Refuse a call that would allocate about ``nbytes`` (``what`` says for what) beyond
    ``memory_limit()``; the message names the limit and how to raise it."""
    limit = memory_limit()
    if nbytes > limit:
        source = (f"set by {MEMORY_VARIABLE}" if os.environ.get(MEMORY_VARIABLE, "").strip()
                  else f"half of this machine's memory; set {MEMORY_VARIABLE} to change it")
        raise ValueError(f"{what} would need about {nbytes / 1e9:,.1f} GB, more than the "
                         f"{limit / 1e9:,.1f} GB allowed ({source})")
