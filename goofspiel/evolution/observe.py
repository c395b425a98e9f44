"""Tests of the article's observations on GA runs: the final scores and curves of the runs of
one setting, differences of means with their standard errors (and a verdict at two of them),
improvement along a run, and how often a run's best is never beaten after a given generation.

``final_scores`` and ``run_curves`` select runs among the rows of ``run_sweep(grid_trial, ...)``;
the other functions take plain arrays (final best scores, or per-generation best curves, one
row per trial) and return numbers a notebook can print and a claim row can test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from goofspiel.evolution.ga import History
from studykit.checks import array, whole
from studykit.stats import Estimate


@dataclass(frozen=True)
class Curves:
    """Per-generation ``best`` scores and survivor ``diversity`` of some GA runs: one row per run."""

    best: np.ndarray = field(repr=False)
    diversity: np.ndarray = field(repr=False)


@dataclass(frozen=True)
class Difference:
    """``a - b`` with its standard error and z-score."""

    diff: float
    se: float

    @property
    def z(self) -> float:
        if self.se == 0:
            return 0.0 if self.diff == 0 else float(np.sign(self.diff)) * np.inf
        return self.diff / self.se

    def __str__(self) -> str:
        return f"{self.diff:+.2f} ± {self.se:.2f} (z = {self.z:.1f})"

    @property
    def verdict(self) -> str:
        """'measurably better' (z > 2), 'measurably worse' (z < -2), else 'no measurable
        difference'."""
        if self.z > 2:
            return "measurably better"
        return "measurably worse" if self.z < -2 else "no measurable difference"


def _same(a, b) -> bool:
    """a == b as one True/False (an array or an odd __eq__ is simply not a match)."""
    try:
        same = a == b
    except Exception:  # noqa: BLE001
        return False
    return isinstance(same, (bool, np.bool_)) and bool(same)


def _runs(rows: Sequence[dict], match: dict) -> list[History]:
    """The GA runs (``History``) among ``rows`` of ``run_sweep(grid_trial, ...)`` whose settings
    equal ``match``, in row order."""
    if isinstance(rows, (str, bytes, dict)) or not isinstance(rows, Sequence):
        raise TypeError(f"rows must be the list of rows of run_sweep(grid_trial, ...), got "
                        f"{type(rows).__name__}")
    for k, r in enumerate(rows):
        if not isinstance(r, dict) or "result" not in r:
            raise ValueError(f"rows[{k}] must be a row of run_sweep(grid_trial, ...) (a dict with "
                             f"a 'result'), got {type(r).__name__}")
    sel = [r["result"] for r in rows if all(_same(r.get(k), v) for k, v in match.items())]
    if not sel:
        raise ValueError(f"rows hold no run matching {match!r} (of {len(rows)} rows)")
    if not all(isinstance(h, History) for h in sel):
        raise ValueError("rows must be rows of run_sweep(grid_trial, ...), whose results are "
                         "GA runs (History)")
    return sel


def final_scores(rows: Sequence[dict], **match) -> np.ndarray:
    """The final best score of each GA run among ``rows`` (rows of ``run_sweep(grid_trial,
    ...)``) whose settings equal ``match`` (settings not named are pooled), in row order."""
    return np.array([h.best_score for h in _runs(rows, match)])


def run_curves(rows: Sequence[dict], **match) -> Curves:
    """The per-generation best and diversity curves of the GA runs among ``rows`` (rows of
    ``run_sweep(grid_trial, ...)``) whose settings equal ``match``, one row per run."""
    sel = _runs(rows, match)
    return Curves(np.array([h.best for h in sel]), np.array([h.diversity for h in sel]))


def mean_se(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its standard error (``studykit.stats.Estimate``); at least
    two values, so that the SE is known."""
    return Estimate.of(values, min_n=2)


def difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Difference of two independent samples' means, with its standard error."""
    ea, eb = mean_se(a), mean_se(b)
    return Difference(ea.mean - eb.mean, float(np.hypot(ea.se, eb.se)))


def improvement(curves: np.ndarray, start: int, end: int | None = None) -> Difference:
    """Mean gain of the best score from generation ``start`` to ``end`` (1-based; default last),
    paired within each run."""
    c = array(curves, "curves", kind="real").astype(float)
    if c.ndim != 2:
        raise ValueError(f"curves must be 2-D (runs, generations), got shape {c.shape}")
    start = whole(start, "start")
    end = c.shape[1] if end is None else whole(end, "end")
    if not 1 <= start <= end <= c.shape[1]:
        raise ValueError(f"need 1 <= start <= end <= {c.shape[1]}, got start {start}, end {end}")
    gain = mean_se(c[:, end - 1] - c[:, start - 1])
    return Difference(gain.mean, gain.se)


def never_beaten_after(curves: np.ndarray, generation: int) -> float:
    """Share of runs whose final best score is already reached at ``generation`` (1-based)."""
    c, generation = array(curves, "curves", kind="real").astype(float), whole(generation, "generation")
    if c.ndim != 2 or not 1 <= generation <= c.shape[1]:
        raise ValueError(f"generation must be in 1..{c.shape[1] if c.ndim == 2 else '?'}, "
                         f"got {generation}")
    return float((c[:, generation - 1] >= c[:, -1]).mean())
