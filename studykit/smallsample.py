"""Small-sample tests: Student's t in place of the normal tails when a mean rests on few values.

A mean of fewer than ``SMALL_SAMPLE`` values is tested with Student's t at the same two-sided
level as the normal test it replaces (``|z| <= 2``: 95.45%), its degrees of freedom ``n - 1``,
or Welch-Satterthwaite's when two estimates' errors are combined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from studykit.checks import real, shown, whole

SMALL_SAMPLE = 30


def sample_size(n, name: str = "n") -> int | None:
    """None (not stated), or the number of values behind a mean: a whole number >= 2 (one
    value has no standard error to test with)."""
    return None if n is None else whole(n, name, 2, why="a mean of one value has no error")


def is_small(*sizes: int | None) -> bool:
    """Whether any stated size is below ``SMALL_SAMPLE`` (None: not stated, not small)."""
    return any(n is not None and n < SMALL_SAMPLE for n in sizes)


def welch_df(*parts: tuple[float, int | None]) -> float:
    """The degrees of freedom of a sum of independent errors ``(se, n)``, by Welch and
    Satterthwaite: ``(sum se**2)**2 / sum(se**4 / (n - 1))``. A part with ``n`` None (a large
    sample, or an error known exactly) adds no term; one part gives ``n - 1``; no error (all se 0),
    or no stated size, gives infinity (the normal test)."""
    for i, (se, n) in enumerate(parts):
        real(se, f"se of part {i}", low=0)
        sample_size(n, f"n of part {i}")
    variance = sum(se * se for se, _ in parts)
    terms = sum((se * se) ** 2 / (n - 1) for se, n in parts if n is not None)
    if variance == 0:
        small = [n for _, n in parts if n is not None]
        return float(min(small) - 1) if small else math.inf
    return variance ** 2 / terms if terms > 0 else math.inf


def t_critical(z: float, df: float) -> float:
    """The critical ``|t|`` at the two-sided level of ``|z| <= z`` (z = 2: 95.45%) for ``df``
    degrees of freedom (infinity: ``z`` itself)."""
    z = real(z, "z", above=0)
    df = real(df, "df", above=0) if not (isinstance(df, float) and df == math.inf) else df
    if df == math.inf:
        return z
    from scipy.stats import norm, t      # here: importing studykit stays light (terminal games)

    return float(t.ppf(norm.cdf(z), df))


def df_text(df: float) -> str:
    """Degrees of freedom as a row prints them: whole ones as such, Welch's to one decimal."""
    if not isinstance(df, (int, float)) or math.isnan(df):
        raise TypeError(f"df must be a number, got {shown(df)}")
    return f"{df:.0f}" if float(df).is_integer() else f"{df:.1f}"



def t_reading(z: float, *parts: tuple[float, int | None],
              names: Sequence[str] = ("n", "reference n")) -> tuple[float, str] | None:
    """How a test at the level of ``|z| <= z`` reads a score whose error sums ``parts``, each
    ``(se, n)`` and named by ``names``: None when no part with an error (se > 0; the first when
    none has one) has a stated size below ``SMALL_SAMPLE`` (the normal test, as before);
    otherwise the critical ``|t|`` and its statement, ``"Student's t, 4 df: n = 5; the level of
    |z| <= 2"``. A small sample with no error at all (every se 0) is refused: no verdict
    without its error."""
    kept = [(name, se, n) for name, (se, n) in zip(names, parts) if se > 0] or \
        [(names[0], *parts[0])]
    if not is_small(*(n for _, _, n in kept)):
        return None
    if all(se == 0 for _, se, _ in kept):
        raise ValueError(f"a small-sample test needs an error, but the se of every part is 0 "
                         f"({', '.join(names[:len(parts)])}): compare exactly, or state the "
                         "error")
    df = welch_df(*((se, n) for _, se, n in kept))
    sizes = ", ".join(f"{name} = {n}" for name, _, n in kept if n is not None)
    return t_critical(z, df), f"Student's t, {df_text(df)} df: {sizes}; the level of |z| <= {z:g}"
