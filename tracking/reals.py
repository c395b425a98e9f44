"""Real-number arguments: ``studykit.checks.real``, with a whole number beyond float range (10**400)
refused as our ValueError naming the argument (``float()`` would raise OverflowError first).
Redundant once studykit's own check refuses such numbers; kept as the one door tracking uses."""

from __future__ import annotations

import sys

from studykit.checks import is_whole, shown
from studykit.checks import real as finite_real


def real(value, name: str, low: float | None = None, high: float | None = None, *,
         above: float | None = None, below: float | None = None) -> float:
    """A finite real number within the bounds (see ``studykit.checks.real``), as a float."""
    if is_whole(value) and abs(int(value)) > sys.float_info.max:
        raise ValueError(f"{name} must be a finite number, got {shown(value, 40)} (beyond float range)")
    return finite_real(value, name, low, high, above=above, below=below)
