"""A notice when a call is slow to start because numba compiles it (10-30 s on a loaded machine
the first time, then read from numba's on-disk cache): without it the call says nothing.

    with compile_notice("the lockstep games"):
        results = kernel(tables, starts)      # prints one line to stderr only if still busy
                                              # after a second
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager

from studykit.checks import real

#: Seconds a first call may take before the notice is printed.
AFTER = 1.0

_announced: set[str] = set()


def say(label: str) -> None:
    """Print the notice for ``label`` to stderr (once per process)."""
    if label in _announced:
        return
    _announced.add(label)
    print(f"(numba is compiling {label}: a first run on this machine can take 10-30 s; "
          "later runs read the compiled code from numba's cache)", file=sys.stderr, flush=True)


@contextmanager
def compile_notice(label: str, after: float = AFTER):
    """Around a call that may compile: one line on stderr if it is still running after
    ``after`` seconds, once per ``label`` and process; nothing when it is quick."""
    if not isinstance(label, str) or not label:
        raise TypeError(f"label must be a non-empty text, got {label!r}")
    after = real(after, "after", low=0)
    if label in _announced:
        yield
        return
    timer = threading.Timer(after, say, args=(label,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
