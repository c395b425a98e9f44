"""Strength along training on a fixed yardstick: the table each run of ``mix.train`` held after
chosen numbers of games, played by the 2-ply search against one fixed opponent (``ladder``), so
runs with and without the lookahead update are judged on one strength scale, not by their
distance to their own final values (``strength_over_training``); the per-run gain of one
variant over another (``paired_gain``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from mix.checks import reals
from mix.play.agentchecks import check_agent
from mix.play.agents import SearchAgent
from mix.play.ladder import ladder
from studykit.checks import whole


def strength_over_training(histories: dict, checkpoints, opponent, games: int, seed: int = 0,
                           chunks: int = 1, n_jobs: int | None = 1,
                           features: str = "bits-strict", cache=None) -> pd.DataFrame:
    """``histories``: ``{variant: array runs x (training games + 1) x states}`` (the stacked
    ``train_trial`` histories). The table of every run after each of ``checkpoints`` training
    games, searched 2 plies deep, plays ``opponent`` ``games`` games per seat (``ladder``).
    One row per (variant, run, checkpoint): ``wins`` and ``played`` over both seats, ``share``."""
    if not isinstance(histories, dict) or not histories:
        raise ValueError("histories must be a non-empty dict {variant: runs x games x states}")
    hs = {v: reals(h, f"histories[{v!r}]", ndim=3) for v, h in histories.items()}
    points = sorted({whole(n, "checkpoints", 0) for n in checkpoints})
    if not points:
        raise ValueError("checkpoints must name at least one number of training games")
    for v, h in hs.items():
        if points[-1] >= h.shape[1]:
            raise ValueError(f"checkpoint {points[-1]} beyond the {h.shape[1] - 1} training games "
                             f"of {v!r}")
    check_agent(opponent, "opponent")
    cells = [(v, i, n) for v, h in hs.items() for i in range(len(h)) for n in points]
    pairings = {f"{v} #{i} @{n}": (SearchAgent(hs[v][i, n], features, 2), opponent)
                for v, i, n in cells}
    lad = ladder(pairings, games, seed=seed, chunks=chunks, n_jobs=n_jobs, cache=cache,
                 backend="multiprocessing")
    played = (lad.games_X + lad.games_O).to_numpy()
    wins = (lad.win_as_X * lad.games_X + lad.win_as_O * lad.games_O).round().to_numpy()
    return pd.DataFrame({"variant": [c[0] for c in cells], "run": [c[1] for c in cells],
                         "games": [c[2] for c in cells], "wins": wins.astype(int),
                         "played": played.astype(int), "share": wins / played})


def paired_gain(table: pd.DataFrame, better: str, worse: str) -> tuple[np.ndarray, float, float]:
    """Each run's mean win share over the checkpoints under ``better`` minus that under
    ``worse`` (runs paired by index, as ``run_sweep`` seeds them): the differences, their
    mean and its standard error (0 with a single run)."""
    if not isinstance(table, pd.DataFrame) or not {"variant", "run", "share"} <= set(table):
        raise ValueError("table must come from strength_over_training")
    for name, v in (("better", better), ("worse", worse)):
        if not isinstance(v, str):
            raise TypeError(f"{name} must be a variant's name (text), got {type(v).__name__}")
    reals(table.share, "table's share", low=0, high=1)   # finite shares of games won
    mean = table.groupby(["variant", "run"]).share.mean()
    for v in (better, worse):
        if v not in mean.index.get_level_values(0):
            raise ValueError(f"no variant {v!r} in the table")
    a, b = mean[better], mean[worse]
    if not a.index.equals(b.index):
        raise ValueError(f"{better!r} and {worse!r} must have the same runs")
    diff = (a - b).to_numpy()
    se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return diff, float(diff.mean()), float(se)
