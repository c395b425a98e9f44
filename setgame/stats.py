"""Proportions with standard errors, for independent draws and for turns grouped in games, and
the shares of game tables without a set or with 3 or more, under a named counting rule."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from setgame.arguments import count, integers, number
from setgame.games import GameTurns
from studykit.checks import array, flag, shown

MAX_DRAWS = 10**15          # draws behind a share (se_at's sample sizes)


@dataclass(frozen=True)
class Proportion:
    """A share ``p`` of True draws with its standard error ``se`` (NaN when unknown)."""

    p: float
    se: float

    def __post_init__(self):
        object.__setattr__(self, "p", number(self.p, "p", 0, 1))
        se = self.se
        if isinstance(se, (float, np.floating)) and np.isnan(se):
            object.__setattr__(self, "se", float("nan"))
        else:
            object.__setattr__(self, "se", number(se, "se", 0))


def _events(event, name: str = "event") -> np.ndarray:
    """True/False draws (or 0/1 whole numbers) as a bool array; other numbers are refused,
    since a share of "true" over 0.3 or 2 would be meaningless."""
    is_bool = isinstance(event, np.ndarray) and event.dtype == bool or (
        isinstance(event, (list, tuple)) and len(event) > 0
        and all(isinstance(v, (bool, np.bool_)) for v in event))
    arr = array(event, name, kind="bool" if is_bool else "real", ndim=1)
    if arr.dtype != bool and arr.size and (not np.issubdtype(arr.dtype, np.integer)
                                           or arr.min() < 0 or arr.max() > 1):
        raise ValueError(f"{name} must hold True/False draws (or 0/1), got values from "
                         f"{arr.min()} to {arr.max()} ({arr.dtype})")
    return arr.astype(bool)


def proportion(event) -> Proportion:
    """Fraction of True in independent draws, with its binomial standard error."""
    event = _events(event)
    if event.size == 0:
        raise ValueError("event must hold at least one draw")
    p = event.mean()
    return Proportion(float(p), float(np.sqrt(p * (1 - p) / event.size)))


def clustered_proportion(event, cluster) -> Proportion:
    """Fraction of True over turns that come in clusters (games), with a cluster-robust SE.

    Turns of one game are not independent, so the standard error treats each game as one
    draw of (events, turns) and uses the ratio estimator's linearised variance.
    """
    event = _events(event).astype(float)
    cluster = integers(cluster, "cluster", ndim=1)
    if event.shape != cluster.shape or event.size == 0:
        raise ValueError(f"event and cluster must be non-empty and of the same length, got "
                         f"{event.size} and {cluster.size}")
    _, index = np.unique(cluster, return_inverse=True)
    hits = np.bincount(index, weights=event)
    turns = np.bincount(index).astype(float)
    p = hits.sum() / turns.sum()
    k = len(turns)
    if k < 2:
        return Proportion(float(p), float("nan"))
    residual = hits - p * turns
    se = np.sqrt(k / (k - 1) * (residual**2).sum()) / turns.sum()
    return Proportion(float(p), float(se))


def se_at(estimate: Proportion, n: int, other_n: int) -> float:
    """The standard error ``estimate`` would have from ``other_n`` draws (games) instead of
    ``n``: its SE times sqrt(n / other_n). The sampling error of a share another study measured
    on a smaller sample of the same process (the blog's 5,000 games), when only its size is
    known; for games the clustered SE scales so too, since each game is one draw."""
    n, other_n = count(n, "n", 1, MAX_DRAWS), count(other_n, "other_n", 1, MAX_DRAWS)
    if not isinstance(estimate, Proportion):
        raise TypeError(f"estimate must be a Proportion, got {shown(estimate)} "
                        f"({type(estimate).__name__})")
    return float(estimate.se * np.sqrt(n / other_n))


@dataclass(frozen=True)
class GameShares:
    """Shares over the counted turns of simulated games, each with its cluster-robust SE."""

    turns: int                  # turns counted
    no_set: Proportion          # tables without a set
    three_or_more: Proportion   # tables with 3 or more sets


def counted_turns(games: GameTurns, *, count_final_table: bool) -> np.ndarray:
    """Which turns a game statistic counts (a bool mask): every table a player looks at with
    ``count_final_table=True``; with ``False``, all but each game's final, set-free table, as
    the blog's printed game loop does (it records a table's sets only after its game-over test).
    The argument has no default: the rule moves P(no set) by about half, so callers name it."""
    if not isinstance(games, GameTurns):
        raise TypeError(f"games must be GameTurns (simulate_games'), got {shown(games)} "
                        f"({type(games).__name__})")
    count_final_table = flag(count_final_table, "count_final_table")
    return np.ones(len(games), bool) if count_final_table else ~games.final


def game_shares(games: GameTurns, *, count_final_table: bool) -> GameShares:
    """P(no set) and P(3 or more sets) over the turns ``counted_turns`` keeps, each game one
    cluster of the standard error."""
    keep = counted_turns(games, count_final_table=count_final_table)
    if not keep.any():
        raise ValueError("games has no turn to count under this rule")
    sets, game = games.n_sets[keep], games.game[keep]
    return GameShares(int(keep.sum()), clustered_proportion(sets == 0, game),
                      clustered_proportion(sets >= 3, game))
