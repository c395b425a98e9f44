"""Censuses over ranges of open boards: who wins each (board, first mover) under optimal play
and in how many cat moves, set against the parity rule, the article's rule and the R + C - 3
law; and the same for players moving at other speeds."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from catmouse.arguments import MAX_SIDE, MAX_SOLVER_WORK
from catmouse.exact.solve import solve
from catmouse.exact.speeds import MAX_WORK, check_speed, solve_speeds, speed_work
from catmouse.limits import FIRST_MOVERS
from catmouse.parity import article_rule_cat_wins, parity_rule_cat_wins
from catmouse.rules import check_first_move, corner_start
from studykit.checks import choice, items, shown, whole


def check_sides(sides: Iterable[int]) -> tuple[int, ...]:
    """Board sides of a census: at least one, at most MAX_SIDE, distinct, each a whole number
    >= 2 (read no further than that, so an endless range is refused at once)."""
    if isinstance(sides, (str, bytes)) or not isinstance(sides, Iterable):
        raise TypeError(f"sides must be a list or range of board sides, got {shown(sides)}")
    if isinstance(sides, Sequence) and len(sides) > MAX_SIDE:
        raise ValueError(f"sides must hold at most {MAX_SIDE:,} board sides, got {len(sides):,}")
    out = tuple(whole(s, "sides", 2, MAX_SIDE)
                for s in itertools.islice(iter(sides), MAX_SIDE + 1))
    if len(out) > MAX_SIDE:
        raise ValueError(f"sides must hold at most {MAX_SIDE:,} board sides")
    if not out:
        raise ValueError("sides must hold at least one board side")
    if len(set(out)) != len(out):
        raise ValueError(f"sides lists a side twice: {shown(out)}")
    return out


def census_work(sides: tuple[int, ...]) -> int:
    """The solver's position updates for every board of a census: positions x sweeps, summed."""
    return sum((r * c) ** 2 * (r + c) for r in sides for c in sides)


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
    """Solve every open board with sides from ``sides`` (rows x cols), both first movers.

    Refused when the boards together need more than ``arguments.MAX_SOLVER_WORK`` position
    updates (sides 2 to 14: 22 million, about 2 s; the limit: about half a minute).
    """
    sides = check_sides(sides)
    work = census_work(sides)
    if work > MAX_SOLVER_WORK:
        raise ValueError(f"sides: solving every board with sides from {min(sides)} to "
                         f"{max(sides)} ({len(sides) ** 2:,} boards) means {work:,} position "
                         f"updates, more than the limit of {MAX_SOLVER_WORK:,} (about half a "
                         "minute on this machine); use fewer or smaller sides")
    cases = []
    for r in sides:
        for c in sides:
            sol = solve(r, c)
            for f in FIRST_MOVERS:
                value = sol.value(*corner_start(r, c), f)
                cases.append(CaptureCase(r, c, f, None if np.isinf(value) else int(value),
                                         parity_rule_cat_wins(r, c, f),
                                         article_rule_cat_wins(r, c, f)))
    return Census(sides, tuple(cases))


@dataclass(frozen=True)
class SpeedCensus:
    """Optimal cat turns from the corner start, per (cat speed, mouse speed), board and first
    mover (inf: the mouse evades)."""

    sides: tuple[int, ...]
    values: dict

    def grid(self, speeds: tuple[int, int], first: str = "cat") -> np.ndarray:
        """Cat turns by (rows, cols) for one pair of speeds and first mover."""
        check_first_move(first)
        pairs = sorted({key[0] for key in self.values})
        speeds = choice(tuple(speeds) if isinstance(speeds, (tuple, list)) else speeds, "speeds",
                        pairs)
        return np.array([[self.values[tuple(speeds), r, c, first] for c in self.sides]
                         for r in self.sides])

    def cat_wins(self, speeds: tuple[int, int], first: str) -> int:
        """On how many boards the cat wins at these speeds with this first mover."""
        return int(np.isfinite(self.grid(speeds, first)).sum())


def speed_census(sides: Iterable[int], speeds: Sequence[tuple[int, int]]) -> SpeedCensus:
    """Solve every open board with sides from ``sides`` for each (cat, mouse) speed pair.

    Refused when the boards and speeds together need more than ``speeds.MAX_WORK`` steps.
    """
    sides = check_sides(sides)
    pairs = []
    for pair in items(speeds, "speeds", min_len=1, max_len=9):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ValueError(f"speeds must hold (cat speed, mouse speed) pairs, got {shown(pair)}")
        pairs.append((check_speed("cat_speed", pair[0]), check_speed("mouse_speed", pair[1])))
    if len(set(pairs)) != len(pairs):
        raise ValueError(f"speeds lists a pair twice: {shown(speeds)}")
    work = sum(speed_work(r, c, *pair) for pair in pairs for r in sides for c in sides)
    if work > MAX_WORK:
        raise ValueError(f"sides and speeds: solving {len(sides) ** 2 * len(pairs):,} boards "
                         f"means about {work:.1e} steps, more than the limit of {MAX_WORK:.0e} "
                         "(about a minute on this machine); use fewer or smaller sides or "
                         "fewer speeds")
    values = {}
    for pair in pairs:
        for r in sides:
            for c in sides:
                times = solve_speeds(r, c, *pair)
                for first in ("cat", "mouse"):
                    values[pair, r, c, first] = float(times.to_move(first)[0, r * c - 1])
    return SpeedCensus(sides, values)
