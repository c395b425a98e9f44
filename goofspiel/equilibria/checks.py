"""Argument checks shared by the equilibrium, the n! matrix game and the best replies."""

from __future__ import annotations

import math
import numbers

import numpy as np

PAYOFFS = ("margin", "winloss")


def check_payoff(payoff) -> None:
    """A ValueError unless ``payoff`` is one of ``PAYOFFS``."""
    if not isinstance(payoff, str) or payoff not in PAYOFFS:
        raise ValueError(f"payoff must be one of {PAYOFFS}, got {payoff!r}")


def check_number(name: str, value, low: float, high: float = math.inf) -> float:
    """``value`` as a real number in (low, high), else a TypeError / ValueError naming it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    if not low < value < high:
        span = f"({low:g}, {high:g})" if math.isfinite(high) else f"> {low:g} and finite"
        raise ValueError(f"{name} must be {span}, got {value!r}")
    return float(value)
