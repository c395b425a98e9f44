"""Version 1 as the article runs it, straightforwardly: for timing the article's algorithm.

Nested Python lists indexed ``[cat_x][cat_y][mouse_x][mouse_y]``, a deep copy of the learner's
table for every candidate (and of the incumbent at the start of each iteration and on every
acceptance), every candidate's game played in full, the position history kept in a dict, and
numpy's legacy ``RandomState`` drawn in the article's order. It is also the tests' plain oracle
for the fast trainer (``v1.article``): both keep the start position in the game's history, as
the article's code does, and give the same runs on every board.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

from catmouse.arguments import at_most_iterations, table_size
from catmouse.rules import DELTAS, check_board, check_first_move
from catmouse.tables import initial_cat_policy, initial_mouse_policy
from catmouse.v1.article import accepts
from studykit.checks import choice, flag
from studykit.legacy_numpy import legacy_seed


def _nested(table: np.ndarray) -> list:
    return [[[[str(d) for d in col] for col in plane] for plane in cube] for cube in table]


def play_nested(cat: list, mouse: list, rows: int, cols: int, first_move: str) -> tuple[str, int, int]:
    """One game between nested-list tables: (winner, round index at the end, distance at the end)."""
    cx, cy, mx, my = 0, 0, cols - 1, rows - 1
    history = {(cx, cy, mx, my): True}
    if first_move == "cat":
        dx, dy = DELTAS[cat[cx][cy][mx][my]]
        cx, cy = cx + dx, cy + dy
    for r in range(rows * cols * rows * cols + 1):
        for mover in ("mouse", "cat"):
            if mover == "mouse":
                dx, dy = DELTAS[mouse[cx][cy][mx][my]]
                mx, my = mx + dx, my + dy
            else:
                dx, dy = DELTAS[cat[cx][cy][mx][my]]
                cx, cy = cx + dx, cy + dy
            key = (cx, cy, mx, my)
            if key in history:
                return "mouse", r, abs(cx - mx) + abs(cy - my)
            if (cx, cy) == (mx, my):
                return "cat", r, 0
            history[key] = True
    raise RuntimeError("no capture and no repeated position: impossible on a finite board")


def _won(result: tuple) -> tuple[bool, int, int]:
    """(winner, rounds, distance) as ``accepts`` reads it: (cat won, rounds, distance)."""
    return (result[0] == "cat", result[1], result[2])


@dataclass(frozen=True, eq=False)
class PlainRun:
    """The tally of the current winner, its (winner, rounds, distance) after each iteration, and
    the final letter tables."""

    tally: dict
    history: list
    cat_policy: np.ndarray
    mouse_policy: np.ndarray


def train_plain(rows: int = 8, cols: int = 7, first_move: str = "cat", initial_cat: str = "WEAK",
                iterations: int = 100_000, seed: int = 0, rs=None,
                reward_longer: bool = True) -> PlainRun:
    """Run the article's version 1 straightforwardly.

    ``rs`` is the generator, ``RandomState(seed)`` by default (anything with its ``randint`` and
    ``choice`` calls will do); candidates are taken by the one acceptance rule, ``v1.article.accepts``
    (``reward_longer`` as there).
    """
    rows, cols = check_board(rows, cols)
    check_first_move(first_move)
    table_size(rows, cols, what="a version-1 table")
    initial_cat = choice(initial_cat, "initial_cat", ("WEAK", "STRONG"))
    iterations = at_most_iterations(iterations)
    reward_longer = flag(reward_longer, "reward_longer")
    if rs is None:
        rs = np.random.RandomState(legacy_seed(seed))
    elif not (callable(getattr(rs, "randint", None)) and callable(getattr(rs, "choice", None))):
        raise TypeError(f"rs must be a generator with randint and choice (a numpy RandomState), "
                        f"got {type(rs).__name__}")
    cat = _nested(initial_cat_policy(rows, cols, initial_cat))
    mouse = _nested(initial_mouse_policy(rows, cols))
    winner, moves, distance = play_nested(cat, mouse, rows, cols, first_move)
    tally = {"mouse": 0, "cat": 0}
    history = []
    for _ in range(iterations):
        learner = "mouse" if winner == "cat" else "cat"
        own = cat if learner == "cat" else mouse
        best_p, best = copy.deepcopy(own), (winner, moves, distance)
        for _ in range(rs.randint(1, 11)):
            a, b, c, d = rs.randint(cols), rs.randint(rows), rs.randint(cols), rs.randint(rows)
            direction = str(rs.choice(["R", "L", "U", "D"]))
            x, y = (a, b) if learner == "cat" else (c, d)
            dx, dy = DELTAS[direction]
            if not (0 <= x + dx < cols and 0 <= y + dy < rows):
                continue
            p = copy.deepcopy(own)
            p[a][b][c][d] = direction
            new = play_nested(p, mouse, rows, cols, first_move) if learner == "cat" else \
                play_nested(cat, p, rows, cols, first_move)
            if accepts(learner == "cat", _won(best), _won(new), reward_longer):
                best, best_p = new, copy.deepcopy(p)
        if learner == "cat":
            cat = copy.deepcopy(best_p)
        else:
            mouse = copy.deepcopy(best_p)
        winner, moves, distance = best
        tally[winner] += 1
        history.append(best)
    return PlainRun(tally, history, np.array(cat), np.array(mouse))
