"""Censuses over ranges of open boards: who wins each (board, first mover) under optimal play
and in how many cat moves, set against the parity rule, the article's rule and the R + C - 3
law; and the same for players moving at other speeds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from catmouse.board import article_rule_cat_wins, check_first_move, parity_rule_cat_wins
from catmouse.exact.solve import optimal_capture
from catmouse.exact.speeds import check_speed, solve_speeds
from studykit.checks import whole

FIRST_MOVERS = ("cat", "mouse")


def check_sides(sides: Iterable[int]) -> tuple[int, ...]:
    """Board sides of a census: at least one, each a whole number >= 2."""
    out = tuple(whole(s, "sides", 2) for s in sides)
    if not out:
        raise ValueError("sides must hold at least one board side")
    return out


@dataclass(frozen=True)
class CaptureCase:
    """One open board and first mover: the optimal capture (cat moves, None when the mouse
    evades) and what the parity rule and the article's rule say about who wins."""

    rows: int
    cols: int
    first: str
    value: int | None
    parity_says_cat: bool
    article_says_cat: bool


@dataclass(frozen=True)
class Census:
    """Every (rows, cols, first mover) with rows and cols from ``sides``, solved exactly."""

    sides: tuple[int, ...]
    cases: tuple[CaptureCase, ...]

    @property
    def parity_ok(self) -> bool:
        """The parity rule names the winner of every case."""
        return all((c.value is not None) == c.parity_says_cat for c in self.cases)

    @property
    def length_ok(self) -> bool:
        """Every case the cat wins takes R + C - 3 cat moves."""
        return all(c.value == c.rows + c.cols - 3 for c in self.cases if c.value is not None)

    @property
    def article_wrong(self) -> list[tuple[int, int, str]]:
        """The (rows, cols, first mover) where the article's rule names the wrong winner."""
        return [(c.rows, c.cols, c.first) for c in self.cases
                if (c.value is not None) != c.article_says_cat]

    def grid(self, first: str) -> np.ndarray:
        """Optimal cat moves by (rows, cols) for one first mover (inf: the mouse evades)."""
        check_first_move(first)
        index = {s: k for k, s in enumerate(self.sides)}
        out = np.full((len(self.sides),) * 2, np.inf)
        for c in self.cases:
            if c.first == first and c.value is not None:
                out[index[c.rows], index[c.cols]] = c.value
        return out


def capture_census(sides: Iterable[int]) -> Census:
    """Solve every open board with sides from ``sides`` (rows x cols), both first movers."""
    sides = check_sides(sides)
    return Census(sides, tuple(
        CaptureCase(r, c, f, optimal_capture(r, c, f), parity_rule_cat_wins(r, c, f),
                    article_rule_cat_wins(r, c, f))
        for r in sides for c in sides for f in FIRST_MOVERS))


@dataclass(frozen=True)
class SpeedCensus:
    """Optimal cat turns from the corner start, per (cat speed, mouse speed), board and first
    mover (inf: the mouse evades)."""

    sides: tuple[int, ...]
    values: dict

    def grid(self, speeds: tuple[int, int], first: str = "cat") -> np.ndarray:
        """Cat turns by (rows, cols) for one pair of speeds and first mover."""
        return np.array([[self.values[tuple(speeds), r, c, first] for c in self.sides]
                         for r in self.sides])

    def cat_wins(self, speeds: tuple[int, int], first: str) -> int:
        """On how many boards the cat wins at these speeds with this first mover."""
        return int(np.isfinite(self.grid(speeds, first)).sum())


def speed_census(sides: Iterable[int], speeds: Sequence[tuple[int, int]]) -> SpeedCensus:
    """Solve every open board with sides from ``sides`` for each (cat, mouse) speed pair."""
    sides = check_sides(sides)
    pairs = []
    for pair in speeds:
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ValueError(f"speeds must hold (cat speed, mouse speed) pairs, got {pair!r}")
        pairs.append((check_speed("cat_speed", pair[0]), check_speed("mouse_speed", pair[1])))
    values = {}
    for pair in pairs:
        for r in sides:
            for c in sides:
                times = solve_speeds(r, c, *pair)
                for first in ("cat", "mouse"):
                    values[pair, r, c, first] = float(times.to_move(first)[0, r * c - 1])
    return SpeedCensus(sides, values)
