"""A checked ``str.format`` pattern for one printed number (the claim tables' and comparisons'
``fmt`` arguments)."""

from __future__ import annotations

import re

from studykit.checks import shown


def number_format(value, name: str = "fmt") -> str:
    """A ``str.format`` pattern for one number (``"{:.3f}"``, ``"{:+.2e}"``): text that formats a
    float, with no width or precision beyond 999 (a ``"{:.100000000f}"`` would take the memory)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a format text such as '{{:.3f}}', got {shown(value)} "
                        f"({type(value).__name__})")
    if len(value) > 200 or any(len(run) > 3 for run in _digit_runs(value)):
        raise ValueError(f"{name} must be a short format text with widths and precisions "
                         f"below 1000, got {shown(value)}")
    try:
        value.format(1.5)
    except (ValueError, TypeError, IndexError, KeyError, AttributeError) as error:
        raise ValueError(f"{name} must be a format text for one number such as '{{:.3f}}', got "
                         f"{shown(value)} ({error})") from None
    return value


def formatted(fmt: str, value: float) -> str:
    """``fmt.format(value)``, but a value that prints as zero carries no minus sign (``-0.00``
    would read as a negative effect): it is printed as zero is."""
    text = fmt.format(value)
    mantissa = re.split(r"[eE]", text)[0]
    if "-" in mantissa and not re.search(r"[1-9]", mantissa):
        return fmt.format(0.0)
    return text


def _digit_runs(text: str) -> list[str]:
    runs, current = [], ""
    for char in text:
        if char.isdigit():
            current += char
        else:
            runs, current = runs + [current] if current else runs, ""
    return runs + [current] if current else runs
